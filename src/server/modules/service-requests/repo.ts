import { desc, eq, lt } from 'drizzle-orm';
import type { RequestStatus } from '../../../domain/admin-inbox.ts';
import type { Db } from '../../db/client.ts';
import * as t from '../../db/schema.ts';

export async function insertServiceRequest(db: Db, request: typeof t.serviceRequests.$inferInsert) {
  await db.insert(t.serviceRequests).values(request);
}

/** Newest first, those placed before `before` when given. */
export function selectServiceRequests(db: Db, options: { limit: number; before?: Date }) {
  return db
    .select()
    .from(t.serviceRequests)
    .where(options.before ? lt(t.serviceRequests.createdAt, options.before) : undefined)
    .orderBy(desc(t.serviceRequests.createdAt), desc(t.serviceRequests.id))
    .limit(options.limit);
}

/** Sets a request's status; answers the status it had, or null when there is no such request. */
export async function updateRequestStatus(db: Db, id: string, status: RequestStatus): Promise<RequestStatus | null> {
  const [before] = await db
    .select({ status: t.serviceRequests.status })
    .from(t.serviceRequests)
    .where(eq(t.serviceRequests.id, id))
    .for('update');
  if (!before) return null;
  await db.update(t.serviceRequests).set({ status }).where(eq(t.serviceRequests.id, id));
  return before.status;
}
