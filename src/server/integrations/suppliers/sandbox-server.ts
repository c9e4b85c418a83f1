import { Hono } from 'hono';
import { z } from 'zod';
import { boundedText } from '../../../domain/text.ts';
import {
  creditText,
  DHRU_API_VERSION,
  DHRU_PATH,
  DHRU_REFERENCE_FIELD,
  DHRU_STATUS,
  decodeCustomFields,
  deliveryText,
  readParametersXml,
} from './dhru-protocol.ts';
import { readSandboxCatalogue, SANDBOX_CATALOG_FILE } from './sandbox.ts';
import { sandboxOutcomeOf, sandboxSuccessPoll, sandboxUnlockResult } from './sandbox-outcomes.ts';
import type { SupplierService } from './types.ts';

/** The sandbox's fixed account: the store's sandbox client logs in with it. */
export const SANDBOX_SUPPLIER_CREDENTIALS = { username: 'openline-sandbox', apiKey: 'sandbox-dhru-api-key' } as const;
/** The sandbox's tool ids are `SBX-<SERVICEID>`. */
export const SANDBOX_TOOL_PREFIX = 'SBX';
/** A never-answering placement holds its request at most this long. */
export const SANDBOX_HANG_CAP_MS = 60_000;
/** Polls a slow success stays in process before it succeeds. */
export const SANDBOX_SLOW_POLLS = 3;
/** Calls about a transport-error IMEI answered with HTTP 503 before it behaves. */
export const SANDBOX_FAILING_CALLS = 2;
const SANDBOX_CREDIT_CENTS = 100_000;

/**
 * The sandbox's device services (iCloud and FRP lock removal, ADR 071). They are listed, as DHRU
 * suppliers list them, with the custom fields they need (`Requires.Custom`): the catalogue never
 * takes a service that needs fields for a carrier unlock. They accept an IMEI or a serial number.
 */
export const SANDBOX_DEVICE_SERVICES = [
  { serviceId: '9101', name: 'iCloud Activation Lock removal, clean devices', costCents: 2200, hours: [24, 72] },
  {
    serviceId: '9102',
    name: 'iCloud Activation Lock removal, clean devices, express',
    costCents: 3100,
    hours: [12, 48],
  },
  { serviceId: '9201', name: 'FRP Google account lock removal, all brands', costCents: 1100, hours: [1, 24] },
] as const;
const unlinked = (tool_id: string, name: string, cost_cents: number, hours: [number, number]): SupplierService => ({
  tool_id,
  name,
  brand_slug: null,
  carrier_slug: null,
  country_code: null,
  series_min: null,
  series_max: null,
  model_series: null,
  cost_cents,
  delivery_hours_min: hours[0],
  delivery_hours_max: hours[1],
  success_rate: 0.9,
  requires_clean_check: false,
});

/**
 * Services the sandbox supplier lists that the store's mapping file does not know: new services
 * waiting in /admin/auto-linker (ADR 076), as a real supplier's list grows. Placed like the others
 * once an admin links them.
 */
export const SANDBOX_UNLINKED_SERVICES: readonly SupplierService[] = [
  unlinked('SBX-2001', 'Spark New Zealand - iPhone 11 to 16 Pro Max - Clean - 1-3 Days', 2400, [24, 72]),
  unlinked('SBX-2002', 'Swisscom CH iPhone All Models Premium', 3500, [48, 120]),
  unlinked('SBX-2003', 'Samsung Orange Pologne Unlock Code', 900, [1, 24]),
  unlinked('SBX-2004', 'iPhone FMI + Blacklist Status Check (Instant)', 50, [1, 1]),
];

/** The custom fields every sandbox device service requires. */
export const SANDBOX_DEVICE_SERVICE_FIELDS = ['Brand', 'Model'] as const;
/** The store's default tools of each device service with the sandbox supplier (DEVICE_SERVICE_TOOLS). */
export const SANDBOX_DEVICE_SERVICE_TOOLS = 'icloud_removal=SBX-9101|SBX-9102,frp_removal=SBX-9201';
/** What a sandbox device service answers when done. */
export const SANDBOX_SERVICE_RESULT = 'Done: the lock is removed from the activation records';

export const SANDBOX_MESSAGES = {
  authFailed: 'Authentication Failed',
  unknownAction: 'Invalid Action',
  badParameters: 'Invalid parameters',
  noService: 'Invalid Service ID',
  badImei: 'Invalid IMEI',
  noOrder: 'Invalid Order ID',
  missingField: (name: string) => `Required field missing: ${name}`,
  refusedEverywhere: 'Rejected: this IMEI is reported lost or stolen; the carrier refuses to unlock it',
  rejectedByService: 'Rejected: IMEI not found in this carrier database, not supported by this service',
  noCredit: 'Not enough credits in your account to place this order',
} as const;

