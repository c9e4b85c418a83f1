import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskEmail } from '../../../domain/email.ts';
import { iosInstallLink } from '../../../domain/esim-checkout.ts';
import { shortId } from '../../../domain/short-id.ts';
import type { Store } from '../../bootstrap.ts';
import { sandboxEsimProvider, SANDBOX_SMDP_ADDRESS } from '../../integrations/esim/sandbox.ts';
import { isLuhnValid } from '../../../domain/imei.ts';
import { asKind, getOrder, placeEsimOrder, postJson, sandboxDelivery, waitForStatus } from '../../testing/orders.ts';
import { decodePng, PNG_SIGNATURE } from '../../testing/png.ts';
import { testDbKinds } from '../../testing/test-db.ts';
import { createTestStore } from '../../testing/test-store.ts';
import { RECEIPT_QR_OPTIONS } from '../../emails/esim-emails.ts';

/** True when the PNG draws exactly the QR code of `text`: every module's centre pixel is read back. */
function showsQrCodeOf(png: Buffer, text: string): boolean {
  const image = decodePng(png);
  const { modules } = QRCode.create(text, { errorCorrectionLevel: RECEIPT_QR_OPTIONS.errorCorrectionLevel });
  const margin = RECEIPT_QR_OPTIONS.margin;
  const modulePx = image.width / (modules.size + 2 * margin);
  if (image.height !== image.width || !Number.isInteger(modulePx)) return false;
  const centre = (index: number) => Math.floor((index + margin + 0.5) * modulePx);
  for (let row = 0; row < modules.size; row++)
    for (let col = 0; col < modules.size; col++)
      if (image.isDark(centre(col), centre(row)) !== Boolean(modules.get(row, col))) return false;
  return !image.isDark(0, 0);
}

interface Package {
  package_id: string;
  package_name: string;
  price_cents: number;
}

