import { createHash } from 'node:crypto';
import type { EsimPackageRow, PublicEsimPackage } from '../../../domain/esim-catalog.ts';
import { inTransaction, type Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { EsimProvider } from '../../integrations/esim/types.ts';
import type { CatalogService, CachedJson } from '../catalog/service.ts';
import * as repo from './repo.ts';

export interface PackageFilter {
  readonly country?: string;
  readonly region?: string;
}

/** One line of a cart, priced from the catalogue (never from the client). */
export interface PricedLine {
  readonly packageId: string;
  readonly name: string;
  readonly unitPriceCents: number;
  readonly quantity: number;
  readonly details: Record<string, unknown>;
}

const KIND_ORDER: Record<string, number> = { local: 0, regional: 1, global: 2 };

function toRow(record: repo.EsimPackageRecord): EsimPackageRow {
  return {
    package_id: record.packageId,
    package_name: record.packageName,
    data_gb: record.dataGb,
    validity_days: record.validityDays,
    kind: record.kind,
    country_code: record.countryCode,
    region: record.region,
    countries_iso3: record.countriesIso3,
    price_cents: record.priceCents,
    net_cost_cents: record.netCostCents,
    provider: record.provider,
    active: record.active,
  } as EsimPackageRow;
}

function toRecord(row: EsimPackageRow): repo.NewEsimPackage {
  return {
    packageId: row.package_id,
    packageName: row.package_name,
    dataGb: row.data_gb,
    validityDays: row.validity_days,
    kind: row.kind,
    countryCode: row.country_code,
    region: row.region,
    countriesIso3: [...row.countries_iso3],
    priceCents: row.price_cents,
    netCostCents: row.net_cost_cents,
    provider: row.provider,
    active: row.active,
  };
}

function cachedJson(value: unknown): CachedJson {
  const body = JSON.stringify(value);
  return { body, etag: `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"` };
}

function byKindThenPrice(a: EsimPackageRow, b: EsimPackageRow): number {
  return (
    (KIND_ORDER[a.kind] ?? 9) - (KIND_ORDER[b.kind] ?? 9) ||
    a.price_cents - b.price_cents ||
    (a.data_gb ?? Infinity) - (b.data_gb ?? Infinity) ||
    a.package_id.localeCompare(b.package_id)
  );
}

/** Where a package takes you: a country, a region, or the world. */
function destinationKey(row: EsimPackageRow): string {
  if (row.kind === 'local') return `local:${row.country_code ?? ''}`;
  if (row.kind === 'regional') return `regional:${(row.region ?? '').toLowerCase()}`;
  return `global:${(row.region ?? '').toLowerCase()}`;
}

/**
 * The travel eSIM catalogue: synced from the provider, served from memory (one serialised
 * answer per filter, with an ETag), and the price authority for checkout.
 */
export function createEsimService(db: Db, provider: EsimProvider, catalog: CatalogService) {
  let active: Promise<EsimPackageRow[]> | null = null;
  let answers = new Map<string, Promise<CachedJson>>();

  function activePackages(): Promise<EsimPackageRow[]> {
    if (!active) {
      active = repo.selectActivePackages(db).then((records) => records.map(toRow).sort(byKindThenPrice));
      active.catch(() => {
        active = null;
      });
    }
    return active;
  }

  function invalidate() {
    active = null;
    answers = new Map();
  }

  async function filtered(filter: PackageFilter): Promise<EsimPackageRow[]> {
    const rows = await activePackages();
    if (!filter.country && !filter.region) {
      const cheapest = new Map<string, EsimPackageRow>();
      for (const row of rows) {
        const key = destinationKey(row);
        if (!cheapest.has(key)) cheapest.set(key, row);
      }
      return [...cheapest.values()];
    }
    let matches = rows;
    if (filter.country) {
      const code = await catalog.normalizeCountry(filter.country);
      if (!code) return [];
      const iso3 = (await catalog.iso3ByCountryCode()).get(code);
      matches = matches.filter(
        (row) => row.country_code === code || (iso3 !== undefined && row.countries_iso3.includes(iso3)),
      );
    }
    if (filter.region) {
      const region = filter.region.trim().toLowerCase();
      matches = matches.filter((row) => row.region?.toLowerCase() === region);
    }
    return matches;
  }

  return {
    /** Active packages for a country (ISO2, ISO3 or a name) and/or region; without filters, each destination's cheapest. */
    listPackages(filter: PackageFilter, options: { admin: boolean }): Promise<CachedJson> {
      const key = JSON.stringify([
        filter.country?.trim().toUpperCase() ?? '',
        filter.region?.trim().toLowerCase() ?? '',
        options.admin,
      ]);
      let answer = answers.get(key);
      if (!answer) {
        answer = filtered(filter).then((rows) =>
          cachedJson(
            options.admin ? rows : rows.map(({ net_cost_cents: _cost, ...visible }): PublicEsimPackage => visible),
          ),
        );
        answer.catch(() => answers.delete(key));
        answers.set(key, answer);
      }
      return answer;
    },

    /**
     * Prices a cart from the catalogue: client prices are never read. Repeated package ids are
     * merged; an unknown or retired package refuses the whole cart.
     */
    async priceCart(items: readonly { package_id: string; quantity: number }[]): Promise<PricedLine[]> {
      const quantities = new Map<string, number>();
      for (const item of items) quantities.set(item.package_id, (quantities.get(item.package_id) ?? 0) + item.quantity);
      const records = new Map(
        (await repo.selectPackagesByIds(db, [...quantities.keys()])).map((record) => [record.packageId, record]),
      );
      return [...quantities].map(([packageId, quantity]) => {
        const record = records.get(packageId);
        if (!record?.active) {
          throw new AppError(
            'BAD_REQUEST',
            'A package in your cart is no longer available. Please remove it and try again.',
            {
              [`items.${packageId}`]: ['This package is no longer available'],
            },
          );
        }
        return {
          packageId,
          name: record.packageName,
          unitPriceCents: record.priceCents,
          quantity,
          details: {
            data_gb: record.dataGb,
            validity_days: record.validityDays,
            kind: record.kind,
            country_code: record.countryCode,
            region: record.region,
            countries_iso3: record.countriesIso3,
          },
        };
      });
    },

    /**
     * Fetches the provider's catalogue and stores it: new packages added, changed ones updated,
     * missing ones retired, and another provider's packages (the sandbox's) retired too.
     */
    async syncCatalog(): Promise<{ inserted: number; total: number }> {
      const rows = await provider.listPackages();
      const inserted = await repo.replaceProviderPackages(db, provider.name, rows.map(toRecord));
      await repo.retireOtherProviders(db, provider.name);
      invalidate();
      return { inserted, total: rows.length };
    },

    /** Seed pipeline step 'esim-packages' (ADR 027): stores this provider's catalogue as given. */
    async loadSeedCatalogue(rows: readonly EsimPackageRow[]) {
      await repo.replaceProviderPackages(db, provider.name, rows.map(toRecord));
      invalidate();
    },

    /** What the eSIMs of orders paid since `since` (not refunded) cost the store. */
    netCostSince: (since: Date) => repo.selectNetCostSince(db, since),

    /** Every active package with its price and net cost, for /admin/pricing. */
    pricingRows: () => repo.selectActivePackagesForPricing(db),

    /**
     * An admin's price for a package, kept through the provider's syncs; `within` runs in its
     * transaction (the audit event) and every instance's catalogue hears it at once. False for no
     * such active package.
     */
    async setPrice(
      packageId: string,
      priceCents: number,
      within: (tx: Db, before: repo.EsimPackageRecord) => Promise<void>,
    ): Promise<boolean> {
      const changed = await inTransaction(db, async (tx) => {
        const [before] = await repo.lockPackage(tx, packageId);
        if (!before?.active) return false;
        await repo.setAdminPrice(tx, packageId, priceCents);
        await within(tx, before);
        await catalog.announceChange(tx);
        return true;
      });
      if (changed) invalidate();
      return changed;
    },

    /** The provisioned profiles of some order items. */
    profiles(orderItemIds: readonly string[]) {
      return repo.selectProfiles(db, orderItemIds);
    },

    invalidate,
  };
}

export type EsimService = ReturnType<typeof createEsimService>;
