import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, inArray, isNull, lt, notInArray, sql } from 'drizzle-orm';
import type { LicenseKeyState, LicenseProduct } from '../../../domain/licenses.ts';
import type { Db } from '../../db/client.ts';
import { licenseKeys, licenseProducts, licenseStockAlerts, licenseWaits, orderItems, orders } from '../../db/schema.ts';

export type LicenseProductRow = typeof licenseProducts.$inferSelect;
export type LicenseKeyRow = typeof licenseKeys.$inferSelect;

/** The seed's catalogue: each product inserted or updated; one no longer listed is taken off sale. */
export async function replaceProducts(db: Db, products: readonly LicenseProduct[]): Promise<void> {
  for (const product of products) {
    const row = {
      name: product.name,
      vendor: product.vendor,
      edition: product.edition,
      category: product.category,
      platforms: [...product.platforms],
      termMonths: product.term_months,
      devices: product.devices,
      priceCents: product.price_cents,
      summary: product.summary,
      receives: [...product.receives],
      activationSteps: [...product.activation_steps],
      active: true,
    };
    await db
      .insert(licenseProducts)
      .values({ slug: product.slug, ...row })
      .onConflictDoUpdate({ target: licenseProducts.slug, set: { ...row, updatedAt: sql`now()` } });
  }
  const slugs = products.map((product) => product.slug);
  await db
    .update(licenseProducts)
    .set({ active: false })
    .where(slugs.length ? notInArray(licenseProducts.slug, slugs) : sql`true`);
}

/** Every product on sale with the number of keys in stock. */
export async function selectProductsWithStock(db: Db) {
  return db
    .select({
      product: licenseProducts,
      available: sql<number>`(select count(*)::int from ${licenseKeys} where ${licenseKeys.productSlug} = ${licenseProducts.slug} and ${licenseKeys.state} = 'available')`,
    })
    .from(licenseProducts)
    .where(eq(licenseProducts.active, true))
    .orderBy(asc(licenseProducts.category), asc(licenseProducts.name));
}

export async function selectProducts(db: Db, slugs: readonly string[]): Promise<LicenseProductRow[]> {
  if (slugs.length === 0) return [];
  return db
    .select()
    .from(licenseProducts)
    .where(inArray(licenseProducts.slug, [...slugs]));
}

export async function selectAllProductSlugs(db: Db): Promise<string[]> {
  const rows = await db.select({ slug: licenseProducts.slug }).from(licenseProducts);
  return rows.map((row) => row.slug);
}

/** Products on sale that never had a key in stock. */
export async function selectProductsNeverStocked(db: Db): Promise<string[]> {
  const rows = await db
    .select({ slug: licenseProducts.slug })
    .from(licenseProducts)
    .where(
      and(
        eq(licenseProducts.active, true),
        sql`not exists (select 1 from ${licenseKeys} where ${licenseKeys.productSlug} = ${licenseProducts.slug})`,
      ),
    );
  return rows.map((row) => row.slug);
}

export async function availableCount(db: Db, slug: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(licenseKeys)
    .where(and(eq(licenseKeys.productSlug, slug), eq(licenseKeys.state, 'available')));
  return row?.n ?? 0;
}

/** Which of these hashes stock already holds (in any state). */
export async function selectKnownHashes(db: Db, hashes: readonly string[]): Promise<Set<string>> {
  const known = new Set<string>();
  for (let at = 0; at < hashes.length; at += 1000) {
    const rows = await db
      .select({ hash: licenseKeys.keyHash })
      .from(licenseKeys)
      .where(inArray(licenseKeys.keyHash, hashes.slice(at, at + 1000)));
    for (const row of rows) known.add(row.hash);
  }
  return known;
}

/** Adds keys to stock; a hash another import added meanwhile is skipped. Answers the hashes added. */
export async function insertKeys(
  db: Db,
  importId: string,
  keys: readonly { productSlug: string; ciphertext: string; keyHash: string }[],
): Promise<Set<string>> {
  const added = new Set<string>();
  for (let at = 0; at < keys.length; at += 500) {
    const rows = await db
      .insert(licenseKeys)
      .values(keys.slice(at, at + 500).map((key) => ({ id: randomUUID(), importId, ...key })))
      .onConflictDoNothing({ target: licenseKeys.keyHash })
      .returning({ hash: licenseKeys.keyHash });
    for (const row of rows) added.add(row.hash);
  }
  return added;
}

/**
 * Claims up to `quantity` of the oldest available keys of a product for one order item, in one
 * statement: keys another transaction is claiming are skipped, never waited for or taken twice.
 * Answers how many it claimed.
 */
export async function claimKeys(
  tx: Db,
  claim: { orderId: string; orderItemId: string; productSlug: string; quantity: number },
): Promise<number> {
  const free = tx
    .select({ id: licenseKeys.id })
    .from(licenseKeys)
    .where(and(eq(licenseKeys.productSlug, claim.productSlug), eq(licenseKeys.state, 'available')))
    .orderBy(asc(licenseKeys.importedAt), asc(licenseKeys.id))
    .limit(claim.quantity)
    .for('update', { skipLocked: true });
  const claimed = await tx
    .update(licenseKeys)
    .set({ state: 'assigned', orderId: claim.orderId, orderItemId: claim.orderItemId, assignedAt: sql`now()` })
    .where(inArray(licenseKeys.id, free))
    .returning({ id: licenseKeys.id });
  return claimed.length;
}

