import { randomBytes, randomUUID } from 'node:crypto';
import { getSessionCookie } from 'better-auth/cookies';
import { ADMIN_ROLE } from '../../../domain/auth.ts';
import type { Me } from '../../../domain/me.ts';
import { type AdminUser, USER_MESSAGES, type UserListQuery } from '../../../domain/admin-users.ts';
import { inTransaction, type Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { Auth } from './auth.ts';
import { RESET_TOKEN_SECONDS } from './auth.ts';
import * as repo from './repo.ts';
import { findUserByEmail, grantRole, hasRole, insertVerification } from './repo.ts';

export interface SessionUser {
  readonly id: string;
  readonly email: string;
}

export async function sessionUser(auth: Auth, headers: Headers): Promise<SessionUser | null> {
  // Most requests (every visitor's quote) carry no session cookie: answer without better-auth's
  // request machinery, which costs more than the quote itself. Our auth keeps its default cookie names.
  if (!getSessionCookie(headers)) return null;
  const session = await auth.api.getSession({ headers });
  return session ? { id: session.user.id, email: session.user.email } : null;
}

export function isAdmin(db: Db, userId: string): Promise<boolean> {
  return hasRole(db, userId, ADMIN_ROLE);
}

export async function me(db: Db, auth: Auth, headers: Headers): Promise<Me> {
  const user = await sessionUser(auth, headers);
  if (!user) return { user: null, isAdmin: false };
  return { user, isAdmin: await isAdmin(db, user.id) };
}

export type AdminGrant =
  | { readonly outcome: 'promoted'; readonly email: string }
  | { readonly outcome: 'created'; readonly email: string }
  | { readonly outcome: 'created-with-link'; readonly email: string; readonly setPasswordUrl: string };

/**
 * Makes `email` an admin: promotes an existing account, or creates one with the given
 * password, or (no password) with a random one and a one-time link to choose a password.
 */
export async function grantAdmin(
  db: Db,
  auth: Auth,
  input: { email: string; password?: string; publicUrl: string },
): Promise<AdminGrant> {
  const email = input.email.trim().toLowerCase();
  const existing = await findUserByEmail(db, email);
  if (existing) {
    await grantRole(db, existing.id, ADMIN_ROLE);
    return { outcome: 'promoted', email };
  }
  const password = input.password ?? randomBytes(24).toString('base64url') + '1a';
  const created = await auth.api
    .signUpEmail({ body: { email, password, name: email.split('@')[0] ?? email } })
    .catch((error: unknown) => {
      throw new AppError('VALIDATION_FAILED', error instanceof Error ? error.message : 'Could not create the account');
    });
  await grantRole(db, created.user.id, ADMIN_ROLE);
  if (input.password) return { outcome: 'created', email };

  // Same token shape better-auth's own reset flow stores, so /auth/reset-password accepts it.
  const token = randomBytes(24).toString('base64url');
  await insertVerification(db, {
    id: randomUUID(),
    identifier: `reset-password:${token}`,
    value: created.user.id,
    expiresAt: new Date(Date.now() + RESET_TOKEN_SECONDS * 1000),
  });
  const setPasswordUrl = new URL(`/auth/reset-password?token=${token}`, input.publicUrl).toString();
  return { outcome: 'created-with-link', email, setPasswordUrl };
}

/** Accounts for the admin area, newest first, searched by email or name. */
export async function listUsers(db: Db, query: UserListQuery): Promise<{ users: AdminUser[]; total: number }> {
  const { rows, total } = await repo.selectUsers(db, {
    q: query.q,
    adminsOnly: query.admins === 'only',
    limit: query.limit,
  });
  return {
    total,
    users: rows.map((row) => ({
      id: row.id,
      email: row.email,
      name: row.name,
      email_verified: row.emailVerified,
      created_at: new Date(row.createdAt).toISOString(),
      is_admin: Boolean(row.isAdmin),
    })),
  };
}

/**
 * Grants or revokes the admin role in one transaction with `within` (its audit event). The last
 * admin never loses it: the role's holders are locked first, so two admins revoking each other at
 * once cannot both succeed. Answers whether anything changed.
 */
export async function setAdminRole(
  db: Db,
  userId: string,
  admin: boolean,
  within?: (tx: Db, account: { id: string; email: string }) => Promise<void>,
): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const account = await repo.findUserById(tx, userId);
    if (!account) throw new AppError('NOT_FOUND', USER_MESSAGES.notFound);
    const holders = await repo.lockRoleHolders(tx, ADMIN_ROLE);
    const holds = holders.includes(userId);
    if (admin === holds) return false;
    if (admin) await grantRole(tx, userId, ADMIN_ROLE);
    else {
      if (holders.length <= 1) throw new AppError('CONFLICT', USER_MESSAGES.lastAdmin);
      await repo.revokeRole(tx, userId, ADMIN_ROLE);
    }
    await within?.(tx, account);
    return true;
  });
}
