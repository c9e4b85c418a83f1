// Runs after `react-router build` and the hydration rewrite: writes a Brotli (.br) and a gzip
// (.gz) copy beside every compressible built file, at the highest levels, once per build. The
// server sends the copy the browser accepts (ADR 017) instead of compressing on every request.
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const CLIENT_DIR = process.argv[2] ?? 'build/client';
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.txt', '.xml', '.webmanifest']);
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

let written = 0;
for (const path of files(CLIENT_DIR)) {
  if (!COMPRESSIBLE.has(extname(path))) continue;
  const body = readFileSync(path);
  if (body.length < MIN_BYTES) continue;
  const br = brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
  const gz = gzipSync(body, { level: 9 });
  // A copy that is not smaller is useless: the server then sends the file as it is.
  if (br.length < body.length) writeFileSync(`${path}.br`, br);
  if (gz.length < body.length) writeFileSync(`${path}.gz`, gz);
  written++;
}
console.log(`precompress: ${written} file(s) have Brotli and gzip copies`);