export async function findKey(db: Db, orderId: string, keyId: string): Promise<LicenseKeyRow | null> {
  const [row] = await db
    .select()
    .from(licenseKeys)
    .where(and(eq(licenseKeys.id, keyId), eq(licenseKeys.orderId, orderId)));
  return row ?? null;
}

/** Keys in stock and sold, by product (the admin's stock screen). */
export async function selectStockCounts(db: Db) {
  return db
    .select({ productSlug: licenseKeys.productSlug, state: licenseKeys.state, n: count() })
    .from(licenseKeys)
    .groupBy(licenseKeys.productSlug, licenseKeys.state);
}

/** One claim of an order's keys at a time, until the transaction ends (two fill runs, a retried delivery). */
export async function lockOrderClaim(tx: Db, orderId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`license-claim:${orderId}`}))`);
}

export async function countKeysOfOrder(db: Db, orderId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(licenseKeys).where(eq(licenseKeys.orderId, orderId));
  return row?.n ?? 0;
}

export async function keysOfOrder(db: Db, orderId: string): Promise<LicenseKeyRow[]> {
  return db
    .select()
    .from(licenseKeys)
    .where(eq(licenseKeys.orderId, orderId))
    .orderBy(asc(licenseKeys.assignedAt), asc(licenseKeys.id));
}

/**
 * Reveals a key of a paid or delivered, unrefunded order (assigned → revealed, its time kept; `first`
 * when this call revealed it); a revealed key stays as it is. The key row's lock orders it against a refund's claim (lockKeyStates).
 */
export async function revealKey(
  tx: Db,
  orderId: string,
  keyId: string,
): Promise<{ key: LicenseKeyRow | null; first: boolean }> {
  const revealed = await tx
    .update(licenseKeys)
    .set({ state: 'revealed', revealedAt: sql`now()` })
    .where(
      and(
        eq(licenseKeys.id, keyId),
        eq(licenseKeys.orderId, orderId),
        eq(licenseKeys.state, 'assigned'),
        // Its keys are claimed at payment: paid (its delivery a moment away) or delivered, never refunding.
        sql`exists (select 1 from ${orders} where ${orders.id} = ${orderId} and ${orders.status} in ('paid', 'fulfilled') and ${orders.refundRef} is null)`,
      ),
    )
    .returning({ id: licenseKeys.id });
  const [row] = await tx
    .select()
    .from(licenseKeys)
    .where(and(eq(licenseKeys.id, keyId), eq(licenseKeys.orderId, orderId), eq(licenseKeys.state, 'revealed')));
  return { key: row ?? null, first: revealed.length > 0 };
}

/** The states of an order's keys, locked until the transaction ends (a refund against a reveal). */
export async function lockKeyStates(tx: Db, orderId: string): Promise<LicenseKeyState[]> {
  const rows = await tx
    .select({ state: licenseKeys.state })
    .from(licenseKeys)
    .where(eq(licenseKeys.orderId, orderId))
    .for('update');
  return rows.map((row) => row.state);
}

/** Takes an order's unrevealed keys back with its refund: they never return to stock. */
export async function retireKeys(tx: Db, orderId: string): Promise<void> {
  await tx
    .update(licenseKeys)
    .set({ state: 'refunded' })
    .where(and(eq(licenseKeys.orderId, orderId), eq(licenseKeys.state, 'assigned')));
}

// Orders waiting for stock

export async function insertWait(tx: Db, orderId: string, since: Date, refundBy: Date): Promise<void> {
  await tx.insert(licenseWaits).values({ orderId, since, refundBy }).onConflictDoNothing();
}

export async function endWait(tx: Db, orderId: string): Promise<void> {
  await tx
    .update(licenseWaits)
    .set({ endedAt: sql`now()` })
    .where(and(eq(licenseWaits.orderId, orderId), isNull(licenseWaits.endedAt)));
}

export async function findOpenWait(db: Db, orderId: string) {
  const [row] = await db
    .select()
    .from(licenseWaits)
    .where(and(eq(licenseWaits.orderId, orderId), isNull(licenseWaits.endedAt)));
  return row ?? null;
}

/** Open waits, oldest payment first (the order in which stock fills them). */
export async function selectOpenWaits(db: Db, limit: number) {
  return db
    .select()
    .from(licenseWaits)
    .where(isNull(licenseWaits.endedAt))
    .orderBy(asc(licenseWaits.since), asc(licenseWaits.orderId))
    .limit(limit);
}

/** Whether an order waiting since before `since` wants one of these products (it is served first). */
export async function earlierWaitFor(db: Db, slugs: readonly string[], since: Date): Promise<boolean> {
  const [row] = await db
    .select({ orderId: licenseWaits.orderId })
    .from(licenseWaits)
    .innerJoin(orderItems, eq(orderItems.orderId, licenseWaits.orderId))
    .where(and(isNull(licenseWaits.endedAt), lt(licenseWaits.since, since), inArray(orderItems.productRef, [...slugs])))
    .limit(1);
  return row !== undefined;
}

// Back-in-stock alerts

export async function insertStockAlert(db: Db, productSlug: string, email: string): Promise<void> {
  await db.insert(licenseStockAlerts).values({ id: randomUUID(), productSlug, email }).onConflictDoNothing();
}

/** Claims the open alerts of a product (marked notified in the same statement: each is answered once). */
export async function takeStockAlerts(tx: Db, productSlug: string) {
  return tx
    .update(licenseStockAlerts)
    .set({ notifiedAt: sql`now()` })
    .where(and(eq(licenseStockAlerts.productSlug, productSlug), isNull(licenseStockAlerts.notifiedAt)))
    .returning({ id: licenseStockAlerts.id, email: licenseStockAlerts.email });
}
