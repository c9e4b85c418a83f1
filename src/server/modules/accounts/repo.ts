import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { user, userRoles, verification } from '../../db/schema.ts';

export async function hasRole(db: Db, userId: string, role: string): Promise<boolean> {
  const rows = await db
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, role)))
    .limit(1);
  return rows.length > 0;
}

export async function grantRole(db: Db, userId: string, role: string): Promise<void> {
  await db.insert(userRoles).values({ userId, role }).onConflictDoNothing();
}

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db.select({ id: user.id, email: user.email }).from(user).where(eq(user.email, email));
  return row ?? null;
}

export async function insertVerification(
  db: Db,
  row: { id: string; identifier: string; value: string; expiresAt: Date },
): Promise<void> {
  await db.insert(verification).values(row);
}

/** The address is proven (a guest upgrade's link reached it). */
export async function markEmailVerified(db: Db, userId: string): Promise<void> {
  await db.update(user).set({ emailVerified: true }).where(eq(user.id, userId));
}
