import { z } from 'zod';
import {
  creditCents,
  DHRU_PATH,
  DHRU_REFERENCE_FIELD,
  DHRU_STATUS,
  type DhruAction,
  deliveryHours,
  encodeCustomFields,
  parametersXml,
  plainText,
} from './dhru-protocol.ts';
import {
  SupplierAccountError,
  type SupplierListing,
  type SupplierOrderStatus,
  SupplierRejectedError,
  SupplierTransportError,
  type UnlockSupplier,
} from './types.ts';
import { supplierCalls, supplierDuration } from '../../metrics.ts';

export type FetchFn = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/** How long one DHRU call may take before it counts as a transport error. */
export const DHRU_DEFAULT_TIMEOUT_MS = 20_000;

export interface DhruClientOptions {
  /** The supplier's site; calls go to `{url}/api/index.php`. */
  readonly url: string;
  readonly username: string;
  readonly apiKey: string;
  readonly fetch?: FetchFn;
  readonly timeoutMs?: number;
  readonly id?: string;
  readonly name?: string;
  readonly adapter?: UnlockSupplier['adapter'];
  readonly toolPrefix?: string;
}

/**
 * ERROR messages about our account rather than the order: credentials, credit, access. Narrow on
 * purpose: "IMEI blocked" or "not allowed for this service" are about the order (try the next tool).
 */
const ACCOUNT_ERRORS = [
  /authenticat|credential|api ?(access )?key|apiaccesskey|user ?name|password|log ?in\b/i,
  /(not enough|insufficient|low|no|out of)\s+(credits?|balance|funds?)/i,
  /\b(account|user|api|reseller)\b.*\b(suspended|disabled|blocked|banned|inactive|expired)\b/i,
  /\b(suspended|banned)\b/i,
  /\bip\b.*\b(not allowed|not whitelisted|blocked|denied|not authori[sz]ed)|whitelist/i,
  /access denied|permission denied|unauthori[sz]ed/i,
];
/** Actions whose errors speak about an order; any other action's error is about the account. */
const ORDER_ACTIONS: ReadonlySet<DhruAction> = new Set(['placeimeiorder', 'getimeiorder']);

const errorAnswerSchema = z.object({
  ERROR: z.array(z.object({ MESSAGE: z.unknown().optional(), message: z.unknown().optional() }).loose()).min(1),
});

const text = z.union([z.string(), z.number()]).transform(String);

const accountSchema = z.object({
  SUCCESS: z
    .array(
      z
        .object({
          AccoutInfo: z
            .object({ credit: text, currency: z.string().max(10).optional() })
            .loose()
            .optional(),
          AccountInfo: z
            .object({ credit: text, currency: z.string().max(10).optional() })
            .loose()
            .optional(),
        })
        .loose(),
    )
    .min(1),
});

const customFieldSchema = z
  .object({ fieldname: z.string().optional(), required: z.union([z.string(), z.boolean(), z.number()]).optional() })
  .loose();

const serviceSchema = z
  .object({
    SERVICEID: text,
    SERVICENAME: z.string(),
    CREDIT: text,
    TIME: z.string().optional(),
    'Requires.Custom': z.union([z.array(customFieldSchema), z.record(z.string(), customFieldSchema)]).optional(),
  })
  .loose();

const groupSchema = z
  .object({
    GROUPNAME: z.string().optional(),
    GROUPTYPE: z.string().optional(),
    SERVICES: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]).optional(),
  })
  .loose();

const serviceListSchema = z.object({
  SUCCESS: z
    .array(z.object({ LIST: z.union([z.record(z.string(), groupSchema), z.array(groupSchema)]) }).loose())
    .min(1),
});

const placedSchema = z.object({ SUCCESS: z.array(z.object({ REFERENCEID: text }).loose()).min(1) });

const statusSchema = z.object({
  SUCCESS: z
    .array(z.object({ STATUS: text, CODE: z.union([z.string(), z.number(), z.null()]).optional() }).loose())
    .min(1),
});

