import { formatPrice } from '../../domain/display.ts';
import { formatHours, ORDER_EMAIL_SUBJECTS, ORDER_EMAIL_TEXT, type OrderEmailName } from '../../domain/order-emails.ts';
import { orderKind } from '../../domain/kinds/index.ts';
import { ORDER_STATUS_EXPLANATIONS } from '../../domain/order.ts';
import { shortId } from '../../domain/short-id.ts';
import { AFTER_INSTALL_HREF, orderHref } from '../../domain/site-map.ts';
import { STORE } from '../../domain/store-config.ts';
import { UNLOCK_EMAILS, unlockInstructions } from '../../domain/unlock-fulfilment.ts';
import { GUARANTEE_KEPT } from '../../domain/unlock-checkout.ts';
import type { OutgoingMail } from '../integrations/mail/transport.ts';
import type { Order, OrderItem } from '../modules/orders/service.ts';
import { orderEmailLinks, orderPageUrl } from './links.ts';
import { renderOrderEmail } from './order-email.tsx';

/** The delivery promise of an order whose work takes time (an unlock's average and guaranteed hours). */
export interface DeliveryPromise {
  readonly averageHours: number;
  readonly guaranteedHours: number;
  /** When the money-back guarantee runs out, if the clock has started. */
  readonly guaranteedBy?: Date | null;
}

const when = (date: Date) => date.toUTCString();

/** The amounts of an order, as its receipt lists them. */
export function totalFacts(order: Order) {
  return [
    ...(order.discountCents > 0
      ? [
          { label: 'Subtotal', value: formatPrice(order.subtotalCents) },
          {
            label: `Discount${order.couponCode ? ` (${order.couponCode})` : ''}`,
            value: `-${formatPrice(order.discountCents)}`,
          },
        ]
      : []),
    { label: 'Total paid', value: formatPrice(order.totalCents) },
  ];
}

function refundLine(order: Order, refunded: boolean): string {
  if (refunded) return ORDER_EMAIL_TEXT.refundTiming(formatPrice(order.totalCents));
  return order.totalCents === 0 ? ORDER_EMAIL_TEXT.nothingCharged : ORDER_EMAIL_TEXT.refundByHand;
}

/** Paid: the receipt of the order and what happens next, with its delivery promise. */
export function orderConfirmedEmail(
  order: Order,
  items: readonly OrderItem[],
  promise: DeliveryPromise | null,
  publicUrl: string,
): Promise<OutgoingMail> {
  const short = shortId(order.id);
  const noun = orderKind(order.kind).noun;
  return renderOrderEmail({
    to: order.email,
    subject: ORDER_EMAIL_SUBJECTS.confirmed(order.kind, short),
    preview: `Payment received for order ${short}. We have started on your ${noun}.`,
    shortId: short,
    heading: 'Thank you: your order is confirmed',
    intro: [
      `We have received your payment for order ${short} and started on your ${noun}. We email you at each step, and you can follow it live at any time.`,
      ...(promise
        ? [
            `It usually takes about ${formatHours(promise.averageHours)}. It is guaranteed within ${formatHours(promise.guaranteedHours)}: ${GUARANTEE_KEPT}`,
          ]
        : []),
    ],
    facts: [
      { label: 'Order', value: short },
      ...items.map((item) => ({
        label: item.quantity > 1 ? `${item.name} x ${item.quantity}` : item.name,
        value: formatPrice(item.unitPriceCents * item.quantity),
      })),
      ...totalFacts(order),
    ],
    links: orderEmailLinks(publicUrl, order),
  });
}

/** The work went to the carrier (through our supplier). */
export function orderSubmittedEmail(order: Order, promise: DeliveryPromise | null, publicUrl: string) {
  const short = shortId(order.id);
  const noun = orderKind(order.kind).noun;
  return renderOrderEmail({
    to: order.email,
    subject: ORDER_EMAIL_SUBJECTS.submitted(order.kind, short),
    preview: `Your ${noun} has been submitted to the carrier.`,
    shortId: short,
    heading: 'Submitted to the carrier',
    intro: [
      `We have submitted order ${short} to the carrier through our supplier. There is nothing you need to do now: keep your phone with you, and we email you the moment it is done.`,
      ...(promise?.guaranteedBy
        ? [`Guaranteed by ${when(promise.guaranteedBy)}, or we refund you in full without you asking.`]
        : []),
    ],
    links: orderEmailLinks(publicUrl, order),
  });
}

