import { z } from 'zod';
import { CART_EMPTY, CHECKOUT_EMAIL_INVALID, isValidCheckoutEmail } from './checkout-email.ts';
import { formatPrice } from './display.ts';
import { EMAIL_MAX } from './email.ts';
import { COUPON_CODE_MAX, checkoutItemSchema, checkoutRequestSchema, MAX_CHECKOUT_LINES } from './esim-checkout.ts';
import { LICENSE_MAX_QUANTITY, MAX_LICENSE_LINES } from './license-cart.ts';
import { boundedText } from './text.ts';

// Digital licenses (ADR 079): software license keys from the store's own stock, each key sold
// once, delivered at payment, shown behind 'Reveal key', refundable until revealed.

export const LICENSE_CATEGORIES = {
  operating_system: 'Operating systems',
  office: 'Office and productivity',
  security: 'Security and antivirus',
  vpn: 'VPN and privacy',
  utilities: 'Utilities',
} as const;
export type LicenseCategory = keyof typeof LICENSE_CATEGORIES;
export const LICENSE_CATEGORY_IDS = Object.keys(LICENSE_CATEGORIES) as [LicenseCategory, ...LicenseCategory[]];

export const LICENSE_PLATFORMS = {
  windows: 'Windows',
  macos: 'macOS',
  linux: 'Linux',
  android: 'Android',
  ios: 'iOS',
} as const;
export type LicensePlatform = keyof typeof LICENSE_PLATFORMS;
export const LICENSE_PLATFORM_IDS = Object.keys(LICENSE_PLATFORMS) as [LicensePlatform, ...LicensePlatform[]];

/** 'Only N left' from this many units down; more is 'In stock'. */
export const LOW_STOCK_THRESHOLD = 5;
/** How long a paid order waits for stock before it is refunded in full, automatically. */
export const LICENSE_STOCK_WAIT_HOURS = 48;
/** Reveals one client may ask for in an hour. */
export const LICENSE_REVEALS_PER_HOUR = 30;
export { LICENSE_MAX_QUANTITY, MAX_LICENSE_LINES } from './license-cart.ts';

export type StockState =
  | { readonly state: 'in_stock'; readonly label: 'In stock' }
  | { readonly state: 'low'; readonly label: string; readonly left: number }
  | { readonly state: 'out_of_stock'; readonly label: 'Out of stock' };

/** What a product page says of its stock. */
export function stockState(available: number): StockState {
  if (available <= 0) return { state: 'out_of_stock', label: 'Out of stock' };
  if (available <= LOW_STOCK_THRESHOLD) return { state: 'low', label: `Only ${available} left`, left: available };
  return { state: 'in_stock', label: 'In stock' };
}

/** A key's life: in stock, sold to an order, shown to its buyer, or taken back with a refund. */
export const LICENSE_KEY_STATES = ['available', 'assigned', 'revealed', 'refunded'] as const;
export type LicenseKeyState = (typeof LICENSE_KEY_STATES)[number];

/**
 * The refund rule: a license order can be refunded while none of its keys has been revealed (a
 * waiting order has none yet). A revealed key cannot be taken back, so neither can its order.
 */
export function licenseRefundable(keys: readonly { readonly state: LicenseKeyState }[]): boolean {
  return keys.every((key) => key.state === 'assigned');
}

export const LICENSE_REFUND_RULE =
  'Refundable in full until you reveal a key. Once a key is shown it cannot be taken back, so the order can no longer be refunded.';

/** The term of a license as a product page says it. */
export function licenseTerm(termMonths: number | null): string {
  if (termMonths === null) return 'Lifetime license';
  if (termMonths % 12 === 0) return termMonths === 12 ? '1 year' : `${termMonths / 12} years`;
  return termMonths === 1 ? '1 month' : `${termMonths} months`;
}

export function licenseDevices(devices: number): string {
  return devices === 1 ? '1 device' : `${devices} devices`;
}

/** The route of a product's page. */
export const LICENSES_HREF = '/digital-licenses';
export const licenseHref = (slug: string) => `${LICENSES_HREF}/${slug}`;

// ---------------------------------------------------------------------------------------------
// The catalogue

const slugSchema = z
  .string()
  .min(2)
  .max(80)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);

