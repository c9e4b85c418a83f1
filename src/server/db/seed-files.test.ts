import { licenseProductSchema } from '../../domain/licenses.ts';
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, it, expect } from 'vitest';
import type { z } from 'zod';
import { supplierServiceSchema } from '../integrations/suppliers/sandbox.ts';
import { skuSeedSchema } from '../modules/quotes/service.ts';
import {
  BUILT_IN_MODEL_BRANDS,
  brandAliasRowSchema,
  brandModelRowSchema,
  brandRowSchema,
  carrierAliasRowSchema,
  carrierRowSchema,
  countryAliasRowSchema,
  countryRowSchema,
  iphoneModelRowSchema,
  normalizeAliasKey,
  regionCountryRowSchema,
  regionNames,
  samsungModelRowSchema,
  seedFileSchema,
} from '../../domain/reference-data.ts';
import { CATALOGUE_COUNTS } from '../../domain/catalogue-figures.ts';
import { TOP_BRANDS } from '../../domain/store-config.ts';
import { esimPackageRowSchema } from '../../domain/esim-catalog.ts';

const SEED_DIR = resolve(process.cwd(), 'data/seed');

function load<Row extends z.ZodType>(file: string, row: Row): z.infer<Row>[] {
  const raw: unknown = JSON.parse(readFileSync(join(SEED_DIR, file), 'utf8'));
  return seedFileSchema(row).parse(raw).rows;
}

function duplicates(values: readonly string[]): string[] {
  const seen = new Set<string>();
  return values.filter((value) => (seen.has(value) ? true : (seen.add(value), false)));
}

const SCHEMAS = {
  'countries.json': countryRowSchema,
  'country-aliases.json': countryAliasRowSchema,
  'carriers.json': carrierRowSchema,
  'carrier-aliases.json': carrierAliasRowSchema,
  'brands.json': brandRowSchema,
  'brand-aliases.json': brandAliasRowSchema,
  'region-countries.json': regionCountryRowSchema,
  'iphone-models.json': iphoneModelRowSchema,
  'samsung-models.json': samsungModelRowSchema,
  'brand-models.json': brandModelRowSchema,
  'sandbox-supplier-catalog.json': supplierServiceSchema,
  'unlock-skus.json': skuSeedSchema,
  'esim-packages.json': esimPackageRowSchema,
  'licenses.json': licenseProductSchema,
} as const;

const countries = load('countries.json', countryRowSchema);
const countryAliases = load('country-aliases.json', countryAliasRowSchema);
const carriers = load('carriers.json', carrierRowSchema);
const carrierAliases = load('carrier-aliases.json', carrierAliasRowSchema);
const brands = load('brands.json', brandRowSchema);
const brandAliases = load('brand-aliases.json', brandAliasRowSchema);
const regionCountries = load('region-countries.json', regionCountryRowSchema);
const iphones = load('iphone-models.json', iphoneModelRowSchema);
const samsungs = load('samsung-models.json', samsungModelRowSchema);
const brandModels = load('brand-models.json', brandModelRowSchema);

const countryByCode = new Map(countries.map((country) => [country.country_code, country]));
const carrierBySlug = new Map(carriers.map((carrier) => [carrier.carrier_slug, carrier]));
const brandSlugs = new Set(brands.map((brand) => brand.brand_slug));

describe('data/seed files', () => {
  it('holds exactly the known files, each valid against its row schema', () => {
    const files = readdirSync(SEED_DIR).filter((file) => file.endsWith('.json'));
    expect(files.sort()).toEqual(Object.keys(SCHEMAS).sort());
    for (const [file, schema] of Object.entries(SCHEMAS)) {
      expect(() => load(file, schema), file).not.toThrow();
    }
  });
});