/** Past the average time and still being worked on (the delay job, once per order). */
export function orderDelayedEmail(order: Order, promise: DeliveryPromise, publicUrl: string) {
  const short = shortId(order.id);
  const noun = orderKind(order.kind).noun;
  return renderOrderEmail({
    to: order.email,
    subject: ORDER_EMAIL_SUBJECTS.delayed(order.kind, short),
    preview: `Still on it: your ${noun} is past its usual ${formatHours(promise.averageHours)}.`,
    shortId: short,
    heading: `Your ${noun} is taking longer than usual`,
    intro: [
      `Most orders like ${short} are done within ${formatHours(promise.averageHours)}; yours is taking longer. The carrier is still working on it, and so are we.`,
      promise.guaranteedBy
        ? `Your guarantee still holds: if it is not done by ${when(promise.guaranteedBy)}, we move it to a faster supplier or refund you in full, without you asking.`
        : `Your guarantee of ${formatHours(promise.guaranteedHours)} still holds: ${GUARANTEE_KEPT}`,
    ],
    facts: [{ label: 'Current step', value: ORDER_STATUS_EXPLANATIONS[order.status] }],
    links: orderEmailLinks(publicUrl, order),
  });
}

/** The unlock is done: the supplier's result and the steps that finish it on the customer's phone. */
export function unlockCompletedEmail(order: Order, result: string, brandSlug: string, publicUrl: string) {
  const short = shortId(order.id);
  return renderOrderEmail({
    to: order.email,
    subject: UNLOCK_EMAILS.completedSubject(short),
    preview: `Your phone is unlocked. Result: ${result}`,
    shortId: short,
    heading: 'Your unlock is complete',
    intro: [`Good news: the carrier unlock of order ${short} is complete.`],
    facts: [{ label: 'Result', value: result }],
    steps: { title: 'To finish:', items: unlockInstructions(brandSlug) },
    moreLinks: [
      {
        text: 'After unlocking, check that everything works with our checklist:',
        href: new URL(AFTER_INSTALL_HREF, publicUrl).toString(),
      },
    ],
    links: orderEmailLinks(publicUrl, order),
  });
}

/** The unlock moved to another supplier: past its guaranteed time (with a new promise), or declined by the first. */
export function unlockReroutedEmail(order: Order, guaranteedBy: Date | null, publicUrl: string) {
  const short = shortId(order.id);
  const faster = guaranteedBy !== null;
  return renderOrderEmail({
    to: order.email,
    subject: faster ? UNLOCK_EMAILS.reroutedSubject(short) : ORDER_EMAIL_SUBJECTS.rerouted(order.kind, short),
    preview: `We moved your unlock to ${faster ? 'a faster' : 'another'} supplier, at no extra cost.`,
    shortId: short,
    heading: `We moved your unlock to ${faster ? 'a faster' : 'another'} supplier`,
    intro: guaranteedBy
      ? [
          `The carrier unlock of order ${short} passed its guaranteed time, so we moved it to a faster supplier at no extra cost to you.`,
          `It is now guaranteed by ${when(guaranteedBy)}; if it is not done by then, we refund you in full without you asking.`,
        ]
      : [
          `The first supplier could not carry out the carrier unlock of order ${short}, so we moved it to another one at no extra cost to you.`,
          'Your guarantee is unchanged: if it is not done in time, we refund you in full without you asking.',
        ],
    links: orderEmailLinks(publicUrl, order),
  });
}

/**
 * The unlock could not be done (or not in time, or it duplicated an open one, which it links):
 * the refund, in full.
 */
export function unlockRefundedEmail(
  order: Order,
  reason: string,
  refunded: boolean,
  publicUrl: string,
  openOrderId: string | null = null,
) {
  const texts = { subject: UNLOCK_EMAILS.refundedSubject(shortId(order.id)), heading: 'Your unlock was refunded' };
  // No access token: the open order may be another address's; its owner opens it with their own link.
  const openOrder = openOrderId
    ? [{ text: UNLOCK_EMAILS.openOrderLink, href: new URL(orderHref(openOrderId), publicUrl).toString() }]
    : [];
  return supplierWorkRefundedEmail(order, texts, { reason, refunded }, publicUrl, openOrder);
}

