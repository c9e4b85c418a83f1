import { and, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
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

/** Accounts newest first, whose email or name contains `q`, each with whether it is an admin. */
export async function selectUsers(db: Db, query: { q?: string; adminsOnly: boolean; limit: number }) {
  const pattern = query.q ? `%${query.q.replace(/[\\%_]/g, '\\$&')}%` : null;
  const isAdmin = sql<boolean>`exists (select 1 from user_roles r where r.user_id = ${user.id} and r.role = 'admin')`;
  const where = and(
    pattern ? or(ilike(user.email, pattern), ilike(user.name, pattern)) : undefined,
    query.adminsOnly ? isAdmin : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: user.id,
        email: user.email,
        name: user.name,
        emailVerified: user.emailVerified,
        createdAt: user.createdAt,
        isAdmin,
      })
      .from(user)
      .where(where)
      .orderBy(desc(user.createdAt), desc(user.id))
      .limit(query.limit),
    db.select({ n: count() }).from(user).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findUserById(db: Db, id: string) {
  const [row] = await db.select({ id: user.id, email: user.email }).from(user).where(eq(user.id, id));
  return row ?? null;
}

/**
 * The accounts holding `role`, their rows locked until the transaction ends: two admins taking
 * the role from each other at once queue here, and the second sees the first's change.
 */
export async function lockRoleHolders(db: Db, role: string): Promise<string[]> {
  const rows = await db
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(eq(userRoles.role, role))
    .orderBy(userRoles.userId)
    .for('update');
  return rows.map((row) => row.userId);
}

export async function revokeRole(db: Db, userId: string, role: string): Promise<boolean> {
  const rows = await db
    .delete(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, role)))
    .returning({ userId: userRoles.userId });
  return rows.length > 0;
}
