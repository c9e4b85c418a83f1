import { describe, expect, it } from 'vitest';
import { optionNamed, searchOptions } from './picker-search.ts';

const US_CARRIERS = [
  { label: 'AT&T', aliases: ['ATT', 'AT and T', 'Cingular'] },
  { label: 'Boost Mobile', aliases: [] },
  { label: 'Cricket Wireless', aliases: ['Cricket'] },
  { label: 'T-Mobile', aliases: ['T Mobile', 'TMO'] },
  { label: 'Verizon', aliases: ['Verizon Wireless'] },
];
const labels = (search: string) => searchOptions(US_CARRIERS, search).map((option) => option.label);

describe('what a picker lists for what is typed', () => {
  it.each([
    ['ATT', ['AT&T']],
    ['att', ['AT&T']],
    ['AT and T', ['AT&T']],
    ['at&t', ['AT&T']],
    ['Cingular', ['AT&T']],
    ['tmobile', ['T-Mobile']],
    ['T Mobile', ['T-Mobile', 'Boost Mobile']],
    ['t-mo', ['T-Mobile']],
    ['TMO', ['T-Mobile']],
    ['mobile', ['Boost Mobile', 'T-Mobile']],
    ['verizon wireless', ['Verizon']],
    ['cri', ['Cricket Wireless']],
    ['vodafone', []],
  ])('%s → %j', (search, expected) => {
    expect(labels(search)).toEqual(expected);
  });

  it('lists everything, in order, for an empty search', () => {
    expect(labels('  ')).toEqual(US_CARRIERS.map((option) => option.label));
  });

  it('matches keywords as part of the search, as before', () => {
    const countries = [
      { label: 'United States', keywords: ['US', 'USA'], aliases: ['America'] },
      { label: 'United Kingdom', keywords: ['GB', 'GBR'], aliases: ['UK', 'Great Britain'] },
    ];
    expect(searchOptions(countries, 'usa').map((option) => option.label)).toEqual(['United States']);
    expect(searchOptions(countries, 'UK').map((option) => option.label)).toEqual(['United Kingdom']);
    expect(searchOptions(countries, 'united').map((option) => option.label)).toEqual([
      'United States',
      'United Kingdom',
    ]);
  });
});

describe('optionNamed', () => {
  const countries = [
    { label: 'United States', keywords: ['US'], aliases: ['USA', 'America'] },
    { label: 'United Kingdom', keywords: ['GB'], aliases: ['UK'] },
  ];
  it.each([
    { name: 'United States', found: 'United States' },
    { name: 'united-states', found: 'United States' },
    { name: 'USA', found: 'United States' },
    { name: 'uk', found: 'United Kingdom' },
    { name: 'United', found: null },
    { name: 'US', found: null },
    { name: '', found: null },
  ])('$name → $found', ({ name, found }) => {
    expect(optionNamed(countries, name)?.label ?? null).toBe(found);
  });

  it("takes a carrier by its own name before another one's alias", () => {
    expect(optionNamed(US_CARRIERS, 'AT&T')?.label).toBe('AT&T');
    expect(optionNamed(US_CARRIERS, 'ATT')?.label).toBe('AT&T');
  });
});