/** A product as the catalogue (data/seed/licenses.json, then the database) holds it. */
export const licenseProductSchema = z.object({
  slug: slugSchema,
  name: z.string().min(2).max(120),
  vendor: z.string().min(1).max(80),
  edition: z.string().min(1).max(80),
  category: z.enum(LICENSE_CATEGORY_IDS),
  platforms: z.array(z.enum(LICENSE_PLATFORM_IDS)).min(1),
  /** null: a lifetime license. */
  term_months: z.number().int().min(1).max(120).nullable(),
  devices: z.number().int().min(1).max(100),
  price_cents: z.number().int().min(1).max(1_000_000),
  summary: z.string().min(10).max(300),
  /** Exactly what the buyer receives. */
  receives: z.array(z.string().min(3).max(300)).min(1).max(8),
  activation_steps: z.array(z.string().min(3).max(300)).min(1).max(10),
});
export type LicenseProduct = z.infer<typeof licenseProductSchema>;

/** A product as the shop lists it: the catalogue's fields and its stock now. */
export const publicLicenseSchema = licenseProductSchema.extend({
  available: z.number().int().min(0),
});
export type PublicLicense = z.infer<typeof publicLicenseSchema>;

export const licenseListQuerySchema = z.object({
  q: boundedText(80).optional(),
  category: z.enum(LICENSE_CATEGORY_IDS).optional(),
  platform: z.enum(LICENSE_PLATFORM_IDS).optional(),
});
export type LicenseListQuery = z.infer<typeof licenseListQuerySchema>;

/** Whether a product matches the shop's search (words in its name, vendor or edition) and filters. */
export function licenseMatches(product: LicenseProduct, query: LicenseListQuery): boolean {
  if (query.category && product.category !== query.category) return false;
  if (query.platform && !product.platforms.includes(query.platform)) return false;
  const words = (query.q ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const text = `${product.name} ${product.vendor} ${product.edition}`.toLowerCase();
  return words.every((word) => text.includes(word));
}

// ---------------------------------------------------------------------------------------------
// Key inventory: CSV import

/** A license key as stock holds it: printable characters a vendor uses, no spaces. */
export const LICENSE_KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9\-_+/=.:]{4,255}$/;
export const LICENSE_IMPORT_MAX_ROWS = 10_000;
export const LICENSE_IMPORT_MAX_BYTES = 2_000_000;
/**
 * The import request's own body limit: the file's characters as JSON, each line's newline escaped,
 * any non-ASCII character up to 3 bytes: twice the file's limit leaves room for all of that.
 */
export const LICENSE_IMPORT_BODY_MAX_BYTES = 2 * LICENSE_IMPORT_MAX_BYTES + 1024;

export const LICENSE_IMPORT_MESSAGES = {
  header: 'The first line must be the header "product,key".',
  empty: 'The file has no keys.',
  tooMany: `A file may hold at most ${LICENSE_IMPORT_MAX_ROWS.toLocaleString('en-US')} keys.`,
  tooBig: 'The file is larger than 2 MB.',
  columns: 'A line must have exactly two fields: product,key.',
  unknownProduct: (slug: string) => `No license product is called "${slug}".`,
  badKey: 'Not a license key: 5-256 letters, digits and - _ + / = . : without spaces.',
  duplicateInFile: (line: number) => `The same key is on line ${line}.`,
  duplicateInStock: 'This key is already in stock (or was sold).',
  malformed: 'The file is not a valid CSV: nothing was imported.',
} as const;

/** One data line of an import file, read: its 1-based line number, product and key. */
export interface KeyRow {
  readonly line: number;
  readonly product: string;
  readonly key: string;
}

export type RowProblem = { readonly line: number; readonly reason: string };

/**
 * Reads an import file: the header "product,key", then one key per line (blank lines skipped,
 * fields trimmed, a field may be quoted). A file that cannot be read as a whole is refused
 * (`error`): nothing of it is imported.
 */
export function parseKeyFile(text: string): { rows: KeyRow[] } | { error: string } {
  if (text.length > LICENSE_IMPORT_MAX_BYTES) return { error: LICENSE_IMPORT_MESSAGES.tooBig };
  if (text.includes('\0')) return { error: LICENSE_IMPORT_MESSAGES.malformed };
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = (lines[0] ?? '').split(',').map((field) => unquote(field.trim()).toLowerCase());
  if (header.length !== 2 || header[0] !== 'product' || header[1] !== 'key') {
    return { error: LICENSE_IMPORT_MESSAGES.header };
  }
  const rows: KeyRow[] = [];
  for (let index = 1; index < lines.length; index += 1) {
    const raw = (lines[index] ?? '').trim();
    if (raw === '') continue;
    const fields = raw.split(',').map((field) => field.trim());
    if (fields.length !== 2) return { error: `Line ${index + 1}: ${LICENSE_IMPORT_MESSAGES.columns}` };
    if (fields.some(badlyQuoted)) {
      return { error: `Line ${index + 1}: ${LICENSE_IMPORT_MESSAGES.malformed}` };
    }
    rows.push({ line: index + 1, product: unquote(fields[0] ?? ''), key: unquote(fields[1] ?? '') });
  }
  if (rows.length === 0) return { error: LICENSE_IMPORT_MESSAGES.empty };
  if (rows.length > LICENSE_IMPORT_MAX_ROWS) return { error: LICENSE_IMPORT_MESSAGES.tooMany };
  return { rows };
}

