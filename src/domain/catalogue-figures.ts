/**
 * The figures the marketing pages quote about the catalogue (issue 44: from the catalogue, or not
 * shown). They are the counts of the catalogue the store ships in `data/seed`, and
 * `seed-files.test.ts` fails the moment a seed file and a figure here disagree. The pages that quote
 * them are prerendered, so they state the shipped catalogue, rounded down (ADR 107).
 */
export const CATALOGUE_COUNTS = {
  /** Active carriers of `carriers.json`, region entries left out. */
  carriers: 361,
  /** Active brands of `brands.json`. */
  brands: 39,
  /** Models of the brands with a full model list (`iphone-models.json`, `samsung-models.json`). */
  modelsByBrand: { apple: 51, samsung: 129 } as Readonly<Record<string, number>>,
  /** Every model of the model lists: the two full ones and `brand-models.json`. */
  models: 320,
} as const;

/** A count as a claim that stays true: rounded down to a multiple of ten below 1,000 ('360+'). */
export function atLeast(count: number): string {
  if (count < 10) return String(count);
  const step = count < 1000 ? 10 : 100;
  return `${(Math.floor(count / step) * step).toLocaleString('en-US')}+`;
}
