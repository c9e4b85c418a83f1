// Writes data/seed/sandbox-supplier-catalog.json and data/seed/unlock-skus.json:
// `node --import tsx scripts/generate-sandbox-supplier.ts`.
// Costs and delivery times follow the public price lists of wholesale unlock suppliers
// (DHRU Fusion resellers) in 2025-2026, rounded; tool ids are our own sandbox ids.
import { writeFileSync } from 'node:fs';

type Tier = 'premium' | 'standard' | 'express';
interface ToolSpec {
  carrier: string;
  country: string;
  brand: string;
  /** iPhone series range, or Samsung series names; null for every model. */
  series?: [number, number];
  samsungSeries?: string[];
  tier: Tier;
  cost: number;
  hours: [number, number];
  success: number;
  clean: boolean;
}

const CARRIER_NAMES: Record<string, string> = {
  'att-us': 'AT&T USA',
  't-mobile-us': 'T-Mobile USA',
  verizon: 'Verizon USA',
  sprint: 'Sprint USA',
  'cricket-wireless': 'Cricket USA',
  'metro-by-t-mobile': 'Metro by T-Mobile',
  tracfone: 'Tracfone/Straight Talk',
  'us-cellular': 'US Cellular',
  'boost-mobile-us': 'Boost Mobile USA',
  'xfinity-mobile': 'Xfinity Mobile',
  ee: 'EE UK',
  'o2-uk': 'O2 UK',
  'vodafone-uk': 'Vodafone UK',
  'three-uk': 'Three UK',
  'tesco-mobile-uk': 'Tesco Mobile UK',
  'virgin-media-o2': 'Virgin Media UK',
  rogers: 'Rogers Canada',
  bell: 'Bell Canada',
  telus: 'Telus Canada',
  fido: 'Fido Canada',
  'freedom-mobile': 'Freedom Mobile Canada',
  koodo: 'Koodo Canada',
  telstra: 'Telstra Australia',
  optus: 'Optus Australia',
  'vodafone-au': 'Vodafone Australia',
  'telekom-de': 'Telekom Germany',
  'vodafone-de': 'Vodafone Germany',
  'o2-de': 'O2 Germany',
  'orange-fr': 'Orange France',
  sfr: 'SFR France',
  'bouygues-telecom': 'Bouygues France',
  'movistar-es': 'Movistar Spain',
  'vodafone-es': 'Vodafone Spain',
  'orange-es': 'Orange Spain',
  'tim-it': 'TIM Italy',
  'vodafone-it': 'Vodafone Italy',
  windtre: 'WindTre Italy',
  kpn: 'KPN Netherlands',
  'vodafone-nl': 'Vodafone Netherlands',
  'vodafone-ie': 'Vodafone Ireland',
  'three-ie': 'Three Ireland',
  telcel: 'Telcel Mexico',
  'att-mx': 'AT&T Mexico',
  'movistar-mx': 'Movistar Mexico',
  softbank: 'SoftBank Japan',
  'au-kddi': 'au KDDI Japan',
  'ntt-docomo': 'Docomo Japan',
};
const COUNTRY: Record<string, string> = Object.fromEntries(
  Object.keys(CARRIER_NAMES).map((slug) => [
    slug,
    /-uk$|^ee$|^virgin-media-o2$/.test(slug)
      ? 'GB'
      : /^(rogers|bell|telus|fido|freedom-mobile|koodo)$/.test(slug)
        ? 'CA'
        : /^(telstra|optus)$|-au$/.test(slug)
          ? 'AU'
          : /-de$/.test(slug)
            ? 'DE'
            : /^(orange-fr|sfr|bouygues-telecom)$/.test(slug)
              ? 'FR'
              : /-es$/.test(slug)
                ? 'ES'
                : /^(tim-it|windtre)$|-it$/.test(slug)
                  ? 'IT'
                  : /^kpn$|-nl$/.test(slug)
                    ? 'NL'
                    : /-ie$/.test(slug)
                      ? 'IE'
                      : /^telcel$|-mx$/.test(slug)
                        ? 'MX'
                        : /^(softbank|au-kddi|ntt-docomo)$/.test(slug)
                          ? 'JP'
                          : 'US',
  ]),
);
const BRAND_NAMES: Record<string, string> = {
  apple: 'iPhone',
  samsung: 'Samsung',
  google: 'Google Pixel',
  motorola: 'Motorola',
  lg: 'LG',
  oneplus: 'OnePlus',
};

