// Compiles the server to build/server (ADR 086): each entry bundled with the store's own code,
// packages left to node_modules, so `npm start` runs JavaScript, with no TypeScript loader.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

export const SERVER_ENTRIES = {
  main: 'src/server/main.ts',
  'admin-create': 'src/server/cli/admin-create.ts',
  'db-backup': 'src/server/cli/db-backup.ts',
  'db-restore': 'src/server/cli/db-restore.ts',
};

export async function buildServer() {
  await build({
    entryPoints: SERVER_ENTRIES,
    outdir: 'build/server',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    packages: 'external',
    jsx: 'automatic',
    sourcemap: 'linked',
    logLevel: 'warning',
    legalComments: 'none',
  });
}

/** The newest modification time under `path` (0 when it does not exist). */
export function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

const SERVER_BUILD = 'build/server/main.js';
const SERVER_SOURCES = ['src/server', 'src/domain', 'package-lock.json', 'scripts/build-server.mjs'];

/** Builds the server when it is missing or older than its sources (well under a second). */
export async function buildServerIfStale() {
  const builtAt = newestMtime(SERVER_BUILD);
  if (builtAt === 0 || Math.max(...SERVER_SOURCES.map(newestMtime)) > builtAt) await buildServer();
}

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
