import { describe, expect, it } from 'vitest';
import {
  confidentUnlock,
  linkAccuracy,
  linkService,
  parseLinkLabel,
  readingMatches,
} from '../../../domain/auto-linker.ts';
import { labelledServices, seedVocabulary } from '../../testing/linker-data.ts';

// The auto-linker on the labelled names of data/auto-linker, read with data/seed's catalogue.
describe('the auto-linker on the labelled service names', () => {
  const rows = labelledServices();
  const vocabulary = seedVocabulary();

  it('holds at least 300 names, every label one that parses, no name twice', () => {
    expect(rows.length).toBeGreaterThanOrEqual(300);
    expect(rows.filter((row) => parseLinkLabel(row.expect) === null)).toEqual([]);
    expect(new Set(rows.map((row) => row.name)).size).toBe(rows.length);
  });

  it('reads at least 97 % of them right (top-1)', () => {
    const { correct, total, misses } = linkAccuracy(rows, vocabulary);
    expect(correct / total, JSON.stringify(misses.slice(0, 10), null, 1)).toBeGreaterThanOrEqual(0.97);
  });

  it('tells unlocks from the services that are not (checks, iCloud, FRP, credits)', () => {
    const kinds = rows.map((row) => ({
      wanted: parseLinkLabel(row.expect)?.kind,
      read: linkService(row.name, row.group, vocabulary).best.kind,
    }));
    const wrong = kinds.filter(({ wanted, read }) => (wanted === 'unlock') !== (read === 'unlock'));
    expect(wrong).toEqual([]);
  });
});

// Issue 44 §4: names of real supplier lists that the linker misread.
describe('the auto-linker on what real supplier lists send', () => {
  const vocabulary = seedVocabulary();
  const read = (name: string) => linkService(name, '', vocabulary);

  it.each([
    ['USA - AT&amp;T iPhone 13 to 16 Pro Max Premium', 'U apple US att-us 13-16'],
    ['AT&#38;T USA iPhone 6-15 Unlock &#43; Check Status', 'U apple US att-us 6-15'],
    ['AT&amp;T USA iPhone 6-15 Unlock + Check Status', 'U apple US att-us 6-15'],
    ['Clean Check + Unlock - T-Mobile USA iPhone 12-16', 'U apple US t-mobile-us 12-16'],
    ['Orange Polska iPhone 6-15', 'U apple PL orange-pl 6-15'],
    ['Three Austria iPhone 8-15', 'U apple AT drei-at 8-15'],
    ['DIGI Spain iPhone All Models', 'U apple ES digi-es *'],
    ['Google Play Gift Card USA 10$', 'other'],
    ['iTunes Gift Card 25 USD (US Store)', 'other'],
    ['Verizon Prepaid Top-Up $30', 'other'],
    ['iPhone Carrier + SimLock Status Check', 'check'],
  ])('%s → %s', (name, label) => {
    expect(readingMatches(read(name).best, label), JSON.stringify(read(name).best)).toBe(true);
  });

  it('never links a gift card or a top-up to a carrier, not even as a runner-up', () => {
    for (const name of ['Google Play Gift Card USA 10$', 'Play Poland Top Up 50 PLN', 'Orange Voucher France 20 EUR']) {
      const { best, runnerUp } = read(name);
      expect(confidentUnlock(read(name)), name).toBeNull();
      expect([best.carrier, runnerUp?.carrier ?? null], name).toEqual([null, null]);
    }
  });
});
