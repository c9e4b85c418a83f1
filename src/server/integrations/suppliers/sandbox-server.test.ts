import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { sandboxSupplierStore } from '../../modules/quotes/sandbox-supplier-store.ts';
import { openTestDatabase, testDbKinds } from '../../testing/test-db.ts';
import { createDhruClient } from './dhru.ts';
import { createUnlockSupplier, inProcessFetch, SANDBOX_SUPPLIER_URL, serviceIdOf, toolIdOf } from './index.ts';
import { SANDBOX_APPLE_RESULT, sandboxImei } from './sandbox-outcomes.ts';
import {
  createSandboxSupplierApp,
  memorySandboxSupplierStore,
  SANDBOX_MESSAGES,
  SANDBOX_SUPPLIER_CREDENTIALS,
  type SandboxSupplierStore,
} from './sandbox-server.ts';
import {
  SupplierAccountError,
  SupplierRejectedError,
  SupplierTransportError,
  type SupplierOrderStatus,
  type UnlockSupplier,
} from './types.ts';

const NO_DHRU = { DHRU_URL: undefined, DHRU_USER: undefined, DHRU_KEY: undefined, DHRU_TIMEOUT_MS: 20_000 };
const APPLE_SERVICE = '1000';
const OTHER_APPLE_SERVICE = '1001';
const SAMSUNG_SERVICE = '1097';

async function pollUntilSettled(supplier: UnlockSupplier, supplierRef: string, limit = 10) {
  const seen: SupplierOrderStatus['state'][] = [];
  for (let i = 0; i < limit; i++) {
    const status = await supplier.orderStatus(supplierRef);
    seen.push(status.state);
    if (status.state === 'success' || status.state === 'rejected') return { status, seen };
  }
  return { status: null, seen };
}

function place(
  supplier: UnlockSupplier,
  imei: string,
  serviceId = APPLE_SERVICE,
  reference = `sub-${imei}-${serviceId}`,
) {
  return supplier.placeOrder({ serviceId, imei, reference });
}