const tools: ToolSpec[] = [];
const add = (
  carrier: string,
  brand: string,
  tier: Tier,
  cost: number,
  hours: [number, number],
  success: number,
  clean: boolean,
  range?: { series?: [number, number]; samsungSeries?: string[] },
) => tools.push({ carrier, country: COUNTRY[carrier] ?? 'US', brand, tier, cost, hours, success, clean, ...range });

// iPhone: the carriers' own unlock desks, newest models cost more and take longer.
const iphone: [string, number, number, [number, number], number, boolean][] = [
  // carrier, cost older (≤12), cost newer (13-17), hours, success, clean only
  ['att-us', 1500, 2900, [24, 72], 0.97, true],
  ['t-mobile-us', 7900, 11900, [72, 168], 0.92, true],
  ['sprint', 1900, 3900, [24, 96], 0.95, true],
  ['cricket-wireless', 2500, 3900, [24, 72], 0.94, true],
  ['metro-by-t-mobile', 6900, 9900, [72, 168], 0.9, true],
  ['tracfone', 3500, 5500, [48, 120], 0.9, true],
  ['us-cellular', 2900, 4500, [48, 120], 0.93, true],
  ['boost-mobile-us', 3500, 5900, [48, 120], 0.9, true],
  ['xfinity-mobile', 3900, 5900, [48, 120], 0.91, true],
  ['verizon', 2500, 3500, [24, 72], 0.96, true],
  ['ee', 1200, 1900, [24, 72], 0.98, false],
  ['o2-uk', 1500, 2200, [24, 72], 0.98, false],
  ['vodafone-uk', 1500, 2400, [24, 96], 0.97, false],
  ['three-uk', 1200, 1900, [24, 72], 0.98, false],
  ['tesco-mobile-uk', 1500, 2200, [24, 96], 0.96, false],
  ['virgin-media-o2', 1900, 2500, [24, 96], 0.96, false],
  ['rogers', 1900, 2900, [24, 96], 0.96, true],
  ['bell', 1900, 2900, [24, 96], 0.96, true],
  ['telus', 1900, 2900, [24, 96], 0.96, true],
  ['fido', 1900, 2900, [24, 96], 0.95, true],
  ['koodo', 1900, 2900, [24, 96], 0.95, true],
  ['freedom-mobile', 2500, 3500, [48, 120], 0.94, true],
  ['telstra', 2500, 3500, [24, 96], 0.96, false],
  ['optus', 2500, 3500, [24, 96], 0.96, false],
  ['vodafone-au', 2500, 3500, [24, 96], 0.95, false],
  ['telekom-de', 5900, 7900, [72, 168], 0.9, true],
  ['vodafone-de', 4900, 6900, [72, 168], 0.9, true],
  ['o2-de', 4500, 6500, [72, 168], 0.9, true],
  ['orange-fr', 3500, 4900, [48, 120], 0.93, true],
  ['sfr', 3500, 4900, [48, 120], 0.93, true],
  ['bouygues-telecom', 2900, 4500, [48, 120], 0.93, true],
  ['movistar-es', 3500, 4900, [48, 120], 0.93, true],
  ['vodafone-es', 3900, 5500, [48, 120], 0.92, true],
  ['orange-es', 3500, 4900, [48, 120], 0.92, true],
  ['tim-it', 4500, 5900, [72, 168], 0.91, true],
  ['vodafone-it', 4500, 5900, [72, 168], 0.91, true],
  ['windtre', 4500, 5900, [72, 168], 0.9, true],
  ['kpn', 3900, 5500, [48, 120], 0.93, true],
  ['vodafone-nl', 3900, 5500, [48, 120], 0.93, true],
  ['vodafone-ie', 2500, 3500, [24, 96], 0.95, false],
  ['three-ie', 2500, 3500, [24, 96], 0.95, false],
  ['telcel', 2900, 4500, [48, 120], 0.92, true],
  ['att-mx', 2900, 4500, [48, 120], 0.92, true],
  ['movistar-mx', 3500, 4900, [48, 120], 0.9, true],
  ['softbank', 5900, 7900, [72, 168], 0.88, true],
  ['au-kddi', 5900, 7900, [72, 168], 0.88, true],
  ['ntt-docomo', 4900, 6900, [72, 168], 0.9, true],
];
for (const [carrier, older, newer, hours, success, clean] of iphone) {
  add(carrier, 'apple', 'standard', older, hours, success, clean, { series: [4, 12] });
  add(carrier, 'apple', 'premium', newer, hours, success, clean, { series: [13, 17] });
}
// A second route for the busiest carriers: faster and dearer, so routing has a choice.
add('att-us', 'apple', 'express', 4900, [1, 24], 0.95, true, { series: [8, 17] });
add('t-mobile-us', 'apple', 'express', 15900, [24, 96], 0.9, true, { series: [11, 17] });
add('ee', 'apple', 'express', 2900, [1, 24], 0.97, false, { series: [8, 17] });

