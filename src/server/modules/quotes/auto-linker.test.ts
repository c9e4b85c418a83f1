import { describe, expect, it } from 'vitest';
import { linkAccuracy, linkService, parseLinkLabel } from '../../../domain/auto-linker.ts';
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
