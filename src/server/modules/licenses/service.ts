import { randomBytes, randomUUID } from 'node:crypto';
import {
  checkKeyRows,
  type KeyImportReport,
  LICENSE_IMPORT_MESSAGES,
  LICENSE_EVENTS,
  LICENSE_MESSAGES,
  licenseRefundable,
  LOW_STOCK_THRESHOLD,
  LICENSE_STOCK_WAIT_HOURS,
  parseKeyFile,
  type LicenseKeyState,
  type PublicLicense,
  type RevealedKey,
  stockState,
} from '../../../domain/licenses.ts';
import { inTransaction, type Db } from '../../db/client.ts';
import { addOrderNote } from '../orders/service.ts';
import { AppError } from '../../errors.ts';
import type { KeyVault } from './key-vault.ts';
import * as repo from './repo.ts';

export type { LicenseKeyRow } from './repo.ts';
export { createKeyVault, type KeyVault } from './key-vault.ts';

function publicProduct(row: repo.LicenseProductRow, available: number): PublicLicense {
  return {
    slug: row.slug,
    name: row.name,
    vendor: row.vendor,
    edition: row.edition,
    category: row.category,
    platforms: row.platforms,
    term_months: row.termMonths,
    devices: row.devices,
    price_cents: row.priceCents,
    summary: row.summary,
    receives: row.receives,
    activation_steps: row.activationSteps,
    available,
  };
}

/** The sandbox store's stock: so many keys of each product, none of one (the 'Out of stock' path). */
export const SANDBOX_STOCK = { perProduct: 40, outOfStock: 'acronis-true-image-essentials' } as const;

/** One line of a license cart, priced from the catalogue (never from the client). */
export interface LicenseLine {
  readonly productRef: string;
  readonly name: string;
  readonly unitPriceCents: number;
  readonly quantity: number;
  readonly details: Record<string, unknown>;
}

/**
 * The license catalogue and its key stock (ADR 079). Keys enter only through `importKeys`
 * (encrypted, hashed for duplicates) and leave only through an order's claim.
 */
