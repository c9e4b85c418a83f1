import { describe, expect, it } from 'vitest';
import { partnerEsimProvider } from './partner.ts';
import { EsimProvisioningError } from './types.ts';

const BASE = 'https://partners.esim.test';

interface Call {
  readonly method: string;
  readonly path: string;
  readonly authorization: string | null;
  readonly form: Record<string, string>;
}

type Route = (call: Call) => { status?: number; body: unknown };

/** A constructed partner API: answers by method and path and keeps every call. */
function partnerApi(routes: Record<string, Route>) {
  const calls: Call[] = [];
  const fetchStub = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const headers = new Headers(init?.headers);
    const call: Call = {
      method: init?.method ?? 'GET',
      path: url.pathname + url.search,
      authorization: headers.get('authorization'),
      form: Object.fromEntries(new URLSearchParams(init?.body instanceof URLSearchParams ? init.body : '')),
    };
    calls.push(call);
    const route = routes[`${call.method} ${url.pathname}`];
    if (!route) return new Response('{"message":"not found"}', { status: 404 });
    const { status = 200, body } = route(call);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { fetch: fetchStub, calls };
}

let tokens = 0;
const tokenRoute: Route = () => ({
  body: { data: { token_type: 'Bearer', expires_in: 31_622_400, access_token: `token-${++tokens}` } },
});

const packagesAnswer = {
  data: [
    {
      slug: 'france',
      country_code: 'FR',
      title: 'France',
      operators: [
        {
          type: 'local',
          countries: [{ country_code: 'FR' }],
          packages: [
            {
              id: 'bonjour-7days-1gb',
              type: 'sim',
              title: '1 GB - 7 Days',
              price: 4.5,
              net_price: 3.6,
              amount: 1024,
              day: 7,
              is_unlimited: false,
            },
            {
              id: 'bonjour-30days-0gb',
              type: 'sim',
              title: '0 GB - 30 Days',
              price: 1,
              net_price: 1,
              amount: 0,
              day: 30,
              is_unlimited: false,
            },
            {
              id: 'bonjour-topup-1gb',
              type: 'topup',
              title: '1 GB',
              price: 4.5,
              net_price: 3.6,
              amount: 1024,
              day: 7,
              is_unlimited: false,
            },
          ],
        },
      ],
    },
    {
      slug: 'europe',
      country_code: '',
      title: 'Europe',
      operators: [
        {
          type: 'global',
          countries: [{ country_code: 'FR' }, { country_code: 'DE' }, { country_code: 'XX' }],
          packages: [
            {
              id: 'eurolink-30days-unlimited',
              type: 'sim',
              title: 'Unlimited - 30 Days',
              price: 59,
              net_price: 41.3,
              amount: 0,
              day: 30,
              is_unlimited: true,
            },
          ],
        },
      ],
    },
    {
      slug: 'world',
      country_code: null,
      title: 'Discover Global',
      operators: [
        {
          type: 'global',
          countries: [{ country_code: 'US' }],
          packages: [
            {
              id: 'discover-15days-3gb',
              type: 'sim',
              title: '3 GB - 15 Days',
              price: 24,
              net_price: 17.5,
              amount: 3072,
              day: 15,
              is_unlimited: false,
            },
          ],
        },
      ],
    },
  ],
};

const iso3 = async () =>
  new Map([
    ['FR', 'FRA'],
    ['DE', 'DEU'],
    ['US', 'USA'],
  ]);