/** Supplier work (an unlock, a device service) refunded in full: why, and when the money shows. */
function supplierWorkRefundedEmail(
  order: Order,
  texts: { readonly subject: string; readonly heading: string },
  refund: { readonly reason: string; readonly refunded: boolean },
  publicUrl: string,
  moreLinks: { text: string; href: string }[] = [],
) {
  const short = shortId(order.id);
  return renderOrderEmail({
    to: order.email,
    subject: texts.subject,
    preview: refund.refunded ? `We refunded ${formatPrice(order.totalCents)} in full.` : refund.reason,
    shortId: short,
    heading: texts.heading,
    intro: [refund.reason, refundLine(order, refund.refunded)],
    facts: [
      { label: 'Order', value: short },
      ...(refund.refunded ? [{ label: 'Refunded', value: formatPrice(order.totalCents) }] : []),
    ],
    moreLinks,
    links: orderEmailLinks(publicUrl, order),
  });
}

/** A supplier finished an unlock after its refund: the result, free, and the steps that finish it. */
export function unlockCompletedAfterRefundEmail(order: Order, result: string, brandSlug: string, publicUrl: string) {
  const short = shortId(order.id);
  return renderOrderEmail({
    to: order.email,
    subject: UNLOCK_EMAILS.lateResultSubject(short),
    preview: `Your phone is unlocked, and your refund stands. Result: ${result}`,
    shortId: short,
    heading: 'Your unlock finished after all',
    intro: [
      `Our supplier completed the carrier unlock of order ${short} after we had refunded you.`,
      'Your refund stands: the result is yours at no charge.',
    ],
    facts: [{ label: 'Result', value: result }],
    steps: { title: 'To finish:', items: unlockInstructions(brandSlug) },
    links: orderEmailLinks(publicUrl, order),
  });
}

/** An eSIM that could not be issued after every retry: the payment went back. */
export function esimFailedEmail(order: Order, refunded: boolean, publicUrl: string) {
  const short = shortId(order.id);
  return renderOrderEmail({
    to: order.email,
    subject: ORDER_EMAIL_SUBJECTS.esimFailed(STORE.name, short),
    preview: refunded ? `We refunded ${formatPrice(order.totalCents)} in full.` : 'We are sorry.',
    shortId: short,
    heading: 'We could not deliver your eSIM',
    intro: [`We are sorry: our eSIM provider could not issue the eSIM of order ${short}.`, refundLine(order, refunded)],
    links: orderEmailLinks(publicUrl, order),
  });
}

/**
 * The once-key of an order email (the mailer stores one message per key): one of each per order,
 * and one reroute per tool the order moved to.
 */
export function orderEmailKey(orderId: string, email: OrderEmailName, occasion?: string | number): string {
  return occasion === undefined ? `order:${orderId}:${email}` : `order:${orderId}:${email}:${occasion}`;
}

/** A paid device check answered: the email is its receipt, and links the result rather than carrying it. */
export function checkReadyEmail(order: Order, productName: string, identifierMasked: string, publicUrl: string) {
  const short = shortId(order.id);
  return renderOrderEmail({
    to: order.email,
    subject: `Your ${productName} is ready (order ${short})`,
    preview: `The result for ${identifierMasked} is on its page.`,
    shortId: short,
    heading: 'Your check result is ready',
    intro: [
      `The ${productName} of ${identifierMasked} is done. Open the result to see each finding and what it means, share it or download it as a PDF.`,
    ],
    facts: [
      { label: 'Check', value: productName },
      { label: 'Paid', value: formatPrice(order.totalCents) },
    ],
    links: { ...orderEmailLinks(publicUrl, order), tracking: orderPageUrl(publicUrl, order) },
  });
}

/** A paid check the provider could not answer: refunded in full. */
export function checkRefundedEmail(order: Order, productName: string, refunded: boolean, publicUrl: string) {
  const short = shortId(order.id);
  return renderOrderEmail({
    to: order.email,
    subject: `Your ${productName} was refunded (order ${short})`,
    preview: refunded ? `We refunded ${formatPrice(order.totalCents)} in full.` : 'Nothing was charged.',
    shortId: short,
    heading: 'We could not complete your check',
    intro: ['The records could not be read for this device, so the check has no result.', refundLine(order, refunded)],
    links: { ...orderEmailLinks(publicUrl, order), tracking: orderPageUrl(publicUrl, order) },
  });
}

