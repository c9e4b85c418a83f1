// Compiles the server to build/server (ADR 086): each entry bundled with the store's own code,
// packages left to node_modules, so `npm start` runs JavaScript, with no TypeScript loader.
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

if (import.meta.url === `file://${process.argv[1]}`) await buildServer();
