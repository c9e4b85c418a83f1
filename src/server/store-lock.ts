import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

/** Written by the embedded store while it runs: who holds DATA_DIR and how to reach it. */
const lockSchema = z.object({ pid: z.number().int(), port: z.number().int(), token: z.string() });
export type StoreLock = z.infer<typeof lockSchema>;

export function lockPath(dataDir: string): string {
  return join(resolve(dataDir), 'store.lock');
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The running store's lock, or null when no live process holds the data directory. */
export function readLiveLock(dataDir: string): StoreLock | null {
  const path = lockPath(dataDir);
  if (!existsSync(path)) return null;
  const parsed = lockSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
  if (!parsed.success || !isAlive(parsed.data.pid) || parsed.data.pid === process.pid) return null;
  return parsed.data;
}

export function acquireLock(dataDir: string): { token: string; publish(port: number): void; release(): void } {
  const holder = readLiveLock(dataDir);
  if (holder) {
    throw new Error(
      `Another OpenLine process (pid ${holder.pid}, port ${holder.port}) is using ${resolve(dataDir)}: stop it first or set DATA_DIR to another folder`,
    );
  }
  mkdirSync(dataDir, { recursive: true });
  const token = randomBytes(32).toString('base64url');
  const path = lockPath(dataDir);
  return {
    token,
    publish(port) {
      writeFileSync(path, JSON.stringify({ pid: process.pid, port, token }), { mode: 0o600 });
    },
    release() {
      rmSync(path, { force: true });
    },
  };
}

/** A secret of the embedded store (sessions, sandbox payments): made once, kept beside the data, never logged. */
export function embeddedSecret(dataDir: string, name = 'auth-secret'): string {
  const path = join(resolve(dataDir), name);
  if (existsSync(path)) return readFileSync(path, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(path, secret, { mode: 0o600 });
  return secret;
}
