import { z } from 'zod';
import { ORDER_STATUS_EXPLANATIONS, type OrderStatus } from './order.ts';
import type { OrderAnswer, OrderAnswerOf } from './order-answer.ts';

/** The receipt screen's two addresses (spec section 2); the checkout's success URL uses the first. */
export const ESIM_RECEIPT_PATHS = ['/esim/receipt', '/esim-receipt'] as const;

/** How often the receipt asks for news while an order is still being paid or delivered. */
export const ORDER_REFRESH_MS = 2_000;

/** The states in which an order can still change by itself: the receipt keeps watching them. */
export function isOrderInProgress(status: OrderStatus): boolean {
  return status === 'pending_payment' || status === 'paid';
}

/** Oldest iOS whose one-tap link installs an eSIM (Apple's esimsetup.apple.com universal link). */
export const IOS_ONE_TAP_MIN_VERSION = 'iOS 17.4';

export const ORDER_NOT_FOUND_TITLE = 'Order not found';
export const ORDER_NOT_FOUND_TEXT =
  'We could not find an order for this link. Open the link from your receipt email again, or sign in with the account you ordered with.';

/** The receipt's headline for each order status. */
export const ORDER_STATUS_HEADLINES: Record<OrderStatus, string> = {
  pending_payment: 'Confirming your payment',
  paid: 'Preparing your eSIM',
  submitted: 'Your order is with our supplier',
  in_progress: 'Your order is in progress',
  rejected: 'Your order needs another supplier',
  rerouted: 'Your order moved to another supplier',
  refund_pending: 'Your refund is on its way',
  refunded: 'Your payment was refunded',
  fulfilled: 'Your eSIM is ready to install',
  failed: 'We could not deliver your eSIM',
  expired: 'This checkout expired',
  cancelled: 'This order was cancelled',
};

/** What the buyer is told under the headline, once the order has stopped changing or while it runs. */
export function orderStatusDetail(
  order: Pick<OrderAnswer, 'status' | 'refunded' | 'total_cents'>,
  total: string,
): string {
  switch (order.status) {
    case 'pending_payment':
      return 'We are waiting for the payment provider to confirm your payment. This page updates by itself.';
    case 'paid':
      return 'Your payment is confirmed and we are issuing your eSIM. It usually takes a few seconds; this page updates by itself.';
    case 'fulfilled':
      return 'Install it now, before you travel, while you are on Wi-Fi. We have also emailed you these details.';
    case 'failed':
      if (order.refunded) {
        return `Our eSIM provider could not issue your eSIM, so we have refunded ${total} to your original payment method. Depending on your bank it appears within 5-10 business days.`;
      }
      return order.total_cents === 0
        ? 'Our eSIM provider could not issue your eSIM. Nothing was charged for this order.'
        : 'Our eSIM provider could not issue your eSIM. Our team will refund your payment and get back to you within 24 hours.';
    case 'expired':
      return 'The checkout ran out before it was paid. Nothing was charged; your cart is still in the shop.';
    case 'cancelled':
      return 'This order did not go ahead. Nothing was charged.';
    // States other kinds of order pass through: their one-line explanation says it.
    case 'submitted':
    case 'in_progress':
    case 'rejected':
    case 'rerouted':
    case 'refund_pending':
    case 'refunded':
      return ORDER_STATUS_EXPLANATIONS[order.status];
  }
}

/** The steps a paid order goes through, as the receipt's progress shows them. */
export const DELIVERY_STEPS = ['Payment confirmed', 'eSIM issued', 'Ready to install'] as const;

/** How many of DELIVERY_STEPS are done for an order in progress or delivered. */
export function deliveryStepsDone(status: OrderStatus): number {
  if (status === 'pending_payment') return 0;
  if (status === 'paid') return 1;
  if (status === 'fulfilled') return DELIVERY_STEPS.length;
  return 0;
}

export interface InstallStep {
  readonly title: string;
  readonly text: string;
}

/** Installing by hand on Android (menu names differ a little between makers). */
export const ANDROID_INSTALL_STEPS: readonly InstallStep[] = [
  {
    title: 'Open the SIM settings',
    text: 'Settings > Network & internet > SIMs (Samsung: Settings > Connections > SIM manager).',
  },
  {
    title: 'Add an eSIM',
    text: 'Tap Add eSIM or Download a SIM instead, then choose to scan a QR code.',
  },
  {
    title: 'Scan or type the code',
    text: 'Scan the QR code above from another screen, or choose Enter code manually and paste the SM-DP+ address and activation code.',
  },
  {
    title: 'Label the line',
    text: 'Name it “Travel” so you can tell it from your home SIM, and leave it switched off until you arrive.',
  },
];

/** Installing from the QR code on an iPhone that cannot use the one-tap link. */
export const IPHONE_QR_STEPS =
  'Settings > Mobile Service (or Cellular) > Add eSIM > Use QR Code, then scan the code from another screen, or tap Enter Details Manually.';

/** The after-install checklist (issue 4, section 5). */
export const AFTER_INSTALL_CHECKLIST: readonly InstallStep[] = [
  {
    // A non-breaking hyphen keeps 'Wi-Fi' on one line.
    title: 'Install before you leave, over Wi\u2011Fi',
    text: 'Installing needs an internet connection, so add the eSIM at home on Wi-Fi a day or two before departure. Keep it installed: most QR codes work only once.',
  },
  {
    title: 'Turn on the eSIM line',
    text: 'When you arrive, switch the travel line on in your SIM settings (iPhone: Settings > Mobile Service; Android: Settings > SIMs).',
  },
  {
    title: 'Turn on data roaming',
    text: 'Turn on Data Roaming for the travel eSIM line only. Travel eSIMs connect through partner networks, so they need roaming on.',
  },
  {
    title: 'Choose it for mobile data',
    text: 'Select the travel eSIM as your mobile data line. Your home SIM can stay on for calls and texts, with its own roaming off.',
  },
];

const itemDetailsSchema = z
  .object({
    kind: z.enum(['local', 'regional', 'global']),
    countries_iso3: z.array(z.string()),
  })
  .partial();

/** 'Works in 33 countries' for a regional or global package; null for a single-country one. */
export function itemCoverage(details: Record<string, unknown>): string | null {
  const parsed = itemDetailsSchema.safeParse(details);
  if (!parsed.success) return null;
  const { kind, countries_iso3: countries } = parsed.data;
  if (kind === 'local' || !countries || countries.length < 2) return null;
  return `Works in ${countries.length} countries`;
}

/** The eSIM cards of an order: each profile with its item's name, numbered when a line holds several. */
export interface EsimInstall {
  readonly key: string;
  readonly title: string;
  readonly profile: OrderAnswerOf<'esim'>['esim_profiles'][number];
}

export function esimInstalls(order: Pick<OrderAnswerOf<'esim'>, 'items' | 'esim_profiles'>): EsimInstall[] {
  return order.items.flatMap((item) => {
    const profiles = order.esim_profiles.filter((profile) => profile.order_item_id === item.id);
    return profiles.map((profile, index) => ({
      key: profile.iccid,
      title: profiles.length > 1 ? `${item.name} (eSIM ${index + 1} of ${profiles.length})` : item.name,
      profile,
    }));
  });
}
