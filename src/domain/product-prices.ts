import { z } from 'zod';
import { CHECK_PRODUCT_IDS, CHECK_PRODUCTS } from './device-checks.ts';
import { DEVICE_SERVICE_IDS, DEVICE_SERVICES } from './device-services.ts';

// The fixed-price products (device checks and device services): each sells at the price in its
// definition here until an admin sets another in /admin/pricing; the store then charges and shows
// the admin's price everywhere at once.

export const PRICED_PRODUCT_KINDS = ['check', 'device_service'] as const;
export type PricedProductKind = (typeof PRICED_PRODUCT_KINDS)[number];

const cents = z.number().int().min(1);

/** What every fixed-price product sells at now (`GET /api/prices`). */
export const productPricesSchema = z.object({
  check: z.record(z.enum(CHECK_PRODUCT_IDS), cents),
  device_service: z.record(z.enum(DEVICE_SERVICE_IDS), cents),
});
export type ProductPrices = z.infer<typeof productPricesSchema>;

const hours = z.number().positive().max(10_000);

/**
 * `GET /api/prices`: the prices, and what each device service promises now (the usual and the
 * guaranteed hours of the tool an order would be routed to; null while no tool sells it), which its
 * page states before any form (issue 44: one promise).
 */
export const productOffersSchema = productPricesSchema.extend({
  delivery: z.object({
    device_service: z.record(
      z.enum(DEVICE_SERVICE_IDS),
      z.object({ average_hours: hours, guaranteed_hours: hours }).nullable(),
    ),
  }),
});
export type ProductOffers = z.infer<typeof productOffersSchema>;

/** Each kind's products, as the domain defines them (with their list prices). */
const PRODUCTS: Record<
  PricedProductKind,
  Readonly<Record<string, { readonly name: string; readonly priceCents: number }>>
> = { check: CHECK_PRODUCTS, device_service: DEVICE_SERVICES };

const listPricesOf = <Id extends string>(ids: readonly Id[], kind: PricedProductKind) =>
  Object.fromEntries(ids.map((id) => [id, PRODUCTS[kind][id]?.priceCents ?? 0])) as Record<Id, number>;

/** The prices the products are defined with, before any admin's change. */
export const LIST_PRICES: ProductPrices = {
  check: listPricesOf(CHECK_PRODUCT_IDS, 'check'),
  device_service: listPricesOf(DEVICE_SERVICE_IDS, 'device_service'),
};

export function isPricedProduct(kind: PricedProductKind, productId: string): boolean {
  return Object.hasOwn(PRODUCTS[kind], productId);
}

export function productName(kind: PricedProductKind, productId: string): string {
  return PRODUCTS[kind][productId]?.name ?? productId;
}

/** The list prices with the admin's prices over them; a stored row of a product no longer sold is ignored. */
export function pricesWith(
  stored: readonly { readonly kind: PricedProductKind; readonly productId: string; readonly priceCents: number }[],
): ProductPrices {
  const prices: ProductPrices = { check: { ...LIST_PRICES.check }, device_service: { ...LIST_PRICES.device_service } };
  for (const row of stored) {
    if (!isPricedProduct(row.kind, row.productId)) continue;
    (prices[row.kind] as Record<string, number>)[row.productId] = row.priceCents;
  }
  return prices;
}

/** A product's price in `prices` (its kind's record read by a plain product id). */
export function priceOf(prices: ProductPrices, kind: PricedProductKind, productId: string): number | null {
  return (prices[kind] as Readonly<Record<string, number>>)[productId] ?? null;
}