describe.each(['memory', ...testDbKinds()] as const)('the sandbox supplier over DHRU (%s store)', (kind) => {
  let database: Database | undefined;
  let store: SandboxSupplierStore;
  let supplier: UnlockSupplier;

  beforeAll(async () => {
    if (kind === 'memory') {
      store = memorySandboxSupplierStore();
    } else {
      database = await openTestDatabase(kind);
      store = sandboxSupplierStore(database.db);
    }
    supplier = createUnlockSupplier({ ...NO_DHRU, DHRU_TIMEOUT_MS: 1000 }, { sandboxStore: store });
  });
  afterAll(async () => {
    await database?.close();
  });

  it('is the sandbox supplier with SBX tools and answers its account and service list', async () => {
    expect(supplier).toMatchObject({ id: 'sandbox', adapter: 'sandbox', toolPrefix: 'SBX' });
    expect(await supplier.accountInfo()).toEqual({ creditCents: 100_000, currency: 'USD' });
    const services = await supplier.listServices();
    expect(services.length).toBeGreaterThan(100);
    expect(services[0]).toEqual({
      serviceId: '1000',
      name: 'AT&T USA iPhone 4-12 - Standard (Clean IMEI only)',
      group: 'Apple unlocks',
      costCents: 1500,
      deliveryText: '1-3 Days',
      deliveryHoursMin: 24,
      deliveryHoursMax: 72,
      requiredFields: [],
    });
  });

  it('succeeds on the first or second poll for an ordinary IMEI, Apple over the air, others with a code', async () => {
    const apple = await place(supplier, sandboxImei('success', 1));
    const { status, seen } = await pollUntilSettled(supplier, apple.supplierRef);
    expect(status).toEqual({ state: 'success', result: SANDBOX_APPLE_RESULT });
    expect(seen.length).toBeLessThanOrEqual(2);
    const samsung = await place(supplier, sandboxImei('success', 2), SAMSUNG_SERVICE);
    expect((await pollUntilSettled(supplier, samsung.supplierRef)).status).toMatchObject({
      state: 'success',
      result: expect.stringMatching(/^Unlock code: \d{8,16}$/),
    });
  });

  it('answers the same REFERENCEID for the same reference: a repeat never places a second order', async () => {
    const imei = sandboxImei('success', 3);
    const first = await place(supplier, imei, APPLE_SERVICE, 'sub-repeat');
    const again = await place(supplier, imei, APPLE_SERVICE, 'sub-repeat');
    const other = await place(supplier, imei, APPLE_SERVICE, 'sub-other');
    expect(again.supplierRef).toBe(first.supplierRef);
    expect(other.supplierRef).not.toBe(first.supplierRef);
  });

  it('keeps a slow success in process for 3 polls, then succeeds', async () => {
    const { supplierRef } = await place(supplier, sandboxImei('slow_success'));
    const { status, seen } = await pollUntilSettled(supplier, supplierRef);
    expect(seen).toEqual(['in_process', 'in_process', 'in_process', 'success']);
    expect(status).toEqual({ state: 'success', result: SANDBOX_APPLE_RESULT });
  });

  it('rejects on the first service placed, with a plain-text reason, and succeeds on another', async () => {
    const imei = sandboxImei('rejected_first_service');
    const first = await place(supplier, imei, OTHER_APPLE_SERVICE);
    expect((await pollUntilSettled(supplier, first.supplierRef)).status).toEqual({
      state: 'rejected',
      reason: SANDBOX_MESSAGES.rejectedByService,
    });
    const second = await place(supplier, imei, APPLE_SERVICE);
    expect((await pollUntilSettled(supplier, second.supplierRef)).status).toMatchObject({ state: 'success' });
  });

  it('refuses a rejected-everywhere IMEI at placement on every service', async () => {
    for (const serviceId of [APPLE_SERVICE, OTHER_APPLE_SERVICE, SAMSUNG_SERVICE]) {
      await expect(place(supplier, sandboxImei('rejected_everywhere'), serviceId)).rejects.toThrow(
        new SupplierRejectedError(SANDBOX_MESSAGES.refusedEverywhere),
      );
    }
  });

  it('answers the first 2 calls about a transport-error IMEI with 503, then behaves', async () => {
    const imei = sandboxImei('transport_errors');
    await expect(place(supplier, imei)).rejects.toThrow(SupplierTransportError);
    await expect(place(supplier, imei)).rejects.toThrow(/HTTP 503/);
    const { supplierRef } = await place(supplier, imei);
    expect((await pollUntilSettled(supplier, supplierRef)).status).toMatchObject({ state: 'success' });
  });

  it('refuses the first placement of an account-refused-once IMEI for the account (no credit), then behaves', async () => {
    const imei = sandboxImei('account_refused_once');
    await expect(place(supplier, imei)).rejects.toThrow(SupplierAccountError);
    const { supplierRef } = await place(supplier, imei);
    expect((await pollUntilSettled(supplier, supplierRef)).status).toMatchObject({ state: 'success' });
  });

  it('never answers a never-answers IMEI: the client times out and places nothing', async () => {
    const started = Date.now();
    await expect(place(supplier, sandboxImei('never_answers'))).rejects.toThrow(/no answer within 1000 ms/);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('keeps a stuck IMEI in process for ever', async () => {
    const { supplierRef } = await place(supplier, sandboxImei('stuck_in_process'));
    const { status, seen } = await pollUntilSettled(supplier, supplierRef, 8);
    expect(status).toBeNull();
    expect(new Set(seen)).toEqual(new Set(['in_process']));
  });

  it('refuses unknown services, orders and credentials as DHRU does', async () => {
    await expect(place(supplier, sandboxImei('success', 9), '999999')).rejects.toThrow(
      new SupplierRejectedError(SANDBOX_MESSAGES.noService),
    );
    await expect(supplier.orderStatus('987654')).rejects.toThrow(new SupplierRejectedError(SANDBOX_MESSAGES.noOrder));
    const stranger = createDhruClient({
      url: SANDBOX_SUPPLIER_URL,
      username: 'someone',
      apiKey: 'wrong',
      fetch: inProcessFetch(createSandboxSupplierApp({ store })),
    });
    await expect(stranger.accountInfo()).rejects.toThrow(SupplierAccountError);
    await expect(
      stranger.placeOrder({ serviceId: APPLE_SERVICE, imei: sandboxImei('success'), reference: 'x' }),
    ).rejects.toThrow(SupplierAccountError);
  });
});

describe('tool ids', () => {
  it.each([
    { toolId: 'SBX-1000', serviceId: '1000' },
    { toolId: 'DHRU-1000', serviceId: null },
    { toolId: 'SBX-', serviceId: null },
    { toolId: 'SBXX-1', serviceId: null },
  ])('$toolId is service $serviceId of the sandbox', ({ toolId, serviceId }) => {
    expect(serviceIdOf({ toolPrefix: 'SBX' }, toolId)).toBe(serviceId);
  });

  it('builds a tool id from a SERVICEID', () => {
    expect(toolIdOf({ toolPrefix: 'DHRU' }, '12')).toBe('DHRU-12');
  });
});

describe('the sandbox supplier app', () => {
  const form = (action: string, parameters: string) =>
    new URLSearchParams({
      username: SANDBOX_SUPPLIER_CREDENTIALS.username,
      apiaccesskey: SANDBOX_SUPPLIER_CREDENTIALS.apiKey,
      action,
      requestformat: 'JSON',
      parameters,
    });
  const post = (app: ReturnType<typeof createSandboxSupplierApp>, body: URLSearchParams, signal?: AbortSignal) =>
    app.request('/api/index.php', { method: 'POST', body, signal });

  it('holds a never-answering placement no longer than its cap, and lets go at once on abort', async () => {
    const app = createSandboxSupplierApp({ hangCapMs: 100 });
    const body = form(
      'placeimeiorder',
      `<PARAMETERS><ID>1000</ID><IMEI>${sandboxImei('never_answers')}</IMEI></PARAMETERS>`,
    );
    const capped = await post(app, body);
    expect(capped.status).toBe(504);

    const patient = createSandboxSupplierApp({ hangCapMs: 60_000 });
    const controller = new AbortController();
    const started = Date.now();
    const answer = post(patient, body, controller.signal);
    setTimeout(() => controller.abort(), 50);
    expect((await answer).status).toBe(504);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('answers unreadable parameters and unknown actions with a DHRU ERROR', async () => {
    const app = createSandboxSupplierApp();
    expect(await (await post(app, form('placeimeiorder', '<nope>'))).json()).toEqual({
      ERROR: [{ MESSAGE: SANDBOX_MESSAGES.badParameters }],
      apiversion: '6.1',
    });
    expect(await (await post(app, form('fileservicelist', ''))).json()).toMatchObject({
      ERROR: [{ MESSAGE: SANDBOX_MESSAGES.unknownAction }],
    });
  });
});

describe('the sandbox supplier on the store database', () => {
  it.each(testDbKinds())('still knows the orders in flight after a restart of the store (%s)', async (kind) => {
    const database = await openTestDatabase(kind);
    try {
      const before = createUnlockSupplier(NO_DHRU, { sandboxStore: sandboxSupplierStore(database.db) });
      const imei = sandboxImei('slow_success', 7);
      const { supplierRef } = await place(before, imei);
      await before.orderStatus(supplierRef);
      await before.orderStatus(supplierRef);
      const after = createUnlockSupplier(NO_DHRU, { sandboxStore: sandboxSupplierStore(database.db) });
      expect(await after.orderStatus(supplierRef)).toEqual({ state: 'in_process' });
      expect(await after.orderStatus(supplierRef)).toEqual({ state: 'success', result: SANDBOX_APPLE_RESULT });
      expect((await place(after, imei)).supplierRef).toBe(supplierRef);
    } finally {
      await database.close();
    }
  });

  it.each(testDbKinds())('places one order for concurrent repeats of a reference (%s)', async (kind) => {
    const database = await openTestDatabase(kind);
    try {
      const store = sandboxSupplierStore(database.db);
      const placed = await Promise.all(
        Array.from({ length: 5 }, () =>
          store.place({ reference: 'sub-race', serviceId: APPLE_SERVICE, imei: sandboxImei('success') }),
        ),
      );
      expect(new Set(placed.map((order) => order.referenceId)).size).toBe(1);
    } finally {
      await database.close();
    }
  });
});