/** One order the sandbox accepted; REFERENCEID is its serial number. */
export interface SandboxSupplierOrder {
  readonly referenceId: string;
  /** The store's submission id sent in CUSTOMFIELD, when it sent one. */
  readonly reference: string | null;
  readonly serviceId: string;
  readonly imei: string;
  /** How many getimeiorder calls asked about it. */
  readonly polls: number;
}

/**
 * Where the sandbox keeps its orders (the quotes module's table on the store's database, so a
 * restart of the store does not make its stand-in supplier forget orders in flight).
 */
export interface SandboxSupplierStore {
  /** Stores the order, or answers the one already stored with the same non-null reference. */
  place(order: {
    readonly reference: string | null;
    readonly serviceId: string;
    readonly imei: string;
  }): Promise<SandboxSupplierOrder>;
  /** Counts one poll and answers the order with its new count; null when there is no such order. */
  poll(referenceId: string): Promise<SandboxSupplierOrder | null>;
  find(referenceId: string): Promise<SandboxSupplierOrder | null>;
  /** The service of the first order placed for this IMEI. */
  firstServiceOf(imei: string): Promise<string | null>;
}

/** A store in memory, for tests and callers without a database. */
export function memorySandboxSupplierStore(): SandboxSupplierStore {
  const orders: SandboxSupplierOrder[] = [];
  return {
    async place(order) {
      const same = order.reference === null ? undefined : orders.find((o) => o.reference === order.reference);
      if (same) return same;
      const placed = { ...order, referenceId: String(orders.length + 1), polls: 0 };
      orders.push(placed);
      return placed;
    },
    async poll(referenceId) {
      const index = orders.findIndex((o) => o.referenceId === referenceId);
      const order = orders[index];
      if (!order) return null;
      const polled = { ...order, polls: order.polls + 1 };
      orders[index] = polled;
      return polled;
    },
    async find(referenceId) {
      return orders.find((o) => o.referenceId === referenceId) ?? null;
    },
    async firstServiceOf(imei) {
      return orders.find((o) => o.imei === imei)?.serviceId ?? null;
    },
  };
}

const requestSchema = z.object({
  username: boundedText(200),
  apiaccesskey: boundedText(200),
  action: boundedText(50),
  requestformat: boundedText(10).optional(),
  parameters: boundedText(10_000).optional(),
});

const serviceIdSchema = z.string().regex(/^\d{1,9}$/);
const imeiSchema = z.string().regex(/^\d{15}$/);
/** A device service takes an IMEI or a serial number. */
const identifierSchema = z.string().regex(/^[A-Za-z0-9]{1,17}$/);
const referenceIdSchema = z.string().regex(/^\d{1,12}$/);

type DhruAnswer = Record<string, unknown>;

const success = (entries: Record<string, unknown>[]): DhruAnswer => ({
  SUCCESS: entries,
  apiversion: DHRU_API_VERSION,
});
const failure = (message: string): DhruAnswer => ({ ERROR: [{ MESSAGE: message }], apiversion: DHRU_API_VERSION });

function groupName(brandSlug: string | null): string {
  if (!brandSlug) return 'Other unlocks';
  return `${brandSlug.charAt(0).toUpperCase()}${brandSlug.slice(1)} unlocks`;
}

