import { estimatedHoursRange, type EstimatedHours } from './quote.ts';

const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Spec section 9 "Price display": cents divided by 100, two decimals, dollars. */
export function formatPrice(cents: number): string {
  return dollars.format(cents / 100);
}

const HOURS_PER_DAY = 24;

/** Spec section 9 "Delivery display": business days, hours divided by 24 and rounded up, one number or a range. */
export function formatDeliveryDays(hours: EstimatedHours): string {
  const { min, max } = estimatedHoursRange(hours);
  const fewest = Math.ceil(min / HOURS_PER_DAY);
  const most = Math.ceil(max / HOURS_PER_DAY);
  if (fewest === most) return `${fewest} business ${fewest === 1 ? 'day' : 'days'}`;
  return `${fewest}-${most} business days`;
}

/** Admin Debug Panel profit line (spec section 6): price minus tool cost, with its share of the price. */
export function formatProfit(priceCents: number, costCents: number): string {
  const profit = priceCents - costCents;
  // A free quote has no meaningful margin; show 0% rather than dividing by zero.
  const percent = priceCents > 0 ? Math.round((profit / priceCents) * 1000) / 10 : 0;
  return `${formatPrice(profit)} (${(percent === 0 ? 0 : percent).toFixed(1)}%)`;
}
