import {
  LIST_PRICES,
  type PricedProductKind,
  priceOf,
  type ProductPrices,
  pricesWith,
} from '../../../domain/product-prices.ts';
import type { Db } from '../../db/client.ts';
import * as repo from './repo.ts';

/**
 * What the fixed-price products (device checks and services) sell at: their list prices with an
 * admin's prices over them. Read once and kept until `invalidate` (an admin's change on any
 * instance announces `catalog_changed`, which drops it everywhere).
 */
export function createProductPrices(db: Db) {
  let current: Promise<ProductPrices> | null = null;
  function read(): Promise<ProductPrices> {
    current ??= repo.selectProductPrices(db).then(pricesWith, (error: unknown) => {
      current = null;
      throw error;
    });
    return current;
  }
  return {
    current: read,
    invalidate() {
      current = null;
    },
    /**
     * Sets a product's price in `tx`; answers the price it sold at before (its stored price, else
     * its list price). Everything goes through `tx`: on the embedded database a read on another
     * connection would wait for this transaction for ever.
     */
    async set(tx: Db, kind: PricedProductKind, productId: string, priceCents: number): Promise<number> {
      const stored = await repo.lockProductPrice(tx, kind, productId);
      const before = stored ?? priceOf(LIST_PRICES, kind, productId) ?? priceCents;
      await repo.upsertProductPrice(tx, kind, productId, priceCents);
      return before;
    },
  };
}

export type ProductPriceService = ReturnType<typeof createProductPrices>;
