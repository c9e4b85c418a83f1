import {
  GUEST_ACCOUNT_EXISTS_MESSAGE,
  GUEST_LINK_INVALID_MESSAGE,
  GUEST_OTHER_ACCOUNT_MESSAGE,
  type GuestLink,
  type GuestUpgradeAnswer,
  type GuestUpgradePreview,
  type GuestUpgradeRequest,
} from '../../../domain/guest-upgrade.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { claimOrdersOfEmail, unclaimedOrderCount } from '../orders/lookup.ts';
import { orderForViewer } from '../orders/service.ts';
import type { Auth } from './auth.ts';
import { findUserByEmail, markEmailVerified } from './repo.ts';
import type { SessionUser } from './service.ts';

const normalEmail = (email: string) => email.trim().toLowerCase();

/**
 * The email the link proves: the order's, when the token is that order's access token (sent only
 * to that address). A missing order and a wrong token are refused alike.
 */
async function provenEmail(db: Db, link: GuestLink): Promise<string> {
  const order = await orderForViewer(db, link.order_id.toLowerCase(), { token: link.token });
  if (!order) throw new AppError('NOT_FOUND', GUEST_LINK_INVALID_MESSAGE);
  return normalEmail(order.email);
}

/** What /create-account shows first: whose orders, how many, and whether that email has an account. */
export async function previewGuestUpgrade(db: Db, link: GuestLink): Promise<GuestUpgradePreview> {
  const email = await provenEmail(db, link);
  const [existing, orderCount] = await Promise.all([findUserByEmail(db, email), unclaimedOrderCount(db, email)]);
  return { email, account_exists: existing !== null, order_count: orderCount };
}

/**
 * A guest becomes a customer: an account for the order's email (verified, since the link proves
 * it) with the chosen password, signed in, holding every order of that email. Answers the
 * session cookies better-auth set. An email that already has an account is refused (sign in instead).
 */
export async function upgradeGuest(
  db: Db,
  auth: Auth,
  request: GuestUpgradeRequest,
): Promise<{ answer: GuestUpgradeAnswer; headers: Headers }> {
  const email = await provenEmail(db, request);
  if (await findUserByEmail(db, email)) throw new AppError('CONFLICT', GUEST_ACCOUNT_EXISTS_MESSAGE);
  const created = await auth.api
    .signUpEmail({
      body: { email, password: request.password, name: email.split('@')[0] ?? email },
      returnHeaders: true,
    })
    .catch(async (error: unknown) => {
      // Two tabs submitting at once: the second finds the account the first made.
      if (await findUserByEmail(db, email)) throw new AppError('CONFLICT', GUEST_ACCOUNT_EXISTS_MESSAGE);
      throw error;
    });
  const userId = created.response.user.id;
  await markEmailVerified(db, userId);
  const claimed = await claimOrdersOfEmail(db, email, userId);
  return { answer: { email, claimed }, headers: created.headers };
}

/**
 * A signed-in customer whose account has the order's email takes that email's guest orders
 * (the link proves they received it). Another account is refused: the link is not theirs to use.
 */
export async function claimGuestOrders(db: Db, user: SessionUser, link: GuestLink): Promise<GuestUpgradeAnswer> {
  const email = await provenEmail(db, link);
  if (normalEmail(user.email) !== email) throw new AppError('FORBIDDEN', GUEST_OTHER_ACCOUNT_MESSAGE);
  return { email, claimed: await claimOrdersOfEmail(db, email, user.id) };
}
