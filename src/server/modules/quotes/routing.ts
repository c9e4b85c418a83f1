/** Pure rules of the quote engine: which supplier tool to use and what to charge. */
import { floorPriceCents } from '../../../domain/offer.ts';

export interface CandidateTool {
  readonly toolId: string;
  readonly name: string;
  readonly costCents: number;
  readonly deliveryHoursMin: number;
  readonly deliveryHoursMax: number;
  /** 0 to 1000. */
  readonly successPermille: number;
  readonly requiresCleanCheck: boolean;
}

export interface ScoredTool extends CandidateTool {
  /** 0 to 1, higher is better. */
  readonly score: number;
}

export interface PricingRule {
  readonly markupPercent: number;
  readonly minMarginCents: number;
  readonly roundTo99: boolean;
  /** The share of a price kept over the routed cost at the least, SKUs and coupons included (ADR 103). */
  readonly minMarginPercent: number;
}

/** Success matters most: a failed unlock costs a refund and a customer. */
export const SCORE_WEIGHTS = { success: 0.5, speed: 0.25, cost: 0.25 } as const;
export const MAX_ALTERNATIVES = 3;

const averageHours = (tool: CandidateTool) => (tool.deliveryHoursMin + tool.deliveryHoursMax) / 2;
const round3 = (value: number) => Math.round(value * 1000) / 1000;

/** Scores each tool against the best of its competitors, best first. */
export function scoreTools(tools: readonly CandidateTool[]): ScoredTool[] {
  if (tools.length === 0) return [];
  const fastest = Math.min(...tools.map(averageHours));
  const cheapest = Math.min(...tools.map((tool) => tool.costCents));
  return tools
    .map((tool) => ({
      ...tool,
      score: round3(
        SCORE_WEIGHTS.success * (tool.successPermille / 1000) +
          SCORE_WEIGHTS.speed * (fastest / averageHours(tool)) +
          SCORE_WEIGHTS.cost * (cheapest / tool.costCents),
      ),
    }))
    .sort((a, b) => b.score - a.score || a.costCents - b.costCents || a.toolId.localeCompare(b.toolId));
}

/** Up to the next dollar less one cent: 3712 → 3799, 3800 → 3899, 3799 → 3799. */
export function roundUpTo99(cents: number): number {
  const candidate = Math.floor(cents / 100) * 100 + 99;
  return candidate >= cents ? candidate : candidate + 100;
}

/** The greatest of markup over cost, the minimum margin in cents and in percent, then the rounding of the rule. */
export function priceFromCost(costCents: number, rule: PricingRule): number {
  const marked = Math.ceil(costCents * (1 + rule.markupPercent / 100));
  const price = Math.max(marked, costCents + rule.minMarginCents, floorPriceCents(costCents, rule.minMarginPercent));
  return rule.roundTo99 ? roundUpTo99(price) : price;
}

export function formatHours(min: number, max: number): number | `${number}-${number}` {
  return min === max ? min : `${min}-${max}`;
}

/** One sentence for the admin debug panel on why this tool was chosen. */
export function selectedReasoning(primary: ScoredTool, others: number): string {
  const alternatives =
    others === 0 ? 'it was the only matching tool' : `it scored best of ${others + 1} matching tools`;
  return (
    `Chose ${primary.name} because ${alternatives} (score ${primary.score.toFixed(3)}: ` +
    `${(primary.successPermille / 10).toFixed(1)}% success, ${primary.deliveryHoursMin}-${primary.deliveryHoursMax} h, ` +
    `cost $${(primary.costCents / 100).toFixed(2)}).`
  );
}
