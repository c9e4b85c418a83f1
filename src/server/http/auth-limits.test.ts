import { describe, expect, it } from 'vitest';
import { signUp } from '../testing/fixtures.ts';
import { createTestStore, jsonHeaders } from '../testing/test-store.ts';
import { authLimiterFor } from './accounts.ts';

describe('the limiter of every better-auth route (issue 45 §6)', () => {
  it('covers each route better-auth serves: the ones that take a password or send mail with the sign-in limiter, any other write with the general one', async () => {
    const store = await createTestStore('pglite');
    try {
      const endpoints = Object.values(
        store.deps.auth.api as unknown as Record<string, { path?: string; options?: { method?: string | string[] } }>,
      ).filter((endpoint) => endpoint.path !== undefined);
      const writes = endpoints
        .filter((endpoint) => [endpoint.options?.method ?? []].flat().includes('POST'))
        .map((endpoint) => [endpoint.path, authLimiterFor(endpoint.path ?? '')] as const)
        .sort(([a], [b]) => (a ?? '').localeCompare(b ?? ''));
      // A route added by an upgrade of better-auth appears here and must be given its limiter on purpose.
      expect(Object.fromEntries(writes)).toEqual({
        '/callback/:id': 'auth-other',
        '/change-email': 'auth/change-email',
        '/change-password': 'auth/change-password',
        '/delete-user': 'auth/delete-user',
        '/get-access-token': 'auth-other',
        '/get-session': 'auth-other',
        '/link-social': 'auth-other',
        '/refresh-token': 'auth-other',
        '/request-password-reset': 'auth/request-password-reset',
        '/reset-password': 'auth/reset-password',
        '/revoke-other-sessions': 'auth-other',
        '/revoke-session': 'auth-other',
        '/revoke-sessions': 'auth-other',
        '/send-verification-email': 'auth/send-verification-email',
        '/sign-in/email': 'auth/sign-in/*',
        '/sign-in/social': 'auth/sign-in/*',
        '/sign-out': 'auth-other',
        '/sign-up/email': 'auth/sign-up/*',
        '/unlink-account': 'auth-other',
        '/update-session': 'auth-other',
        '/update-user': 'auth-other',
        '/verify-password': 'auth/verify-password',
      });
    } finally {
      await store.close();
    }
  });

  it('answers 429 to the eleventh wrong password at /verify-password from one address', async () => {
    const store = await createTestStore('pglite', { config: { AUTH_RATE_LIMIT: '10' } });
    try {
      const cookie = await signUp(store, 'verifier@example.com');
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        const res = await store.app.request('/api/auth/verify-password', {
          method: 'POST',
          headers: jsonHeaders({ cookie }),
          body: JSON.stringify({ password: `wrong-guess-${i}` }),
        });
        statuses.push(res.status);
      }
      expect(statuses.slice(0, 10).every((status) => status !== 429)).toBe(true);
      expect(statuses[10]).toBe(429);
    } finally {
      await store.close();
    }
  });
});