// Samsung: network unlock codes, cheap and quick; newer flagships through the carrier desk.
const samsung: [string, number, [number, number], number][] = [
  ['att-us', 1900, [1, 24], 0.96],
  ['t-mobile-us', 4900, [24, 72], 0.9],
  ['cricket-wireless', 1500, [1, 24], 0.95],
  ['metro-by-t-mobile', 3900, [24, 72], 0.88],
  ['tracfone', 2500, [24, 72], 0.9],
  ['sprint', 1500, [1, 24], 0.95],
  ['ee', 900, [1, 24], 0.98],
  ['o2-uk', 900, [1, 24], 0.98],
  ['vodafone-uk', 900, [1, 24], 0.98],
  ['three-uk', 900, [1, 24], 0.98],
  ['rogers', 1500, [1, 24], 0.96],
  ['bell', 1500, [1, 24], 0.96],
  ['telus', 1500, [1, 24], 0.96],
  ['telstra', 1900, [1, 48], 0.95],
  ['optus', 1900, [1, 48], 0.95],
  ['vodafone-au', 1900, [1, 48], 0.95],
  ['vodafone-de', 2900, [24, 72], 0.92],
  ['telekom-de', 3500, [24, 72], 0.9],
  ['orange-fr', 2500, [24, 72], 0.93],
  ['movistar-es', 2500, [24, 72], 0.93],
  ['tim-it', 2900, [24, 72], 0.92],
  ['telcel', 1900, [24, 72], 0.93],
];
for (const [carrier, cost, hours, success] of samsung) {
  add(carrier, 'samsung', 'standard', cost, hours, success, false, { samsungSeries: ['Galaxy A', 'Galaxy M'] });
  add(carrier, 'samsung', 'premium', cost + 1500, [hours[0], hours[1] + 24], success - 0.02, true, {
    samsungSeries: ['Galaxy S', 'Galaxy Z', 'Galaxy Note'],
  });
}

// Google Pixel, Motorola, LG and OnePlus: the US and UK carriers that sell them locked.
for (const [carrier, brand, cost, hours, success] of [
  ['att-us', 'google', 2500, [24, 72], 0.94],
  ['t-mobile-us', 'google', 4900, [24, 96], 0.9],
  ['verizon', 'google', 2500, [24, 72], 0.94],
  ['ee', 'google', 1500, [24, 72], 0.96],
  ['vodafone-uk', 'google', 1500, [24, 72], 0.96],
  ['t-mobile-us', 'motorola', 1500, [1, 24], 0.95],
  ['cricket-wireless', 'motorola', 1200, [1, 24], 0.95],
  ['metro-by-t-mobile', 'motorola', 1500, [1, 24], 0.94],
  ['att-us', 'motorola', 1200, [1, 24], 0.95],
  ['tracfone', 'motorola', 1500, [1, 48], 0.92],
  ['att-us', 'lg', 900, [1, 24], 0.96],
  ['t-mobile-us', 'lg', 1500, [1, 48], 0.93],
  ['cricket-wireless', 'lg', 900, [1, 24], 0.95],
  ['t-mobile-us', 'oneplus', 3900, [24, 96], 0.9],
  ['att-us', 'oneplus', 2500, [24, 72], 0.92],
] as [string, string, number, [number, number], number][]) {
  add(carrier, brand, 'standard', cost, hours, success, false);
}

