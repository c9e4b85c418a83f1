import { spawn } from 'node:child_process';
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const SERVING = 'OpenLine is serving';

interface LogLine {
  readonly level: number;
  readonly msg: string;
  readonly [field: string]: unknown;
}

/** Paths under `dir` (links not followed) that the group or others may read, write or enter. */
function openToOthers(dir: string): string[] {
  const open: string[] = [];
  const visit = (path: string) => {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return;
    if ((stat.mode & 0o077) !== 0) open.push(`${path} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
  };
  visit(dir);
  return open;
}

/** Starts the store as `npm start` does (after its build step) on a fresh data directory; answers what it printed up to "serving". */
function startOutput(): Promise<{ lines: string[]; stderr: string; openToOthers: string[] }> {
  const root = mkdtempSync(join(tmpdir(), 'openline-start-'));
  const dataDir = join(root, 'data');
  // `npm start` builds the client before it serves: a built home page stands in for it here.
  const clientDir = join(root, 'client');
  mkdirSync(clientDir);
  writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>OpenLine</title>');
  const port = String(20_000 + Math.floor(Math.random() * 20_000));
  const { LOG_LEVEL: _level, DATABASE_URL: _url, ...env } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: { ...env, PORT: port, DATA_DIR: dataDir, CLIENT_DIR: clientDir, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  return new Promise((done, fail) => {
    const finish = (error?: Error) => {
      // What was printed up to "serving" (the shutdown lines that follow are not the start-up's).
      const printed = stdout;
      const open = openToOthers(dataDir);
      child.kill('SIGTERM');
      child.once('exit', () => {
        rmSync(root, { recursive: true, force: true });
        if (error) fail(error);
        else done({ lines: printed.split('\n').filter(Boolean), stderr, openToOthers: open });
      });
    };
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.includes(SERVING)) finish();
    });
    child.once('exit', (code) => {
      if (!stdout.includes(SERVING)) fail(new Error(`the store exited with ${code}: ${stderr}`));
    });
  });
}

// Issue 9: a newcomer's first `npm start` shows where the store listens, on which database and
// which providers are sandboxes, in a few lines: no asset listing, no deprecation warnings.
describe('the start-up output', () => {
  it('is three clear lines on a fresh embedded database, with nothing on stderr', async () => {
    const { lines, stderr, openToOthers: open } = await startOutput();
    expect(stderr).toBe('');
    // What the store wrote (the embedded database, its secrets, the lock) is its owner's alone (issue 45 §2).
    expect(open).toEqual([]);
    const logged = lines.map((line) => JSON.parse(line) as LogLine);
    expect(logged.map((line) => line.msg)).toEqual(['database ready', 'providers ready', SERVING]);
    expect(logged.every((line) => line.level <= 30)).toBe(true);
    expect(logged[0]).toMatchObject({ db: 'pglite' });
    expect(logged[1]).toMatchObject({ payments: 'sandbox', esim: 'sandbox', unlocks: 'sandbox' });
    expect(logged[2]).toMatchObject({ db: 'pglite', url: expect.stringMatching(/^http:\/\/localhost:\d+$/) });
  }, 120_000);
});