/** A device service is done: the supplier's result and the steps that set the device up. */
export function deviceServiceDoneEmail(
  order: Order,
  service: { readonly name: string; readonly steps: readonly string[] },
  result: string,
  publicUrl: string,
) {
  const short = shortId(order.id);
  return renderOrderEmail({
    to: order.email,
    subject: `Your ${service.name} is complete (order ${short})`,
    preview: `The lock is removed. Result: ${result}`,
    shortId: short,
    heading: 'Your device’s lock was removed',
    intro: [`Good news: the ${service.name} of order ${short} is complete.`],
    facts: [{ label: 'Result', value: result }],
    steps: { title: 'To set your device up:', items: service.steps },
    links: orderEmailLinks(publicUrl, order),
  });
}

/** A device service moved to a faster supplier past its guaranteed time, with its new promise. */
export function deviceServiceMovedEmail(order: Order, serviceName: string, guaranteedBy: Date, publicUrl: string) {
  const short = shortId(order.id);
  return renderOrderEmail({
    to: order.email,
    subject: `We moved your ${serviceName} to a faster supplier (order ${short})`,
    preview: 'We moved your service to a faster supplier, at no extra cost.',
    shortId: short,
    heading: 'We moved your service to a faster supplier',
    intro: [
      `The ${serviceName} of order ${short} passed its guaranteed time, so we moved it to a faster supplier at no extra cost to you.`,
      `It is now guaranteed by ${when(guaranteedBy)}; if it is not done by then, we refund you in full without you asking.`,
    ],
    links: orderEmailLinks(publicUrl, order),
  });
}

/** A device service could not be done (or not in time, or it duplicated an open one): the refund, in full. */
export function deviceServiceRefundedEmail(
  order: Order,
  serviceName: string,
  reason: string,
  refunded: boolean,
  publicUrl: string,
) {
  const texts = {
    subject: `Your ${serviceName} was refunded (order ${shortId(order.id)})`,
    heading: 'Your service was refunded',
  };
  return supplierWorkRefundedEmail(order, texts, { reason, refunded }, publicUrl);
}

/**
 * License keys are ready: the email links the order page, where each key is revealed, and never
 * carries a key (ADR 079: mail is stored in outboxes and forwarded; the page records the reveal).
 */
export function licenseReadyEmail(order: Order, names: readonly string[], publicUrl: string) {
  const short = shortId(order.id);
  const keys = names.length === 1 ? 'Your license key is' : 'Your license keys are';
  return renderOrderEmail({
    to: order.email,
    subject: `${keys} ready (order ${short})`,
    preview: 'Reveal it on your order page: we never send keys by email.',
    shortId: short,
    heading: `${keys} ready`,
    intro: [
      `Order ${short}: ${names.join(', ')}.`,
      'Open your order page to reveal each key, copy it and follow the activation steps. We never send a key by email, so it cannot be read from a forwarded or stored message.',
      'An order can be refunded until a key is revealed.',
    ],
    facts: totalFacts(order),
    links: { ...orderEmailLinks(publicUrl, order), tracking: orderPageUrl(publicUrl, order) },
  });
}

/** A license order refunded: no stock came in time, or the team refunded it. */
export function licenseRefundedEmail(order: Order, reason: string, refunded: boolean, publicUrl: string) {
  const short = shortId(order.id);
  return renderOrderEmail({
    to: order.email,
    subject: `Your license order was refunded (order ${short})`,
    preview: refunded ? `We refunded ${formatPrice(order.totalCents)} in full.` : 'Nothing was charged.',
    shortId: short,
    heading: 'Your license order was refunded',
    intro: [reason, refundLine(order, refunded)],
    links: { ...orderEmailLinks(publicUrl, order), tracking: orderPageUrl(publicUrl, order) },
  });
}

/** A paid license order whose keys ran out between checkout and payment: it waits, or is refunded. */
export function licenseWaitingEmail(order: Order, names: readonly string[], refundBy: Date, publicUrl: string) {
  const short = shortId(order.id);
  return renderOrderEmail({
    to: order.email,
    subject: `Your order is waiting for stock (order ${short})`,
    preview: 'Your key comes as soon as new stock arrives, or a full refund.',
    shortId: short,
    heading: 'Your order is waiting for stock',
    intro: [
      `The last keys of ${names.join(', ')} sold between your checkout and your payment.`,
      `We send your key the moment new stock arrives. If none has arrived by ${refundBy.toUTCString()}, we refund ${formatPrice(order.totalCents)} in full, automatically.`,
    ],
    links: { ...orderEmailLinks(publicUrl, order), tracking: orderPageUrl(publicUrl, order) },
  });
}
