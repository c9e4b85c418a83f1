import { parseArgs } from 'node:util';
import { writeBackup, defaultBackupFile } from '../backup.ts';
import { loadConfig } from '../config.ts';
import { openPglite } from '../db/client.ts';
import { acquireLock, readLiveLock } from '../store-lock.ts';
import { VERSION } from '../bootstrap.ts';
import { OWNER_ONLY_UMASK } from '../data-dir.ts';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/**
 * `npm run db:backup [FILE]`: the embedded store's database, secrets and screenshots in one file
 * (ADR 084). While the store runs it hands over a snapshot taken between two statements; otherwise
 * the data directory is opened here.
 */
async function main() {
  // The backup and the restored data directory are their owner's alone (issue 45 §2).
  process.umask(OWNER_ONLY_UMASK);
  const { positionals } = parseArgs({ allowPositionals: true });
  const file = positionals[0] ?? defaultBackupFile();
  const config = loadConfig();
  if (config.DATABASE_URL) {
    fail('DATABASE_URL is set: back PostgreSQL up with pg_dump (docs/operations.md, "Backup and restore").');
  }
  const running = readLiveLock(config.DATA_DIR);
  let dump: Blob;
  if (running) {
    const res = await fetch(`http://127.0.0.1:${running.port}/api/internal/backup`, {
      method: 'POST',
      headers: { 'x-internal-token': running.token },
    }).catch(() =>
      fail(`The store (pid ${running.pid}) holds ${config.DATA_DIR} but does not answer on port ${running.port}.`),
    );
    if (!res.ok) fail(`The store refused the backup: HTTP ${res.status}.`);
    dump = await res.blob();
  } else {
    const lock = acquireLock(config.DATA_DIR);
    const database = await openPglite({ dataDir: config.DATA_DIR });
    try {
      dump = await database.dump!();
    } finally {
      await database.close();
      lock.release();
    }
  }
  const written = await writeBackup({ dataDir: config.DATA_DIR, dump, file, version: VERSION });
  console.log(
    `Backed up ${config.DATA_DIR} to ${written.file} (${written.secrets.length} secrets, ${written.bug_report_dirs} bug reports' screenshots).`,
  );
}

main().catch((error: unknown) => fail(`The backup failed: ${error instanceof Error ? error.message : String(error)}`));
