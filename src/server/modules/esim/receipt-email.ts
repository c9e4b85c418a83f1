import QRCode, { type QRCodeToBufferOptions } from 'qrcode';
import { formatPrice } from '../../../domain/display.ts';
import { iosInstallLink } from '../../../domain/esim-checkout.ts';
import { shortId } from '../../../domain/short-id.ts';
import { STORE } from '../../../domain/store-config.ts';
import type { MailAttachment, OutgoingMail } from '../../integrations/mail/transport.ts';
import type { Order, OrderItem } from '../orders/service.ts';

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

function totalLines(order: Order): string[] {
  return [
    `Subtotal: ${formatPrice(order.subtotalCents)}`,
    ...(order.discountCents > 0
      ? [`Discount${order.couponCode ? ` (${order.couponCode})` : ''}: -${formatPrice(order.discountCents)}`]
      : []),
    `Processing fee: ${formatPrice(0)}`,
    `Total: ${formatPrice(order.totalCents)}`,
  ];
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

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

interface Install {
  readonly label: string;
  readonly profile: ReceiptProfile;
  readonly qr: MailAttachment & { readonly contentId: string };
}

function installText({ label, profile }: Install): string {
  return [
    label,
    `  Install on iPhone (iOS 17.4 or later): ${iosInstallLink(profile.lpa)}`,
    `  Or scan the attached QR code, or add it by hand: SM-DP+ address ${profile.smdpAddress}, activation code ${profile.matchingId}`,
    `  LPA: ${profile.lpa}`,
    `  ICCID: ${profile.iccid}`,
  ].join('\n');
}

function installHtml({ label, profile, qr }: Install): string {
  const link = escapeHtml(iosInstallLink(profile.lpa));
  return [
    '<tr><td style="padding:16px 0;border-top:1px solid #e5e7eb">',
    `<h2 style="font-size:16px;margin:0 0 8px">${escapeHtml(label)}</h2>`,
    `<img src="cid:${escapeHtml(qr.contentId)}" width="240" height="240" alt="QR code to install ${escapeHtml(label)}" style="display:block;border:0">`,
    `<p style="margin:12px 0"><a href="${link}" style="display:inline-block;padding:10px 16px;background:#111827;color:#ffffff;border-radius:6px;text-decoration:none">Install on iPhone</a> <span style="color:#6b7280">(iOS 17.4 or later)</span></p>`,
    `<p style="margin:0;color:#374151">Or add it by hand: SM-DP+ address <code>${escapeHtml(profile.smdpAddress)}</code>, activation code <code>${escapeHtml(profile.matchingId)}</code><br>ICCID <code>${escapeHtml(profile.iccid)}</code></p>`,
    '</td></tr>',
  ].join('\n');
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
  const receipt = receiptUrl(publicUrl, order);
  const lines = items.map((item) => ({
    text: `${item.name} x ${item.quantity}`,
    price: formatPrice(item.unitPriceCents * item.quantity),
  }));
  const html = [
    '<!doctype html>',
    `<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(`Your ${STORE.name} eSIM is ready`)}</title></head>`,
    '<body style="margin:0;padding:24px;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#111827;background:#ffffff">',
    '<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;border-collapse:collapse">',
    `<tr><td><h1 style="font-size:20px;margin:0 0 8px">Your eSIM is ready</h1><p style="margin:0 0 16px">Thank you for your order. Order <strong>${escapeHtml(short)}</strong>, paid ${escapeHtml(formatPrice(order.totalCents))}.</p></td></tr>`,
    `<tr><td><p style="margin:0 0 4px">${lines.map((line) => `${escapeHtml(line.text)}: ${escapeHtml(line.price)}`).join('<br>')}</p>`,
    `<p style="margin:0 0 16px;color:#374151">${totalLines(order).map(escapeHtml).join('<br>')}</p></td></tr>`,
    '<tr><td><p style="margin:0 0 8px">Install your eSIM while you still have Wi-Fi, before you travel. On iPhone tap Install; on any phone scan the QR code from another screen.</p></td></tr>',
    ...installs.map(installHtml),
    `<tr><td style="padding-top:16px;border-top:1px solid #e5e7eb"><p style="margin:0">Your receipt and install steps, any time: <a href="${escapeHtml(receipt)}">${escapeHtml(receipt)}</a></p></td></tr>`,
    '</table></body></html>',
  ].join('\n');
  return {
    to: order.email,
    subject: `Your ${STORE.name} eSIM is ready (order ${short})`,
    text: [
      `Thank you for your order. Order ${short}, paid ${formatPrice(order.totalCents)}.`,
      lines.map((line) => `- ${line.text}: ${line.price}`).join('\n'),
      totalLines(order).join('\n'),
      'Install your eSIM while you still have Wi-Fi, before you travel:',
      installs.map(installText).join('\n\n'),
      `Your receipt and install steps, any time: ${receipt}`,
    ].join('\n\n'),
    html,
    attachments: installs.map((install) => install.qr),
  };
}

/** Sent when delivery failed after every retry and the payment went back. */
export function esimFailedEmail(order: Order, refunded: boolean, publicUrl: string): OutgoingMail {
  const short = shortId(order.id);
  return {
    to: order.email,
    subject: `We could not deliver your ${STORE.name} eSIM (order ${short})`,
    text: [
      `We are sorry: our eSIM provider could not issue the eSIM of order ${short}.`,
      refunded
        ? `We have refunded ${formatPrice(order.totalCents)} to your original payment method. Depending on your bank it appears within 5-10 business days.`
        : order.totalCents === 0
          ? 'Nothing was charged for this order.'
          : 'Our team will refund your payment and get back to you within 24 hours.',
      `Order details: ${receiptUrl(publicUrl, order)}`,
    ].join('\n\n'),
  };
}
