import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../bootstrap.ts';
import { getJson, postJson, signUp, TEST_PASSWORD } from '../../testing/fixtures.ts';
import { testDbKinds } from '../../testing/test-db.ts';
import { cookieOf, createTestStore } from '../../testing/test-store.ts';

describe.each(testDbKinds())('account settings on %s', (kind) => {
  let store: Store;
  beforeAll(async () => {
    store = await createTestStore(kind, { jobs: { workers: false } });
  });
  afterAll(() => store.close());

  const signedInAs = async (cookie: string) =>
    (await getJson<{ user: { email: string } | null }>(store, '/api/me', { cookie })).body.user?.email ?? null;
  const signIn = async (email: string, password: string) =>
    cookieOf(await postJson(store, '/api/auth/sign-in/email', { email, password }));

  it('changes the password under the sign-up rules and signs the other devices out', async () => {
    const email = `change-${kind}@example.com`;
    const laptop = await signUp(store, email);
    const phone = await signIn(email, TEST_PASSWORD);
    const change = (newPassword: string, currentPassword = TEST_PASSWORD) =>
      postJson(
        store,
        '/api/auth/change-password',
        { currentPassword, newPassword, revokeOtherSessions: true },
        { cookie: laptop },
      );

    const weak = await change('lettersonly');
    expect(weak.status).toBe(400);
    expect(await weak.json()).toMatchObject({ code: 'WEAK_PASSWORD' });
    expect((await change('changed2026', 'not-my-password')).status).toBe(400);

    const changed = await change('changed2026');
    expect(changed.status).toBe(200);
    const laptopNow = cookieOf(changed) || laptop;
    expect(await signedInAs(laptopNow)).toBe(email);
    expect(await signedInAs(phone)).toBeNull();
    expect(await signIn(email, 'changed2026')).toContain('session_token');
  });

  it('signs out everywhere: every session of the account ends', async () => {
    const email = `everywhere-${kind}@example.com`;
    const laptop = await signUp(store, email);
    const phone = await signIn(email, TEST_PASSWORD);
    const res = await postJson(store, '/api/auth/revoke-sessions', {}, { cookie: laptop });
    expect(res.status).toBe(200);
    expect(await signedInAs(laptop)).toBeNull();
    expect(await signedInAs(phone)).toBeNull();
  });
});
