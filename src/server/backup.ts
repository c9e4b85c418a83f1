import { spawn } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { restrictDataDir } from './data-dir.ts';
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
const TAR_BLOCK = 512;
/** ustar type flags the store's backups hold: a regular file ('0', or NUL in old archives) and a folder. */
const PLAIN_MEMBER_TYPES = new Set(['0', '\0', '5']);

const tarText = (block: Buffer, start: number, length: number) =>
  block
    .subarray(start, start + length)
    .toString('utf8')
    .replace(/\0.*$/s, '');

/**
 * Reads a gzipped tar's member headers without writing anything, and refuses the archive when a
 * member is not a plain file or folder (a symbolic or hard link, a device, a long-name or pax
 * entry) or when its path is absolute or climbs out with `..` (issue 45 §4): a tampered backup
 * must not make tar write or change anything outside its staging folder.
 */
export function checkBackupMembers(gzipped: Buffer): void {
  const tar = gunzipSync(gzipped);
  for (let offset = 0; offset + TAR_BLOCK <= tar.length; ) {
    const header = tar.subarray(offset, offset + TAR_BLOCK);
    if (header.every((byte) => byte === 0)) break;
    const name = [tarText(header, 345, 155), tarText(header, 0, 100)].filter(Boolean).join('/');
    const type = String.fromCharCode(header[156] ?? 0);
    if (!PLAIN_MEMBER_TYPES.has(type)) throw new BackupError(`A backup member is not a plain file or folder: ${name}`);
    if (isAbsolute(name) || name.split('/').includes('..'))
      throw new BackupError(`The backup member ${name} leaves the backup's folder.`);
    const size = Number.parseInt(tarText(header, 124, 12).trim() || '0', 8);
    offset += TAR_BLOCK + Math.ceil(size / TAR_BLOCK) * TAR_BLOCK;
  }
}

export async function restoreBackup(file: string, dataDir: string) {
  if (!existsSync(file)) throw new BackupError(`No backup at ${file}.`);
  try {
    checkBackupMembers(readFileSync(file));
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${file} is not an OpenLine backup.`);
  }
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
    // The restored folder is its owner's alone, as a store's own (issue 45 §2).
    restrictDataDir(dataDir);
    return manifest;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Where a backup goes when no file is named: the working directory, stamped with the time. */
export function defaultBackupFile(now = new Date()): string {
  return resolve(`openline-backup-${now.toISOString().replace(/[:.]/g, '-')}.tar.gz`);
}