describe.each(testDbKinds())('eSIM payment to delivery on %s', (kind) => {
  const esim = sandboxEsimProvider();
  let store: Store;
  let pkg: Package;

  beforeAll(async () => {
    store = await createTestStore(kind, { providers: { esim } });
    const packages = (await (await store.app.request('/api/esim/packages')).json()) as Package[];
    pkg = packages[0] as Package;
  });
  afterAll(() => store.close());

  const outboxFor = (email: string) => store.deps.mailer.outbox({ to: email });

  it('pays on the sandbox page, through the signed webhook, to a delivered eSIM and a receipt email', async () => {
    const email = `paid-${kind}@example.com`;
    const order = await placeEsimOrder(store, { email, items: [{ package_id: pkg.package_id, quantity: 2 }] });
    expect(order.url).toMatch(/^http:\/\/localhost:3000\/pay\/cs_sbx_/);

    const page = await store.app.request(`/api/sandbox-payments/${order.sessionId}`);
    expect(await page.json()).toMatchObject({
      status: 'open',
      email: maskEmail(email),
      amount_cents: pkg.price_cents * 2,
    });
    const paid = await postJson(store, `/api/sandbox-payments/${order.sessionId}/pay`, {});
    expect(paid.status).toBe(200);
    const { url } = (await paid.json()) as { url: string };
    expect(url).toBe(`http://localhost:3000/esim/receipt?order=${order.orderId}&token=${order.token}`);

    const receipt = await waitForStatus(store, order, 'fulfilled');
    expect(receipt.events.map((event) => event.status)).toEqual(['pending_payment', 'paid', 'fulfilled']);
    expect(asKind(receipt, 'esim').esim_profiles).toHaveLength(2);
    for (const profile of asKind(receipt, 'esim').esim_profiles) {
      expect(profile.iccid).toMatch(/^89\d{17,18}$/);
      expect(isLuhnValid(profile.iccid)).toBe(true);
      expect(profile.smdp_address).toBe(SANDBOX_SMDP_ADDRESS);
      expect(profile.matching_id).toMatch(/^[A-Z0-9]+$/);
      expect(profile.lpa).toBe(`LPA:1$${SANDBOX_SMDP_ADDRESS}$${profile.matching_id}`);
      expect(profile.ios_install_link).toBe(iosInstallLink(profile.lpa));
    }

    // The receipt follows the 'fulfilled' event through the mail subscriber's queue (ADR 069).
    await expect.poll(() => outboxFor(email)).toHaveLength(1);
    const [mail, ...more] = await outboxFor(email);
    expect(more).toHaveLength(0);
    expect(mail?.subject).toContain(shortId(order.orderId));
    for (const profile of asKind(receipt, 'esim').esim_profiles) {
      expect(mail?.text).toContain(profile.lpa);
      expect(mail?.text).toContain(iosInstallLink(profile.lpa));
    }
    expect(mail?.text).toContain(pkg.package_name);
    expect(mail?.text).toContain(url);

    // The outbox keeps the whole message: one QR code image per eSIM, shown inline by the HTML part.
    expect(mail?.attachments).toHaveLength(2);
    const html = mail?.html ?? '';
    for (const profile of asKind(receipt, 'esim').esim_profiles) {
      const images = (mail?.attachments ?? []).filter((attachment) =>
        showsQrCodeOf(Buffer.from(attachment.contentBase64, 'base64'), profile.lpa),
      );
      expect(images).toHaveLength(1);
      const [image] = images;
      expect(image).toMatchObject({ contentType: 'image/png', filename: expect.stringMatching(/\.png$/) });
      expect(Buffer.from(image?.contentBase64 ?? '', 'base64').subarray(0, 8)).toEqual(PNG_SIGNATURE);
      expect(html).toContain(`<img src="cid:${image?.contentId}"`);
      expect(html).toContain(`href="${iosInstallLink(profile.lpa)}"`);
    }
    expect(html).toContain(`href="${url.replaceAll('&', '&amp;')}"`);
  });

  it('provisions once however often the payment event is delivered', async () => {
    const email = `replay-${kind}@example.com`;
    const order = await placeEsimOrder(store, { email, items: [{ package_id: pkg.package_id, quantity: 1 }] });
    const before = esim.provisioned;
    const init = sandboxDelivery(store, {
      id: `evt_replay_${kind}`,
      type: 'completed',
      ...order,
      amountCents: pkg.price_cents,
      paymentRef: 'pi_sbx_replay',
    });

    const answers = await Promise.all(
      Array.from({ length: 5 }, () => store.app.request('/api/payments/webhook/sandbox', { ...init })),
    );
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200, 200]);

    await waitForStatus(store, order, 'fulfilled');
    const { rows } = await store.deps.database.sql.executeSql(
      `SELECT count(*)::int AS jobs FROM pgboss.job WHERE name = 'esim.provision' AND data->>'orderId' = $1`,
      [order.orderId],
    );
    expect(rows).toEqual([{ jobs: 1 }]);
    expect(esim.provisioned - before).toBe(1);
    await expect.poll(() => outboxFor(email)).toHaveLength(1);
  });

  it('retries a failing provider and delivers when it recovers', async () => {
    const order = await placeEsimOrder(store, { items: [{ package_id: pkg.package_id, quantity: 1 }] });
    esim.failNext(2);
    await postJson(store, `/api/sandbox-payments/${order.sessionId}/pay`, {});
    const receipt = await waitForStatus(store, order, 'fulfilled');
    expect(asKind(receipt, 'esim').esim_profiles).toHaveLength(1);
    expect(receipt.refunded).toBe(false);
  });

  it('after the last retry fails: the order fails, the payment is refunded and the buyer told', async () => {
    const email = `failed-${kind}@example.com`;
    const order = await placeEsimOrder(store, { email, items: [{ package_id: pkg.package_id, quantity: 1 }] });
    esim.failNext(Infinity);
    try {
      await postJson(store, `/api/sandbox-payments/${order.sessionId}/pay`, {});
      const receipt = await waitForStatus(store, order, 'failed', 20_000);
      // The refund is recorded just after the status change.
      await expect.poll(async () => (await getOrder(store, order.orderId, order.token)).body.refunded).toBe(true);
      const { body } = await getOrder(store, order.orderId, order.token);
      expect(asKind(body, 'esim').esim_profiles).toHaveLength(0);
      expect(body.events.map((event) => event.message)).toEqual([
        'Order placed. Waiting for payment.',
        'Payment received.',
        'We could not issue your eSIM after several attempts.',
        expect.stringMatching(/^Refunded \$\d+\.\d\d to your original payment method\.$/),
      ]);
      expect(receipt.status).toBe('failed');
      await expect.poll(() => outboxFor(email)).toHaveLength(1);
      const [mail] = await outboxFor(email);
      expect(mail?.subject).toContain('could not deliver');
      expect(mail?.text).toContain('refunded');
    } finally {
      esim.failNext(0);
    }
  });
});
