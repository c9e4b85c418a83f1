import { Hono } from 'hono';
import { identifierKind } from '../../../domain/imei.ts';
import { luhnCheckDigit, SANDBOX_TACS, sandboxImeiWith } from '../suppliers/sandbox-outcomes.ts';

/**
 * The sandbox check provider: an imeicheck-style API answering deterministically by the IMEI's
 * 13th and 14th digits (`imei.slice(12, 14)`), so tests, journeys and demos can ask for any path.
 * A serial number is answered as a clean Apple device. docs/checks.md lists the outcomes.
 */
export const SANDBOX_CHECK_OUTCOMES = {
  clean: '10',
  blacklisted: '81',
  icloud_locked: '82',
  carrier_locked: '83',
  knox_enrolled: '84',
  lost_mode: '85',
  /** `unsuccessful`: the records know no such device. */
  unknown_device: '86',
  /** `failed`: the provider's own fault. */
  provider_error: '87',
  /** `processing` for SANDBOX_SLOW_MS, then clean. */
  slow: '88',
} as const;
export type SandboxCheckOutcome = keyof typeof SANDBOX_CHECK_OUTCOMES;

export const SANDBOX_CHECKS_KEY = 'sandbox-checks-key';
export const SANDBOX_SLOW_MS = 3000;

/**
 * A Luhn-valid IMEI the sandbox check provider answers with `outcome`; `serial` (0-9999) varies it.
 * An iPhone's, or a Samsung's for a Knox enrolment or where `maker` says so (an FRP service's check).
 */
export function sandboxCheckImei(
  outcome: SandboxCheckOutcome,
  serial = 0,
  maker: 'apple' | 'samsung' = outcome === 'knox_enrolled' ? 'samsung' : 'apple',
): string {
  return sandboxImeiWith(
    SANDBOX_CHECK_OUTCOMES[outcome],
    serial,
    maker === 'samsung' ? SANDBOX_TACS.galaxy : SANDBOX_TACS.iphone,
  );
}

function outcomeOf(deviceId: string): SandboxCheckOutcome {
  if (identifierKind(deviceId) !== 'imei') return 'clean';
  const digits = deviceId.slice(12, 14);
  const found = Object.entries(SANDBOX_CHECK_OUTCOMES).find(([, value]) => value === digits);
  return (found?.[0] as SandboxCheckOutcome | undefined) ?? 'clean';
}

/** The sandbox's services: its id, title and price to the store (dollars, as the protocol has it). */
export const SANDBOX_CHECK_SERVICES = [
  { id: '1', title: 'GSMA Blacklist Status', price: 0.1 },
  { id: '2', title: 'Carrier & SIM-Lock Status', price: 0.6 },
  { id: '3', title: 'Samsung Knox / MDM Status', price: 0.5 },
  { id: '4', title: 'Apple Full Info (FMI, Lost Mode, Warranty, Carrier)', price: 1.2 },
] as const;

/** Which sandbox service each of the store's products is sold through. */
export const SANDBOX_CHECK_SERVICE_IDS = 'blacklist=1,carrier=2,knox=3,apple_report=4';

/** A dual-SIM phone's second IMEI, as Apple's records give it: the same TAC, the next serial. */
export function sandboxSecondImei(imei: string): string {
  const serial = (Number(imei.slice(8, 12)) + 1) % 10_000;
  const body = imei.slice(0, 8) + String(serial).padStart(4, '0') + imei.slice(12, 14);
  return body + luhnCheckDigit(body);
}

