import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';
import { rootPath } from '../paths.ts';

export type Schema = typeof schema;
/** The one database type the repos see, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DbKind = 'pglite' | 'postgres';

/** Runs one SQL text with `$n` parameters: the shape pg-boss asks of a database. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

export interface Database {
  readonly db: Db;
  readonly kind: DbKind;
  /** Raw SQL on the database's own connection (multi-statement when there are no values). */
  readonly sql: SqlExecutor;
  /** Applies every pending migration; instances sharing a server call it inside `exclusive`. */
  migrate(): Promise<void>;
  /**
   * Runs `work` while this instance holds the store's start-up lock: a PostgreSQL advisory lock
   * held on one dedicated connection until `work` settles, so instances starting together prepare
   * the database one after another. PGlite belongs to one process and needs no lock.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  ping(): Promise<boolean>;
  /**
   * The embedded database's files as a gzipped tarball, taken between two statements (a
   * consistent snapshot while the store runs: PGlite runs one at a time). Absent on PostgreSQL,
   * whose own tools back it up (docs/operations.md). Asked for while one is being taken, it
   * answers that one: each snapshot holds the database for seconds.
   */
  dump?(): Promise<Blob>;
  /**
   * Calls `onNotify` with the payload of every NOTIFY on `channel`, from this process or any other
   * using the database; resolves once listening, to a function that stops. On PostgreSQL a dropped
   * listening connection is opened again and `onReconnect` called (notifications in between are lost).
   */
  listen(channel: string, onNotify: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = rootPath('src/server/db/migrations');
// Any constant works: it only has to be the same in every instance of the store.
const STARTUP_LOCK_ID = 7_300_215;

export function pgliteDir(dataDir: string): string {
  return join(resolve(dataDir), 'pglite');
}

/** Writes an embedded database into `dataDir` from a snapshot (`Database.dump`), and closes it. */
export async function loadPglite(dataDir: string, snapshot: Blob): Promise<void> {
  mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir: pgliteDir(dataDir), loadDataDir: snapshot });
  await client.query('SELECT 1');
  await client.close();
}

/**
 * PostgreSQL's memory settings for the embedded database, whose memory is the store's own (a
 * WebAssembly heap that grows and never gives back): 16MB of shared buffers rather than 128MB
 * (the store's working set is a few MB; the file system cache keeps the rest), and smaller sort
 * and maintenance memory. ADR 090.
 */
export const PGLITE_MEMORY_PARAMS = [
  '-c',
  'shared_buffers=16MB',
  '-c',
  'work_mem=2MB',
  '-c',
  'maintenance_work_mem=16MB',
  '-c',
  'temp_buffers=2MB',
] as const;

export async function openPglite(options: { dataDir?: string; snapshot?: Blob }): Promise<Database> {
  const startParams = [...PGlite.defaultStartParams, ...PGLITE_MEMORY_PARAMS];
  let client: PGlite;
  if (options.snapshot) {
    client = await PGlite.create({ loadDataDir: options.snapshot, startParams });
  } else if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    client = await PGlite.create({ dataDir: pgliteDir(options.dataDir), startParams });
  } else {
    client = await PGlite.create({ startParams });
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  let dumping: Promise<Blob> | null = null;
  return {
    db,
    kind: 'pglite',
    sql: {
      async executeSql(text, values) {
        if (values && values.length > 0) return client.query(text, values);
        const results = await client.exec(text);
        return results.at(-1) ?? { rows: [] };
      },
    },
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_DIR }),
    exclusive: (work) => work(),
    ping: () => pingDb(db),
    // One process owns PGlite: every NOTIFY comes from this client's own queries.
    listen: async (channel, onNotify) => {
      const stop = await client.listen(channel, onNotify);
      return () => stop();
    },
    dump: () =>
      (dumping ??= client.dumpDataDir('gzip').finally(() => {
        dumping = null;
      })),
    close: () => client.close(),
  };
}

export function openPostgres(
  connectionString: string,
  poolSize = 10,
  onIdleError: (error: Error) => void = () => {},
): Database {
  const pool = new pg.Pool({ connectionString, max: poolSize });
  // An idle connection the server drops (restart, failover, a dropped test database) would
  // otherwise crash the process; the pool replaces it on the next checkout.
  pool.on('error', onIdleError);
  // A connection checked out (in a transaction, between its queries) has no pool listener: when the
  // server goes away its 'error' event would be thrown as an uncaught exception and stop the store.
  // The work on it sees its own failed query; the pool drops the connection when it is released.
  pool.on('connect', (client) => client.on('error', onIdleError));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    sql: { executeSql: (text, values) => pool.query(text, values) },
    migrate: () => migratePg(drizzlePg(pool, { schema }), { migrationsFolder: MIGRATIONS_DIR }),
    async exclusive(work) {
      // Session-level: the lock lives as long as this connection holds it, whatever the work's queries use.
      const connection = await pool.connect();
      try {
        await connection.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_ID]);
        return await work();
      } finally {
        await connection.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK_ID]).catch(() => {});
        connection.release();
      }
    },
    ping: () => pingDb(db),
    listen: (channel, onNotify, onReconnect) => listenPostgres(connectionString, channel, onNotify, onReconnect),
    close: () => pool.end(),
  };
}

/** How long a dropped listening connection waits before it connects again. */
const RELISTEN_DELAY_MS = 1_000;

/**
 * LISTEN on a connection of its own, outside the pool: a pooled connection would be handed to
 * other queries and its LISTEN lost when released.
 */
async function listenPostgres(
  connectionString: string,
  channel: string,
  onNotify: (payload: string) => void,
  onReconnect?: () => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let current: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;

  const scheduleReconnect = () => {
    if (stopped) return;
    retry = setTimeout(() => {
      connect().then(
        () => onReconnect?.(),
        () => scheduleReconnect(),
      );
    }, RELISTEN_DELAY_MS);
  };
  const connect = async (): Promise<void> => {
    const client = new pg.Client({ connectionString });
    client.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '');
    });
    const dropped = () => {
      if (current !== client) return;
      current = null;
      client.end().catch(() => {});
      scheduleReconnect();
    };
    client.on('error', dropped);
    client.on('end', dropped);
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      client.end().catch(() => {});
      throw error;
    }
    if (stopped) {
      await client.end();
      return;
    }
    current = client;
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    current = null;
    await client?.end().catch(() => {});
  };
}

async function pingDb(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/** Runs `work` in one transaction; the repos it calls take the transaction as their `Db`. */
export function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx as unknown as Db));
}

/**
 * Raw SQL through a drizzle database or transaction, so pg-boss can insert a job inside one
 * of our transactions: the job exists exactly when the transaction commits.
 */
export function sqlExecutorOf(db: Db): SqlExecutor {
  return {
    async executeSql(text, values = []) {
      const parts = text.split(/\$(\d+)/);
      const query = sql.empty();
      parts.forEach((part, i) => {
        if (i % 2 === 0) query.append(sql.raw(part));
        else query.append(sql`${values[Number(part) - 1] ?? null}`);
      });
      const result = (await db.execute(query)) as unknown as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}
