import { z } from 'zod';
import { CHECK_PRODUCT_IDS, CHECK_PRODUCTS, type CheckProductId } from './device-checks.ts';
import { DEVICE_SERVICE_IDS, DEVICE_SERVICES, type DeviceServiceId } from './device-services.ts';

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

/** The prices the products are defined with, before any admin's change. */
export const LIST_PRICES: ProductPrices = {
  check: Object.fromEntries(CHECK_PRODUCT_IDS.map((id) => [id, CHECK_PRODUCTS[id].priceCents])) as Record<
    CheckProductId,
    number
  >,
  device_service: Object.fromEntries(DEVICE_SERVICE_IDS.map((id) => [id, DEVICE_SERVICES[id].priceCents])) as Record<
    DeviceServiceId,
    number
  >,
};

const PRODUCT_IDS: Record<PricedProductKind, readonly string[]> = {
  check: CHECK_PRODUCT_IDS,
  device_service: DEVICE_SERVICE_IDS,
};

export function isPricedProduct(kind: PricedProductKind, productId: string): boolean {
  return PRODUCT_IDS[kind].includes(productId);
}

export function productName(kind: PricedProductKind, productId: string): string {
  return kind === 'check'
    ? CHECK_PRODUCTS[productId as CheckProductId].name
    : DEVICE_SERVICES[productId as DeviceServiceId].name;
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
