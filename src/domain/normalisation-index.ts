import { normalizeAliasKey } from './reference-data.ts';

// The catalogue's names and aliases as lookup maps by alias key (normalizeAliasKey): built once per
// catalogue generation from the reference rows, by the catalog service and by the auto-linker.

export interface NormalisationIndex {
  readonly countries: Map<string, string>;
  /** Country code → ISO 3166 alpha-3, for coverage lists kept in alpha-3 (eSIM packages). */
  readonly iso3: Map<string, string>;
  readonly brands: Map<string, string>;
  readonly carriers: Map<string, Set<string>>;
  readonly carrierCountry: Map<string, string | null>;
  /** The catalogue's own names, by country code, brand slug and carrier slug. */
  readonly countryNames: Map<string, string>;
  readonly brandNames: Map<string, string>;
  readonly carrierNames: Map<string, string>;
}

/** The reference rows the index is built from (database selects and data/seed rows alike). */
export interface NormalisationRows {
  readonly countries: readonly { country_code: string; country_name: string; iso3: string | null }[];
  readonly countryAliases: readonly { alias: string; country_code: string }[];
  readonly brands: readonly { brand_slug: string; brand_name: string }[];
  readonly brandAliases: readonly { alias: string; brand_slug: string }[];
  readonly carriers: readonly { carrier_slug: string; carrier_name: string; country_code: string | null }[];
  /** `alias` is keyed on the way in; a stored alias_key is already a key. */
  readonly carrierAliases: readonly (({ alias: string } | { alias_key: string }) & { carrier_slug: string })[];
}

function addKey<V>(map: Map<string, V>, raw: string | null | undefined, value: V) {
  if (!raw) return;
  const key = normalizeAliasKey(raw);
  if (key && !map.has(key)) map.set(key, value);
}

function addCarrierKey(map: Map<string, Set<string>>, raw: string, slug: string) {
  const key = normalizeAliasKey(raw);
  if (!key) return;
  const slugs = map.get(key) ?? new Set<string>();
  slugs.add(slug);
  map.set(key, slugs);
}

export function buildNormalisationIndex(rows: NormalisationRows): NormalisationIndex {
  const { countries, countryAliases, brands, brandAliases, carriers, carrierAliases } = rows;
  const result: NormalisationIndex = {
    countries: new Map(),
    iso3: new Map(),
    brands: new Map(),
    carriers: new Map(),
    carrierCountry: new Map(),
    countryNames: new Map(countries.map((c) => [c.country_code, c.country_name])),
    brandNames: new Map(brands.map((b) => [b.brand_slug, b.brand_name])),
    carrierNames: new Map(carriers.map((c) => [c.carrier_slug, c.carrier_name])),
  };
  // Codes and canonical names win over aliases when both claim the same key.
  for (const c of countries) {
    if (c.iso3) result.iso3.set(c.country_code, c.iso3);
    addKey(result.countries, c.country_code, c.country_code);
    addKey(result.countries, c.iso3, c.country_code);
  }
  for (const c of countries) addKey(result.countries, c.country_name, c.country_code);
  for (const a of countryAliases) addKey(result.countries, a.alias, a.country_code);

  for (const b of brands) addKey(result.brands, b.brand_slug, b.brand_slug);
  for (const b of brands) addKey(result.brands, b.brand_name, b.brand_slug);
  for (const a of brandAliases) addKey(result.brands, a.alias, a.brand_slug);

  for (const c of carriers) {
    result.carrierCountry.set(c.carrier_slug, c.country_code);
    addCarrierKey(result.carriers, c.carrier_slug, c.carrier_slug);
    addCarrierKey(result.carriers, c.carrier_name, c.carrier_slug);
  }
  for (const a of carrierAliases) {
    if (!result.carrierCountry.has(a.carrier_slug)) continue;
    addCarrierKey(result.carriers, 'alias_key' in a ? a.alias_key : a.alias, a.carrier_slug);
  }
  return result;
}
