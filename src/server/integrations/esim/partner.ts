import { z } from 'zod';
import { type EsimPackageRow, esimPackageName, esimPackageRowSchema } from '../../../domain/esim-catalog.ts';
import { type EsimProvider, EsimProvisioningError } from './types.ts';

export interface PartnerEsimOptions {
  /** The partner API's base address, e.g. https://partners-api.example.com (paths are /v2/...). */
  readonly baseUrl: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** Country code (ISO alpha-2) to alpha-3: our catalogue lists coverage in alpha-3. */
  readonly iso3ByCountryCode: () => Promise<ReadonlyMap<string, string>>;
  readonly fetch?: typeof fetch;
  readonly timeoutMs?: number;
  /** Told how many packages could not be described in our catalogue's terms (and were left out). */
  readonly onSkipped?: (count: number) => void;
}

const tokenSchema = z.object({
  data: z.object({ access_token: z.string().min(1), expires_in: z.number().positive(), token_type: z.string() }),
});

const packageSchema = z.object({
  id: z.string(),
  type: z.string(),
  title: z.string(),
  price: z.number().nonnegative(),
  net_price: z.number().nonnegative(),
  amount: z.number().nonnegative(),
  day: z.number().int().positive(),
  is_unlimited: z.boolean(),
});

const packagesSchema = z.object({
  data: z.array(
    z.object({
      slug: z.string(),
      country_code: z.string().nullish(),
      title: z.string(),
      operators: z.array(
        z.object({
          type: z.string(),
          countries: z.array(z.object({ country_code: z.string() })).default([]),
          packages: z.array(packageSchema),
        }),
      ),
    }),
  ),
});

const orderSchema = z.object({
  data: z.object({
    id: z.union([z.number(), z.string()]),
    sims: z
      .array(z.object({ iccid: z.string().min(1), lpa: z.string().min(1), matching_id: z.string().min(1) }))
      .min(1),
  }),
});

/** Tokens are refreshed this long before they run out. */
const TOKEN_MARGIN_MS = 60_000;
const MB_PER_GB = 1024;

/**
 * An Airalo-style partner API: OAuth client-credentials token, `GET /v2/packages`
 * (destinations → operators → packages) and `POST /v2/orders` (one SIM per call).
 */
export function partnerEsimProvider(options: PartnerEsimOptions): EsimProvider {
  const http = options.fetch ?? fetch;
  const base = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 20_000;
  let token: { value: string; expiresAt: number } | null = null;

  async function call(path: string, init: RequestInit): Promise<Response> {
    return http(`${base}${path}`, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  }

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > Date.now()) return token.value;
    const res = await call('/v2/token', {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: options.clientId,
        client_secret: options.clientSecret,
        grant_type: 'client_credentials',
      }),
    });
    if (!res.ok) throw new Error(`eSIM partner API refused the token request (HTTP ${res.status})`);
    const { data } = tokenSchema.parse(await res.json());
    token = { value: data.access_token, expiresAt: Date.now() + data.expires_in * 1000 - TOKEN_MARGIN_MS };
    return token.value;
  }

  /** An authorised call; a 401 means the token was revoked early, so one fresh token is tried. */
  async function authorised(path: string, init: RequestInit = {}): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      const res = await call(path, {
        ...init,
        headers: { Accept: 'application/json', ...init.headers, Authorization: `Bearer ${await accessToken()}` },
      });
      if (res.status !== 401 || attempt > 0) return res;
      token = null;
    }
  }

  return {
    name: 'partner',

    async listPackages() {
      const res = await authorised('/v2/packages?limit=1000');
      if (!res.ok) throw new Error(`eSIM partner API: GET /v2/packages answered HTTP ${res.status}`);
      const { data } = packagesSchema.parse(await res.json());
      const iso3 = await options.iso3ByCountryCode();
      const rows: EsimPackageRow[] = [];
      let skipped = 0;
      for (const destination of data) {
        for (const operator of destination.operators) {
          const local = operator.type === 'local';
          const kind = local ? 'local' : destination.slug === 'world' ? 'global' : 'regional';
          const countries = operator.countries
            .map((country) => iso3.get(country.country_code.toUpperCase()))
            .filter((code): code is string => code !== undefined);
          for (const pkg of operator.packages) {
            if (pkg.type !== 'sim') continue;
            // A package our catalogue cannot describe (no known country, no data) is not sold.
            const dataGb = pkg.is_unlimited ? null : Math.round((pkg.amount / MB_PER_GB) * 100) / 100;
            const row = esimPackageRowSchema.safeParse({
              package_id: pkg.id,
              package_name: esimPackageName(destination.title, dataGb, pkg.day),
              data_gb: dataGb,
              validity_days: pkg.day,
              kind,
              country_code: local ? (destination.country_code?.toUpperCase() ?? null) : null,
              region: local ? null : destination.title,
              countries_iso3: [...new Set(countries)],
              price_cents: Math.round(pkg.price * 100),
              net_cost_cents: Math.round(pkg.net_price * 100),
              provider: 'partner',
              active: true,
            });
            if (row.success) rows.push(row.data);
            else skipped += 1;
          }
        }
      }
      if (skipped > 0) options.onSkipped?.(skipped);
      return rows;
    },

    async provision({ packageId, orderItemId }) {
      const res = await authorised('/v2/orders', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          package_id: packageId,
          quantity: '1',
          type: 'sim',
          description: `OpenLine order item ${orderItemId}`,
        }),
      });
      if (!res.ok) {
        const detail = await res.text().catch(() => '');
        throw new EsimProvisioningError(
          `eSIM partner API: POST /v2/orders answered HTTP ${res.status} ${detail.slice(0, 200)}`.trim(),
        );
      }
      const sim = orderSchema.parse(await res.json()).data.sims[0];
      if (!sim) throw new EsimProvisioningError('eSIM partner API: the order carried no SIM');
      return { iccid: sim.iccid, smdpAddress: sim.lpa, matchingId: sim.matching_id };
    },
  };
}
