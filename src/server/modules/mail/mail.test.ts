import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../bootstrap.ts';
import type { MailTransport, OutgoingMail } from '../../integrations/mail/transport.ts';
import { createLogger } from '../../logger.ts';
import { placeEsimOrder, postJson, waitForStatus } from '../../testing/orders.ts';
import { testDbKinds } from '../../testing/test-db.ts';
import { createTestStore } from '../../testing/test-store.ts';
import { MAIL_MAX_ATTEMPTS } from './service.ts';

/** An SMTP server that refuses the next `failures` messages, then takes them; it keeps what it took. */
function flakySmtp() {
  let failuresLeft = 0;
  const delivered: OutgoingMail[] = [];
  const transport: MailTransport = {
    name: 'smtp',
    async deliver(mail) {
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        throw new Error('421 4.3.2 Service not available');
      }
      delivered.push(mail);
    },
  };
  return { transport, delivered, failNext: (count: number) => (failuresLeft = count) };
}

const HOUR = 3_600_000;

describe.each(testDbKinds())('mail retried from the outbox on %s', (kind) => {
  const smtp = flakySmtp();
  const errorLines: string[] = [];
  let store: Store;
  /** The retry job's clock, moved on by hand so no test waits for a backoff. */
  let clock = Date.now();
  const later = () => new Date((clock += 6 * HOUR));

  beforeAll(async () => {
    const lines = new Writable({
      write(chunk: Buffer, _encoding, done) {
        const line = JSON.parse(chunk.toString()) as { level: number; msg: string };
        if (line.level >= 50) errorLines.push(line.msg);
        done();
      },
    });
    store = await createTestStore(kind, { providers: { mail: smtp.transport }, logger: createLogger('warn', lines) });
  });
  afterAll(() => store.close());

  const rowsTo = (email: string) => store.deps.mailer.outbox({ to: email });

  it('a receipt that fails after the order is fulfilled is retried until sent, and sent once', async () => {
    const email = `flaky-${kind}@example.com`;
    const packages = (await (await store.app.request('/api/esim/packages')).json()) as { package_id: string }[];
    const order = await placeEsimOrder(store, {
      email,
      items: [{ package_id: packages[0]?.package_id ?? '', quantity: 1 }],
    });
    smtp.failNext(2);
    await postJson(store, `/api/sandbox-payments/${order.sessionId}/pay`, {});
    await waitForStatus(store, order, 'fulfilled');
    await expect.poll(async () => (await rowsTo(email))[0]?.error).toContain('Service not available');
    expect((await rowsTo(email))[0]?.sentAt).toBeNull();

    await store.deps.mailer.retryDue(later());
    expect(smtp.delivered.filter((mail) => mail.to === email)).toHaveLength(0);
    await store.deps.mailer.retryDue(later());
    await store.deps.mailer.retryDue(later());

    const sent = smtp.delivered.filter((mail) => mail.to === email);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.subject).toContain('eSIM is ready');
    const [row, ...others] = await rowsTo(email);
    expect(others).toHaveLength(0);
    expect(row?.sentAt).toBeInstanceOf(Date);
    expect(row?.attempts).toBe(3);
  });

  it(`after ${MAIL_MAX_ATTEMPTS} failed tries the mail stays unsent with its error, logged at error once`, async () => {
    const email = `bounced-${kind}@example.com`;
    smtp.failNext(Infinity);
    try {
      await store.deps.mailer.send({ to: email, subject: 'Never delivered', text: 'Hello' });
      for (let tick = 0; tick < MAIL_MAX_ATTEMPTS + 3; tick++) await store.deps.mailer.retryDue(later());
    } finally {
      smtp.failNext(0);
    }
    const [row] = await rowsTo(email);
    expect(row?.sentAt).toBeNull();
    expect(row?.attempts).toBe(MAIL_MAX_ATTEMPTS);
    expect(row?.error).toContain('Service not available');
    expect(errorLines.filter((msg) => msg.includes('gave up'))).toHaveLength(1);
  });
});

describe('the outbox-only transport', () => {
  let store: Store;
  beforeAll(async () => {
    store = await createTestStore('pglite');
  });
  afterAll(() => store.close());

  it('counts a stored mail as sent, so nothing waits for a retry', async () => {
    await store.deps.mailer.send({ to: 'stored@example.com', subject: 'Stored', text: 'Hello' });
    const [row] = await store.deps.mailer.outbox({ to: 'stored@example.com' });
    expect(row?.sentAt).toBeInstanceOf(Date);
    expect(row?.error).toBeNull();
  });
});