/** The DHRU `imeiservicelist` LIST: services by group, keyed by SERVICEID, as DHRU Fusion answers it. */
function serviceList(services: readonly SupplierService[]) {
  const groups: Record<string, { GROUPNAME: string; GROUPTYPE: 'IMEI'; SERVICES: Record<string, unknown> }> = {};
  for (const service of services) {
    const serviceId = serviceIdOf(service);
    const name = groupName(service.brand_slug);
    const group = (groups[name] ??= { GROUPNAME: name, GROUPTYPE: 'IMEI', SERVICES: {} });
    group.SERVICES[serviceId] = {
      SERVICEID: Number(serviceId),
      SERVICETYPE: 'IMEI',
      SERVICENAME: service.name,
      CREDIT: creditText(service.cost_cents),
      TIME: deliveryText(service.delivery_hours_min, service.delivery_hours_max),
      INFO: `<p>${service.name}</p>`,
      'Requires.Network': 'None',
      'Requires.Mobile': 'None',
      'Requires.Provider': 'None',
      'Requires.PIN': 'None',
      'Requires.KBH': 'None',
      'Requires.MEP': 'None',
      'Requires.PRD': 'None',
      'Requires.Type': 'None',
      'Requires.Locks': 'None',
      'Requires.Reference': 'None',
      'Requires.SN': 'None',
      'Requires.Custom': [],
    };
  }
  const deviceServices: Record<string, unknown> = {};
  for (const service of SANDBOX_DEVICE_SERVICES) {
    deviceServices[service.serviceId] = {
      SERVICEID: Number(service.serviceId),
      SERVICETYPE: 'IMEI',
      SERVICENAME: service.name,
      CREDIT: creditText(service.costCents),
      TIME: deliveryText(service.hours[0], service.hours[1]),
      INFO: `<p>${service.name}</p>`,
      'Requires.Custom': SANDBOX_DEVICE_SERVICE_FIELDS.map((fieldname) => ({
        fieldname,
        fieldtype: 'text',
        required: 'on',
      })),
    };
  }
  groups['Device services'] = { GROUPNAME: 'Device services', GROUPTYPE: 'IMEI', SERVICES: deviceServices };
  return groups;
}

const deviceServiceIds: ReadonlySet<string> = new Set(SANDBOX_DEVICE_SERVICES.map((service) => service.serviceId));

function serviceIdOf(service: SupplierService): string {
  return service.tool_id.slice(SANDBOX_TOOL_PREFIX.length + 1);
}

export interface SandboxSupplierOptions {
  readonly store?: SandboxSupplierStore;
  readonly catalogFile?: string;
  readonly hangCapMs?: number;
}

/**
 * The sandbox supplier as a DHRU Fusion server: `POST /api/index.php` answers accountinfo,
 * imeiservicelist, placeimeiorder and getimeiorder, with outcomes chosen by the IMEI
 * (sandbox-outcomes.ts). The store's sandbox client calls it in-process; tests serve it on a socket.
 */