/** A quote that does not open and close the whole field (keys and slugs hold no commas or quotes). */
function badlyQuoted(field: string): boolean {
  const inner = field.length >= 2 && field.startsWith('"') && field.endsWith('"') ? field.slice(1, -1) : field;
  return inner.includes('"');
}

function unquote(field: string): string {
  return field.length >= 2 && field.startsWith('"') && field.endsWith('"') ? field.slice(1, -1).trim() : field;
}

/**
 * The rules each row must pass on its own and within its file: a known product, a well-formed
 * key, not the same key as an earlier line. Rows that pass may still be in stock already (checked
 * by the server through the keyed hash).
 */
export function checkKeyRows(
  rows: readonly KeyRow[],
  knownProducts: ReadonlySet<string>,
): { accepted: KeyRow[]; refused: RowProblem[] } {
  const seen = new Map<string, number>();
  const accepted: KeyRow[] = [];
  const refused: RowProblem[] = [];
  for (const row of rows) {
    if (!knownProducts.has(row.product)) {
      refused.push({ line: row.line, reason: LICENSE_IMPORT_MESSAGES.unknownProduct(row.product) });
    } else if (!LICENSE_KEY_PATTERN.test(row.key)) {
      refused.push({ line: row.line, reason: LICENSE_IMPORT_MESSAGES.badKey });
    } else if (seen.has(row.key)) {
      refused.push({ line: row.line, reason: LICENSE_IMPORT_MESSAGES.duplicateInFile(seen.get(row.key) ?? 0) });
    } else {
      seen.set(row.key, row.line);
      accepted.push(row);
    }
  }
  return { accepted, refused };
}

export const keyImportReportSchema = z.object({
  imported: z.number().int(),
  /** Keys imported per product slug. */
  by_product: z.record(z.string(), z.number().int()),
  refused: z.array(z.object({ line: z.number().int(), reason: z.string() })),
});
export type KeyImportReport = z.infer<typeof keyImportReportSchema>;

/** The admin's stock screen: each product's keys by state. */
export const licenseStockSchema = z.array(
  z.object({
    slug: z.string(),
    name: z.string(),
    available: z.number().int(),
    assigned: z.number().int(),
    revealed: z.number().int(),
    refunded: z.number().int(),
  }),
);
export type LicenseStock = z.infer<typeof licenseStockSchema>;

export const keyImportAnswerSchema = keyImportReportSchema.extend({ message: z.string() });

/** What an import did, in one sentence for the admin. */
export function importSummary(report: KeyImportReport): string {
  const refused = report.refused.length;
  const keys = (n: number) => (n === 1 ? '1 key' : `${n} keys`);
  return refused === 0
    ? `Imported ${keys(report.imported)}.`
    : `Imported ${keys(report.imported)}; ${keys(refused)} refused (see each line's reason).`;
}

// ---------------------------------------------------------------------------------------------
// Buying

const emailSchema = boundedText(EMAIL_MAX, { error: CHECKOUT_EMAIL_INVALID, tooLong: CHECKOUT_EMAIL_INVALID })
  .trim()
  .refine(isValidCheckoutEmail, { message: CHECKOUT_EMAIL_INVALID });

export const licenseCartItemSchema = z.object({
  slug: slugSchema,
  quantity: z.number().int().min(1).max(LICENSE_MAX_QUANTITY),
});
export type LicenseCartItem = z.infer<typeof licenseCartItemSchema>;

const licenseLinesSchema = z
  .array(licenseCartItemSchema, { error: CART_EMPTY })
  .max(MAX_LICENSE_LINES)
  .refine((items) => new Set(items.map((item) => item.slug)).size === items.length, {
    message: 'Each license once, with its quantity.',
  });

