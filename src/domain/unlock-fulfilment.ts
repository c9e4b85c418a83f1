/** What customers read about an unlock as it moves (order events, emails) and how they finish it. */

/** Real completed unlocks of a tool needed before its average replaces the supplier's stated time. */
export const MIN_COMPLETED_FOR_AVERAGE = 5;

/** The usual hours of a supplier window: its midpoint, whole hours, at least one. */
export function windowAverageHours(min: number, max: number): number {
  return Math.max(1, Math.round((min + max) / 2));
}

/** The order events of an unlock (the order core's table records each with its state). */
export const UNLOCK_EVENTS = {
  submitted: 'Your unlock has been sent to our supplier.',
  inProgress: 'Our supplier is working on your unlock.',
  completed: 'Your unlock is complete. We have emailed you the result and the steps to finish.',
  rejected: (reason: string) => `Our supplier could not carry out the unlock: ${reason}`,
  rerouted: 'We moved your unlock to another supplier, at no extra cost to you.',
  pastGuarantee: (hours: number) =>
    `Your unlock passed its guaranteed time of ${hours} hours, so we moved it to a faster supplier at no extra cost.`,
  guaranteeRefund: (hours: number) =>
    `Your unlock passed its guaranteed time of ${hours} hours. As promised, we are refunding you in full.`,
  noSupplierLeft: 'No supplier could carry out your unlock. We are refunding you in full.',
  refunded: (amount: string) => `Refunded ${amount} to your original payment method.`,
  nothingCharged: 'Nothing was charged.',
  refundByHand: 'Our team will refund your payment.',
  gaveUp: 'We could not complete your unlock after several attempts. We are refunding you in full.',
  duplicate: (openShortId: string) =>
    `This phone already has a paid unlock in progress (order ${openShortId}), so we are refunding this payment in full.`,
  completedAfterRefund:
    'Our supplier finished your unlock after we had refunded you. The result is below, at no charge.',
  refundOwed: 'We are refunding your unlock in full.',
} as const;

/** The order events of supplier work: an unlock's, or a device service's in its own words. */
export type SupplierWorkEvents = {
  readonly [K in keyof typeof UNLOCK_EVENTS]: (typeof UNLOCK_EVENTS)[K] extends string
    ? string
    : (typeof UNLOCK_EVENTS)[K];
};

/** A device service's events (iCloud or FRP lock removal, ADR 071): the unlock's process, told as the service. */
export const DEVICE_SERVICE_EVENTS: SupplierWorkEvents = {
  submitted: 'Your service has been sent to our supplier.',
  inProgress: 'Our supplier is working on your device.',
  completed: 'Your service is complete. We have emailed you the result and the steps to set up your device.',
  rejected: (reason: string) => `Our supplier could not carry out the service: ${reason}`,
  rerouted: 'We moved your service to another supplier, at no extra cost to you.',
  pastGuarantee: (hours: number) =>
    `Your service passed its guaranteed time of ${hours} hours, so we moved it to a faster supplier at no extra cost.`,
  guaranteeRefund: (hours: number) =>
    `Your service passed its guaranteed time of ${hours} hours. As promised, we are refunding you in full.`,
  noSupplierLeft: 'No supplier could carry out your service. We are refunding you in full.',
  refunded: UNLOCK_EVENTS.refunded,
  nothingCharged: UNLOCK_EVENTS.nothingCharged,
  refundByHand: UNLOCK_EVENTS.refundByHand,
  gaveUp: 'We could not complete your service after several attempts. We are refunding you in full.',
  duplicate: (openShortId: string) =>
    `This device already has this service paid and in progress (order ${openShortId}), so we are refunding this payment in full.`,
  completedAfterRefund:
    'Our supplier finished your service after we had refunded you. The result is below, at no charge.',
  refundOwed: 'We are refunding your service in full.',
};

/** The words of a plan's events: a device service's plan names its service, a carrier unlock's none. */
export function supplierWorkEvents(plan: { readonly service: string | null }): SupplierWorkEvents {
  return plan.service === null ? UNLOCK_EVENTS : DEVICE_SERVICE_EVENTS;
}

/** The steps that finish an unlock on each brand once the supplier has done its part. */
const INSTRUCTIONS: Record<string, readonly string[]> = {
  apple: [
    'Make sure your iPhone is connected to Wi-Fi.',
    'Insert a SIM card from another carrier and wait for the carrier name to appear.',
    'If it asks, connect the iPhone to iTunes or Finder to activate it, or restore it from a backup.',
  ],
  samsung: [
    'Turn the phone off and insert a SIM card from another carrier.',
    'Turn it on: when it asks for the "Network unlock PIN", enter the unlock code exactly as we sent it.',
    'The phone confirms "Network unlock successful" and shows the new carrier.',
  ],
};

const CODE_INSTRUCTIONS: readonly string[] = [
  'Turn the phone off and insert a SIM card from another carrier.',
  'Turn it on: when it asks for an unlock or network code, enter the code exactly as we sent it.',
  'The phone shows the new carrier once it is unlocked. Do not try a wrong code repeatedly: the phone may lock.',
];

/** Instructions for a completed unlock of `brandSlug`; codeless brands (Apple) finish by inserting a SIM. */
export function unlockInstructions(brandSlug: string): string[] {
  return [...(INSTRUCTIONS[brandSlug] ?? CODE_INSTRUCTIONS)];
}

/** The emails of an unlock order. */
export const UNLOCK_EMAILS = {
  completedSubject: (shortId: string) => `Your unlock is complete (order ${shortId})`,
  reroutedSubject: (shortId: string) => `Your unlock moved to a faster supplier (order ${shortId})`,
  refundedSubject: (shortId: string) => `Your unlock was refunded (order ${shortId})`,
  lateResultSubject: (shortId: string) => `Your unlock finished after your refund, at no charge (order ${shortId})`,
  openOrderLink: 'Your unlock of this phone goes on in your open order:',
} as const;
