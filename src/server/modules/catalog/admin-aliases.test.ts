import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALIAS_MESSAGES, type AliasPreview } from '../../../domain/admin-aliases.ts';
import type { AuditPage } from '../../../domain/admin.ts';
import type { Store } from '../../bootstrap.ts';
import { getJson, postJson, signUpAdmin } from '../../testing/fixtures.ts';
import { testDbKinds } from '../../testing/test-db.ts';
import { createTestStore, jsonHeaders } from '../../testing/test-store.ts';
import { openPostgres } from '../../db/client.ts';
import { databaseUrlWithName } from '../../testing/global-setup.ts';
import { aQuote, luhnImei } from '../../testing/unlocks.ts';

const INTERNAL_TOKEN = 'internal-token-for-alias-tests';

describe.each(testDbKinds())('admin aliases on %s', (kind) => {
  let store: Store;
  let admin: string;

  const send = (method: 'PUT' | 'DELETE', body: unknown) =>
    store.app.request('/api/admin/aliases', {
      method,
      headers: jsonHeaders({ cookie: admin }),
      body: JSON.stringify(body),
    });
  const add = (body: unknown) => postJson(store, '/api/admin/aliases', body, { cookie: admin });
  const preview = async (text: string, country = '') =>
    (
      await getJson<AliasPreview>(
        store,
        `/api/admin/aliases/preview?text=${encodeURIComponent(text)}&country=${country}`,
        { cookie: admin },
      )
    ).body;

  beforeAll(async () => {
    store = await createTestStore(kind, { internalToken: INTERNAL_TOKEN });
    admin = await signUpAdmin(store, `aliases-${kind}@example.com`, INTERNAL_TOKEN);
  });
  afterAll(() => store.close());

  it('adds a carrier alias that the next quote understands, then changes and removes it, each audited', async () => {
    const device = { brand: 'Apple', model: 'iPhone 15', network: 'Ma Bell', country: 'US' };
    const imei = luhnImei('35693803', 11);
    expect((await aQuote(store, imei, device)).supported).toBe(false);
    expect((await preview('Ma Bell', 'US')).carrier).toBeNull();

    const added = await add({ type: 'carrier', alias: 'Ma Bell', target: 'att-us', country_code: 'us' });
    expect(added.status).toBe(201);
    expect((await preview('ma-bell', 'US')).carrier).toEqual({ code: 'att-us', name: 'AT&T' });
    expect((await aQuote(store, imei, device)).supported).toBe(true);

    const moved = await send('PUT', {
      from: { type: 'carrier', alias: 'Ma Bell', target: 'att-us', country_code: 'US' },
      to: { type: 'carrier', alias: 'Mother Bell', target: 'att-us', country_code: 'US' },
    });
    expect(moved.status).toBe(200);
    expect((await aQuote(store, imei, device)).supported).toBe(false);
    expect((await preview('Mother Bell', 'US')).carrier?.code).toBe('att-us');

    const removed = await send('DELETE', {
      type: 'carrier',
      alias: 'Mother Bell',
      target: 'att-us',
      country_code: 'US',
    });
    expect(removed.status).toBe(200);
    expect((await preview('Mother Bell', 'US')).carrier).toBeNull();
    expect(
      (await send('DELETE', { type: 'carrier', alias: 'Mother Bell', target: 'att-us', country_code: 'US' })).status,
    ).toBe(404);

    const { body } = await getJson<AuditPage>(store, '/api/admin/audit?record=carrier%3AMother%20Bell', {
      cookie: admin,
    });
    expect(body.events.map((event) => event.action)).toEqual(['alias.remove', 'alias.edit']);
  });

  it('hands the pickers an alias an admin adds at once, first in the list they search by', async () => {
    const pickerAliases = async () =>
      (await getJson<{ alias: string; carrier_slug: string }[]>(store, '/api/catalog/carrier-aliases')).body;
    expect((await pickerAliases()).some((row) => row.alias === 'Southwestern Bell')).toBe(false);
    expect(
      (await add({ type: 'carrier', alias: 'Southwestern Bell', target: 'att-us', country_code: 'US' })).status,
    ).toBe(201);
    const [newest] = await pickerAliases();
    expect(newest).toEqual({ alias: 'Southwestern Bell', carrier_slug: 'att-us', country_code: 'US' });
  });

  it('lists and searches the seeded aliases with their target’s name', async () => {
    const { status, body } = await getJson<{
      aliases: { alias: string; target: string; target_name: string }[];
      total: number;
    }>(store, '/api/admin/aliases?type=carrier&q=AT%26T%20Mob', { cookie: admin });
    expect(status).toBe(200);
    expect(body.aliases).toContainEqual(
      expect.objectContaining({ alias: 'AT&T Mobility', target: 'att-us', target_name: 'AT&T' }),
    );
    expect(body.total).toBe(body.aliases.length);
  });

  it.each([
    [
      'an alias that leads to nothing',
      { type: 'country', alias: 'Atlantis', target: 'ZZ' },
      400,
      ALIAS_MESSAGES.unknownTarget('country', 'ZZ'),
    ],
    ['punctuation alone', { type: 'brand', alias: '---', target: 'apple' }, 400, ALIAS_MESSAGES.onlyPunctuation],
    [
      'a text that already means another country',
      { type: 'country', alias: 'Germany', target: 'US' },
      409,
      ALIAS_MESSAGES.taken('Germany', 'Germany'),
    ],
    [
      'an alias that exists',
      { type: 'carrier', alias: 'AT&T Mobility', target: 'att-us', country_code: 'US' },
      409,
      ALIAS_MESSAGES.exists,
    ],
    ['an empty alias', { type: 'brand', alias: '  ', target: 'apple' }, 400, ALIAS_MESSAGES.required],
    ['NUL in the alias', { type: 'brand', alias: 'a\u0000b', target: 'apple' }, 400, undefined],
  ])('refuses %s, changing nothing', async (_, body, status, message) => {
    const res = await add(body);
    expect(res.status).toBe(status);
    const answer = (await res.json()) as { error: { message: string } };
    if (message) expect(answer.error.message).toBe(message);
  });

  it('reaches another instance on the same database at once (PostgreSQL)', async () => {
    if (kind !== 'postgres') return;
    // The second store opens its own pool and listener on the same database.
    const { rows } = await store.deps.database.sql.executeSql('SELECT current_database() AS name');
    const name = (rows as { name: string }[])[0]?.name ?? '';
    const database = openPostgres(databaseUrlWithName(process.env.TEST_DATABASE_URL ?? '', name), 2);
    const other = await createTestStore(kind, { database });
    try {
      expect((await other.deps.catalog.preview('Deutschlandia')).country).toBeNull();
      expect((await add({ type: 'country', alias: 'Deutschlandia', target: 'DE' })).status).toBe(201);
      await expect.poll(async () => (await other.deps.catalog.preview('Deutschlandia')).country?.code).toBe('DE');
    } finally {
      await other.close();
    }
  });
});