/** POST /api/licenses/checkout: the licenses of a cart; prices and stock are the server's. */
export const licenseCheckoutRequestSchema = z.object({
  email: emailSchema,
  items: licenseLinesSchema.min(1, CART_EMPTY),
  coupon_code: boundedText(COUPON_CODE_MAX).trim().toUpperCase().optional(),
});
export type LicenseCheckoutRequest = z.infer<typeof licenseCheckoutRequestSchema>;

/**
 * POST /api/esim/checkout with the whole cart (ADR 081): its eSIM packages (the spec's request)
 * and its licenses, paid at once. Either list may be empty, not both.
 */
export const cartCheckoutRequestSchema = checkoutRequestSchema
  .extend({
    items: z.array(checkoutItemSchema, { error: CART_EMPTY }).max(MAX_CHECKOUT_LINES),
    licenses: licenseLinesSchema.optional(),
  })
  .refine((request) => request.items.length + (request.licenses?.length ?? 0) > 0, {
    message: CART_EMPTY,
    path: ['items'],
  });
export type CartCheckoutRequest = z.infer<typeof cartCheckoutRequestSchema>;

export const licenseCheckoutAnswerSchema = z.object({ url: z.url({ protocol: /^https?$/ }), order_id: z.string() });

/** POST /api/licenses/:slug/notify: 'Email me when it is back in stock'. */
export const stockAlertRequestSchema = z.object({ email: emailSchema });

// ---------------------------------------------------------------------------------------------
// Orders

/** What a license order's answer says of one key: never the key, which only the reveal gives. */
export const licenseKeyAnswerSchema = z.object({
  id: z.string(),
  product: z.string(),
  product_name: z.string(),
  state: z.enum(LICENSE_KEY_STATES),
  revealed_at: z.string().nullable(),
});

/** POST /api/orders/:id/license-keys/:keyId/reveal: the key, to its order's owner (or token holder). */
export const revealedKeySchema = z.object({ id: z.string(), key: z.string(), revealed_at: z.string() });
export type RevealedKey = z.infer<typeof revealedKeySchema>;
export type LicenseKeyAnswer = z.infer<typeof licenseKeyAnswerSchema>;

export const licenseOrderPartSchema = z.object({
  /** Paid and no key yet: stock ran out between checkout and payment. */
  waiting_for_stock: z.boolean(),
  /** When a waiting order is refunded if no stock comes. */
  refund_by: z.string().nullable(),
  refundable: z.boolean(),
  keys: z.array(licenseKeyAnswerSchema),
  activation: z.array(z.object({ product: z.string(), name: z.string(), steps: z.array(z.string()) })),
});
export type LicenseOrderPart = z.infer<typeof licenseOrderPartSchema>;

/** The order's timeline (issue 44): a key's first reveal, with a keyed hash of the address it came from. */
export const LICENSE_EVENTS = {
  revealed: (addressTag: string) => `License key revealed to the customer (address ${addressTag}).`,
} as const;

export const LICENSE_MESSAGES = {
  waiting: (names: string, refundBy: string) =>
    `Waiting for stock of ${names}. Your key comes as soon as new stock arrives, or a full refund on ${refundBy}.`,
  ready: 'Your license key is ready: reveal it on this page.',
  expired: (total: number) =>
    `No stock arrived within ${LICENSE_STOCK_WAIT_HOURS} hours: we refunded ${formatPrice(total)} to your original payment method.`,
  notRevealable: 'This key cannot be shown: the order is not delivered, or it was refunded.',
  revealedNoRefund: 'A key of this order was revealed: it can no longer be refunded.',
  /** Asked before the first reveal of a refundable order's key (issue 44). */
  revealConfirm: 'Once you see the key it cannot be taken back, so this order can no longer be refunded. Show it now?',
  /** The admin's refusal of a refund (issue 44): when, so a chargeback can be answered. */
  revealedAt: (when: string) => `A key of this order was revealed on ${when} UTC: it can no longer be refunded.`,
  notifyMe: 'We will email you once when it is back in stock.',
} as const;

/** The customer's own refund of an order whose keys are not revealed (issue 44: "Request a refund"). */
export const CUSTOMER_REFUND_ANSWERS = {
  button: 'Request a refund',
  confirm: 'Refund this order in full? Its keys are taken back and can no longer be revealed.',
  refunding: (total: string) =>
    `We are refunding ${total} to your original payment method. Depending on your bank it appears within 5-10 business days.`,
  note: 'You asked for a refund before revealing a key.',
  notRefundable: 'This order can no longer be refunded.',
  notOnRequest: 'This order is not refunded on request. Contact support with your order number.',
} as const;
