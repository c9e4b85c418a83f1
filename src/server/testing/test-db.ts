import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openPglite, openPostgres, type Database } from '../db/client.ts';
import { databaseUrlWithName } from './global-setup.ts';

export type TestDbKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL names a server (as in CI). */
export function testDbKinds(): TestDbKind[] {
  return inject('postgresTemplate') ? ['pglite', 'postgres'] : ['pglite'];
}

/** A fresh, migrated and seeded database, copied from the suite-wide snapshot or template. */
export async function openTestDatabase(kind: TestDbKind): Promise<Database> {
  if (kind === 'pglite') {
    const snapshot = new Blob([readFileSync(inject('pgliteSnapshot'))]);
    return openPglite({ snapshot });
  }
  const url = process.env.TEST_DATABASE_URL;
  const template = inject('postgresTemplate');
  if (!url || !template) throw new Error('PostgreSQL tests need TEST_DATABASE_URL');
  const name = `openline_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  await admin.end();
  const database = openPostgres(databaseUrlWithName(url, name), 5);
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
