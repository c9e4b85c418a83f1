import { estimatedHoursRange, type EstimatedHours } from './delivery-hours.ts';

/** A whole number with a comma between each group of three digits, as en-US writes it: 3282 → '3,282'. */
export function groupThousands(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+$)/g, ',');
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** A calendar date (YYYY-MM-DD) as en-US writes it in short: '2026-10-14' → 'Oct 14, 2026'. */
export function formatCalendarDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return `${MONTHS[(month ?? 1) - 1] ?? ''} ${day ?? ''}, ${year ?? ''}`;
}

/** Spec section 9 "Price display": cents divided by 100, two decimals, dollars. */
export function formatPrice(cents: number): string {
  // By hand rather than Intl.NumberFormat: building that formatter costs every page a long task at start-up.
  const whole = Math.round(Math.abs(cents));
  const dollars = groupThousands(Math.floor(whole / 100));
  const rest = String(whole % 100).padStart(2, '0');
  return `${cents < 0 && whole > 0 ? '-' : ''}$${dollars}.${rest}`;
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
/** Margin in cents and as a share of the price (one decimal), or null without a cost. */
export function marginOf(priceCents: number, costCents: number | null): { cents: number; percent: number } | null {
  if (costCents === null) return null;
  const cents = priceCents - costCents;
  // A free quote has no meaningful margin; show 0% rather than dividing by zero.
  const percent = priceCents > 0 ? Math.round((cents / priceCents) * 1000) / 10 : 0;
  return { cents, percent: percent === 0 ? 0 : percent };
}

export function formatProfit(priceCents: number, costCents: number): string {
  const margin = marginOf(priceCents, costCents) ?? { cents: 0, percent: 0 };
  return `${formatPrice(margin.cents)} (${margin.percent.toFixed(1)}%)`;
}
