import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { restrictDataDir } from './data-dir.ts';

const modeOf = (path: string) => statSync(path).mode & 0o777;

describe('the data directory, for its owner only (issue 45 §2)', () => {
  const made: string[] = [];
  afterEach(() => {
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('repairs a folder others could read: every folder 0700, every file 0600, links not followed', () => {
    const root = mkdtempSync(join(tmpdir(), 'openline-perms-'));
    made.push(root);
    const dataDir = join(root, 'data');
    mkdirSync(join(dataDir, 'pglite', 'base'), { recursive: true });
    writeFileSync(join(dataDir, 'pglite', 'base', 'wal'), 'orders and tokens');
    writeFileSync(join(dataDir, 'auth-secret'), 'secret');
    const outside = join(root, 'outside.txt');
    writeFileSync(outside, 'not the store’s');
    chmodSync(outside, 0o644);
    symlinkSync(outside, join(dataDir, 'link'));
    for (const path of [join(dataDir, 'pglite', 'base', 'wal'), join(dataDir, 'auth-secret')]) chmodSync(path, 0o666);
    for (const path of [dataDir, join(dataDir, 'pglite'), join(dataDir, 'pglite', 'base')]) chmodSync(path, 0o755);

    expect(restrictDataDir(dataDir)).toBe(5);
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(join(dataDir, 'pglite', 'base'))).toBe(0o700);
    expect(modeOf(join(dataDir, 'pglite', 'base', 'wal'))).toBe(0o600);
    expect(modeOf(join(dataDir, 'auth-secret'))).toBe(0o600);
    expect(modeOf(outside)).toBe(0o644);
    // Once right, nothing more to do.
    expect(restrictDataDir(dataDir)).toBe(0);
  });

  it('creates a missing folder for its owner only', () => {
    const root = mkdtempSync(join(tmpdir(), 'openline-perms-'));
    made.push(root);
    const dataDir = join(root, 'new', 'data');
    expect(restrictDataDir(dataDir)).toBe(0);
    expect(modeOf(dataDir)).toBe(0o700);
  });
});
