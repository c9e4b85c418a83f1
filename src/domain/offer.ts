// What the store will sell, and at the least for what (issue 44, ADR 103): a sale never leaves less
// than the minimum margin over the cost of what really fulfils it, a coupon included.
import { formatPrice } from './display.ts';

/** The share of a price the store keeps at the least over the routed cost, unless an admin sets another. */
export const DEFAULT_MIN_MARGIN_PERCENT = 15;
/** An admin's minimum margin: 0 % (at cost) to 90 % of the price. */
export const MIN_MARGIN_PERCENT_MAX = 90;

/**
 * The lowest price that keeps `minMarginPercent` of itself over `costCents`, the margin as the
 * admin's tables show it (of the price): 1500 at 15 % → 1765 (265 is 15.01 % of 1765).
 */
export function floorPriceCents(costCents: number, minMarginPercent: number): number {
  if (costCents <= 0) return 0;
  return Math.ceil((costCents * 100) / (100 - minMarginPercent));
}

/** Whether `priceCents` keeps the minimum margin over `costCents`. */
export function keepsMargin(priceCents: number, costCents: number, minMarginPercent: number): boolean {
  return priceCents >= floorPriceCents(costCents, minMarginPercent);
}

/** Whether a discount of `discountCents` leaves a sale at or above its lowest price. */
export function discountKeepsFloor(subtotalCents: number, discountCents: number, floorCents: number): boolean {
  return subtotalCents - discountCents >= floorCents;
}

export const OFFER_MESSAGES = {
  minMarginPercent: `Give a minimum margin between 0% and ${MIN_MARGIN_PERCENT_MAX}%.`,
  belowMargin: (toolName: string, minMarginPercent: number, floorCents: number) =>
    `At this price the store keeps less than its ${minMarginPercent}% minimum margin on ${toolName}: charge at least ${formatPrice(floorCents)}, or allow a sale below the margin.`,
  toolMisfit: (toolId: string) =>
    `The supplier service ${toolId} does not fit this SKU’s brand, carrier, country or models.`,
} as const;
