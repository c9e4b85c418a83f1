import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../db/client.ts';
import { prepareDatabase } from '../bootstrap.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    postgresTemplate: string | null;
  }
}

export function databaseUrlWithName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

/** Migrates and seeds once; every suite then starts from a copy of that state. */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'openline-test-'));
  const pglite = await openPglite({});
  await prepareDatabase(pglite);
  const snapshotPath = join(dir, 'snapshot.tar.gz');
  const client = (pglite as unknown as { db: { $client: { dumpDataDir(c: 'gzip'): Promise<Blob> } } }).db.$client;
  writeFileSync(snapshotPath, new Uint8Array(await (await client.dumpDataDir('gzip')).arrayBuffer()));
  await pglite.close();
  project.provide('pgliteSnapshot', snapshotPath);

  let template: string | null = null;
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    template = `openline_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${template}`);
    await admin.query(`CREATE DATABASE ${template}`);
    const database = openPostgres(databaseUrlWithName(url, template), 2);
    await prepareDatabase(database);
    await database.close();
    await admin.end();
  }
  project.provide('postgresTemplate', template);

  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (url && template) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await admin.end();
    }
  };
}
