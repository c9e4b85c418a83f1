import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_MESSAGES } from '../../../domain/admin-users.ts';
import type { Store } from '../../bootstrap.ts';
import { getJson, postJson, signUp, signUpAdmin } from '../../testing/fixtures.ts';
import { testDbKinds } from '../../testing/test-db.ts';
import { createTestStore } from '../../testing/test-store.ts';

const INTERNAL_TOKEN = 'internal-token-for-user-tests';

interface UserList {
  users: { id: string; email: string; is_admin: boolean }[];
  total: number;
}

describe.each(testDbKinds())('accounts and the admin role on %s', (kind) => {
  let store: Store;

  beforeAll(async () => {
    store = await createTestStore(kind, { internalToken: INTERNAL_TOKEN });
  });
  afterAll(() => store.close());

  const idOf = async (cookie: string, email: string) =>
    (await getJson<UserList>(store, `/api/admin/users?q=${encodeURIComponent(email)}`, { cookie })).body.users[0]?.id ??
    '';
  const setRole = (cookie: string, id: string, admin: boolean) =>
    postJson(store, `/api/admin/users/${id}/role`, { admin }, { cookie });

  it('grants and revokes the admin role, audited, but never takes it from the last admin', async () => {
    const first = await signUpAdmin(store, `first-${kind}@example.com`, INTERNAL_TOKEN);
    await signUp(store, `helper-${kind}@example.com`);
    const helperId = await idOf(first, `helper-${kind}@example.com`);

    const granted = await setRole(first, helperId, true);
    expect(granted.status).toBe(200);
    expect((await granted.json()).message).toBe(`helper-${kind}@example.com is now an admin.`);
    const admins = await getJson<UserList>(store, '/api/admin/users?admins=only', { cookie: first });
    expect(admins.body.users.map((user) => user.email)).toContain(`helper-${kind}@example.com`);

    expect((await setRole(first, helperId, false)).status).toBe(200);
    const firstId = await idOf(first, `first-${kind}@example.com`);
    const last = await setRole(first, firstId, false);
    expect(last.status).toBe(409);
    expect((await last.json()).error.message).toBe(USER_MESSAGES.lastAdmin);
    expect((await setRole(first, 'no-such-account', true)).status).toBe(404);

    const audit = await getJson<{ events: { action: string }[] }>(store, `/api/admin/audit?record=${helperId}`, {
      cookie: first,
    });
    expect(audit.body.events.map((event) => event.action)).toEqual(['user.revoke_admin', 'user.grant_admin']);
  });

  it('lets only one of two admins revoking each other at once succeed: an admin always remains', async () => {
    const fresh = await createTestStore(kind, { internalToken: INTERNAL_TOKEN });
    try {
      const a = await signUpAdmin(fresh, `a-${kind}@example.com`, INTERNAL_TOKEN);
      const b = await signUpAdmin(fresh, `b-${kind}@example.com`, INTERNAL_TOKEN);
      const list = (await getJson<UserList>(fresh, '/api/admin/users?admins=only', { cookie: a })).body.users;
      const id = (email: string) => list.find((user) => user.email === email)?.id ?? '';
      const answers = await Promise.all([
        postJson(fresh, `/api/admin/users/${id(`b-${kind}@example.com`)}/role`, { admin: false }, { cookie: a }),
        postJson(fresh, `/api/admin/users/${id(`a-${kind}@example.com`)}/role`, { admin: false }, { cookie: b }),
      ]);
      // The second is refused as the last admin, or (when the first has already committed) as no admin at all.
      const [won, lost] = answers.map((res) => res.status).sort();
      expect(won).toBe(200);
      expect([403, 409]).toContain(lost);
      const { rows } = await fresh.deps.database.sql.executeSql(
        "SELECT count(*)::int AS n FROM user_roles WHERE role = 'admin'",
      );
      expect(rows).toEqual([{ n: 1 }]);
    } finally {
      await fresh.close();
    }
  });
});
