import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '../../domain/admin.ts';
import type { Store } from '../bootstrap.ts';
import * as t from '../db/schema.ts';
import { getJson, postJson, signUpAdmin } from '../testing/fixtures.ts';
import { testDbKinds } from '../testing/test-db.ts';
import { createTestStore } from '../testing/test-store.ts';

const INTERNAL_TOKEN = 'internal-token-for-inbox-tests';

describe.each(testDbKinds())('the admin inbox on %s', (kind) => {
  let store: Store;
  let admin: string;
  const asAdmin = <Body>(path: string) => getJson<Body>(store, path, { cookie: admin });
  const act = (path: string, body: unknown = {}) => postJson(store, path, body, { cookie: admin });
  const auditOf = async (record: string) =>
    (await asAdmin<AuditPage>(`/api/admin/audit?record=${encodeURIComponent(record)}`)).body.events;

  beforeAll(async () => {
    store = await createTestStore(kind, { internalToken: INTERNAL_TOKEN, config: { TRUST_PROXY: 'true' } });
    admin = await signUpAdmin(store, `inbox-${kind}@example.com`, INTERNAL_TOKEN);
  });
  afterAll(() => store.close());

  it('moves a bug report along, audited, and lists it with its status', async () => {
    const id = randomUUID();
    // Test data only: the bug-reports module owns the table.
    await store.deps.database.db.insert(t.bugReports).values({
      id,
      email: 'tester@example.com',
      title: 'The button is grey',
      description: 'On the eSIM page the pay button stays grey.',
      priority: 'high',
      pageUrl: 'http://localhost/esim-shop',
    });
    expect((await act(`/api/admin/bug-reports/${id}/status`, { status: 'in_progress' })).status).toBe(200);
    const { body } = await asAdmin<{ reports: { id: string; status: string }[] }>('/api/admin/bug-reports');
    expect(body.reports.find((report) => report.id === id)?.status).toBe('in_progress');
    expect(await auditOf(id)).toEqual([
      expect.objectContaining({
        action: 'bug_report.status',
        before: { status: 'new' },
        after: { status: 'in_progress' },
      }),
    ]);
    expect((await act(`/api/admin/bug-reports/${id}/status`, { status: 'lost' })).status).toBe(400);
    expect((await act(`/api/admin/bug-reports/${randomUUID()}/status`, { status: 'resolved' })).status).toBe(404);
  });

  it('lists service requests newest first and moves one to contacted', async () => {
    const res = await postJson(
      store,
      '/api/service-requests',
      { email: 'asker@example.com', imei: '356938035643809', brand: 'sony', carrier: 'telcel', country: 'mx' },
      { 'x-forwarded-for': '10.9.0.1' },
    );
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const { body } = await asAdmin<{ requests: { id: string; status: string }[] }>('/api/admin/service-requests');
    expect(body.requests[0]).toMatchObject({ id, status: 'new' });
    expect((await act(`/api/admin/service-requests/${id}/status`, { status: 'contacted' })).status).toBe(200);
    const again = await asAdmin<{ requests: { id: string; status: string }[] }>('/api/admin/service-requests');
    expect(again.body.requests[0]?.status).toBe('contacted');
    expect((await auditOf(id)).map((event) => event.action)).toEqual(['service_request.status']);
  });

  it('sends a stored message again, audited, and refuses one that does not exist', async () => {
    await store.deps.mailer.send({ to: 'resend@example.com', subject: 'Your receipt', text: 'Thank you.' });
    const [message] = await store.deps.mailer.outbox({ to: 'resend@example.com', limit: 5 });
    expect((await act(`/api/admin/mail-outbox/${message?.id}/resend`)).status).toBe(200);
    expect(await store.deps.mailer.outbox({ to: 'resend@example.com', limit: 5 })).toHaveLength(2);
    expect((await auditOf(String(message?.id))).map((event) => event.action)).toEqual(['mail.resend']);
    expect((await act('/api/admin/mail-outbox/999999/resend')).status).toBe(404);
    // Past the id column's range: a 400, not the database's error (issue 45 §5).
    expect((await act(`/api/admin/mail-outbox/${2 ** 31}/resend`)).status).toBe(400);
  });

  it('lists subscribers with the counts and exports the subscribed ones as CSV, formulas defused', async () => {
    for (const [i, email] of ['reader@example.com', '-cmd@example.com'].entries()) {
      const res = await postJson(store, '/api/newsletter/subscribe', { email }, { 'x-forwarded-for': `10.8.0.${i}` });
      expect(res.status).toBeLessThan(300);
    }
    const { body } = await asAdmin<{ subscribers: { email: string }[]; subscribed: number }>(
      '/api/admin/newsletter/subscribers',
    );
    expect(body.subscribed).toBe(2);
    expect(body.subscribers.map((row) => row.email).sort()).toEqual(['-cmd@example.com', 'reader@example.com']);
    const csv = await store.app.request('/api/admin/newsletter/subscribers.csv', { headers: { cookie: admin } });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const text = await csv.text();
    expect(text.split('\r\n')[0]).toBe('email,subscribed_at');
    expect(text).toContain('"reader@example.com",');
    expect(text).toContain(`"'-cmd@example.com",`);
  });
});
