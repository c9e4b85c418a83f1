import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { Db } from './client.ts';
import { account, session, user, verification } from './schema.ts';

/** better-auth reads and writes its four tables through this adapter only. */
export function authDatabaseAdapter(db: Db) {
  return drizzleAdapter(db, { provider: 'pg', schema: { user, session, account, verification } });
}
