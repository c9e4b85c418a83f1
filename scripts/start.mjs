// `npm start`: build the client and the server when missing or older than their sources, then
// serve the compiled server (ADR 086) with its node flags and allocator settings (ADR 090, 099).
import { spawn, spawnSync } from 'node:child_process';
import { buildServerIfStale, newestMtime } from './build-server.mjs';
import { allocatorEnv, SERVER_ENTRY, SERVER_NODE_FLAGS } from './server-flags.mjs';

const BUILD_MARKER = 'build/server/index.js';
const SOURCES = [
  'src/client',
  'src/domain',
  'react-router.config.ts',
  'vite.config.ts',
  'package-lock.json',
  // The post-build steps rewrite and compress the output: a change to them needs a new build.
  'scripts/critical-css.ts',
  'scripts/inline-critical-css.ts',
  'scripts/defer-hydration.mjs',
  'src/server/http/deferred-boot.ts',
  'scripts/precompress.mjs',
];

const builtAt = newestMtime(BUILD_MARKER);
if (builtAt === 0 || Math.max(...SOURCES.map(newestMtime)) > builtAt) {
  process.stdout.write('Building the store client (first start, or its sources changed)… ');
  const started = Date.now();
  // The build lists every asset it writes: shown only when it fails, so a start stays short.
  const build = spawnSync('npm', ['run', 'build', '--silent'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (build.status !== 0) {
    process.stdout.write('failed:\n');
    process.stdout.write(build.stdout ?? '');
    process.stderr.write(build.stderr ?? '');
    process.exit(build.status ?? 1);
  }
  process.stdout.write(`done in ${Math.round((Date.now() - started) / 1000)} s\n`);
}

await buildServerIfStale();

const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_ENTRY], {
  env: { ...process.env, ...allocatorEnv() },
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
