import { and, eq, sql } from 'drizzle-orm';
import type { PricedProductKind } from '../../../domain/product-prices.ts';
import type { Db } from '../../db/client.ts';
import { productPrices } from '../../db/schema.ts';

export function selectProductPrices(db: Db) {
  return db
    .select({ kind: productPrices.kind, productId: productPrices.productId, priceCents: productPrices.priceCents })
    .from(productPrices);
}

/** The admin's price for a product, or null: the row locked until the transaction ends. */
export async function lockProductPrice(tx: Db, kind: PricedProductKind, productId: string): Promise<number | null> {
  const [row] = await tx
    .select({ priceCents: productPrices.priceCents })
    .from(productPrices)
    .where(and(eq(productPrices.kind, kind), eq(productPrices.productId, productId)))
    .for('update');
  return row?.priceCents ?? null;
}

export async function upsertProductPrice(tx: Db, kind: PricedProductKind, productId: string, priceCents: number) {
  await tx
    .insert(productPrices)
    .values({ kind, productId, priceCents })
    .onConflictDoUpdate({
      target: [productPrices.kind, productPrices.productId],
      set: { priceCents, updatedAt: sql`now()` },
    });
}