/** Standard DHRU `Requires.*` flags besides Custom: a value other than 'None' means the service needs that field. */
const STANDARD_REQUIREMENTS = [
  'Network',
  'Mobile',
  'Provider',
  'PIN',
  'KBH',
  'MEP',
  'PRD',
  'Type',
  'Locks',
  'Reference',
  'SN',
];

function isRequired(flag: unknown): boolean {
  if (flag === undefined) return true;
  if (typeof flag === 'boolean') return flag;
  return /^(on|1|yes|true|required)$/i.test(String(flag).trim());
}

function requiredFields(service: z.infer<typeof serviceSchema>): string[] {
  const fields: string[] = [];
  for (const name of STANDARD_REQUIREMENTS) {
    const flag = service[`Requires.${name}`];
    if (typeof flag === 'string' && flag.trim() !== '' && !/^none$/i.test(flag.trim())) fields.push(name);
  }
  const custom = service['Requires.Custom'];
  for (const field of custom ? Object.values(custom) : []) {
    if (field.fieldname && isRequired(field.required)) fields.push(field.fieldname.slice(0, 100));
  }
  return fields;
}

function errorMessages(answer: z.infer<typeof errorAnswerSchema>): string {
  return answer.ERROR.map((entry) => plainText(String(entry.MESSAGE ?? entry.message ?? ''), 500))
    .filter((message) => message !== '')
    .join('; ');
}

/**
 * The DHRU Fusion client: every supplier (and the sandbox) behind the `UnlockSupplier` interface.
 * A failure is always one of the three supplier errors, so the fulfiller can tell a rejection
 * (try the next tool) from everything that is not about the order (try again later).
 */