export function createLicenseService(db: Db, vault: KeyVault) {
  return {
    async catalogue(): Promise<PublicLicense[]> {
      const rows = await repo.selectProductsWithStock(db);
      return rows.map((row) => publicProduct(row.product, row.available));
    },

    async product(slug: string): Promise<PublicLicense | null> {
      const [row] = await repo.selectProducts(db, [slug]);
      return row?.active ? publicProduct(row, await repo.availableCount(db, slug)) : null;
    },

    /** Prices a cart; a product off sale is a 404, fewer keys in stock than asked a 409 (nothing is held). */
    async priceCart(items: readonly { readonly slug: string; readonly quantity: number }[]): Promise<LicenseLine[]> {
      const products = new Map(
        (
          await repo.selectProducts(
            db,
            items.map((item) => item.slug),
          )
        ).map((p) => [p.slug, p]),
      );
      const lines: LicenseLine[] = [];
      for (const item of items) {
        const product = products.get(item.slug);
        if (!product?.active) throw new AppError('NOT_FOUND', `No license is called "${item.slug}".`);
        const available = await repo.availableCount(db, item.slug);
        if (available < item.quantity) {
          throw new AppError(
            'OUT_OF_STOCK',
            available === 0
              ? `${product.name} is out of stock.`
              : `Only ${available} of ${product.name} left: lower the quantity.`,
            undefined,
            { product: item.slug, available, stock: stockState(available).label },
          );
        }
        lines.push({
          productRef: product.slug,
          name: product.name,
          unitPriceCents: product.priceCents,
          quantity: item.quantity,
          details: { vendor: product.vendor, edition: product.edition, term_months: product.termMonths },
        });
      }
      return lines;
    },

    /**
     * Imports a CSV of keys: a file that cannot be read changes nothing (400); otherwise every row
     * that passes (known product, well-formed key, not earlier in the file, not in stock) is
     * stored encrypted, in one transaction, and the report says what was refused and why.
     * `within` runs in that transaction (the admin's audit event).
     */
    async importKeys(
      text: string,
      within?: (tx: Db, report: KeyImportReport) => Promise<void>,
    ): Promise<KeyImportReport> {
      const parsed = parseKeyFile(text);
      if ('error' in parsed) throw new AppError('VALIDATION_FAILED', parsed.error, { file: [parsed.error] });
      const known = new Set(await repo.selectAllProductSlugs(db));
      const { accepted, refused } = checkKeyRows(parsed.rows, known);
      const hashed = accepted.map((row) => ({ row, hash: vault.hash(row.key) }));
      return inTransaction(db, async (tx) => {
        const inStock = await repo.selectKnownHashes(
          tx,
          hashed.map((entry) => entry.hash),
        );
        const fresh = hashed.filter((entry) => !inStock.has(entry.hash));
        const added = await repo.insertKeys(
          tx,
          randomUUID(),
          fresh.map(({ row, hash }) => ({
            productSlug: row.product,
            ciphertext: vault.encrypt(row.key),
            keyHash: hash,
          })),
        );
        const byProduct: Record<string, number> = {};
        const problems = [...refused];
        for (const { row, hash } of hashed) {
          if (added.has(hash)) byProduct[row.product] = (byProduct[row.product] ?? 0) + 1;
          else problems.push({ line: row.line, reason: LICENSE_IMPORT_MESSAGES.duplicateInStock });
        }
        const report: KeyImportReport = {
          imported: added.size,
          by_product: byProduct,
          refused: problems.sort((a, b) => a.line - b.line),
        };
        await within?.(tx, report);
        return report;
      });
    },

    /**
     * The sandbox store's stock (ADR 079): a product that never had a key gets `count` generated
     * ones, marked SBX, so the default store can sell and deliver every license but
     * `outOfStock`, which shows the 'Out of stock' path. A store with a real payment provider never runs this.
     */
    async stockSandbox(count: number, outOfStock: string): Promise<number> {
      const empty = await repo.selectProductsNeverStocked(db);
      const rows = empty
        .filter((slug) => slug !== outOfStock)
        .flatMap((slug) => Array.from({ length: count }, () => `${slug},${sandboxKey()}`));
      if (rows.length === 0) return 0;
      return (await this.importKeys(`product,key\n${rows.join('\n')}`)).imported;
    },

    /**
     * The key, to its order's owner: the first reveal records its time (and ends the order's
     * refundability) and an event on the order's timeline; a revealed key is shown again as it is.
     * Null when it cannot be shown.
     */
    async reveal(orderId: string, keyId: string, fromAddress: string): Promise<RevealedKey | null> {
      const key = await inTransaction(db, async (tx) => {
        const { key: row, first } = await repo.revealKey(tx, orderId, keyId);
        // The first reveal is on the order's timeline, with a keyed hash of the address: a chargeback's evidence.
        if (first) await addOrderNote(tx, orderId, LICENSE_EVENTS.revealed(vault.hash(fromAddress).slice(0, 12)));
        return row;
      });
      if (!key?.revealedAt) return null;
      return { id: key.id, key: vault.decrypt(key.ciphertext), revealed_at: key.revealedAt.toISOString() };
    },

    /** An admin's look at a key: shown without revealing it to the customer, `audit` in the same transaction. */
    async peekAudited(orderId: string, keyId: string, audit: (tx: Db) => Promise<void>): Promise<string | null> {
      return inTransaction(db, async (tx) => {
        const key = await repo.findKey(tx, orderId, keyId);
        if (!key) return null;
        await audit(tx);
        return vault.decrypt(key.ciphertext);
      });
    },

    /** Products on sale with LOW_STOCK_THRESHOLD keys or fewer, fewest first (the admin's day's work). */
    async lowStock(): Promise<{ slug: string; name: string; available: number }[]> {
      const rows = await repo.selectProductsWithStock(db);
      return rows
        .filter((row) => row.available <= LOW_STOCK_THRESHOLD)
        .map((row) => ({ slug: row.product.slug, name: row.product.name, available: row.available }))
        .sort((a, b) => a.available - b.available);
    },

    /** Each product's keys by state, and the orders waiting for it. */
    async stock() {
      const [products, counts] = await Promise.all([repo.selectProductsWithStock(db), repo.selectStockCounts(db)]);
      return products.map(({ product }) => {
        const of = (state: LicenseKeyState) =>
          counts.find((row) => row.productSlug === product.slug && row.state === state)?.n ?? 0;
        return {
          slug: product.slug,
          name: product.name,
          available: of('available'),
          assigned: of('assigned'),
          revealed: of('revealed'),
          refunded: of('refunded'),
        };
      });
    },
  };
}

export type LicenseService = ReturnType<typeof createLicenseService>;

/** What the claim at payment did: every unit got its key, or the order waits (all or nothing). */
export type ClaimOutcome = { readonly claimed: true } | { readonly claimed: false; readonly refundBy: Date };

/**
 * Claims one key per unit of a paid order, in the caller's transaction, all or none: each line
 * in one statement that skips keys another payment is claiming (repo.claimKeys); if any line
 * falls short, the claims are rolled back (a savepoint) and the order waits, as it does while an
 * order paid earlier still waits for one of its products (stock fills waiting orders in payment
 * order). `opensWait`: a new wait is recorded (at payment), rather than an open one tried again.
 */
