import { spawn } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { loadPglite, pgliteDir } from './db/client.ts';

/**
 * A backup of the embedded store (ADR 084): one gzipped tar holding the database's snapshot, the
 * secrets generated into DATA_DIR (without the license key secret the keys in stock are lost) and
 * the bug reports' screenshot files, with a manifest.
 */
export const BACKUP_FORMAT = 1;
const DATABASE_FILE = 'database.tar.gz';
const MANIFEST_FILE = 'manifest.json';
/** What DATA_DIR holds beside the database that a restored store needs. */
export const DATA_DIR_SECRETS = ['auth-secret', 'license-key-secret', 'sandbox-payment-secret'] as const;
const BUG_REPORTS_DIR = 'bug-reports';

export class BackupError extends Error {}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', fail);
    child.on('close', (code) =>
      code === 0 ? done() : fail(new BackupError(`${command} ${args[0]} failed (${code}): ${stderr.trim()}`)),
    );
  });
}

/** Writes the backup of `dataDir`, whose database snapshot is `dump`, to `file`; answers what it holds. */
export async function writeBackup(options: { dataDir: string; dump: Blob; file: string; version: string }) {
  const staging = mkdtempSync(join(tmpdir(), 'openline-backup-'));
  try {
    writeFileSync(join(staging, DATABASE_FILE), Buffer.from(await options.dump.arrayBuffer()));
    const secrets = DATA_DIR_SECRETS.filter((name) => existsSync(join(options.dataDir, name)));
    for (const name of secrets) cpSync(join(options.dataDir, name), join(staging, name));
    const screenshots = join(options.dataDir, BUG_REPORTS_DIR);
    const reports = existsSync(screenshots) ? readdirSync(screenshots).length : 0;
    if (reports > 0) cpSync(screenshots, join(staging, BUG_REPORTS_DIR), { recursive: true });
    const manifest = {
      format: BACKUP_FORMAT,
      created_at: new Date().toISOString(),
      version: options.version,
      secrets,
      bug_report_dirs: reports,
    };
    writeFileSync(join(staging, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    const file = resolve(options.file);
    await run('tar', ['-czf', file, '-C', staging, '.']);
    chmodSync(file, 0o600);
    return { file, ...manifest };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * Restores `file` into `dataDir`, which must hold no database yet (a restore never overwrites a
 * store): the database from its snapshot, then the secrets and screenshots.
 */
export async function restoreBackup(file: string, dataDir: string) {
  if (!existsSync(file)) throw new BackupError(`No backup at ${file}.`);
  const target = pgliteDir(dataDir);
  if (existsSync(target) && readdirSync(target).length > 0) {
    throw new BackupError(`${dataDir} already holds a database: restore into a new DATA_DIR, or move it away first.`);
  }
  const staging = mkdtempSync(join(tmpdir(), 'openline-restore-'));
  try {
    await run('tar', ['-xzf', resolve(file), '-C', staging]);
    const manifestPath = join(staging, MANIFEST_FILE);
    if (!existsSync(manifestPath) || !existsSync(join(staging, DATABASE_FILE))) {
      throw new BackupError(`${file} is not an OpenLine backup.`);
    }
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { format?: unknown };
    if (manifest.format !== BACKUP_FORMAT)
      throw new BackupError(`${file} is a backup format this version cannot read.`);
    const snapshot = new Blob([readFileSync(join(staging, DATABASE_FILE))]);
    await loadPglite(dataDir, snapshot);
    for (const name of DATA_DIR_SECRETS) {
      const from = join(staging, name);
      if (!existsSync(from)) continue;
      cpSync(from, join(dataDir, name));
      chmodSync(join(dataDir, name), 0o600);
    }
    if (existsSync(join(staging, BUG_REPORTS_DIR))) {
      cpSync(join(staging, BUG_REPORTS_DIR), join(dataDir, BUG_REPORTS_DIR), { recursive: true });
    }
    return manifest;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Where a backup goes when no file is named: the working directory, stamped with the time. */
export function defaultBackupFile(now = new Date()): string {
  return resolve(`openline-backup-${now.toISOString().replace(/[:.]/g, '-')}.tar.gz`);
}
