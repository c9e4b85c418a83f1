import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { get } from 'node:http';
import { gzipSync } from 'node:zlib';

interface RouterManifest {
  readonly entry: { readonly module: string; readonly imports?: readonly string[] };
  readonly routes: Record<string, { readonly module: string; readonly imports?: readonly string[] }>;
}

/**
 * Gzip bytes of the JavaScript a prerendered page runs to start: the modules its boot script
 * imports (the router's manifest, its entry and the page's route modules) and every module
 * those import statically, as the router's manifest lists them.
 */
export function initialJsGzipBytes(clientDir: string, htmlFile: string): { files: string[]; bytes: number } {
  const html = readFileSync(join(clientDir, htmlFile), 'utf8');
  const files = new Set<string>();
  for (const match of html.matchAll(/["'](\/assets\/[^"']+\.js)["']/g)) files.add(match[1] ?? '');
  const manifestFile = [...files].find((file) => /\/manifest-[^/]+\.js$/.test(file));
  if (!manifestFile) throw new Error(`${htmlFile} names no router manifest`);
  const manifestText = readFileSync(join(clientDir, manifestFile), 'utf8');
  const manifest = JSON.parse(
    manifestText.slice(manifestText.indexOf('{'), manifestText.lastIndexOf('}') + 1),
  ) as RouterManifest;
  // The module that names the start-up graph (ADR 060) lists every module it preloads and runs,
  // the route modules included (ADR 063).
  for (const file of [...files].filter((path) => /\/boot-graph-[^/]+\.js$/.test(path))) {
    const code = readFileSync(join(clientDir, file), 'utf8');
    for (const match of code.matchAll(/"(\/assets\/[^"]+\.js)"/g)) files.add(match[1] ?? '');
  }
  const started = [manifest.entry, ...Object.values(manifest.routes)].filter((part) => files.has(part.module));
  for (const part of started) for (const file of part.imports ?? []) files.add(file);
  return loadedJsGzipBytes(clientDir, [...files]);
}

/** Gzip bytes of the given built scripts (paths as served, e.g. /assets/x.js). */
function loadedJsGzipBytes(clientDir: string, paths: readonly string[]): { files: string[]; bytes: number } {
  const files = [...new Set(paths.filter((path) => path.startsWith('/assets/')))];
  let bytes = 0;
  for (const file of files) bytes += gzipSync(readFileSync(join(clientDir, file))).length;
  return { files, bytes };
}

/** What a new TCP connection delivers in its first round trip: ten segments of 1,460 bytes. */
export const FIRST_ROUND_TRIP_BYTES = 14_600;

/** Bytes of a page's whole HTTP/1.1 answer (status line, headers, Brotli body) as a browser gets it. */
export function responseBytes(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } }, (res) => {
      let bytes = `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n`.length + 2;
      for (let i = 0; i < res.rawHeaders.length; i += 2)
        bytes += `${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}\r\n`.length;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve(bytes));
    }).on('error', reject);
  });
}
