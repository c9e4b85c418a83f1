import { ConfigError, loadConfig } from './config.ts';
import { createStore } from './bootstrap.ts';
import { OWNER_ONLY_UMASK, restrictDataDir } from './data-dir.ts';
import { listen } from './http/listen.ts';
import { createLogger } from './logger.ts';
import { installProcessFaultHandlers } from './process-faults.ts';
import { acquireLock } from './store-lock.ts';

const SHUTDOWN_GRACE_MS = 10_000;
/** However the shutdown goes, the process is gone this long after the signal. */
const SHUTDOWN_DEADLINE_MS = 15_000;

async function main() {
  // Everything this process writes (the embedded database, its secrets, backups) is its owner's alone.
  process.umask(OWNER_ONLY_UMASK);
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.LOG_LEVEL);
  if (!config.DATABASE_URL) {
    const tightened = restrictDataDir(config.DATA_DIR);
    if (tightened > 0)
      logger.warn(
        { dataDir: config.DATA_DIR, tightened },
        'data directory: files and folders other users of the machine could read are now its owner’s only',
      );
  }
  // The embedded database belongs to one process: claim the data directory first.
  const lock = config.DATABASE_URL ? null : acquireLock(config.DATA_DIR);
  const store = await createStore({ config, logger, internalToken: lock?.token });
  // The embedded database's wasm file system gives the files it makes 0666 whatever the umask: its
  // first files (a new database's) are made the owner's here; later ones sit in 0700 folders.
  if (!config.DATABASE_URL) restrictDataDir(config.DATA_DIR);

  const listening = {
    port: config.PORT,
    hostname: config.HOST,
    keepAliveSeconds: config.HTTP_KEEP_ALIVE_SECONDS,
    collect: globalThis.gc,
  };
  const server = listen(store.app, listening, (info) => {
    lock?.publish(info.port);
    logger.info({ port: info.port, db: store.deps.database.kind, url: store.deps.publicUrl }, 'OpenLine is serving');
  });

  let stopping = false;
  const shutdown = (signal: string, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    // Readiness 503, `Connection: close` on every answer, live streams ended with a reconnect hint.
    store.drain();
    const deadline = setTimeout(() => {
      logger.error({ signal }, 'shutdown passed its deadline; exiting now');
      process.exit(exitCode || 1);
    }, SHUTDOWN_DEADLINE_MS);
    deadline.unref();
    const force = setTimeout(() => {
      logger.warn('in-flight requests did not finish in time; closing anyway');
      if ('closeAllConnections' in server) server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    const close = () => {
      if ('closeIdleConnections' in server) server.closeIdleConnections();
      server.close(async () => {
        await store.close().catch((error: unknown) => logger.error({ err: error }, 'closing the store failed'));
        lock?.release();
        logger.info('stopped');
        process.exit(exitCode);
      });
    };
    // An orchestrator's SIGTERM: keep accepting (each answer says Connection: close) until the
    // balancer has seen readiness turn 503; a person's Ctrl-C or a fault stops at once.
    if (signal === 'SIGTERM' && config.SHUTDOWN_DRAIN_SECONDS > 0) {
      setTimeout(close, config.SHUTDOWN_DRAIN_SECONDS * 1000).unref();
    } else close();
  };
  installProcessFaultHandlers(logger, shutdown);
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(`OpenLine failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