describe('countries', () => {
  it('has unique codes and unique names', () => {
    expect(duplicates(countries.map((c) => c.country_code))).toEqual([]);
    expect(duplicates(countries.map((c) => normalizeAliasKey(c.country_name)))).toEqual([]);
  });

  it('uses the ISO2 code as country_code for every real country', () => {
    for (const country of countries.filter((c) => c.iso2 !== null)) {
      expect(country.country_code, country.country_name).toBe(country.iso2);
      expect(country.iso3, country.country_name).not.toBeNull();
    }
  });

  it('contains the pseudo entries of the original product', () => {
    for (const code of ['GLOBAL', 'WORLDWIDE', 'LATAM', 'EU-REGION', 'ALL']) {
      expect(countryByCode.get(code), code).toMatchObject({ iso2: null, iso3: null, active: true });
    }
  });

  it.each([
    ['US', 'United States', 'North America'],
    ['MX', 'Mexico', 'North America'],
    ['GB', 'United Kingdom', 'Europe'],
    ['KR', 'South Korea', 'Asia'],
    ['RU', 'Russia', 'Europe'],
    ['VN', 'Vietnam', 'Asia'],
    ['CZ', 'Czechia', 'Europe'],
    ['TR', 'Turkey', 'Europe'],
    ['AE', 'United Arab Emirates', 'Middle East'],
    ['BR', 'Brazil', 'South America'],
    ['PA', 'Panama', 'Central America'],
    ['JM', 'Jamaica', 'Caribbean'],
  ])('%s is %s in %s', (code, name, region) => {
    expect(countryByCode.get(code)).toMatchObject({ country_name: name, region, active: true });
  });
});

describe('country aliases', () => {
  it('point at existing countries', () => {
    for (const alias of countryAliases) expect(countryByCode.has(alias.country_code), alias.alias).toBe(true);
  });

  it('are unique by normalised key and never name another country', () => {
    expect(duplicates(countryAliases.map((a) => normalizeAliasKey(a.alias)))).toEqual([]);
    const owner = new Map<string, string>();
    for (const country of countries) {
      for (const text of [country.country_name, country.iso2, country.iso3]) {
        if (text) owner.set(normalizeAliasKey(text), country.country_code);
      }
    }
    const collisions = countryAliases.filter((a) => {
      const other = owner.get(normalizeAliasKey(a.alias));
      return other !== undefined && other !== a.country_code;
    });
    expect(collisions).toEqual([]);
  });

  it.each([
    ['USA', 'US'],
    ['u.s.', 'US'],
    ['Great Britain', 'GB'],
    ['England', 'GB'],
    ['Holland', 'NL'],
    ['Korea', 'KR'],
    ['UAE', 'AE'],
    ['Deutschland', 'DE'],
    ['Espana', 'ES'],
    ['Brasil', 'BR'],
    ['Türkiye', 'TR'],
    ['Czech Republic', 'CZ'],
    ['Russian Federation', 'RU'],
    ['Viet Nam', 'VN'],
    ["Cote d'Ivoire", 'CI'],
    ['Hong Kong SAR', 'HK'],
  ])('%s resolves to %s', (alias, code) => {
    const key = normalizeAliasKey(alias);
    expect(countryAliases.find((a) => normalizeAliasKey(a.alias) === key)?.country_code).toBe(code);
  });
});

describe('carriers', () => {
  it('has unique slugs and at most the 500 rows the carrier list returns', () => {
    expect(duplicates(carriers.map((c) => c.carrier_slug))).toEqual([]);
    expect(carriers.length).toBeGreaterThanOrEqual(250);
    expect(carriers.length).toBeLessThanOrEqual(500);
  });

  it('has unique names within a country', () => {
    const keys = carriers.map((c) => `${c.country_code ?? '*'}:${normalizeAliasKey(c.carrier_name)}`);
    expect(duplicates(keys)).toEqual([]);
  });

  it('refers to real countries and covers at least 40 markets with 3+ carriers each', () => {
    const perCountry = new Map<string, number>();
    for (const carrier of carriers) {
      if (carrier.country_code === null) continue;
      expect(countryByCode.get(carrier.country_code)?.iso2, carrier.carrier_slug).toBe(carrier.country_code);
      perCountry.set(carrier.country_code, (perCountry.get(carrier.country_code) ?? 0) + 1);
    }
    expect(perCountry.size).toBeGreaterThanOrEqual(40);
    expect([...perCountry.values()].filter((count) => count >= 3).length).toBeGreaterThanOrEqual(40);
  });

  it('names each region entry after a region of region-countries, or Worldwide', () => {
    const regions = carriers.filter((c) => c.carrier_type === 'region');
    expect(regions.length).toBeGreaterThanOrEqual(6);
    expect(regions.length).toBeLessThanOrEqual(10);
    const known = new Set<string>([...regionNames, 'Worldwide']);
    for (const region of regions) {
      expect(known.has(region.carrier_name.replace(/ \(.*\)$/, '')), region.carrier_name).toBe(true);
    }
  });

  it.each(['att-us', 't-mobile-us', 'verizon', 'sprint', 'cricket-wireless', 'vodafone-uk', 'vodafone-de', 'att-mx'])(
    '%s exists',
    (slug) => {
      expect(carrierBySlug.has(slug)).toBe(true);
    },
  );
});

