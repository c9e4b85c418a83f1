import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MISSING_CREDENTIALS_MESSAGE } from '../../../domain/auth.ts';
import type { Store } from '../../bootstrap.ts';
import { testDbKinds } from '../../testing/test-db.ts';
import { cookieOf, createTestStore, jsonHeaders } from '../../testing/test-store.ts';
import { sessionUser } from './service.ts';

const INTERNAL_TOKEN = 'internal-token-for-tests';
let counter = 0;
const uniqueEmail = () => `shopper${++counter}-${Date.now()}@example.com`;

describe.each(testDbKinds())('accounts on %s', (kind) => {
  let store: Store;
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    store.app.request(path, { method: 'POST', headers: jsonHeaders(headers), body: JSON.stringify(body) });
  const signUp = (email: string, password = 'travel2026') =>
    post('/api/auth/sign-up/email', { email, password, name: email.split('@')[0] });
  const me = async (cookie?: string) =>
    (await store.app.request('/api/me', { headers: cookie ? { cookie } : {} })).json();

  beforeAll(async () => {
    store = await createTestStore(kind, { internalToken: INTERNAL_TOKEN });
  });
  afterAll(() => store.close());

  it('signs a visitor up and keeps them signed in', async () => {
    const email = uniqueEmail();
    const res = await signUp(email);
    expect(res.status).toBe(200);
    expect(await me(cookieOf(res))).toEqual({ user: { id: expect.any(String), email }, isAdmin: false });
  });

  it('knows nobody without a session', async () => {
    expect(await me()).toEqual({ user: null, isAdmin: false });
  });

  it('signs in with the right password only', async () => {
    const email = uniqueEmail();
    await signUp(email);
    const wrong = await post('/api/auth/sign-in/email', { email, password: 'not-the-password1' });
    expect(wrong.status).toBe(401);
    const right = await post('/api/auth/sign-in/email', { email, password: 'travel2026' });
    expect(right.status).toBe(200);
    expect((await me(cookieOf(right))).user.email).toBe(email);
  });

  it('signs out', async () => {
    const res = await signUp(uniqueEmail());
    const cookie = cookieOf(res);
    const out = await post('/api/auth/sign-out', {}, { cookie });
    expect(out.status).toBe(200);
    expect((await me(cookie)).user).toBeNull();
  });

  it.each([
    { password: 'short1', reasons: ['at least 8 characters'] },
    { password: 'onlyletters', reasons: ['a number'] },
    { password: '1234567890', reasons: ['a letter'] },
  ])('refuses the weak password $password with its reasons', async ({ password, reasons }) => {
    const res = await signUp(uniqueEmail(), password);
    expect(res.status).toBe(400);
    const body = await res.json();
    for (const reason of reasons) expect(body.message).toContain(reason);
  });

  it('refuses a second account for the same email', async () => {
    const email = uniqueEmail();
    await signUp(email);
    const again = await signUp(email);
    expect(again.status).toBe(422);
  });

  it('keeps the spec message for missing credentials in the shared schema', async () => {
    const { signInSchema } = await import('../../../domain/auth.ts');
    const result = signInSchema.safeParse({ email: '', password: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(MISSING_CREDENTIALS_MESSAGE);
  });

  it('resets a forgotten password through the emailed link', async () => {
    const email = uniqueEmail();
    await signUp(email);
    const requested = await post('/api/auth/request-password-reset', { email, redirectTo: '/auth/reset-password' });
    expect(requested.status).toBe(200);
    const [mail] = await store.deps.mailer.outbox({ to: email });
    expect(mail?.subject).toBe('Reset your OpenLine password');
    const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
    expect(link).toBeDefined();
    const token = new URL(link ?? '').pathname.split('/').pop() ?? '';
    const reset = await post('/api/auth/reset-password', { token, newPassword: 'newtravel2027' });
    expect(reset.status).toBe(200);
    const signIn = await post('/api/auth/sign-in/email', { email, password: 'newtravel2027' });
    expect(signIn.status).toBe(200);
    const reused = await post('/api/auth/reset-password', { token, newPassword: 'another2028x' });
    expect(reused.status).toBe(400);
  });

  describe('admin role', () => {
    const grant = (body: unknown, token = INTERNAL_TOKEN) =>
      post('/api/internal/admin-grant', body, { 'x-internal-token': token });

    it('requires the admin role for admin routes: 401 signed out, 403 customer, 200 admin', async () => {
      expect((await store.app.request('/api/admin/mail-outbox')).status).toBe(401);
      const email = uniqueEmail();
      const cookie = cookieOf(await signUp(email));
      const forbidden = await store.app.request('/api/admin/mail-outbox', { headers: { cookie } });
      expect(forbidden.status).toBe(403);
      expect((await forbidden.json()).error.code).toBe('FORBIDDEN');

      expect((await grant({ email })).status).toBe(200);
      expect(await me(cookie)).toMatchObject({ isAdmin: true });
      const allowed = await store.app.request('/api/admin/mail-outbox', { headers: { cookie } });
      expect(allowed.status).toBe(200);
      expect((await allowed.json()).messages).toBeInstanceOf(Array);
    });

    it('creates a new admin with a one-time set-password link', async () => {
      const email = uniqueEmail();
      const res = await grant({ email });
      const body = await res.json();
      expect(body).toMatchObject({ outcome: 'created-with-link', email });
      const token = new URL(body.setPasswordUrl).searchParams.get('token');
      const reset = await post('/api/auth/reset-password', { token, newPassword: 'chosen2026pw' });
      expect(reset.status).toBe(200);
      const signIn = await post('/api/auth/sign-in/email', { email, password: 'chosen2026pw' });
      expect(await me(cookieOf(signIn))).toMatchObject({ isAdmin: true });
    });

    it('creates a new admin with a given password', async () => {
      const email = uniqueEmail();
      expect(await (await grant({ email, password: 'admin2026pw' })).json()).toMatchObject({ outcome: 'created' });
      const signIn = await post('/api/auth/sign-in/email', { email, password: 'admin2026pw' });
      expect(await me(cookieOf(signIn))).toMatchObject({ isAdmin: true });
    });

    it('refuses the internal route without the token', async () => {
      expect((await grant({ email: uniqueEmail() }, 'wrong-token-wrong-token')).status).toBe(403);
    });
  });
});

describe('sign-in rate limit', () => {
  it('answers 429 after the configured attempts per minute', async () => {
    const store = await createTestStore('pglite', { config: { AUTH_RATE_LIMIT: '3' } });
    try {
      const attempt = () =>
        store.app.request('/api/auth/sign-in/email', {
          method: 'POST',
          headers: jsonHeaders(),
          body: JSON.stringify({ email: 'nobody@example.com', password: 'guess12345' }),
        });
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await attempt()).status);
      expect(statuses).toEqual([401, 401, 401, 429]);
      const limited = await attempt();
      expect((await limited.json()).error.code).toBe('RATE_LIMITED');
    } finally {
      await store.close();
    }
  });
});

describe('sessionUser', () => {
  const calls: Headers[] = [];
  // Only getSession is reached; the rest of better-auth is not needed to tell who is asking.
  const auth = {
    api: {
      getSession: async ({ headers }: { headers: Headers }) => {
        calls.push(headers);
        return { user: { id: 'u1', email: 'ada@example.com' } };
      },
    },
  } as unknown as Parameters<typeof sessionUser>[0];

  it.each([
    { cookie: null, expected: null, asked: false },
    { cookie: 'theme=dark; other=1', expected: null, asked: false },
    { cookie: 'better-auth.session_token=abc.def', expected: { id: 'u1', email: 'ada@example.com' }, asked: true },
    {
      cookie: '__Secure-better-auth.session_token=abc.def',
      expected: { id: 'u1', email: 'ada@example.com' },
      asked: true,
    },
  ])('cookie $cookie → asks better-auth: $asked', async ({ cookie, expected, asked }) => {
    calls.length = 0;
    const headers = new Headers(cookie ? { cookie } : {});
    expect(await sessionUser(auth, headers)).toEqual(expected);
    expect(calls.length > 0).toBe(asked);
  });
});
