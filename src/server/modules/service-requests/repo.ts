import type { Db } from '../../db/client.ts';
import * as t from '../../db/schema.ts';

export async function insertServiceRequest(db: Db, request: typeof t.serviceRequests.$inferInsert) {
  await db.insert(t.serviceRequests).values(request);
}