function propertiesOf(deviceId: string, outcome: SandboxCheckOutcome, describe: DescribeDevice) {
  const device = describe(deviceId) ?? { brand: 'Apple', model: 'iPhone' };
  const apple = device.brand === 'Apple';
  return {
    deviceName: device.model,
    brand: device.brand,
    imei: deviceId,
    ...(apple
      ? {
          purchaseCountry: 'United States',
          warrantyStatus: 'Out Of Warranty',
          replaced: false,
          refurbished: false,
          ...(identifierKind(deviceId) === 'imei' ? { imei2: sandboxSecondImei(deviceId) } : {}),
        }
      : {}),
    fmiOn: outcome === 'icloud_locked' || outcome === 'lost_mode',
    lostMode: outcome === 'lost_mode',
    simLock: outcome === 'carrier_locked',
    carrier: outcome === 'carrier_locked' ? 'AT&T' : 'Unlocked',
    gsmaBlacklisted: outcome === 'blacklisted',
    blacklistRecords: outcome === 'blacklisted' ? 2 : 0,
    mdmLock: outcome === 'knox_enrolled',
  };
}

/** The make and model the sandbox reports for a device id (the store hands it its TAC table). */
export type DescribeDevice = (deviceId: string) => { brand: string; model: string } | null;

interface SandboxCheck {
  readonly id: string;
  readonly serviceId: string;
  readonly deviceId: string;
  readonly createdAt: number;
}

/**
 * The protocol's answers, worked out from the check id alone (`<service>.<device>.<created ms>`),
 * so any instance answers any check, across restarts, with nothing stored.
 */
export function createSandboxCheckApp(options: { describe: DescribeDevice; slowMs?: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  const slowMs = options.slowMs ?? SANDBOX_SLOW_MS;
  const app = new Hono();

  app.use('/v1/*', async (c, next) => {
    if (c.req.header('authorization') !== `Bearer ${SANDBOX_CHECKS_KEY}`)
      return c.json({ message: 'Unauthenticated.' }, 401);
    await next();
  });

  function answer(check: SandboxCheck) {
    const outcome = outcomeOf(check.deviceId);
    const service = SANDBOX_CHECK_SERVICES.find((candidate) => candidate.id === check.serviceId);
    const base = {
      id: check.id,
      type: 'api',
      deviceId: check.deviceId,
      service: { id: check.serviceId, title: service?.title ?? '' },
      amount: String(service?.price ?? 0),
      processedAt: Math.floor(check.createdAt / 1000),
    };
    if (outcome === 'slow' && now() - check.createdAt < slowMs)
      return { ...base, status: 'processing', properties: null };
    if (outcome === 'unknown_device')
      return { ...base, status: 'unsuccessful', message: 'Device not found in the records.' };
    if (outcome === 'provider_error') return { ...base, status: 'failed', message: 'Source temporarily unavailable.' };
    return { ...base, status: 'successful', properties: propertiesOf(check.deviceId, outcome, options.describe) };
  }

  app.get('/v1/account', (c) => c.json({ id: 1, name: 'Sandbox', balance: '500.00' }));
  app.get('/v1/services', (c) =>
    c.json(SANDBOX_CHECK_SERVICES.map((service) => ({ ...service, price: String(service.price) }))),
  );
  app.post('/v1/checks', async (c) => {
    const body = (await c.req.json().catch(() => null)) as { deviceId?: unknown; serviceId?: unknown } | null;
    const deviceId = typeof body?.deviceId === 'string' ? body.deviceId : '';
    const serviceId = String(body?.serviceId ?? '');
    if (identifierKind(deviceId) === 'invalid') return c.json({ message: 'The device id is invalid.' }, 422);
    if (!SANDBOX_CHECK_SERVICES.some((service) => service.id === serviceId)) {
      return c.json({ message: 'The selected service id is invalid.' }, 422);
    }
    const createdAt = now();
    return c.json(answer({ id: `${serviceId}.${deviceId}.${createdAt}`, serviceId, deviceId, createdAt }), 201);
  });
  app.get('/v1/checks/:id', (c) => {
    const [serviceId = '', deviceId = '', created = ''] = c.req.param('id').split('.');
    if (!/^\d+$/.test(created) || identifierKind(deviceId) === 'invalid') return c.json({ message: 'Not found.' }, 404);
    return c.json(answer({ id: c.req.param('id'), serviceId, deviceId, createdAt: Number(created) }));
  });
  return app;
}
