import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEWSLETTER_MESSAGES } from '../../../domain/newsletter-texts.ts';
import type { Store } from '../../bootstrap.ts';
import { nodemailerMessage, type OutgoingMail } from '../../integrations/mail/transport.ts';
import { postJson } from '../../testing/fixtures.ts';
import { testDbKinds } from '../../testing/test-db.ts';
import { TEST_PUBLIC_URL, createTestStore } from '../../testing/test-store.ts';
import { WELCOME_SUBJECT } from './welcome-email.tsx';

describe.each(testDbKinds())('newsletter on %s', (kind) => {
  let store: Store;
  let client = 0;
  let limit = 0;
  // Each request from its own address, so only the test about the limit meets it.
  const subscribe = (email: unknown, from = `10.2.0.${++client}`) =>
    postJson(store, '/api/newsletter/subscribe', { email }, { 'x-forwarded-for': from });
  const welcomes = async (to: string) =>
    (await store.deps.mailer.outbox({ to, limit: 20 })).filter((mail) => mail.subject === WELCOME_SUBJECT);
  /** The token of the newest welcome email's one-click header. */
  const latestToken = async (to: string) => {
    const [mail] = await welcomes(to);
    const header = mail?.headers?.['List-Unsubscribe'] ?? '';
    return new URL(header.slice(1, -1)).searchParams.get('token') ?? '';
  };

  beforeAll(async () => {
    store = await createTestStore(kind, { config: { TRUST_PROXY: 'true' } });
    limit = store.deps.config.NEWSLETTER_RATE_LIMIT;
  });
  afterAll(() => store.close());

  it('subscribes a new address, stored lower-cased, and welcomes it with a one-click unsubscribe link and header', async () => {
    const res = await subscribe('  New.Reader@Example.COM ');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: NEWSLETTER_MESSAGES.subscribed });

    const [mail] = await welcomes('new.reader@example.com');
    expect(mail).toBeDefined();
    const token = await latestToken('new.reader@example.com');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail?.headers).toEqual({
      'List-Unsubscribe': `<${TEST_PUBLIC_URL}/api/newsletter/unsubscribe?token=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    const pageLink = `${TEST_PUBLIC_URL}/newsletter/unsubscribe?token=${token}`;
    expect(mail?.text).toContain(pageLink);
    expect(mail?.html).toContain(`href="${pageLink}"`);
    expect(mail?.html).toContain('prefers-color-scheme: dark');
  });

  it('answers already_subscribed for the same address in any case, and sends nothing more', async () => {
    await subscribe('twice@example.com');
    const again = await subscribe('TWICE@example.com');
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ already_subscribed: true, message: NEWSLETTER_MESSAGES.alreadySubscribed });
    expect(await welcomes('twice@example.com')).toHaveLength(1);
  });

  it('unsubscribes from the page with the emailed token, says so once more kindly, and resubscribes with a new link', async () => {
    await subscribe('leaver@example.com');
    const token = await latestToken('leaver@example.com');

    const out = await postJson(store, '/api/newsletter/unsubscribe', { token });
    expect(out.status).toBe(200);
    expect(await out.json()).toEqual({ message: NEWSLETTER_MESSAGES.unsubscribed });

    const twice = await postJson(store, '/api/newsletter/unsubscribe', { token });
    expect(await twice.json()).toEqual({ already_unsubscribed: true, message: NEWSLETTER_MESSAGES.alreadyUnsubscribed });

    const back = await subscribe('Leaver@Example.com');
    expect(await back.json()).toEqual({ resubscribed: true, message: NEWSLETTER_MESSAGES.resubscribed });
    expect(await welcomes('leaver@example.com')).toHaveLength(2);
    const newToken = await latestToken('leaver@example.com');
    expect(newToken).not.toBe(token);
    // The old link no longer names this subscription.
    expect((await postJson(store, '/api/newsletter/unsubscribe', { token })).status).toBe(404);
    expect((await (await subscribe('leaver@example.com')).json()).already_subscribed).toBe(true);
  });

  it('takes the RFC 8058 one-click POST a mail client sends to the header’s URL', async () => {
    await subscribe('one-click@example.com');
    const token = await latestToken('one-click@example.com');
    const res = await store.app.request(`/api/newsletter/unsubscribe?token=${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect((await res.json()).message).toBe(NEWSLETTER_MESSAGES.unsubscribed);
  });

  it.each([
    [{ token: 'A'.repeat(43) }, 404, 'NOT_FOUND'],
    [{ token: 'short' }, 400, 'VALIDATION_FAILED'],
    [{}, 400, 'VALIDATION_FAILED'],
    [{ token: 'x'.repeat(500) }, 400, 'VALIDATION_FAILED'],
  ])('refuses unsubscribe body %j with %d', async (body, status, code) => {
    const res = await postJson(store, '/api/newsletter/unsubscribe', body);
    expect(res.status).toBe(status);
    expect((await res.json()).error.code).toBe(code);
  });

  it.each([['not-an-email'], [''], [42], ['a'.repeat(300) + '@example.com']])('refuses %j with a 400', async (email) => {
    const res = await subscribe(email);
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe('VALIDATION_FAILED');
  });

  it('refuses a client’s requests past NEWSLETTER_RATE_LIMIT a minute', async () => {
    expect(limit).toBe(5);
    for (let i = 0; i < limit; i++) {
      expect((await subscribe(`burst-${i}@example.com`, '10.9.9.9')).status).toBe(200);
    }
    const refused = await subscribe('burst-last@example.com', '10.9.9.9');
    expect(refused.status).toBe(429);
    expect(await welcomes('burst-last@example.com')).toHaveLength(0);
  });
});

describe('the welcome email over SMTP', () => {
  it('carries the List-Unsubscribe headers', async () => {
    const mail: OutgoingMail = {
      to: 'reader@example.com',
      subject: WELCOME_SUBJECT,
      text: 'Welcome',
      headers: { 'List-Unsubscribe': '<https://openline.store/api/newsletter/unsubscribe?token=abc>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    };
    const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true });
    const info = await transporter.sendMail(nodemailerMessage('OpenLine <news@openline.store>', mail));
    // Unfolded: a long header continues on the next line after CRLF and a space.
    const mime = info.message.toString().replace(/\r\n\s+/g, ' ');
    expect(mime).toContain('List-Unsubscribe: <https://openline.store/api/newsletter/unsubscribe?token=abc>');
    expect(mime).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  });
});
