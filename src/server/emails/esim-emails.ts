import QRCode, { type QRCodeToBufferOptions } from 'qrcode';
import { formatPrice } from '../../domain/display.ts';
import { iosInstallLink } from '../../domain/esim-checkout.ts';
import { ORDER_EMAIL_SUBJECTS } from '../../domain/order-emails.ts';
import { shortId } from '../../domain/short-id.ts';
import { ESIM_SUPPORT_HREF } from '../../domain/site-map.ts';
import { STORE } from '../../domain/store-config.ts';
import type { MailAttachment, OutgoingMail } from '../integrations/mail/transport.ts';
import type { Order, OrderItem } from '../modules/orders/service.ts';
import { orderEmailLinks } from './links.ts';
import { totalFacts } from './order-emails.ts';
import { renderOrderEmail } from './order-email.tsx';

export interface ReceiptProfile {
  readonly orderItemId: string;
  readonly unitIndex: number;
  readonly iccid: string;
  readonly smdpAddress: string;
  readonly matchingId: string;
  readonly lpa: string;
}

/** The guest link to an order's receipt screen (also the checkout's success URL). */
export function receiptUrl(publicUrl: string, order: Pick<Order, 'id' | 'accessToken'>): string {
  const url = new URL('/esim/receipt', publicUrl);
  url.searchParams.set('order', order.id);
  url.searchParams.set('token', order.accessToken);
  return url.toString();
}

/** How the receipt draws an LPA string: 6 px modules and the standard 4-module quiet zone scan well from a screen. */
export const RECEIPT_QR_OPTIONS = {
  type: 'png',
  errorCorrectionLevel: 'M',
  margin: 4,
  scale: 6,
} as const satisfies QRCodeToBufferOptions;

/**
 * pngjs (under qrcode) tries all five PNG row filters per row by default; Paeth alone gives the
 * same file (about 2 KB) for a third of the CPU. A fresh object per call: pngjs writes into it.
 */
const pngFilter = () => ({ filterType: 4 }) as unknown as QRCodeToBufferOptions['rendererOpts']; // pngjs option the qrcode types omit

interface Install {
  readonly label: string;
  readonly profile: ReceiptProfile;
  readonly qr: MailAttachment & { readonly contentId: string };
}

/**
 * Sent when every eSIM of the order is provisioned: the receipt and how to install. Each eSIM's
 * LPA string travels as a QR code PNG attachment that the HTML part shows inline by content id.
 */
export async function esimReceiptEmail(
  order: Order,
  items: readonly OrderItem[],
  profiles: readonly ReceiptProfile[],
  publicUrl: string,
): Promise<OutgoingMail> {
  const short = shortId(order.id);
  const units = items.flatMap((item) =>
    profiles
      .filter((profile) => profile.orderItemId === item.id)
      .map((profile) => ({
        label: item.quantity > 1 ? `${item.name} (eSIM ${profile.unitIndex + 1} of ${item.quantity})` : item.name,
        profile,
      })),
  );
  // One QR code costs a few ms of CPU: drawn one at a time with a turn of the event loop between
  // them, a 500-eSIM receipt lets every request in between instead of stalling the store for seconds.
  const installs: Install[] = [];
  for (const [index, unit] of units.entries()) {
    if (index > 0) await new Promise((resolve) => setImmediate(resolve));
    const png = await QRCode.toBuffer(unit.profile.lpa, { ...RECEIPT_QR_OPTIONS, rendererOpts: pngFilter() });
    const name = `esim-${short}-${index + 1}`;
    installs.push({
      ...unit,
      qr: {
        filename: `${name}.png`,
        contentType: 'image/png',
        contentBase64: png.toString('base64'),
        contentId: `${name}@${new URL(STORE.url).hostname}`,
      },
    });
  }
  return renderOrderEmail({
    to: order.email,
    subject: ORDER_EMAIL_SUBJECTS.esimReady(STORE.name, short),
    preview: 'Install it now, while you have Wi-Fi: one tap on iPhone, or scan the QR code.',
    shortId: short,
    heading: 'Your eSIM is ready',
    intro: [
      `Thank you for your order. Order ${short}, paid ${formatPrice(order.totalCents)}.`,
      'Install your eSIM while you still have Wi-Fi, before you travel. On iPhone tap Install; on any phone scan the QR code from another screen.',
    ],
    facts: [
      ...items.map((item) => ({
        label: `${item.name} x ${item.quantity}`,
        value: formatPrice(item.unitPriceCents * item.quantity),
      })),
      ...totalFacts(order),
    ],
    installs: installs.map(({ label, profile, qr }) => ({
      label,
      qrContentId: qr.contentId,
      iosLink: iosInstallLink(profile.lpa),
      smdpAddress: profile.smdpAddress,
      matchingId: profile.matchingId,
      lpa: profile.lpa,
      iccid: profile.iccid,
    })),
    moreLinks: [
      { text: 'Your receipt and install steps, any time:', href: receiptUrl(publicUrl, order) },
      { text: 'Trouble installing or connecting?', href: new URL(ESIM_SUPPORT_HREF, publicUrl).toString() },
    ],
    links: orderEmailLinks(publicUrl, order),
    attachments: installs.map((install) => install.qr),
  });
}
