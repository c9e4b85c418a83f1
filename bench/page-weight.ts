import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Gzip bytes of the JavaScript a prerendered page loads before it is interactive. */
export function initialJsGzipBytes(clientDir: string, htmlFile: string): { files: string[]; bytes: number } {
  const html = readFileSync(join(clientDir, htmlFile), 'utf8');
  const files = new Set<string>();
  for (const match of html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="([^"]+\.js)"/g)) {
    files.add(match[1] ?? '');
  }
  // The router's bootstrap imports its entry modules by name inside an inline script.
  // The router's bootstrap imports its modules by name, and the loader of ADR 008 lists the
  // preloads in a script: every /assets/*.js the page names is start-up JavaScript.
  for (const match of html.matchAll(/["'](\/assets\/[^"']+\.js)["']/g)) files.add(match[1] ?? '');
  return loadedJsGzipBytes(clientDir, [...files]);
}

/** Gzip bytes of the given built scripts (paths as served, e.g. /assets/x.js). */
export function loadedJsGzipBytes(clientDir: string, paths: readonly string[]): { files: string[]; bytes: number } {
  const files = [...new Set(paths.filter((path) => path.startsWith('/assets/')))];
  let bytes = 0;
  for (const file of files) bytes += gzipSync(readFileSync(join(clientDir, file))).length;
  return { files, bytes };
}
