import { z } from 'zod';
import type { FetchFn } from '../suppliers/dhru.ts';
import {
  CheckAccountError,
  CheckRefusedError,
  type CheckProvider,
  type CheckServiceListing,
  CheckTransportError,
  type ProviderCheck,
} from './types.ts';

export const CHECKS_DEFAULT_TIMEOUT_MS = 15_000;

const money = z.union([
  z.number(),
  z
    .string()
    .regex(/^\d+(\.\d+)?$/)
    .transform(Number),
]);

const checkSchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  status: z.enum(['waiting', 'processing', 'successful', 'unsuccessful', 'failed']),
  properties: z.record(z.string(), z.unknown()).nullish(),
  message: z.string().nullish(),
});

const servicesSchema = z.array(
  z.object({ id: z.union([z.string(), z.number()]).transform(String), title: z.string(), price: money }),
);
const accountSchema = z.object({ balance: money });

export interface HttpCheckProviderOptions {
  readonly url: string;
  readonly apiKey: string;
  readonly fetch?: FetchFn;
  readonly timeoutMs?: number;
  readonly id?: string;
  readonly name?: string;
  readonly adapter?: CheckProvider['adapter'];
}

const cents = (dollars: number) => Math.round(dollars * 100);

function readCheck(answer: z.infer<typeof checkSchema>): ProviderCheck {
  switch (answer.status) {
    case 'waiting':
    case 'processing':
      return { id: answer.id, state: 'pending' };
    case 'successful':
      return { id: answer.id, state: 'successful', properties: answer.properties ?? {} };
    case 'unsuccessful':
      return {
        id: answer.id,
        state: 'unsuccessful',
        reason: answer.message ?? 'The records could not be read for this device.',
      };
    case 'failed':
      return {
        id: answer.id,
        state: 'failed',
        reason: answer.message ?? 'The check provider could not complete the check.',
      };
  }
}

/** The client of an imeicheck-style check API: bearer key, JSON, each call bounded in time. */
export function createHttpCheckProvider(options: HttpCheckProviderOptions): CheckProvider {
  const fetchFn = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? CHECKS_DEFAULT_TIMEOUT_MS;
  const base = options.url.replace(/\/+$/, '');

  async function call<T>(method: 'GET' | 'POST', path: string, schema: z.ZodType<T>, body?: unknown): Promise<T> {
    const signal = AbortSignal.timeout(timeoutMs);
    let response: Response;
    try {
      response = await fetchFn(`${base}${path}`, {
        method,
        signal,
        headers: {
          authorization: `Bearer ${options.apiKey}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      const reason = signal.aborted ? `no answer within ${timeoutMs} ms` : (error as Error).message;
      throw new CheckTransportError(`check provider ${method} ${path}: ${reason}`);
    }
    const text = await response.text().catch(() => '');
    if (response.status === 401 || response.status === 402 || response.status === 403) {
      throw new CheckAccountError(`check provider refused our account (HTTP ${response.status})`);
    }
    if (response.status === 404 || response.status === 422) {
      const message = /"message"\s*:\s*"([^"]{1,200})"/.exec(text)?.[1] ?? `HTTP ${response.status}`;
      throw new CheckRefusedError(`check provider refused the check: ${message}`);
    }
    if (!response.ok) throw new CheckTransportError(`check provider ${method} ${path}: HTTP ${response.status}`);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new CheckTransportError(`check provider ${method} ${path}: the answer is not JSON`);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new CheckTransportError(`check provider ${method} ${path}: unexpected answer`);
    return parsed.data;
  }

  return {
    id: options.id ?? 'http',
    name: options.name ?? new URL(base).hostname,
    adapter: options.adapter ?? 'http',
    async account() {
      const answer = await call('GET', '/v1/account', accountSchema);
      return { balanceCents: cents(answer.balance) };
    },
    async services(): Promise<CheckServiceListing[]> {
      const answer = await call('GET', '/v1/services', servicesSchema);
      return answer.map((service) => ({
        serviceId: service.id,
        title: service.title,
        priceCents: cents(service.price),
      }));
    },
    async submit(input) {
      return readCheck(
        await call('POST', '/v1/checks', checkSchema, { deviceId: input.deviceId, serviceId: input.serviceId }),
      );
    },
    async status(checkId) {
      return readCheck(await call('GET', `/v1/checks/${encodeURIComponent(checkId)}`, checkSchema));
    },
  };
}