export function createSandboxSupplierApp(options: SandboxSupplierOptions = {}) {
  const store = options.store ?? memorySandboxSupplierStore();
  const hangCapMs = options.hangCapMs ?? SANDBOX_HANG_CAP_MS;
  const file = options.catalogFile ?? SANDBOX_CATALOG_FILE;
  let services: Map<string, SupplierService> | null = null;
  // Calls about a transport-error IMEI: kept in memory, since a restart that fails 2 more calls harms nothing.
  const callsAbout = new Map<string, number>();
  const placementsRefused = new Set<string>();

  function catalogue(): Map<string, SupplierService> {
    services ??= new Map(
      [...readSandboxCatalogue(file), ...SANDBOX_UNLINKED_SERVICES].map((service) => [serviceIdOf(service), service]),
    );
    return services;
  }

  /** True for the first placement of an IMEI whose outcome is an account refused once (its credit ran out). */
  function refusesAccount(imei: string): boolean {
    if (sandboxOutcomeOf(imei) !== 'account_refused_once' || placementsRefused.has(imei)) return false;
    placementsRefused.add(imei);
    return true;
  }

  /** True when this call about the IMEI is one of the first that answer 503. */
  function failsInTransport(imei: string): boolean {
    if (sandboxOutcomeOf(imei) !== 'transport_errors') return false;
    const calls = (callsAbout.get(imei) ?? 0) + 1;
    callsAbout.set(imei, calls);
    return calls <= SANDBOX_FAILING_CALLS;
  }

  function hang(signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, hangCapMs);
      function done() {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      }
      signal.addEventListener('abort', done, { once: true });
    });
  }

  async function placeOrder(
    parameters: Record<string, string>,
    signal: AbortSignal,
  ): Promise<DhruAnswer | 'unavailable' | 'hung'> {
    const serviceId = serviceIdSchema.safeParse(parameters.ID);
    const deviceService = serviceId.success && deviceServiceIds.has(serviceId.data);
    const imei = (deviceService ? identifierSchema : imeiSchema).safeParse(parameters.IMEI);
    if (!serviceId.success || !(deviceService || catalogue().has(serviceId.data))) {
      return failure(SANDBOX_MESSAGES.noService);
    }
    if (!imei.success) return failure(SANDBOX_MESSAGES.badImei);
    if (failsInTransport(imei.data)) return 'unavailable';
    const outcome = sandboxOutcomeOf(imei.data);
    if (outcome === 'never_answers') {
      await hang(signal);
      return 'hung';
    }
    if (outcome === 'rejected_everywhere') return failure(SANDBOX_MESSAGES.refusedEverywhere);
    if (refusesAccount(imei.data)) return failure(SANDBOX_MESSAGES.noCredit);
    const fields = parameters.CUSTOMFIELD ? decodeCustomFields(parameters.CUSTOMFIELD) : {};
    if (fields === null) return failure(SANDBOX_MESSAGES.badParameters);
    const missing = deviceService ? SANDBOX_DEVICE_SERVICE_FIELDS.find((name) => !fields[name]) : undefined;
    if (missing) return failure(SANDBOX_MESSAGES.missingField(missing));
    const reference = fields[DHRU_REFERENCE_FIELD]?.slice(0, 200) ?? null;
    const order = await store.place({ reference, serviceId: serviceId.data, imei: imei.data });
    return success([{ MESSAGE: 'Order received', REFERENCEID: order.referenceId }]);
  }

  async function orderStatus(parameters: Record<string, string>): Promise<DhruAnswer | 'unavailable'> {
    const referenceId = referenceIdSchema.safeParse(parameters.ID);
    const known = referenceId.success ? await store.find(referenceId.data) : null;
    if (!known) return failure(SANDBOX_MESSAGES.noOrder);
    if (failsInTransport(known.imei)) return 'unavailable';
    const order = (await store.poll(known.referenceId)) ?? known;
    const answer = (status: number, code: string) =>
      success([{ IMEI: order.imei, STATUS: status, CODE: code, COMMENTS: '' }]);
    const unlocked = () =>
      answer(
        DHRU_STATUS.success,
        deviceServiceIds.has(order.serviceId)
          ? SANDBOX_SERVICE_RESULT
          : sandboxUnlockResult(order.imei, catalogue().get(order.serviceId)?.brand_slug ?? null),
      );
    switch (sandboxOutcomeOf(order.imei)) {
      case 'stuck_in_process':
        return answer(DHRU_STATUS.inProcess, '');
      case 'slow_success':
        return order.polls <= SANDBOX_SLOW_POLLS ? answer(DHRU_STATUS.inProcess, '') : unlocked();
      case 'rejected_first_service': {
        const first = await store.firstServiceOf(order.imei);
        return first === order.serviceId
          ? answer(DHRU_STATUS.rejected, `<b>${SANDBOX_MESSAGES.rejectedByService}</b>`)
          : unlocked();
      }
      case 'stuck_on_first_service':
        return (await store.firstServiceOf(order.imei)) === order.serviceId
          ? answer(DHRU_STATUS.inProcess, '')
          : unlocked();
      default:
        return order.polls < sandboxSuccessPoll(order.imei) ? answer(DHRU_STATUS.new, '') : unlocked();
    }
  }

  const app = new Hono();
  app.post(DHRU_PATH, async (c) => {
    const form = requestSchema.safeParse(await c.req.parseBody().catch(() => null));
    if (!form.success) return c.json(failure(SANDBOX_MESSAGES.badParameters));
    const { username, apiaccesskey, action } = form.data;
    if (username !== SANDBOX_SUPPLIER_CREDENTIALS.username || apiaccesskey !== SANDBOX_SUPPLIER_CREDENTIALS.apiKey) {
      return c.json(failure(SANDBOX_MESSAGES.authFailed));
    }
    const parameters = form.data.parameters ? readParametersXml(form.data.parameters) : {};
    if (parameters === null) return c.json(failure(SANDBOX_MESSAGES.badParameters));
    let answer: DhruAnswer | 'unavailable' | 'hung';
    switch (action) {
      case 'accountinfo':
        answer = success([
          {
            message: 'Your Accout Info',
            AccoutInfo: { credit: creditText(SANDBOX_CREDIT_CENTS), mail: 'sandbox@openline.store', currency: 'USD' },
          },
        ]);
        break;
      case 'imeiservicelist':
        answer = success([{ MESSAGE: 'IMEI Service List', LIST: serviceList([...catalogue().values()]) }]);
        break;
      case 'placeimeiorder':
        answer = await placeOrder(parameters, c.req.raw.signal);
        break;
      case 'getimeiorder':
        answer = await orderStatus(parameters);
        break;
      default:
        answer = failure(SANDBOX_MESSAGES.unknownAction);
    }
    if (answer === 'unavailable') return c.text('Service Unavailable', 503);
    if (answer === 'hung') return c.text('Gateway Timeout', 504);
    return c.json(answer);
  });
  return app;
}
