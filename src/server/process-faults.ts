import type { Logger } from './logger.ts';

/**
 * Errors of a database connection that went away (PostgreSQL stopped or restarted, a network cut):
 * the pool opens new connections and the job loops fetch again once it is back, so the process
 * lives on. Codes: node's socket errors, PostgreSQL's admin shutdown and crash recovery
 * (57P01-57P03), and a connection that cannot be made (08xxx).
 */
const TRANSIENT_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', '57P01', '57P02', '57P03']);
const TRANSIENT_MESSAGES = /Connection terminated|connection (?:is )?closed|Client has encountered a connection error/i;

/** The error and its causes, a few deep: the query builder wraps the driver's error ("Failed query: …"). */
function causes(reason: unknown): Error[] {
  const chain: Error[] = [];
  for (let error = reason; error instanceof Error && chain.length < 4; error = error.cause) chain.push(error);
  return chain;
}

export function isTransientDatabaseError(reason: unknown): boolean {
  return causes(reason).some((error) => {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && (TRANSIENT_CODES.has(code) || code.startsWith('08'))) return true;
    return TRANSIENT_MESSAGES.test(error.message);
  });
}

/** The database closed under a request (the process is stopping): the embedded one, or the pool. */
const CLOSED_MESSAGES = /PGlite is closed|Cannot use a pool after calling end on the pool/i;

/** A request's error that says the database is not there right now (a transient error, or closed). */
export function isDatabaseAway(error: unknown): boolean {
  return isTransientDatabaseError(error) || causes(error).some((cause) => CLOSED_MESSAGES.test(cause.message));
}

/** One warning a minute while the database is away, not a line per request or job. */
const DATABASE_AWAY_LOG_MS = 60_000;
const databaseAway = { loggedAt: 0, since: 0, failures: 0 };

/**
 * Notes that a request or a job failed because the database is away: logged at most once a
 * minute (with how many failed since the last line and since when), not once per failure.
 */
export function noteDatabaseAway(logger: Logger, error: unknown, now = Date.now()): void {
  databaseAway.failures++;
  if (now - databaseAway.loggedAt < DATABASE_AWAY_LOG_MS) return;
  if (databaseAway.loggedAt === 0 || now - databaseAway.loggedAt > 2 * DATABASE_AWAY_LOG_MS) databaseAway.since = now;
  logger.warn(
    { err: error, failed: databaseAway.failures, awaySince: new Date(databaseAway.since).toISOString() },
    'the database is unreachable: answering 503 and retrying jobs until it is back',
  );
  databaseAway.loggedAt = now;
  databaseAway.failures = 0;
}

/**
 * What the process does with a promise rejected with no handler or an exception nobody caught
 * (pg-boss's cron worker fails its `complete` when the database has gone, for one): each is
 * logged with its context; a lost database connection is survived (everything reconnects),
 * anything else stops the store cleanly with exit code 1 for the supervisor to start it again,
 * since the state it left is unknown.
 */
export function handleProcessFault(
  logger: Logger,
  stop: (reason: string, exitCode: number) => void,
  kind: 'unhandledRejection' | 'uncaughtException',
  reason: unknown,
): 'survived' | 'stopping' {
  if (kind === 'unhandledRejection' && isTransientDatabaseError(reason)) {
    // A database call failed with nobody to hear it; the store reconnects.
    noteDatabaseAway(logger, reason);
    return 'survived';
  }
  logger.error({ err: reason, fault: kind }, 'an error nobody handled: stopping cleanly for a restart');
  stop(kind, 1);
  return 'stopping';
}

/** Installs handleProcessFault for both process events. */
export function installProcessFaultHandlers(logger: Logger, stop: (reason: string, exitCode: number) => void) {
  process.on('unhandledRejection', (reason) => handleProcessFault(logger, stop, 'unhandledRejection', reason));
  process.on('uncaughtException', (error) => handleProcessFault(logger, stop, 'uncaughtException', error));
}
