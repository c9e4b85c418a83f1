import { createHash } from 'node:crypto';
import { normalizeAliasKey } from '../../../domain/reference-data.ts';
import { buildNormalisationIndex, type NormalisationIndex } from '../../../domain/normalisation-index.ts';
import { type LinkerVocabulary, linkerVocabulary } from '../../../domain/auto-linker.ts';
import { sortSamsungModels } from '../../../domain/samsung-order.ts';
import { splitCarriers } from '../../../domain/unlock-form.ts';
import type { Db } from '../../db/client.ts';
import * as repo from './repo.ts';
import * as aliasRepo from './repo-aliases.ts';
import { ALIAS_MESSAGES, type AliasInput, type AliasPreview, type AliasType } from '../../../domain/admin-aliases.ts';
import { inTransaction } from '../../db/client.ts';
import { AppError } from '../../errors.ts';

export const CATALOG_CHANGED_CHANNEL = aliasRepo.CATALOG_CHANGED_CHANNEL;

/** A refusal of an alias, on its field, as the admin form shows it. */
function aliasRefusal(
  field: 'alias' | 'target' | 'country_code',
  message: string,
  code: 'VALIDATION_FAILED' | 'CONFLICT' = 'VALIDATION_FAILED',
) {
  return new AppError(code, message, { [field]: [message] });
}

export type { ReferenceData } from './repo.ts';
type ReferenceData = repo.ReferenceData;

/** A ready-to-send JSON answer and its validator, built once per cache generation. */
export interface CachedJson {
  readonly body: string;
  readonly etag: string;
}

export const CATALOG_LISTS = [
  'countries',
  'country-aliases',
  'carriers',
  'carrier-aliases',
  'brands',
  'brand-aliases',
  'iphone-models',
  'samsung-models',
] as const;
export type CatalogList = (typeof CATALOG_LISTS)[number];

const APPLE = 'apple';
const SAMSUNG = 'samsung';

function cachedJson(value: unknown): CachedJson {
  const body = JSON.stringify(value);
  const etag = `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`;
  return { body, etag };
}

/** What a shopper chose, as the catalogue names it; null (or no carriers) for what it does not know. */
export interface CatalogueNames {
  readonly brand: string | null;
  readonly carriers: readonly string[];
  readonly country: string | null;
}

/**
 * Reference data changes only when data/seed is loaded or an admin edits it, so each
 * answer is built once and served from memory until `invalidate()`.
 */