describe('carrier aliases', () => {
  it('point at existing carriers, scoped to the carrier country', () => {
    for (const alias of carrierAliases) {
      const carrier = carrierBySlug.get(alias.carrier_slug);
      expect(carrier, alias.alias).toBeDefined();
      expect(alias.country_code, alias.alias).toBe(carrier?.country_code);
    }
  });

  it('are unique within a country and never name another carrier there', () => {
    const scoped = (country: string | null, text: string) => `${country ?? '*'}:${normalizeAliasKey(text)}`;
    expect(duplicates(carrierAliases.map((a) => scoped(a.country_code, a.alias)))).toEqual([]);
    const nameOwner = new Map(carriers.map((c) => [scoped(c.country_code, c.carrier_name), c.carrier_slug]));
    const collisions = carrierAliases.filter((a) => {
      const other = nameOwner.get(scoped(a.country_code, a.alias));
      return other !== undefined && other !== a.carrier_slug;
    });
    expect(collisions).toEqual([]);
  });

  it('has 200 to 500 rows (the spec reads at most 500)', () => {
    expect(carrierAliases.length).toBeGreaterThanOrEqual(200);
    expect(carrierAliases.length).toBeLessThanOrEqual(500);
  });

  it.each([
    ['ATT', 'US', 'att-us'],
    ['AT&T Mobility', 'US', 'att-us'],
    ['TMobile', 'US', 't-mobile-us'],
    ['t mobile usa', 'US', 't-mobile-us'],
    ['MetroPCS', 'US', 'metro-by-t-mobile'],
    ['Cricket', 'US', 'cricket-wireless'],
    ['Three', 'GB', 'three-uk'],
    ['Docomo', 'JP', 'ntt-docomo'],
  ])('%s in %s resolves to %s', (alias, country, slug) => {
    const key = normalizeAliasKey(alias);
    const match = carrierAliases.find((a) => a.country_code === country && normalizeAliasKey(a.alias) === key);
    expect(match?.carrier_slug).toBe(slug);
  });
});

describe('the figures the marketing pages quote (catalogue-figures.ts)', () => {
  it('are the counts of the catalogue shipped here', () => {
    const listed = { apple: iphones.length, samsung: samsungs.length };
    expect({
      carriers: carriers.filter((carrier) => carrier.active && carrier.carrier_type !== 'region').length,
      brands: brands.filter((brand) => brand.active).length,
      modelsByBrand: listed,
      models: iphones.length + samsungs.length + brandModels.length,
    }).toEqual(CATALOGUE_COUNTS);
  });
});

describe('brands', () => {
  const slugOf = (name: string) =>
    brands.find((brand) => normalizeAliasKey(brand.brand_name) === normalizeAliasKey(name))?.brand_slug;

  it('has unique slugs and names', () => {
    expect(duplicates(brands.map((b) => b.brand_slug))).toEqual([]);
    expect(duplicates(brands.map((b) => normalizeAliasKey(b.brand_name)))).toEqual([]);
  });

  it('contains the 10 top brands under their slugs', () => {
    for (const top of TOP_BRANDS) expect(slugOf(top.name), top.name).toBe(top.slug);
  });

  it('gives each of the 28 built-in brands exactly 5 distinct models', () => {
    const builtInSlugs = new Set<string>();
    for (const name of BUILT_IN_MODEL_BRANDS) {
      const slug = slugOf(name);
      expect(slug, name).toBeDefined();
      if (slug === undefined) continue;
      builtInSlugs.add(slug);
      const models = brandModels.filter((m) => m.brand_slug === slug).map((m) => m.model_name.toLowerCase());
      expect(models, name).toHaveLength(5);
      expect(new Set(models).size, name).toBe(5);
    }
    for (const model of brandModels) expect(builtInSlugs.has(model.brand_slug), model.model_name).toBe(true);
  });

  it('has aliases that point at existing brands, unique by key and not naming another brand', () => {
    for (const alias of brandAliases) expect(brandSlugs.has(alias.brand_slug), alias.alias).toBe(true);
    expect(duplicates(brandAliases.map((a) => normalizeAliasKey(a.alias)))).toEqual([]);
    const collisions = brandAliases.filter((a) => {
      const other = slugOf(a.alias);
      return other !== undefined && other !== a.brand_slug;
    });
    expect(collisions).toEqual([]);
  });

  it.each([
    ['iPhone', 'apple'],
    ['Samsung Galaxy', 'samsung'],
    ['Pixel', 'google'],
    ['One Plus', 'oneplus'],
    ['Moto', 'motorola'],
    ['HMD', 'nokia'],
    ['Xperia', 'sony'],
  ])('alias %s resolves to %s', (alias, slug) => {
    const key = normalizeAliasKey(alias);
    expect(brandAliases.find((a) => normalizeAliasKey(a.alias) === key)?.brand_slug).toBe(slug);
  });
});