export async function claimOrderKeys(
  tx: Db,
  order: { readonly id: string },
  lines: readonly { readonly id: string; readonly productRef: string; readonly quantity: number }[],
  options: { readonly since: Date; readonly opensWait: boolean },
): Promise<ClaimOutcome> {
  const refundBy = new Date(options.since.getTime() + LICENSE_STOCK_WAIT_HOURS * 3_600_000);
  // Claims of one order take turns; one that finds the keys already claimed (by a concurrent
  // fill run, or a delivery retried beside the slow original) claims nothing more.
  await repo.lockOrderClaim(tx, order.id);
  const units = lines.reduce((sum, line) => sum + line.quantity, 0);
  if ((await repo.countKeysOfOrder(tx, order.id)) >= units) {
    await repo.endWait(tx, order.id);
    return { claimed: true };
  }
  const slugs = lines.map((line) => line.productRef);
  const queuedBehind = await repo.earlierWaitFor(tx, slugs, options.since);
  const claimed =
    !queuedBehind &&
    (await inTransaction(tx, async (savepoint) => {
      for (const line of lines) {
        const got = await repo.claimKeys(savepoint, {
          orderId: order.id,
          orderItemId: line.id,
          productSlug: line.productRef,
          quantity: line.quantity,
        });
        if (got < line.quantity) throw new ShortOfStock();
      }
      return true;
    }).catch((error: unknown) => {
      if (error instanceof ShortOfStock) return false;
      throw error;
    }));
  if (claimed) {
    await repo.endWait(tx, order.id);
    return { claimed: true };
  }
  if (options.opensWait) await repo.insertWait(tx, order.id, options.since, refundBy);
  return { claimed: false, refundBy };
}

class ShortOfStock extends Error {}

const KEY_ALPHABET = 'BCDFGHJKMPQRTVWXY2346789';

/** A made-up key in the shape vendors use: SBX-XXXXX-XXXXX-XXXXX-XXXXX. */
function sandboxKey(): string {
  const bytes = randomBytes(20);
  const groups = [0, 1, 2, 3].map((group) =>
    Array.from(bytes.subarray(group * 5, group * 5 + 5), (byte) => KEY_ALPHABET[byte % KEY_ALPHABET.length]).join(''),
  );
  return `SBX-${groups.join('-')}`;
}

/** The seed's catalogue (data/seed/licenses.json): each product inserted or updated, others taken off sale. */
export const loadLicenseCatalogue = repo.replaceProducts;

export const keysOfOrder = repo.keysOfOrder;
export const findOpenWait = repo.findOpenWait;
export const openWaits = repo.selectOpenWaits;
/**
 * The refund's claim, in its transaction: the order's keys retired (never back in stock), or a
 * refusal when one was revealed meanwhile (the keys are locked, so a reveal and a refund of one
 * order never both win).
 */
export async function retireKeysForRefund(tx: Db, orderId: string): Promise<void> {
  const states = await repo.lockKeyStates(tx, orderId);
  if (!licenseRefundable(states.map((state) => ({ state })))) {
    throw new AppError('ORDER_TRANSITION_FORBIDDEN', LICENSE_MESSAGES.revealedNoRefund);
  }
  await repo.retireKeys(tx, orderId);
  await repo.endWait(tx, orderId);
}

/** Whether the order's keys still allow a refund (none revealed). */
export async function keysRefundable(db: Db, orderId: string): Promise<boolean> {
  const keys = await repo.keysOfOrder(db, orderId);
  return licenseRefundable(keys);
}

/** Why an order's keys stand in the way of a refund: when the first of them was revealed; null when none was. */
export async function keysRefusal(db: Db, orderId: string): Promise<string | null> {
  const revealed = (await repo.keysOfOrder(db, orderId))
    .flatMap((key) => (key.revealedAt ? [key.revealedAt.getTime()] : []))
    .sort((a, b) => a - b);
  const first = revealed[0];
  return first === undefined
    ? null
    : LICENSE_MESSAGES.revealedAt(new Date(first).toISOString().slice(0, 16).replace('T', ' at '));
}
export const endWait = repo.endWait;
export const requestStockAlert = repo.insertStockAlert;
export const takeStockAlerts = repo.takeStockAlerts;

/** The catalogue rows of some products, by slug (an order's activation steps and names). */
export async function productsBySlug(db: Db, slugs: readonly string[]) {
  return new Map((await repo.selectProducts(db, [...new Set(slugs)])).map((row) => [row.slug, row]));
}
