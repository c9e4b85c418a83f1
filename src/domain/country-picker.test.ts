import { describe, expect, it } from 'vitest';
import { groupCountriesByRegion, isPickableCountryName } from './country-picker.ts';

describe('isPickableCountryName', () => {
  it.each([
    { name: 'United States', expected: true },
    { name: 'Mexico', expected: true },
    { name: 'Marshall Islands', expected: true },
    { name: 'Wallis and Futuna', expected: true },
    { name: 'Global', expected: false },
    { name: 'GLOBAL ROAMING', expected: false },
    { name: 'Europe Region', expected: false },
    { name: 'Caribbean region', expected: false },
    { name: 'All Countries', expected: false },
    { name: 'all networks', expected: false },
    { name: 'Latin America', expected: false },
    { name: 'LATIN AMERICA & Caribbean', expected: false },
    { name: 'Worldwide', expected: false },
  ])('$name → $expected', ({ name, expected }) => {
    expect(isPickableCountryName(name)).toBe(expected);
  });
});

describe('groupCountriesByRegion', () => {
  const row = (country_name: string, region: string) => ({
    country_name,
    region,
    country_code: country_name.slice(0, 2),
  });
  const rows = [
    row('Germany', 'Europe'),
    row('Kenya', 'Africa'),
    row('Mexico', 'North America'),
    row('Austria', 'Europe'),
    row('Canada', 'North America'),
    row('Worldwide', 'Global'),
    row('Global', 'Global'),
    row('Europe Region', 'Europe'),
    row('Jamaica', 'Caribbean'),
    row('United States', 'North America'),
    row('Ägypten', 'Africa'),
    row('egypt', 'Africa'),
  ];

  it('puts North America first, then regions alphabetically, countries alphabetically, pseudo entries left out', () => {
    expect(
      groupCountriesByRegion(rows).map((group) => [
        group.region,
        group.countries.map((country) => country.country_name),
      ]),
    ).toEqual([
      ['North America', ['Canada', 'Mexico', 'United States']],
      ['Africa', ['Ägypten', 'egypt', 'Kenya']],
      ['Caribbean', ['Jamaica']],
      ['Europe', ['Austria', 'Germany']],
    ]);
  });

  it.each([
    { case: 'no rows', input: [], expected: [] },
    { case: 'only pseudo entries', input: [row('Global', 'Global'), row('All Countries', 'Global')], expected: [] },
    {
      case: 'no North America',
      input: [row('Peru', 'South America'), row('Fiji', 'Oceania')],
      expected: ['Oceania', 'South America'],
    },
  ])('$case', ({ input, expected }) => {
    expect(groupCountriesByRegion(input).map((group) => group.region)).toEqual(expected);
  });

  it('keeps the whole row and does not reorder its input', () => {
    const input = [row('Mexico', 'North America'), row('Canada', 'North America')];
    const [group] = groupCountriesByRegion(input);
    expect(group?.countries[0]).toBe(input[1]);
    expect(input.map((country) => country.country_name)).toEqual(['Mexico', 'Canada']);
  });
});
