import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What the store's process creates is its owner's alone (0700 folders, 0600 files): the embedded
 * database's files and write-ahead log hold customers' emails and order tokens (issue 45 §2), and
 * PostgreSQL itself refuses a data directory others can read.
 */
export const OWNER_ONLY_UMASK = 0o077;
const GROUP_OR_OTHER = 0o077;

/**
 * Creates `dataDir` for its owner only, and takes every permission of the group and others from
 * what is already in it (a folder made before this rule, or copied in). Symbolic links are left
 * alone, not followed. Answers how many files and folders it tightened.
 */
export function restrictDataDir(dataDir: string): number {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  let tightened = 0;
  const visit = (path: string) => {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return;
    if ((stat.mode & GROUP_OR_OTHER) !== 0) {
      chmodSync(path, stat.mode & 0o700);
      tightened += 1;
    }
    if (stat.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
  };
  visit(dataDir);
  return tightened;
}
