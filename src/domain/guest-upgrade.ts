import { z } from 'zod';
import { passwordSchema } from './auth.ts';
import { TEXT_MAX, boundedText } from './text.ts';

/** What /create-account says when the link does not lead to an order (missing, wrong token: alike). */
export const GUEST_LINK_INVALID_MESSAGE =
  'This link is not valid. Open the newest email about your order and use its link, or find your order on Track Order.';
/** The order's email already has an account: the orders are claimed by signing in, not by a second account. */
export const GUEST_ACCOUNT_EXISTS_MESSAGE =
  'An account already exists for this email. Sign in to add your orders to it.';
/** Signed in as someone else than the order's email: the link cannot hand the orders to that account. */
export const GUEST_OTHER_ACCOUNT_MESSAGE =
  'You are signed in with a different email from this order. Sign out, then open the link again.';

/** The link every order email carries: the order and its access token (which only that email received). */
const guestLink = {
  order_id: boundedText(TEXT_MAX.name).trim().min(1, GUEST_LINK_INVALID_MESSAGE),
  token: boundedText(TEXT_MAX.token).trim().min(1, GUEST_LINK_INVALID_MESSAGE),
};

/** GET /api/accounts/guest-upgrade and POST /api/accounts/claim-orders. */
export const guestLinkSchema = z.object(guestLink);
export type GuestLink = z.infer<typeof guestLinkSchema>;

/** POST /api/accounts/guest-upgrade: the link, and the password the new account gets. */
export const guestUpgradeRequestSchema = z.object({ ...guestLink, password: passwordSchema });
export type GuestUpgradeRequest = z.infer<typeof guestUpgradeRequestSchema>;

/** What /create-account shows before anything is created. */
export const guestUpgradePreviewSchema = z.object({
  email: z.string(),
  /** True: the email has an account already; the page offers sign in instead. */
  account_exists: z.boolean(),
  /** Orders of this email (every kind) not yet in any account: what the account will hold. */
  order_count: z.number().int(),
});
export type GuestUpgradePreview = z.infer<typeof guestUpgradePreviewSchema>;

/** The account is made (or found, for claim-orders) and holds this many more orders. */
export const guestUpgradeAnswerSchema = z.object({ email: z.string(), claimed: z.number().int() });
export type GuestUpgradeAnswer = z.infer<typeof guestUpgradeAnswerSchema>;

/** The /create-account form, checked in the browser with the server's password rules. */
export const createAccountFormSchema = z.object({ password: passwordSchema });
