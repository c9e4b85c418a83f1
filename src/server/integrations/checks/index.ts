import { CHECK_PRODUCT_IDS, type CheckProductId } from '../../../domain/device-checks.ts';
import type { Config } from '../../config.ts';
import type { FetchFn } from '../suppliers/dhru.ts';
import { inProcessFetch } from '../suppliers/index.ts';
import { CHECKS_DEFAULT_TIMEOUT_MS, createHttpCheckProvider } from './http.ts';
import {
  createSandboxCheckApp,
  type DescribeDevice,
  SANDBOX_CHECK_SERVICE_IDS,
  SANDBOX_CHECKS_KEY,
} from './sandbox-server.ts';
import type { CheckProvider } from './types.ts';

export type { CheckProvider, ProviderCheck } from './types.ts';

/** Where the in-process sandbox pretends to live (never resolved: its fetch answers in-process). */
export const SANDBOX_CHECKS_URL = 'http://sandbox-checks.invalid';

export type ChecksConfig = Pick<
  Config,
  'CHECKS_API_URL' | 'CHECKS_API_KEY' | 'CHECKS_TIMEOUT_MS' | 'CHECKS_SERVICE_IDS'
>;

/**
 * The store's check provider: the imeicheck-style API of CHECKS_API_URL/CHECKS_API_KEY, or else
 * the sandbox provider, spoken to through the very same HTTP client.
 */
export function createCheckProvider(
  config: ChecksConfig,
  options: { readonly fetch?: FetchFn; readonly describe: DescribeDevice; readonly slowMs?: number },
): CheckProvider {
  const timeoutMs = config.CHECKS_TIMEOUT_MS ?? CHECKS_DEFAULT_TIMEOUT_MS;
  if (config.CHECKS_API_URL && config.CHECKS_API_KEY) {
    return createHttpCheckProvider({
      url: config.CHECKS_API_URL,
      apiKey: config.CHECKS_API_KEY,
      fetch: options.fetch,
      timeoutMs,
    });
  }
  const sandbox = createSandboxCheckApp({ describe: options.describe, slowMs: options.slowMs });
  return createHttpCheckProvider({
    url: SANDBOX_CHECKS_URL,
    apiKey: SANDBOX_CHECKS_KEY,
    fetch: options.fetch ?? inProcessFetch(sandbox),
    timeoutMs,
    id: 'sandbox',
    name: 'Sandbox Check Provider',
    adapter: 'sandbox',
  });
}

/** The provider's service id of each product: CHECKS_SERVICE_IDS, or the sandbox's. */
export function checkServiceIds(config: ChecksConfig): Record<CheckProductId, string | null> {
  const text = config.CHECKS_SERVICE_IDS ?? (config.CHECKS_API_URL ? '' : SANDBOX_CHECK_SERVICE_IDS);
  const pairs = new Map(
    text
      .split(',')
      .filter(Boolean)
      .map((pair) => pair.split('=') as [string, string]),
  );
  return Object.fromEntries(CHECK_PRODUCT_IDS.map((id) => [id, pairs.get(id) ?? null])) as Record<
    CheckProductId,
    string | null
  >;
}
