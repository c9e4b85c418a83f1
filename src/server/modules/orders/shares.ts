import { randomBytes, randomUUID } from 'node:crypto';
import {
  SHARE_LINKS_FULL_MESSAGE,
  SHARE_LINKS_MAX,
  type ShareLink,
  type SharedOrder,
  sharedEventMessage,
} from '../../../domain/order-tracking.ts';
import { shortId } from '../../../domain/short-id.ts';
import { shareHref } from '../../../domain/site-map.ts';
import { inTransaction, type Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { unlockDetails } from '../unlocks/service.ts';
import * as shares from './repo-shares.ts';
import { findOrder, orderEvents, orderItems } from './service.ts';

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

/** What a live share token shows, or null for an unknown or revoked one. */
export async function sharedOrder(db: Db, token: string): Promise<SharedOrder | null> {
  const orderId = await shares.findOrderIdBySharedToken(db, token);
  const order = orderId ? await findOrder(db, orderId) : null;
  if (!order) return null;
  const [items, events] = await Promise.all([orderItems(db, order.id), orderEvents(db, order.id)]);
  const unlock = order.kind === 'unlock' ? await unlockDetails(db, order.id, items) : null;
  return {
    short_id: shortId(order.id),
    kind: order.kind,
    status: order.status,
    created_at: order.createdAt.toISOString(),
    title: items[0]?.name ?? 'Order',
    events: events.map((event) => ({
      id: event.id,
      status: event.status,
      message: sharedEventMessage(event.status),
      created_at: event.createdAt.toISOString(),
    })),
    // Picked field by field: the unlock's result (its code) never leaves through a share link.
    unlock: unlock && {
      imei_masked: unlock.imei_masked,
      device: unlock.device,
      carrier: unlock.carrier,
      country: unlock.country,
      average_hours: unlock.average_hours,
      guaranteed_hours: unlock.guaranteed_hours,
      guaranteed_by: unlock.guaranteed_by,
    },
  };
}
