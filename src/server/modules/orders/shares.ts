import { randomBytes, randomUUID } from 'node:crypto';
import { SHARE_LINKS_FULL_MESSAGE, SHARE_LINKS_MAX, type ShareLink } from '../../../domain/order-tracking.ts';
import { shareHref } from '../../../domain/site-map.ts';
import { inTransaction, type Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import * as shares from './repo-shares.ts';

/** 24 random bytes: 192 bits, past guessing (the issue asks for at least 128). */
const SHARE_TOKEN_BYTES = 24;

function answer(row: shares.ShareLinkRow): ShareLink {
  return { id: row.id, token: row.token, path: shareHref(row.token), created_at: row.createdAt.toISOString() };
}

/** A new read-only link to the order's status; the caller has already proved it is the order's owner. */
export async function createShareLink(db: Db, orderId: string): Promise<ShareLink> {
  const row = await inTransaction(db, (tx) =>
    shares.insertShareLinkWithin(
      tx,
      { id: randomUUID(), orderId, token: randomBytes(SHARE_TOKEN_BYTES).toString('base64url') },
      SHARE_LINKS_MAX,
    ),
  );
  if (!row) throw new AppError('CONFLICT', SHARE_LINKS_FULL_MESSAGE);
  return answer(row);
}

export async function shareLinksOf(db: Db, orderId: string): Promise<ShareLink[]> {
  return (await shares.selectLiveShareLinks(db, orderId)).map(answer);
}

/** Revokes one of the order's links: from then on it answers like a link that never existed. */
export async function revokeShareLink(db: Db, orderId: string, linkId: string): Promise<void> {
  if (!(await shares.revokeShareLink(db, orderId, linkId))) throw new AppError('NOT_FOUND', 'Share link not found.');
}

/** The order a live share token opens, or null for an unknown or revoked one. */
export function sharedOrderId(db: Db, token: string): Promise<string | null> {
  return shares.findOrderIdBySharedToken(db, token);
}
