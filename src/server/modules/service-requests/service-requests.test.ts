import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_REQUESTS_PER_RECIPIENT_PER_HOUR } from '../../../domain/service-request.ts';
import type { Store } from '../../bootstrap.ts';
import { testDbKinds } from '../../testing/test-db.ts';
import { createTestStore, jsonHeaders } from '../../testing/test-store.ts';

const IMEI = '356938035643809';
const MASKED_IMEI = '35693803***3809';

describe.each(testDbKinds())('service requests on %s', (kind) => {
  let store: Store;
  let client = 0;

  // Every request from its own address: only the per-recipient limit may refuse them.
  const post = (body: Record<string, string>) =>
    store.app.request('/api/service-requests', {
      method: 'POST',
      headers: jsonHeaders({ 'x-forwarded-for': `10.1.0.${++client}` }),
      body: JSON.stringify(body),
    });
  const mailsTo = (to: string) => store.deps.mailer.outbox({ to, limit: 50 });

  beforeAll(async () => {
    store = await createTestStore(kind, { config: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => store.close());

  it('confirms with the store’s words, the catalogue’s names and a masked IMEI, never the requester’s text', async () => {
    const res = await post({
      email: 'owner@example.com',
      imei: IMEI,
      brand: 'sony',
      model: 'Claim your prize at https://evil.example',
      carrier: 'telcel',
      country: 'mx',
      notes: 'Your account is locked, call +1 555 0100',
    });
    expect(res.status).toBe(201);
    const { id } = await res.json();
    const [mail] = await mailsTo('owner@example.com');
    expect(mail?.subject).toContain(id.slice(0, 8));
    const text = `${mail?.subject}\n${mail?.text}`;
    expect(text).toContain(MASKED_IMEI);
    expect(text).toContain('Sony');
    expect(text).toContain('Telcel');
    expect(text).toContain('Mexico');
    expect(text).not.toContain(IMEI);
    expect(text).not.toContain('evil.example');
    expect(text).not.toContain('Claim your prize');
    expect(text).not.toContain('555 0100');
  });

  it('says "your device" for a brand, carrier or country the catalogue does not know', async () => {
    const res = await post({
      email: 'free-typed@example.com',
      imei: IMEI,
      brand: 'Cheap pills at evil.example',
      carrier: 'Win a prize now',
      country: 'Visit evil.example',
    });
    expect(res.status).toBe(201);
    const [mail] = await mailsTo('free-typed@example.com');
    const text = `${mail?.subject}\n${mail?.text}`;
    expect(text).toContain('your device');
    expect(text).not.toMatch(/evil\.example|pills|prize/);
  });

  it(`refuses the ${SERVICE_REQUESTS_PER_RECIPIENT_PER_HOUR + 1}th request to one address within the hour, from any client, and sends nothing`, async () => {
    const body = { email: 'Target@Example.com', imei: IMEI, brand: 'Sony', carrier: 'telcel', country: 'MX' };
    for (let i = 0; i < SERVICE_REQUESTS_PER_RECIPIENT_PER_HOUR; i++) {
      expect((await post(body)).status).toBe(201);
    }
    const refused = await post({ ...body, email: ' target@example.com ' });
    expect(refused.status).toBe(429);
    expect((await refused.json()).error.code).toBe('RATE_LIMITED');
    expect(await mailsTo('target@example.com')).toHaveLength(SERVICE_REQUESTS_PER_RECIPIENT_PER_HOUR);
    // Another address is not held up by it.
    expect((await post({ ...body, email: 'someone-else@example.com' })).status).toBe(201);
  });
});
