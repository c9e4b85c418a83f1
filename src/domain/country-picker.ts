// 'all ' only at the start of a word: a plain substring match would also hide "Marshall Islands".
const HIDDEN_NAME = /global|region|\ball |latin america|worldwide/i;

/** Spec section 2 "Unlock start panel": the country picker hides the pseudo entries for regions and the world. */
export function isPickableCountryName(name: string): boolean {
  return !HIDDEN_NAME.test(name);
}

/** Listed first in the picker; every other region follows alphabetically (spec section 9 "Country groups"). */
export const FIRST_REGION = 'North America';

// Compared without case and accents ("Åland Islands" among the A's), as a base-sensitivity collator
// would, without one: building a collator loads locale data, some 9 ms of the render that shows the
// country list as the page starts (ADR 063).
const sortKey = (name: string) => name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const compareKeys = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);

/** Sorts by name with each name's key made once, not once per comparison. */
function sortByName<T>(items: readonly T[], nameOf: (item: T) => string): T[] {
  return items
    .map((item) => ({ item, key: sortKey(nameOf(item)) }))
    .sort((a, b) => compareKeys(a.key, b.key))
    .map(({ item }) => item);
}

export interface CountryGroup<T> {
  region: string;
  countries: T[];
}

export function groupCountriesByRegion<T extends { country_name: string; region: string }>(
  rows: readonly T[],
): CountryGroup<T>[] {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    if (!isPickableCountryName(row.country_name)) continue;
    const group = groups.get(row.region);
    if (group) group.push(row);
    else groups.set(row.region, [row]);
  }
  const regions = sortByName(
    [...groups.keys()].filter((region) => region !== FIRST_REGION),
    (region) => region,
  );
  return [...(groups.has(FIRST_REGION) ? [FIRST_REGION] : []), ...regions].map((region) => ({
    region,
    countries: sortByName(groups.get(region) ?? [], (row) => row.country_name),
  }));
}