describe('Airalo-style partner eSIM API client', () => {
  it('gets a client-credentials token once and lists SIM packages in the catalogue’s row shape', async () => {
    let skipped = 0;
    const api = partnerApi({
      'POST /v2/token': tokenRoute,
      'GET /v2/packages': () => ({ body: packagesAnswer }),
    });
    const partner = partnerEsimProvider({
      baseUrl: `${BASE}/`,
      clientId: 'id-1',
      clientSecret: 'secret-1',
      iso3ByCountryCode: iso3,
      fetch: api.fetch,
      onSkipped: (count) => (skipped += count),
    });

    const rows = await partner.listPackages();
    await partner.listPackages();

    expect(api.calls.filter((call) => call.path === '/v2/token')).toHaveLength(1);
    expect(skipped).toBe(2);
    expect(api.calls[0]?.form).toEqual({
      client_id: 'id-1',
      client_secret: 'secret-1',
      grant_type: 'client_credentials',
    });
    expect(api.calls[1]).toMatchObject({ method: 'GET', path: '/v2/packages?limit=1000' });
    expect(api.calls[1]?.authorization).toMatch(/^Bearer token-\d+$/);
    expect(rows).toEqual([
      {
        package_id: 'bonjour-7days-1gb',
        package_name: 'France 1 GB · 7 days',
        data_gb: 1,
        validity_days: 7,
        kind: 'local',
        country_code: 'FR',
        region: null,
        countries_iso3: ['FRA'],
        price_cents: 450,
        net_cost_cents: 360,
        provider: 'partner',
        active: true,
      },
      expect.objectContaining({
        package_id: 'eurolink-30days-unlimited',
        kind: 'regional',
        region: 'Europe',
        country_code: null,
        data_gb: null,
        countries_iso3: ['FRA', 'DEU'],
        price_cents: 5900,
        net_cost_cents: 4130,
      }),
      expect.objectContaining({
        package_id: 'discover-15days-3gb',
        kind: 'global',
        region: 'Discover Global',
        data_gb: 3,
        countries_iso3: ['USA'],
      }),
    ]);
  });

  it('orders one SIM per unit and answers its ICCID, SM-DP+ address and matching id', async () => {
    const api = partnerApi({
      'POST /v2/token': tokenRoute,
      'POST /v2/orders': () => ({
        body: {
          data: {
            id: 9912,
            code: '20260101-009912',
            package_id: 'bonjour-7days-1gb',
            quantity: 1,
            sims: [
              {
                iccid: '8944465400000267221',
                lpa: 'lpa.partner.test',
                matching_id: 'TEST-MATCH-1',
                qrcode: 'LPA:1$lpa.partner.test$TEST-MATCH-1',
              },
            ],
          },
        },
      }),
    });
    const partner = partnerEsimProvider({
      baseUrl: BASE,
      clientId: 'id-1',
      clientSecret: 'secret-1',
      iso3ByCountryCode: iso3,
      fetch: api.fetch,
    });

    const profile = await partner.provision({ packageId: 'bonjour-7days-1gb', orderItemId: 'item-1/0' });

    expect(profile).toEqual({
      iccid: '8944465400000267221',
      smdpAddress: 'lpa.partner.test',
      matchingId: 'TEST-MATCH-1',
    });
    expect(api.calls[1]).toMatchObject({
      method: 'POST',
      path: '/v2/orders',
      form: {
        package_id: 'bonjour-7days-1gb',
        quantity: '1',
        type: 'sim',
        description: 'OpenLine order item item-1/0',
      },
    });
  });

  it('fetches a fresh token once when the API answers 401', async () => {
    let packageCalls = 0;
    const api = partnerApi({
      'POST /v2/token': tokenRoute,
      'GET /v2/packages': () =>
        ++packageCalls === 1 ? { status: 401, body: { message: 'Unauthenticated.' } } : { body: { data: [] } },
    });
    const partner = partnerEsimProvider({
      baseUrl: BASE,
      clientId: 'id-1',
      clientSecret: 'secret-1',
      iso3ByCountryCode: iso3,
      fetch: api.fetch,
    });

    await expect(partner.listPackages()).resolves.toEqual([]);
    expect(api.calls.map((call) => call.path)).toEqual([
      '/v2/token',
      '/v2/packages?limit=1000',
      '/v2/token',
      '/v2/packages?limit=1000',
    ]);
    expect(api.calls[1]?.authorization).not.toBe(api.calls[3]?.authorization);
  });

  it('fails provisioning with the provider’s answer when the order is refused', async () => {
    const api = partnerApi({
      'POST /v2/token': tokenRoute,
      'POST /v2/orders': () => ({ status: 422, body: { message: 'Insufficient balance' } }),
    });
    const partner = partnerEsimProvider({
      baseUrl: BASE,
      clientId: 'id-1',
      clientSecret: 'secret-1',
      iso3ByCountryCode: iso3,
      fetch: api.fetch,
    });

    const failure = partner.provision({ packageId: 'bonjour-7days-1gb', orderItemId: 'item-1/0' });
    await expect(failure).rejects.toBeInstanceOf(EsimProvisioningError);
    await expect(failure).rejects.toThrow(/HTTP 422.*Insufficient balance/);
  });

  it('refuses to start without a token', async () => {
    const api = partnerApi({ 'POST /v2/token': () => ({ status: 401, body: { message: 'Invalid client' } }) });
    const partner = partnerEsimProvider({
      baseUrl: BASE,
      clientId: 'id-1',
      clientSecret: 'wrong',
      iso3ByCountryCode: iso3,
      fetch: api.fetch,
    });
    await expect(partner.listPackages()).rejects.toThrow(/token request \(HTTP 401\)/);
  });
});