describe('region countries', () => {
  it('uses real, active countries under their countries.json names, once per region', () => {
    for (const row of regionCountries) {
      const country = countryByCode.get(row.country_code);
      expect(country?.iso2, row.country_code).toBe(row.country_code);
      expect(row.country_name, row.country_code).toBe(country?.country_name);
      expect(country?.active, row.country_code).toBe(true);
    }
    expect(duplicates(regionCountries.map((r) => `${r.region}:${r.country_code}`))).toEqual([]);
  });

  it('fills every region and has the 27 EU members', () => {
    for (const region of regionNames) {
      expect(
        regionCountries.some((r) => r.region === region),
        region,
      ).toBe(true);
    }
    expect(regionCountries.filter((r) => r.region === 'European Union')).toHaveLength(27);
  });
});

describe('iPhone models', () => {
  it('has unique names and covers generations 1 to 17 (Apple skipped 9)', () => {
    expect(duplicates(iphones.map((m) => m.model_name))).toEqual([]);
    const series = new Set(iphones.map((m) => m.series_number));
    for (let n = 1; n <= 17; n++) if (n !== 9) expect(series.has(n), `series ${n}`).toBe(true);
    expect(Math.max(...series)).toBe(17);
  });

  it.each([
    ['iPhone', 1, 2007],
    ['iPhone X', 10, 2017],
    ['iPhone SE (2nd generation)', 11, 2020],
    ['iPhone 16e', 16, 2025],
    ['iPhone Air', 17, 2025],
    ['iPhone 17 Pro Max', 17, 2025],
  ])('%s is series %i from %i', (name, series, year) => {
    expect(iphones.find((m) => m.model_name === name)).toEqual({
      model_name: name,
      series_number: series,
      release_year: year,
    });
  });
});

describe('Samsung models', () => {
  it('has unique names and the flagship lines', () => {
    expect(duplicates(samsungs.map((m) => m.model_name))).toEqual([]);
    const names = new Set(samsungs.map((m) => m.model_name));
    for (const name of [
      'Galaxy S7',
      'Galaxy S25 Ultra',
      'Galaxy Z Fold7',
      'Galaxy Z Flip7 FE',
      'Galaxy Note20 Ultra',
    ]) {
      expect(names.has(name), name).toBe(true);
    }
    for (const series of ['Galaxy S', 'Galaxy Z', 'Galaxy Note', 'Galaxy A', 'Galaxy M'] as const) {
      expect(
        samsungs.some((m) => m.model_series === series),
        series,
      ).toBe(true);
    }
  });
});

describe('unlock supply', () => {
  const tools = load('sandbox-supplier-catalog.json', supplierServiceSchema);
  const skus = load('unlock-skus.json', skuSeedSchema);
  const carrierSlugs = new Set(carriers.map((c) => c.carrier_slug));
  const brandSlugs = new Set(brands.map((b) => b.brand_slug));

  it('names only carriers and brands we know, with unique tool ids', () => {
    expect(duplicates(tools.map((t) => t.tool_id))).toEqual([]);
    expect(tools.filter((t) => t.carrier_slug && !carrierSlugs.has(t.carrier_slug))).toEqual([]);
    expect(tools.filter((t) => t.brand_slug && !brandSlugs.has(t.brand_slug))).toEqual([]);
  });

  it('gives every SKU a default tool of the same carrier and brand', () => {
    for (const sku of skus) {
      const tool = tools.find((t) => t.tool_id === sku.default_tool_id);
      expect(tool, sku.sku_code).toMatchObject({ carrier_slug: sku.carrier_slug, brand_slug: sku.brand_slug });
    }
  });
});
