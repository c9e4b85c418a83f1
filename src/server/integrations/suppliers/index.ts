import type { Config } from '../../config.ts';
import { createDhruClient, DHRU_DEFAULT_TIMEOUT_MS, type FetchFn } from './dhru.ts';
import { DEVICE_SERVICE_IDS, type DeviceServiceId } from '../../../domain/device-services.ts';
import {
  createSandboxSupplierApp,
  SANDBOX_DEVICE_SERVICE_TOOLS,
  SANDBOX_SUPPLIER_CREDENTIALS,
  SANDBOX_TOOL_PREFIX,
  type SandboxSupplierStore,
} from './sandbox-server.ts';
import { readSandboxCatalogue, SANDBOX_CATALOG_FILE } from './sandbox.ts';
import type { SupplierService, UnlockSupplier } from './types.ts';

/** Where the in-process sandbox pretends to live (never resolved: its fetch answers in-process). */
export const SANDBOX_SUPPLIER_URL = 'http://sandbox-supplier.invalid';

export const SANDBOX_SUPPLIER = { id: 'sandbox', name: 'Sandbox Unlock Supplier' } as const;

/**
 * A fetch answered by a Hono app in this process, rejecting on its request's abort signal as a
 * network fetch does (the app alone would keep a hanging request's caller waiting).
 */
export function inProcessFetch(app: { fetch(request: Request): Response | Promise<Response> }): FetchFn {
  return (input, init) => {
    const request = new Request(input, init);
    const { signal } = request;
    return new Promise<Response>((resolve, reject) => {
      const onAbort = () => reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
      if (signal.aborted) {
        onAbort();
        return;
      }
      signal.addEventListener('abort', onAbort, { once: true });
      Promise.resolve(app.fetch(request))
        .then(resolve, reject)
        .finally(() => signal.removeEventListener('abort', onAbort));
    });
  };
}

export type SupplierConfig = Pick<Config, 'DHRU_URL' | 'DHRU_USER' | 'DHRU_KEY' | 'DHRU_TIMEOUT_MS'>;

/**
 * Each device service's supplier tools, best first: DEVICE_SERVICE_TOOLS
 * (`icloud_removal=DHRU-120|DHRU-131,frp_removal=DHRU-210`), or the sandbox supplier's when the
 * store runs on it; none for a DHRU supplier until they are set (the service is then not sold).
 */
export function deviceServiceToolIds(
  config: Pick<Config, 'DEVICE_SERVICE_TOOLS'>,
  supplier: Pick<UnlockSupplier, 'adapter'>,
): Record<DeviceServiceId, string[]> {
  const text = config.DEVICE_SERVICE_TOOLS ?? (supplier.adapter === 'sandbox' ? SANDBOX_DEVICE_SERVICE_TOOLS : '');
  const tools = Object.fromEntries(DEVICE_SERVICE_IDS.map((id) => [id, [] as string[]])) as Record<
    DeviceServiceId,
    string[]
  >;
  for (const pair of text.split(',').filter(Boolean)) {
    const [service = '', list = ''] = pair.split('=');
    if ((DEVICE_SERVICE_IDS as readonly string[]).includes(service)) {
      tools[service as DeviceServiceId] = list.split('|').filter(Boolean);
    }
  }
  return tools;
}

export interface UnlockSupplierOptions {
  /** Replaces the network (DHRU) or the in-process sandbox server. */
  readonly fetch?: FetchFn;
  /** Where the sandbox supplier keeps its orders (the store's database); in memory when absent. */
  readonly sandboxStore?: SandboxSupplierStore;
  readonly sandboxCatalogFile?: string;
}

/**
 * The store's unlock supplier: the DHRU Fusion supplier of DHRU_URL/DHRU_USER/DHRU_KEY, or else
 * the sandbox supplier, spoken to through the very same DHRU client.
 */
export function createUnlockSupplier(config: SupplierConfig, options: UnlockSupplierOptions = {}): UnlockSupplier {
  const timeoutMs = config.DHRU_TIMEOUT_MS ?? DHRU_DEFAULT_TIMEOUT_MS;
  if (config.DHRU_URL && config.DHRU_USER && config.DHRU_KEY) {
    return createDhruClient({
      url: config.DHRU_URL,
      username: config.DHRU_USER,
      apiKey: config.DHRU_KEY,
      fetch: options.fetch,
      timeoutMs,
      id: 'dhru',
      name: new URL(config.DHRU_URL).hostname,
      adapter: 'dhru',
      toolPrefix: 'DHRU',
    });
  }
  const sandbox = createSandboxSupplierApp({ store: options.sandboxStore, catalogFile: options.sandboxCatalogFile });
  return createDhruClient({
    url: SANDBOX_SUPPLIER_URL,
    username: SANDBOX_SUPPLIER_CREDENTIALS.username,
    apiKey: SANDBOX_SUPPLIER_CREDENTIALS.apiKey,
    fetch: options.fetch ?? inProcessFetch(sandbox),
    timeoutMs,
    id: SANDBOX_SUPPLIER.id,
    name: SANDBOX_SUPPLIER.name,
    adapter: 'sandbox',
    toolPrefix: SANDBOX_TOOL_PREFIX,
  });
}

/** The store's mapping of a supplier's services onto canonical brands, carriers and countries, by tool id. */
export type ServiceMappings = ReadonlyMap<string, SupplierService>;

/**
 * The mapping a new service of this supplier gets: the seed file maps every sandbox service; a
 * real DHRU supplier's new services start unmapped (inactive until an admin maps them).
 */
export function serviceMappingsFor(supplier: UnlockSupplier, file = SANDBOX_CATALOG_FILE): ServiceMappings {
  if (supplier.adapter !== 'sandbox') return new Map();
  return new Map(readSandboxCatalogue(file).map((service) => [service.tool_id, service]));
}

/** The tool id of a supplier's service: `<tool prefix>-<SERVICEID>`. */
export function toolIdOf(supplier: Pick<UnlockSupplier, 'toolPrefix'>, serviceId: string): string {
  return `${supplier.toolPrefix}-${serviceId}`;
}

/** The SERVICEID to place a tool's orders with, or null when the tool is not this supplier's. */
export function serviceIdOf(supplier: Pick<UnlockSupplier, 'toolPrefix'>, toolId: string): string | null {
  const prefix = `${supplier.toolPrefix}-`;
  return toolId.startsWith(prefix) && toolId.length > prefix.length ? toolId.slice(prefix.length) : null;
}
