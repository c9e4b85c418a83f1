import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createStore, type Store } from './bootstrap.ts';
import { createLogger } from './logger.ts';
import { databaseUrlWithName } from './testing/global-setup.ts';
import { testConfig } from './testing/test-store.ts';

const SERVER_URL = process.env.TEST_DATABASE_URL;
const INSTANCES = 3;
// A race shows up in some rounds only: a few fresh databases make it likely, and stay bounded.
const ROUNDS = 3;

async function withFreshDatabase(work: (url: string) => Promise<void>) {
  const url = SERVER_URL ?? '';
  const name = `openline_startup_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    await work(databaseUrlWithName(url, name));
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

// PGlite belongs to one process: only a shared PostgreSQL server has instances that start together.
describe.skipIf(!SERVER_URL)(
  'instances starting together on a fresh PostgreSQL database (needs TEST_DATABASE_URL)',
  () => {
    it(`all ${INSTANCES} start and serve, in each of ${ROUNDS} rounds`, async () => {
      for (let round = 0; round < ROUNDS; round++) {
        await withFreshDatabase(async (url) => {
          const config = testConfig({ DATABASE_URL: url });
          const started = await Promise.allSettled(
            Array.from({ length: INSTANCES }, () =>
              createStore({ config, logger: createLogger('silent'), serveClient: false }),
            ),
          );
          const stores = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
          try {
            const failures = started.flatMap((result) =>
              result.status === 'rejected' ? [String((result.reason as Error).message)] : [],
            );
            expect(failures, `round ${round + 1}`).toEqual([]);
            const health = await Promise.all(stores.map((store: Store) => store.app.request('/api/health')));
            expect(health.map((res) => res.status)).toEqual(Array(INSTANCES).fill(200));
          } finally {
            await Promise.all(stores.map((store) => store.close()));
          }
        });
      }
    }, 120_000);
  },
);