export function createDhruClient(options: DhruClientOptions): UnlockSupplier {
  // DHRU Fusion may live under a path (https://host/shop): the API is below it, not at the host's root.
  const endpoint = `${options.url.replace(/\/+$/, '')}${DHRU_PATH}`;
  const send = options.fetch ?? ((input, init) => fetch(input, init));
  const timeoutMs = options.timeoutMs ?? DHRU_DEFAULT_TIMEOUT_MS;
  const supplierName = options.name ?? 'DHRU Fusion supplier';

  /** Each call counted and timed by its outcome (ADR 085). */
  async function call<T>(action: DhruAction, schema: z.ZodType<T>, parameters?: Record<string, string>): Promise<T> {
    const supplier = options.id ?? 'dhru';
    const stopTimer = supplierDuration.startTimer({ supplier, action });
    try {
      const answer = await callOnce(action, schema, parameters);
      supplierCalls.inc({ supplier, action, outcome: 'ok' });
      return answer;
    } catch (error) {
      const outcome =
        error instanceof SupplierAccountError
          ? 'account'
          : error instanceof SupplierRejectedError
            ? 'rejected'
            : 'transport';
      supplierCalls.inc({ supplier, action, outcome });
      throw error;
    } finally {
      stopTimer();
    }
  }

  async function callOnce<T>(
    action: DhruAction,
    schema: z.ZodType<T>,
    parameters?: Record<string, string>,
  ): Promise<T> {
    const form = new URLSearchParams({
      username: options.username,
      apiaccesskey: options.apiKey,
      action,
      requestformat: 'JSON',
    });
    if (parameters) form.set('parameters', parametersXml(parameters));
    const signal = AbortSignal.timeout(timeoutMs);
    let status: number;
    let body: string;
    try {
      const res = await send(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: form.toString(),
        signal,
      });
      status = res.status;
      body = await res.text();
    } catch (error) {
      const reason = signal.aborted ? `no answer within ${timeoutMs} ms` : (error as Error).message;
      throw new SupplierTransportError(`${supplierName} ${action}: ${reason}`, { cause: error });
    }
    if (status === 401 || status === 403) {
      throw new SupplierAccountError(`${supplierName} ${action}: HTTP ${status}, the account was refused`);
    }
    if (status < 200 || status >= 300) {
      throw new SupplierTransportError(`${supplierName} ${action}: HTTP ${status}`);
    }
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch (error) {
      throw new SupplierTransportError(`${supplierName} ${action}: the answer is not JSON`, { cause: error });
    }
    const refused = errorAnswerSchema.safeParse(json);
    if (refused.success) {
      const message = errorMessages(refused.data) || 'an error without a message';
      if (!ORDER_ACTIONS.has(action) || ACCOUNT_ERRORS.some((pattern) => pattern.test(message))) {
        throw new SupplierAccountError(`${supplierName} ${action}: ${message}`);
      }
      throw new SupplierRejectedError(message);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      throw new SupplierTransportError(`${supplierName} ${action}: an answer the DHRU protocol does not describe`);
    }
    return parsed.data;
  }

  return {
    id: options.id ?? 'dhru',
    name: supplierName,
    adapter: options.adapter ?? 'dhru',
    toolPrefix: options.toolPrefix ?? 'DHRU',

    async accountInfo() {
      const answer = await call('accountinfo', accountSchema);
      const [first] = answer.SUCCESS;
      const info = first?.AccoutInfo ?? first?.AccountInfo;
      const cents = info ? creditCents(info.credit) : null;
      if (!info || cents === null) throw new SupplierTransportError(`${supplierName} accountinfo: no readable credit`);
      return { creditCents: cents, currency: (info.currency ?? 'USD').toUpperCase() };
    },

    async listServices() {
      const answer = await call('imeiservicelist', serviceListSchema);
      const listings: SupplierListing[] = [];
      for (const entry of answer.SUCCESS) {
        for (const [key, group] of Object.entries(entry.LIST)) {
          if (group.GROUPTYPE && !/^imei$/i.test(group.GROUPTYPE)) continue;
          for (const raw of Object.values(group.SERVICES ?? {})) {
            const service = serviceSchema.safeParse(raw);
            // A service we cannot read is left out rather than failing the whole list.
            if (!service.success || !/^\d{1,12}$/.test(service.data.SERVICEID.trim())) continue;
            const cost = creditCents(service.data.CREDIT);
            const hours = deliveryHours(service.data.TIME ?? '');
            if (cost === null || cost <= 0 || !hours) continue;
            listings.push({
              serviceId: service.data.SERVICEID.trim(),
              name: plainText(service.data.SERVICENAME, 200),
              group: plainText(group.GROUPNAME ?? key, 200),
              costCents: cost,
              deliveryText: plainText(service.data.TIME ?? '', 50),
              deliveryHoursMin: hours.min,
              deliveryHoursMax: hours.max,
              requiredFields: requiredFields(service.data),
            });
          }
        }
      }
      return listings;
    },

    async placeOrder({ serviceId, imei, reference, fields }) {
      const custom = encodeCustomFields({ ...fields, [DHRU_REFERENCE_FIELD]: reference });
      const answer = await call('placeimeiorder', placedSchema, { ID: serviceId, IMEI: imei, CUSTOMFIELD: custom });
      const supplierRef = answer.SUCCESS[0]?.REFERENCEID.trim() ?? '';
      if (supplierRef === '' || supplierRef.length > 100) {
        throw new SupplierTransportError(`${supplierName} placeimeiorder: no REFERENCEID in the answer`);
      }
      return { supplierRef };
    },

    async orderStatus(supplierRef): Promise<SupplierOrderStatus> {
      const answer = await call('getimeiorder', statusSchema, { ID: supplierRef });
      const [first] = answer.SUCCESS;
      const code = plainText(String(first?.CODE ?? ''));
      switch (Number(first?.STATUS)) {
        case DHRU_STATUS.new:
          return { state: 'pending' };
        case DHRU_STATUS.inProcess:
        case 2:
          return { state: 'in_process' };
        case DHRU_STATUS.rejected:
          return { state: 'rejected', reason: code || 'Rejected by the supplier without a reason' };
        case DHRU_STATUS.success:
          return { state: 'success', result: code };
        default:
          throw new SupplierTransportError(`${supplierName} getimeiorder: unknown STATUS ${String(first?.STATUS)}`);
      }
    },
  };
}
