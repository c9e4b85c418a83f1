import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AliasPreview } from '../../../domain/admin-aliases.ts';
import type { LinkList } from '../../../domain/admin-linker.ts';
import type { AuditPage } from '../../../domain/admin.ts';
import type { Store } from '../../bootstrap.ts';
import { getJson, postJson, signUpAdmin } from '../../testing/fixtures.ts';
import { testDbKinds } from '../../testing/test-db.ts';
import { createTestStore, jsonHeaders } from '../../testing/test-store.ts';
import { aQuote, luhnImei } from '../../testing/unlocks.ts';

const INTERNAL_TOKEN = 'internal-token-for-linker-tests';
/** The sandbox's services the store's mapping file does not know (SANDBOX_UNLINKED_SERVICES). */
const SPARK = 'SBX-2001';
const SWISSCOM = 'SBX-2002';
const POLOGNE = 'SBX-2003';
const CHECK = 'SBX-2004';
const DEVICE_SERVICE = 'SBX-9101';

describe.each(testDbKinds())('the auto-linker admin on %s', (kind) => {
  let store: Store;
  let admin: string;

  const list = async (state = 'pending') =>
    (await getJson<LinkList>(store, `/api/admin/auto-linker?state=${state}`, { cookie: admin })).body;
  const row = async (toolId: string, state = 'pending') =>
    (await list(state)).services.find((service) => service.tool_id === toolId);
  const decide = (action: string, toolIds: string[]) =>
    postJson(store, '/api/admin/auto-linker/decisions', { action, tool_ids: toolIds }, { cookie: admin });
  const correct = (toolId: string, body: unknown) =>
    store.app.request(`/api/admin/auto-linker/${toolId}`, {
      method: 'PUT',
      headers: jsonHeaders({ cookie: admin }),
      body: JSON.stringify(body),
    });
  const sparkIphone = { brand: 'Apple', model: 'iPhone 13', network: 'Spark', country: 'NZ' };
  const imei = luhnImei('35693803', 12);

  beforeAll(async () => {
    store = await createTestStore(kind, { internalToken: INTERNAL_TOKEN });
    admin = await signUpAdmin(store, `linker-${kind}@example.com`, INTERNAL_TOKEN);
  });
  afterAll(() => store.close());

  it("lists the supplier's new services with the linker's reading, its score and the runner-up", async () => {
    const { services, counts } = await list();
    expect(counts.pending).toBe(services.length);
    expect(services.find((service) => service.tool_id === SPARK)).toMatchObject({
      state: 'pending',
      active: false,
      best: {
        kind: 'unlock',
        brand: 'apple',
        carrier: 'spark-nz',
        country: 'NZ',
        series_min: 11,
        series_max: 16,
        label: 'Apple · Spark NZ · New Zealand · iPhone 11 to 16',
      },
    });
    expect((await row(CHECK))?.best).toMatchObject({ kind: 'check', label: 'IMEI or device check' });
    expect((await row(DEVICE_SERVICE))?.required_fields).toEqual(['Brand', 'Model']);
    expect((await row(POLOGNE))?.unread).toBe('Pologne');
  });

  it('accepts a reading: the next quote sells the service; a decided service is not decided twice', async () => {
    expect((await aQuote(store, imei, sparkIphone)).supported).toBe(false);
    const accepted = await decide('accept', [SPARK]);
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toEqual({ message: 'Linked: 1 service.' });
    expect((await aQuote(store, imei, sparkIphone)).supported).toBe(true);
    expect(await row(SPARK, 'linked')).toMatchObject({ active: true, linked: { carrier: 'spark-nz' } });
    expect((await decide('accept', [SPARK])).status).toBe(409);

    const { body } = await getJson<AuditPage>(store, `/api/admin/audit?record=${SPARK}`, { cookie: admin });
    expect(body.events.map((event) => event.action)).toEqual(['link.accept']);
  });

  it('decides all or none: a check cannot be accepted as an unlock, and the unlock beside it stays waiting', async () => {
    const refused = await decide('accept', [SWISSCOM, CHECK]);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toContain(
      'does not read as a complete unlock',
    );
    expect(await row(SWISSCOM)).toBeDefined();
    expect((await decide('accept', [DEVICE_SERVICE])).status).toBe(409);
  });

  it('rejects a service, and the next supplier sync keeps it rejected; reopen sends it back', async () => {
    expect((await decide('reject', [CHECK])).status).toBe(200);
    await store.deps.quotes.importSupplierServices();
    expect(await row(CHECK, 'rejected')).toMatchObject({ state: 'rejected', active: false });
    expect((await decide('reopen', [CHECK])).status).toBe(200);
    expect(await row(CHECK)).toBeDefined();
  });

  it('corrects a reading by hand and teaches the catalogue the word it missed, in one audited change', async () => {
    expect((await row(POLOGNE))?.best.carrier).not.toBe('orange-pl');
    const corrected = await correct(POLOGNE, {
      brand: 'samsung',
      carrier: 'orange-pl',
      series_min: null,
      series_max: null,
      requires_clean_check: false,
      teach: [{ type: 'country', alias: 'Pologne' }],
    });
    expect(corrected.status).toBe(200);
    expect(await row(POLOGNE, 'linked')).toMatchObject({
      linked: { brand: 'samsung', carrier: 'orange-pl', country: 'PL' },
    });
    const preview = await getJson<AliasPreview>(store, '/api/admin/aliases/preview?text=Pologne', { cookie: admin });
    expect(preview.body.country).toEqual({ code: 'PL', name: 'Poland' });
    // The linker now reads the name right by itself.
    expect((await row(POLOGNE, 'linked'))?.best).toMatchObject({ carrier: 'orange-pl', country: 'PL' });

    const { body } = await getJson<AuditPage>(store, `/api/admin/audit?record=${POLOGNE}`, { cookie: admin });
    expect(body.events.map((event) => event.action)).toEqual(['link.correct']);
  });

  it('refuses a correction to an unknown carrier or with a NUL, as 400, changing nothing', async () => {
    const base = {
      brand: 'apple',
      carrier: 'no-such-carrier',
      series_min: 11,
      series_max: 16,
      requires_clean_check: true,
    };
    expect((await correct(SWISSCOM, base)).status).toBe(400);
    expect(
      (await correct(SWISSCOM, { ...base, carrier: 'swisscom', teach: [{ type: 'carrier', alias: 'Swiss\u0000com' }] }))
        .status,
    ).toBe(400);
    expect((await correct(SWISSCOM, { ...base, carrier: 'swisscom', series_min: 16, series_max: 11 })).status).toBe(
      400,
    );
    expect(await row(SWISSCOM)).toBeDefined();
  });
});