export function createCatalogService(db: Db) {
  let lists = new Map<string, Promise<CachedJson>>();
  let index: Promise<NormalisationIndex> | null = null;
  let linker: { from: Promise<NormalisationIndex>; vocabulary: LinkerVocabulary } | null = null;

  function memo(key: string, load: () => Promise<unknown>): Promise<CachedJson> {
    let entry = lists.get(key);
    if (!entry) {
      entry = load().then(cachedJson);
      entry.catch(() => lists.delete(key));
      lists.set(key, entry);
    }
    return entry;
  }

  const loaders: Record<CatalogList, () => Promise<unknown>> = {
    countries: () => repo.selectActiveCountries(db),
    'country-aliases': () => repo.selectCountryAliases(db),
    carriers: () => repo.selectActiveCarriers(db),
    'carrier-aliases': () => repo.selectCarrierAliases(db),
    brands: () => repo.selectActiveBrands(db),
    'brand-aliases': () => repo.selectBrandAliases(db),
    'iphone-models': () => repo.selectIphoneModels(db),
    'samsung-models': async () => sortSamsungModels(await repo.selectSamsungModels(db)),
  };

  async function buildIndex(): Promise<NormalisationIndex> {
    const [countries, countryAliases, brands, brandAliases, carriers, carrierAliases] = await Promise.all([
      repo.selectActiveCountries(db),
      repo.selectCountryAliases(db),
      repo.selectActiveBrands(db),
      repo.selectBrandAliases(db),
      repo.selectAllActiveCarriers(db),
      repo.selectAllCarrierAliases(db),
    ]);
    return buildNormalisationIndex({ countries, countryAliases, brands, brandAliases, carriers, carrierAliases });
  }

  function normalisation(): Promise<NormalisationIndex> {
    if (!index) {
      index = buildIndex();
      index.catch(() => {
        index = null;
      });
    }
    return index;
  }

  /** The auto-linker's reading of the catalogue, built once per generation of the index. */
  async function linkerWords(): Promise<LinkerVocabulary> {
    const from = normalisation();
    const idx = await from;
    if (linker?.from !== from) linker = { from, vocabulary: linkerVocabulary(idx) };
    return linker.vocabulary;
  }

  async function normalizeCountry(input: string): Promise<string | null> {
    const key = normalizeAliasKey(input);
    if (!key) return null;
    return (await normalisation()).countries.get(key) ?? null;
  }

  async function normalizeBrand(input: string): Promise<string | null> {
    const key = normalizeAliasKey(input);
    if (!key) return null;
    return (await normalisation()).brands.get(key) ?? null;
  }

  /** A carrier name shared by several countries resolves only with the country to choose by. */
  async function normalizeCarrier(input: string, country?: string | null): Promise<string | null> {
    const key = normalizeAliasKey(input);
    if (!key) return null;
    const idx = await normalisation();
    const candidates = [...(idx.carriers.get(key) ?? [])];
    if (candidates.length === 0) return null;
    const countryCode = country ? await normalizeCountry(country) : null;
    if (countryCode) {
      const inCountry = candidates.filter((slug) => idx.carrierCountry.get(slug) === countryCode);
      if (inCountry.length > 0) return inCountry.sort()[0] ?? null;
      const regionWide = candidates.filter((slug) => idx.carrierCountry.get(slug) === null);
      if (regionWide.length > 0) return regionWide.sort()[0] ?? null;
      return null;
    }
    return candidates.length === 1 ? (candidates[0] ?? null) : null;
  }

  /**
   * The catalogue's names for a brand, comma-joined carriers and a country as a shopper sent them
   * (slugs, codes, names or aliases); anything it does not know is left out, never echoed.
   */
  async function catalogueNames(choice: { brand: string; carrier: string; country: string }): Promise<CatalogueNames> {
    const idx = await normalisation();
    const countryCode = await normalizeCountry(choice.country);
    const brandSlug = await normalizeBrand(choice.brand);
    const carrierSlugs = await Promise.all(
      splitCarriers(choice.carrier).map((carrier) => normalizeCarrier(carrier, countryCode)),
    );
    const carriers = new Set<string>();
    for (const slug of carrierSlugs) {
      const name = slug ? idx.carrierNames.get(slug) : undefined;
      if (name) carriers.add(name);
    }
    return {
      brand: (brandSlug && idx.brandNames.get(brandSlug)) || null,
      carriers: [...carriers],
      country: (countryCode && idx.countryNames.get(countryCode)) || null,
    };
  }

  function invalidate() {
    lists = new Map();
    index = null;
  }

  /** What the alias's text already means, when that is somewhere else than its target. */
  function clash(idx: NormalisationIndex, alias: AliasInput): string | null {
    const key = normalizeAliasKey(alias.alias);
    if (alias.type === 'country') {
      const now = idx.countries.get(key);
      return now && now !== alias.target ? (idx.countryNames.get(now) ?? now) : null;
    }
    if (alias.type === 'brand') {
      const now = idx.brands.get(key);
      return now && now !== alias.target ? (idx.brandNames.get(now) ?? now) : null;
    }
    // A carrier name may be shared across countries; within one country it means one carrier.
    const country = alias.country_code ?? idx.carrierCountry.get(alias.target) ?? null;
    const other = [...(idx.carriers.get(key) ?? [])].find(
      (slug) => slug !== alias.target && (idx.carrierCountry.get(slug) ?? null) === country,
    );
    return other ? (idx.carrierNames.get(other) ?? other) : null;
  }

  /** The checks of a new alias; `replacing` is the alias an edit removes first (its key may stay). */
  async function checkAlias(tx: Db, idx: NormalisationIndex, alias: AliasInput, replacing?: AliasInput) {
    if (!normalizeAliasKey(alias.alias)) throw aliasRefusal('alias', ALIAS_MESSAGES.onlyPunctuation);
    if (!(await aliasRepo.targetName(tx, alias.type, alias.target))) {
      throw aliasRefusal('target', ALIAS_MESSAGES.unknownTarget(alias.type, alias.target));
    }
    if (
      alias.type === 'carrier' &&
      alias.country_code &&
      !(await aliasRepo.targetName(tx, 'country', alias.country_code))
    ) {
      throw aliasRefusal('country_code', ALIAS_MESSAGES.unknownCountry(alias.country_code));
    }
    const sameKey = replacing && normalizeAliasKey(replacing.alias) === normalizeAliasKey(alias.alias);
    const taken = sameKey ? null : clash(idx, alias);
    if (taken) throw aliasRefusal('alias', ALIAS_MESSAGES.taken(alias.alias, taken), 'CONFLICT');
  }

  /** An admin's change of the aliases, with its audit event (`within`) and the news to every instance. */
  async function changeAliases(
    work: (tx: Db, idx: NormalisationIndex) => Promise<void>,
    within?: (tx: Db) => Promise<void>,
  ) {
    // The clash check reads the index: built inside the transaction, its reads would wait for the
    // transaction's own connection on the embedded database (one connection) and never return.
    const idx = await normalisation();
    await inTransaction(db, async (tx) => {
      await work(tx, idx);
      await within?.(tx);
      await aliasRepo.announceCatalogChange(tx);
    });
    invalidate();
  }

  async function addAliases(aliases: readonly AliasInput[], within?: (tx: Db) => Promise<void>) {
    await changeAliases(async (tx, idx) => {
      for (const alias of aliases) {
        await checkAlias(tx, idx, alias);
        if (!(await aliasRepo.insertAlias(tx, alias))) throw aliasRefusal('alias', ALIAS_MESSAGES.exists, 'CONFLICT');
      }
    }, within);
  }

  /** The catalogue's names of brands, countries and carriers, by slug and code. */
  async function names(): Promise<
    Pick<NormalisationIndex, 'brandNames' | 'countryNames' | 'carrierNames' | 'carrierCountry'>
  > {
    return normalisation();
  }

  async function resolvedAs(type: AliasType, code: string | null) {
    if (!code) return null;
    const idx = await normalisation();
    const names = type === 'country' ? idx.countryNames : type === 'brand' ? idx.brandNames : idx.carrierNames;
    return { code, name: names.get(code) ?? code };
  }

  return {
    list: (name: CatalogList) => memo(name, loaders[name]),
    /** The aliases of one type, searched by text, target or target name (admin). */
    aliases: (type: AliasType, q: string | undefined, limit: number) => aliasRepo.selectAliases(db, type, q, limit),
    async addAlias(alias: AliasInput, within?: (tx: Db) => Promise<void>) {
      await addAliases([alias], within);
    },
    /** Several aliases in one change (an auto-linker correction teaching it), `within` in its transaction. */
    addAliases,
    async editAlias(from: AliasInput, to: AliasInput, within?: (tx: Db) => Promise<void>) {
      await changeAliases(async (tx, idx) => {
        if (!(await aliasRepo.deleteAlias(tx, from))) throw new AppError('NOT_FOUND', ALIAS_MESSAGES.notFound);
        await checkAlias(tx, idx, to, from);
        if (!(await aliasRepo.insertAlias(tx, to))) throw aliasRefusal('alias', ALIAS_MESSAGES.exists, 'CONFLICT');
      }, within);
    },
    async removeAlias(alias: AliasInput, within?: (tx: Db) => Promise<void>) {
      await changeAliases(async (tx) => {
        if (!(await aliasRepo.deleteAlias(tx, alias))) throw new AppError('NOT_FOUND', ALIAS_MESSAGES.notFound);
      }, within);
    },
    /** What a typed text means as a country, a brand and a carrier (in `country`, when given). */
    async preview(text: string, country?: string): Promise<AliasPreview> {
      const countryCode = await normalizeCountry(text);
      const within = country ? await normalizeCountry(country) : null;
      return {
        country: await resolvedAs('country', countryCode),
        brand: await resolvedAs('brand', await normalizeBrand(text)),
        carrier: await resolvedAs('carrier', await normalizeCarrier(text, within)),
      };
    },
    catalogueNames,
    regionCountries: (region?: string) =>
      memo(`region-countries:${region ?? ''}`, () => repo.selectRegionCountries(db, region)),
    /** Models of a brand: the iPhone and Samsung tables, or the built-in list of the others. */
    async models(brandInput: string): Promise<CachedJson | null> {
      const slug = await normalizeBrand(brandInput);
      if (!slug) return null;
      return memo(`models:${slug}`, async () => {
        if (slug === APPLE) return repo.selectIphoneModels(db);
        if (slug === SAMSUNG) return sortSamsungModels(await repo.selectSamsungModels(db));
        return repo.selectBrandModels(db, slug);
      });
    },
    /**
     * Every iPhone model's series number and Samsung model's series, read fresh: the quote engine
     * keeps its own copy and decides when to read again (ADR 014).
     */
    async modelSeries(): Promise<{
      iphones: { name: string; series: number }[];
      samsungs: { name: string; series: string }[];
    }> {
      const [iphones, samsungs] = await Promise.all([repo.selectIphoneModels(db), repo.selectSamsungModels(db)]);
      return {
        iphones: iphones.map((m) => ({ name: m.model_name, series: m.series_number })),
        samsungs: samsungs.map((m) => ({ name: m.model_name, series: m.model_series })),
      };
    },
    normalizeCountry,
    /** ISO alpha-3 of every active country, by country code. */
    async iso3ByCountryCode(): Promise<ReadonlyMap<string, string>> {
      return (await normalisation()).iso3;
    },
    normalizeBrand,
    normalizeCarrier,
    linkerVocabulary: linkerWords,
    names,
    /** Tells every instance (this one included) that the catalogue changed, in `tx`'s commit. */
    announceChange: (tx: Db) => aliasRepo.announceCatalogChange(tx),
    /** Seed pipeline step 'reference-data': upserts the lists of data/seed (ADR 027). */
    async loadReferenceData(data: ReferenceData) {
      await repo.upsertReferenceData(db, data);
      lists = new Map();
      index = null;
    },
    /** Reads the reference data again on next use: an admin's change here or on another instance. */
    invalidate,
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