const tierName: Record<Tier, string> = { standard: 'Standard', premium: 'Premium', express: 'Express' };
let id = 1000;
const services = tools.map((tool) => {
  const range = tool.series
    ? tool.series[0] === tool.series[1]
      ? ` ${tool.series[0]}`
      : ` ${tool.series[0]}-${tool.series[1]}`
    : tool.samsungSeries
      ? ` ${tool.samsungSeries.join('/')}`
      : '';
  return {
    tool_id: `SBX-${id++}`,
    name: `${CARRIER_NAMES[tool.carrier]} ${BRAND_NAMES[tool.brand]}${range} - ${tierName[tool.tier]}${tool.clean ? ' (Clean IMEI only)' : ''}`,
    brand_slug: tool.brand,
    carrier_slug: tool.carrier,
    country_code: tool.country,
    series_min: tool.series?.[0] ?? null,
    series_max: tool.series?.[1] ?? null,
    model_series: tool.samsungSeries ?? null,
    cost_cents: tool.cost,
    delivery_hours_min: tool.hours[0],
    delivery_hours_max: tool.hours[1],
    success_rate: Math.round(tool.success * 1000) / 1000,
    requires_clean_check: tool.clean,
  };
});

writeFileSync(
  'data/seed/sandbox-supplier-catalog.json',
  JSON.stringify(
    {
      source:
        'OpenLine sandbox supplier: generated by scripts/generate-sandbox-supplier.ts. Costs and delivery windows are rounded from public 2025-2026 wholesale unlock price lists (DHRU Fusion resellers); tool ids are sandbox ids.',
      rows: services,
    },
    null,
    1,
  ) + '\n',
);

// Fixed-price SKUs for the most asked-for unlocks: checked by hand, they win over tool routing.
const skuFor = (carrier: string, brand: string, seriesMin: number | null, seriesMax: number | null, price: number) => {
  // The cheapest service that covers the SKU's whole series range (issue 44: 13-17 had been given the 4-12 one).
  const [tool] = services
    .filter(
      (s) =>
        s.carrier_slug === carrier &&
        s.brand_slug === brand &&
        (seriesMin === null || (s.series_min ?? 0) <= seriesMin) &&
        (seriesMax === null || (s.series_max ?? Number.MAX_SAFE_INTEGER) >= seriesMax),
    )
    .sort((a, b) => a.cost_cents - b.cost_cents);
  if (!tool) throw new Error(`no tool for ${carrier} ${brand}`);
  return {
    sku_code: `UNL-${carrier.toUpperCase()}-${brand.toUpperCase()}${seriesMin ? `-${seriesMin}-${seriesMax}` : ''}`,
    brand_slug: brand,
    carrier_slug: carrier,
    country_code: tool.country_code,
    series_min: seriesMin,
    series_max: seriesMax,
    price_cents: price,
    estimated_hours_min: tool.delivery_hours_min,
    estimated_hours_max: tool.delivery_hours_max,
    requires_clean_check: tool.requires_clean_check,
    default_tool_id: tool.tool_id,
  };
};
writeFileSync(
  'data/seed/unlock-skus.json',
  JSON.stringify(
    {
      source:
        'OpenLine curated fixed-price SKUs for the most requested unlocks, generated by scripts/generate-sandbox-supplier.ts from the sandbox catalogue.',
      rows: [
        skuFor('att-us', 'apple', 13, 17, 4999),
        skuFor('att-us', 'apple', 4, 12, 2999),
        skuFor('ee', 'apple', 4, 12, 2499),
        skuFor('o2-uk', 'apple', 4, 12, 2999),
        skuFor('three-uk', 'apple', 4, 12, 2499),
        skuFor('rogers', 'apple', 4, 12, 3999),
        skuFor('att-us', 'samsung', null, null, 2999),
      ],
    },
    null,
    1,
  ) + '\n',
);
console.log(`${services.length} sandbox tools written`);
