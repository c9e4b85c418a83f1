import { z } from 'zod';
import { MAX_PACKAGE_QUANTITY, type CartItem, type CartPackage } from './cart.ts';
import { LICENSE_MAX_QUANTITY, type LicenseCartLine, MAX_LICENSE_LINES } from './license-cart.ts';
import { TEXT_MAX } from './text.ts';

export { CART_STORAGE_KEY } from './cart.ts';

/** A cart line as stored (spec section 3 "Cart item"): further package fields ride along. */
export const cartPackageSchema = z.looseObject({
  package_id: z.string().trim().min(1),
  package_name: z.string().min(1),
  data: z.string(),
  validity: z.number().int().positive(),
  countries_iso3: z.array(z.string()),
  country_code: z.string().nullable(),
  price: z.number().nonnegative().finite(),
}) satisfies z.ZodType<CartPackage>;

export const cartItemSchema = cartPackageSchema.extend({
  quantity: z.number().int().min(1).max(MAX_PACKAGE_QUANTITY),
}) satisfies z.ZodType<CartItem>;

const storedCartSchema = z.array(cartItemSchema);

/**
 * Lines saved in local storage, read with `schema`; anything unreadable is none (the caller logs
 * why). Two lines of one product would make add and setQuantity touch only the first: none too.
 */
function parseStoredLines<T>(raw: string | null, schema: z.ZodType<T[]>, keyOf: (line: T) => string): T[] {
  if (raw === null) return [];
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return [];
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) return [];
  return new Set(parsed.data.map(keyOf)).size === parsed.data.length ? parsed.data : [];
}

/** The cart saved in local storage; anything unreadable is an empty cart (the caller logs why). */
export function parseStoredCart(raw: string | null): CartItem[] {
  return parseStoredLines(raw, storedCartSchema, (item) => item.package_id);
}

const storedLicenseCartSchema = z
  .array(
    z.object({
      slug: z.string().trim().min(1).max(TEXT_MAX.name),
      name: z.string().min(1).max(TEXT_MAX.name),
      price_cents: z.number().int().nonnegative(),
      quantity: z.number().int().min(1).max(LICENSE_MAX_QUANTITY),
    }),
  )
  .max(MAX_LICENSE_LINES);

/** The license lines saved in local storage; anything unreadable is none. */
export function parseStoredLicenseCart(raw: string | null): LicenseCartLine[] {
  return parseStoredLines(raw, storedLicenseCartSchema, (line) => line.slug);
}
