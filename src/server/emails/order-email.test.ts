import { describe, expect, it } from 'vitest';
import { ORDER_EMAIL_TEXT } from '../../domain/order-emails.ts';
import type { Order, OrderItem } from '../modules/orders/service.ts';
import { orderEmailLinks } from './links.ts';
import {
  esimFailedEmail,
  orderConfirmedEmail,
  orderDelayedEmail,
  orderSubmittedEmail,
  unlockCompletedEmail,
  unlockRefundedEmail,
  unlockReroutedEmail,
} from './order-emails.ts';

const PUBLIC_URL = 'https://shop.example.com';
const order = {
  id: '0f1e2d3c-4b5a-4697-8877-665544332211',
  kind: 'unlock',
  status: 'in_progress',
  email: 'guest@example.com',
  accessToken: 'tok-123_ABC',
  currency: 'usd',
  subtotalCents: 2999,
  discountCents: 500,
  totalCents: 2499,
  couponCode: 'SAVE5',
} as Order;
const items = [{ id: 'item-1', name: 'iPhone 15 AT&T unlock', quantity: 1, unitPriceCents: 2999 }] as OrderItem[];
const promise = { averageHours: 24, guaranteedHours: 72, guaranteedBy: new Date('2026-11-27T10:00:00Z') };

describe.each([
  [
    'confirmed',
    () => orderConfirmedEmail(order, items, promise, PUBLIC_URL),
    'Order confirmed',
    ['$24.99', 'SAVE5', '3 days'],
  ],
  [
    'submitted',
    () => orderSubmittedEmail(order, promise, PUBLIC_URL),
    'We have submitted',
    ['Fri, 27 Nov 2026 10:00:00 GMT'],
  ],
  [
    'delayed',
    () => orderDelayedEmail(order, promise, PUBLIC_URL),
    'longer than usual',
    ['24 hours', 'Fri, 27 Nov 2026'],
  ],
  [
    'completed',
    () => unlockCompletedEmail(order, 'Unlocked <b>now</b>', 'samsung', PUBLIC_URL),
    'complete',
    ['Network unlock PIN', '/support/after-install'],
  ],
  [
    'rerouted by the guarantee',
    () => unlockReroutedEmail(order, promise.guaranteedBy, PUBLIC_URL),
    'faster supplier',
    ['passed its guaranteed time'],
  ],
  [
    'rerouted after a rejection',
    () => unlockReroutedEmail(order, null, PUBLIC_URL),
    'another supplier',
    ['could not carry out'],
  ],
  [
    'refunded',
    () => unlockRefundedEmail(order, 'No supplier could do it.', true, PUBLIC_URL),
    'refunded',
    ['$24.99', '5-10 business days'],
  ],
  [
    'eSIM failed',
    () => esimFailedEmail({ ...order, kind: 'esim' }, false, PUBLIC_URL),
    'could not deliver',
    ['within 24 hours'],
  ],
] as const)('the %s email', (_name, build, subject, says) => {
  const links = orderEmailLinks(PUBLIC_URL, order);

  it('has a subject naming the order, and says what happened in both parts', async () => {
    const mail = await build();
    expect(mail.to).toBe(order.email);
    expect(mail.subject).toContain(subject);
    expect(mail.subject).toContain('0f1e2d3c');
    for (const phrase of says) expect(mail.text).toContain(phrase);
  });

  it('carries the tracking link and the guest-upgrade link, absolute on the public URL, in both parts', async () => {
    const mail = await build();
    expect(links.tracking).toBe(`${PUBLIC_URL}/order/${order.id}?token=tok-123_ABC`);
    expect(links.createAccount).toBe(`${PUBLIC_URL}/create-account?order=${order.id}&token=tok-123_ABC`);
    expect(mail.text).toContain(links.tracking);
    expect(mail.text).toContain(links.createAccount);
    expect(mail.html).toContain(`href="${links.tracking}"`);
    expect(mail.html).toContain(`href="${links.createAccount.replace('&', '&amp;')}"`);
    expect(mail.text).toContain(ORDER_EMAIL_TEXT.guestUpgrade);
  });

  it('is laid out for phones and for light and dark mail clients', async () => {
    const html = (await build()).html ?? '';
    expect(html).toContain('<meta name="color-scheme" content="light dark"/>');
    expect(html).toContain('@media (prefers-color-scheme: dark)');
    expect(html).toContain('[data-ogsc]');
    expect(html).toContain('max-width:600px');
    expect(html).toMatch(/<html[^>]* lang="en"/);
  });
});

it('escapes what a supplier or a customer wrote: it shows as text, never as markup', async () => {
  const mail = await unlockCompletedEmail(order, 'Unlocked <script>alert(1)</script>', 'apple', PUBLIC_URL);
  expect(mail.html).not.toContain('<script>alert(1)</script>');
  expect(mail.html).toContain('Unlocked &lt;script&gt;alert(1)&lt;/script&gt;');
  expect(mail.text).toContain('Result: Unlocked <script>alert(1)</script>');
});
