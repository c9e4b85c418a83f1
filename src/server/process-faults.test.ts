import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { capturedLogger } from './testing/captured-logger.ts';
import { handleProcessFault, isDatabaseAway, isTransientDatabaseError } from './process-faults.ts';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('faults nobody handled', () => {
  it.each([
    [
      'PostgreSQL shut down by an admin',
      withCode('terminating connection due to administrator command', '57P01'),
      true,
    ],
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'), true],
    ['a connection that cannot be made', withCode('the database system is starting up', '08006'), true],
    ['a terminated pool client', new Error('Connection terminated unexpectedly'), true],
    ['a bug', new TypeError('cannot read properties of undefined'), false],
    ['a constraint', withCode('duplicate key value', '23505'), false],
    ['not an error', 'a string', false],
  ])('%s: transient %s', (_, reason, transient) => {
    expect(isTransientDatabaseError(reason)).toBe(transient);
  });

  it.each([
    ['the embedded database closed', new Error('PGlite is closed'), true],
    ['the pool ended', new Error('Cannot use a pool after calling end on the pool'), true],
    [
      'a lost connection wrapped by the query builder',
      new Error('Failed query: select 1', { cause: withCode('connect ECONNREFUSED', 'ECONNREFUSED') }),
      true,
    ],
    [
      'a failed query of another kind',
      new Error('Failed query: select 1', { cause: withCode('syntax', '42601') }),
      false,
    ],
  ])('%s: the database is away %s', (_, error, away) => {
    expect(isDatabaseAway(error)).toBe(away);
  });

  it('survives a lost database connection with a warning, and stops cleanly with exit code 1 on anything else', () => {
    const { logger, lines } = capturedLogger();
    const stop = vi.fn();
    expect(handleProcessFault(logger, stop, 'unhandledRejection', withCode('gone', '57P01'))).toBe('survived');
    expect(stop).not.toHaveBeenCalled();
    expect(handleProcessFault(logger, stop, 'unhandledRejection', new Error('a bug'))).toBe('stopping');
    expect(stop).toHaveBeenCalledWith('unhandledRejection', 1);
    // An uncaught exception stops even when it is about the connection: its stack unwound past the caller.
    expect(handleProcessFault(logger, stop, 'uncaughtException', withCode('gone', '57P01'))).toBe('stopping');
    expect(lines.map((line) => line.level)).toEqual([40, 50, 50]);
  });

  const child = (kind: string) =>
    spawnSync(process.execPath, ['--import', 'tsx', resolve(import.meta.dirname, 'testing/fault-child.ts'), kind], {
      encoding: 'utf8',
      timeout: 20_000,
    });

  it('in a real process: a bug’s rejection ends it with exit code 1 after its log line', () => {
    const run = child('bug');
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('an error nobody handled');
    expect(run.stdout).not.toContain('still serving');
  });

  it('in a real process: a lost connection’s rejection is survived', () => {
    const run = child('connection');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('the database is unreachable');
    expect(run.stdout).toContain('still serving');
  });
});
