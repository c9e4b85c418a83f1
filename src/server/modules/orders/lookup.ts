import type { OrderReference } from '../../../domain/order-lookup.ts';
import type { Db } from '../../db/client.ts';
import { selectOrdersByEmailAndId } from './repo-lookup.ts';

export type LookedUpOrder = Awaited<ReturnType<typeof selectOrdersByEmailAndId>>[number];

const LOOKUP_LIMIT = 5;

/**
 * The orders an order lookup finds: placed with this email and matching the reference (a full
 * order id or its 8-character short id). A wrong email finds nothing, exactly like a missing order.
 * IMEIs are the unlock module's to resolve; an IMEI reference finds nothing here.
 */
export async function lookupOrders(
  db: Db,
  lookup: { readonly email: string; readonly reference: OrderReference },
): Promise<LookedUpOrder[]> {
  const { email, reference } = lookup;
  if (reference.kind === 'imei') return [];
  return selectOrdersByEmailAndId(db, {
    email,
    ...(reference.kind === 'uuid' ? { id: reference.value } : { idPrefix: reference.value }),
    limit: LOOKUP_LIMIT,
  });
}
