import { parseArgs } from 'node:util';
import { restoreBackup } from '../backup.ts';
import { loadConfig } from '../config.ts';
import { readLiveLock } from '../store-lock.ts';
import { OWNER_ONLY_UMASK } from '../data-dir.ts';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** `npm run db:restore FILE`: a backup of `npm run db:backup` into DATA_DIR, which must hold no database yet (ADR 084). */
async function main() {
  // The backup and the restored data directory are their owner's alone (issue 45 §2).
  process.umask(OWNER_ONLY_UMASK);
  const { positionals } = parseArgs({ allowPositionals: true });
  const file = positionals[0] ?? fail('Usage: npm run db:restore -- FILE');
  const config = loadConfig();
  if (config.DATABASE_URL) {
    fail('DATABASE_URL is set: restore PostgreSQL with pg_restore (docs/operations.md, "Backup and restore").');
  }
  const running = readLiveLock(config.DATA_DIR);
  if (running)
    fail(`A store (pid ${running.pid}) runs on ${config.DATA_DIR}: stop it, and restore into a new DATA_DIR.`);
  const manifest = await restoreBackup(file, config.DATA_DIR);
  console.log(
    `Restored ${file} (taken ${String((manifest as { created_at?: unknown }).created_at)}) into ${config.DATA_DIR}.`,
  );
}

main().catch((error: unknown) => fail(`The restore failed: ${error instanceof Error ? error.message : String(error)}`));
