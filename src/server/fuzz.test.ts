import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NUL_MESSAGE, TEXT_MAX, tooLongMessage } from '../domain/text.ts';
import type { Store } from './bootstrap.ts';
import { testDbKinds } from './testing/test-db.ts';
import { cookieOf, createTestStore, jsonHeaders, TEST_PUBLIC_URL } from './testing/test-store.ts';

/**
 * Malformed input, every endpoint: no answer may be a 5xx. The endpoints are read from the
 * store's OpenAPI document (so a new route is fuzzed without touching this file; every route is
 * in it, openapi.test.ts); every text slot (path, query, each body field) gets NUL, raw and %00, over-long and
 * odd text, and every body gets wrong types, broken JSON and wrong content types.
 */

const INTERNAL_TOKEN = 'internal-token-for-the-fuzz-run';
const FUZZ_CONCURRENCY = 8;
const IMEI = '356938035643809';

interface Endpoint {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly query: readonly string[];
  readonly body: boolean;
  readonly bodyFields: readonly string[];
  /** The parts of a multipart/form-data body, when the operation takes one (files). */
  readonly formParts: readonly string[];
  readonly admin: boolean;
  readonly headers?: Record<string, string>;
}

interface Probe {
  readonly endpoint: Endpoint;
  readonly label: string;
  readonly path: string;
  readonly body?: string | FormData;
  readonly contentType?: string | null;
  /** A NUL reached the request: the answer must be exactly 400. */
  readonly nul: boolean;
  /** A forged session cookie instead of none (or the admin's). */
  readonly cookie?: string;
}

let emailCounter = 0;
const freshEmail = () => `fuzz-${++emailCounter}@example.com`;

/** A valid body per endpoint, so one bad field at a time reaches as deep as it can. */
const VALID_BODIES: Record<string, () => Record<string, unknown>> = {
  'POST /api/quotes': () => ({ imei: IMEI, brand: 'Apple', model: 'iPhone 15', network: 'AT&T', country: 'US' }),
  'POST /api/service-requests': () => ({
    email: freshEmail(),
    imei: IMEI,
    brand: 'Sony',
    model: 'Xperia 1 V',
    carrier: 'telcel-mx',
    country: 'MX',
    notes: 'please',
  }),
  'POST /api/esim/checkout': () => ({
    email: freshEmail(),
    items: [{ package_id: 'fuzz-package', quantity: 1 }],
    device_type: 'ios',
    coupon_code: 'FUZZ',
  }),
  'POST /api/coupons/validate': () => ({ code: 'FUZZ' }),
  'POST /api/catalog/normalize/carrier': () => ({ input_carrier: 'AT&T', input_country: 'US' }),
  'POST /api/catalog/normalize/country': () => ({ input_country: 'US' }),
  'POST /api/catalog/normalize/brand': () => ({ input_brand: 'Apple' }),
  'POST /api/admin/coupons': () => ({ code: `F${++emailCounter}`, percent_off: 10 }),
  'POST /api/admin/catalog/sync': () => ({ limit: 1 }),
  'POST /api/internal/admin-grant': () => ({ email: 'nobody@example.com' }),
  'POST /api/auth/sign-up/email': () => ({ email: freshEmail(), password: 'fuzzing2026', name: 'Fuzz' }),
  'POST /api/auth/sign-in/email': () => ({ email: 'fuzz-admin@example.com', password: 'wrong-password-1' }),
  'POST /api/auth/request-password-reset': () => ({ email: freshEmail(), redirectTo: '/auth/reset-password' }),
  'POST /api/auth/reset-password': () => ({ token: 'not-a-token', newPassword: 'fuzzing2026' }),
  'POST /api/auth/sign-out': () => ({}),
  'POST /api/auth/change-password': () => ({
    currentPassword: 'fuzzing2026',
    newPassword: 'fuzzing2027',
    revokeOtherSessions: true,
  }),
};

interface DocumentedOperation {
  parameters?: { name: string; in: string }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: Record<string, string[]>[];
}
interface JsonSchema {
  $ref?: string;
  properties?: Record<string, unknown>;
  allOf?: JsonSchema[];
}
interface OpenApiDocument {
  paths: Record<string, Record<string, DocumentedOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

/** The fields of a body schema, through a $ref or an allOf. */
function fieldsOf(document: OpenApiDocument, schema: JsonSchema | undefined): string[] {
  if (!schema) return [];
  if (schema.$ref) return fieldsOf(document, document.components?.schemas?.[schema.$ref.split('/').pop() ?? '']);
  if (schema.allOf) return schema.allOf.flatMap((part) => fieldsOf(document, part));
  return Object.keys(schema.properties ?? {});
}

/** Every operation of the store's OpenAPI document: a route added to the app is fuzzed without a line here. */
function documentedEndpoints(document: OpenApiDocument): Endpoint[] {
  const endpoints: Endpoint[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (method !== 'get' && method !== 'post') continue;
      const internal = operation.security?.some((requirement) => 'internalToken' in requirement) ?? false;
      endpoints.push({
        method: method === 'get' ? 'GET' : 'POST',
        path,
        query: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        body: method === 'post',
        bodyFields: path.includes('/webhook/')
          ? ['id', 'type', 'data']
          : fieldsOf(document, operation.requestBody?.content?.['application/json']?.schema),
        formParts: fieldsOf(document, operation.requestBody?.content?.['multipart/form-data']?.schema),
        admin: path.startsWith('/api/admin/'),
        ...(internal ? { headers: { 'x-internal-token': INTERNAL_TOKEN } } : {}),
      });
    }
  }
  return endpoints;
}

const NUL_TEXT = ['\u0000', 'a\u0000b'];
const ODD_TEXT = ['x'.repeat(20_000), '\uD800', '💥\u202E', "' OR 1=1 --", '', ' '];
/** Path and query text as written in a URL; the first three carry a NUL. */
const URL_NUL = ['%00', 'cs_%00x', encodeURIComponent('a\u0000b')];
const URL_ODD = ['x'.repeat(5_000), '%', '%ZZ', '%E0%A4%A', '%F0%9F%92%A5', '..%2F..%2Fetc', '%2500'];
const BAD_VALUES: readonly unknown[] = [
  1e308,
  -1,
  1.5,
  2 ** 53 + 2,
  true,
  null,
  [],
  ['a', 'b'],
  {},
  { a: { b: [1, { c: '\u0000' }] } },
];
const BAD_BODIES: readonly { text: string; nul: boolean }[] = [
  { text: '', nul: false },
  { text: 'null', nul: false },
  { text: '[]', nul: false },
  { text: '[{"email":"a@b.co"}]', nul: false },
  { text: '"text"', nul: false },
  { text: '1e999', nul: false },
  { text: '{', nul: false },
  { text: '{"email":', nul: false },
  { text: 'not json', nul: false },
  { text: '{"a":1,}', nul: false },
  { text: '[['.repeat(5_000), nul: false },
  { text: '{"__proto__":{"admin":true}}', nul: false },
  { text: '{"a":"\\u0000"}', nul: true },
  { text: '{"a\\u0000":"b"}', nul: true },
];
/** Session cookies no one was given: signed ones fail their check before any lookup. */
const FORGED_COOKIES = [
  'better-auth.session_token=a%00b',
  'better-auth.session_token=a%00b.c2lnbmF0dXJl',
  'better-auth.session_data=%00',
  `better-auth.session_token=${'x'.repeat(4_000)}`,
];
const CONTENT_TYPES: readonly (string | null)[] = [
  'application/json',
  'text/plain',
  null,
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzz',
];
/** What a file part of a form may hold: nothing, text, NUL bytes, an image's first bytes only. */
const FILE_BYTES: readonly Uint8Array[] = [
  new Uint8Array(0),
  new TextEncoder().encode('just text'),
  new Uint8Array(64),
  new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
];
/** A valid form per endpoint that takes files: its text parts. */
const VALID_FORMS: Record<string, () => Record<string, string>> = {
  'POST /api/bug-reports': () => ({
    report: JSON.stringify({ email: freshEmail(), title: 'Fuzz', description: 'Fuzzing the form.' }),
  }),
};

function formOf(
  parts: Record<string, string>,
  extra?: { name: string; value: string | Uint8Array; fileName?: string },
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(parts)) if (name !== extra?.name) form.append(name, value);
  if (extra) {
    if (typeof extra.value === 'string') form.append(extra.name, extra.value);
    else form.append(extra.name, new Blob([new Uint8Array(extra.value)]), extra.fileName ?? 'fuzz.png');
  }
  return form;
}

/** Each part of a form in turn: NUL and odd text, broken bodies, and files of odd bytes and names. */
function formProbes(endpoint: Endpoint, path: string): Probe[] {
  const valid = () => VALID_FORMS[`${endpoint.method} ${endpoint.path}`]?.() ?? {};
  const probe = (label: string, body: FormData, nul: boolean): Probe => ({
    endpoint,
    label,
    path,
    body,
    contentType: null,
    nul,
  });
  const probes: Probe[] = [probe('valid form', formOf(valid()), false)];
  for (const name of endpoint.formParts) {
    for (const text of NUL_TEXT) probes.push(probe(`part ${name}=NUL`, formOf(valid(), { name, value: text }), true));
    for (const text of [...ODD_TEXT, ...BAD_BODIES.filter((bad) => !bad.nul).map((bad) => bad.text)])
      probes.push(probe(`part ${name}=${text.slice(0, 20)}`, formOf(valid(), { name, value: text }), false));
    for (const bytes of FILE_BYTES)
      probes.push(
        probe(`part ${name} as a file of ${bytes.length} bytes`, formOf(valid(), { name, value: bytes }), false),
      );
    for (const fileName of ['a\u0000.png', 'x'.repeat(5_000), '../../etc/passwd', '\uD800.png'])
      probes.push(
        probe(
          `part ${name} named ${fileName.slice(0, 20)}`,
          formOf(valid(), { name, value: FILE_BYTES[3]!, fileName }),
          fileName.includes('\u0000'),
        ),
      );
    const { [name]: _dropped, ...without } = valid();
    probes.push(probe(`without part ${name}`, formOf(without), false));
  }
  return probes;
}

/** Path parameters that must hold a known value for the route to run at all. */
const VALID_PARAMS: Record<string, string> = { provider: 'sandbox', asset: 'init.js' };

function fillPath(path: string, value?: string): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => value ?? VALID_PARAMS[name] ?? 'fuzz');
}

function probesFor(endpoint: Endpoint): Probe[] {
  const probes: Probe[] = [];
  const key = `${endpoint.method} ${endpoint.path}`;
  const validBody = () => VALID_BODIES[key]?.() ?? Object.fromEntries(endpoint.bodyFields.map((f) => [f, 'x']));
  const basePath = fillPath(endpoint.path);
  const json = (value: unknown) => JSON.stringify(value);
  const withBody = (label: string, path: string, nul: boolean): Probe =>
    endpoint.body
      ? { endpoint, label, path, body: json(validBody()), contentType: 'application/json', nul }
      : { endpoint, label, path, nul };

  for (const cookie of FORGED_COOKIES) {
    probes.push({ ...withBody(`cookie ${cookie.slice(0, 40)}`, basePath, false), cookie });
  }
  if (endpoint.path.includes('{')) {
    for (const value of URL_NUL) probes.push(withBody(`path ${value}`, fillPath(endpoint.path, value), true));
    for (const value of URL_ODD)
      probes.push(withBody(`path ${value.slice(0, 20)}`, fillPath(endpoint.path, value), false));
  }
  for (const name of [...endpoint.query, 'junk']) {
    for (const value of URL_NUL) probes.push(withBody(`query ${name}=${value}`, `${basePath}?${name}=${value}`, true));
    // A parameter no route reads only has to be refused for its NUL.
    if (name === 'junk') continue;
    for (const value of URL_ODD) {
      probes.push(withBody(`query ${name}=${value.slice(0, 20)}`, `${basePath}?${name}=${value}`, false));
    }
    probes.push(withBody(`query ${name} twice`, `${basePath}?${name}=a&${name}=b`, false));
  }
  if (!endpoint.body) return probes;
  if (endpoint.formParts.length > 0) probes.push(...formProbes(endpoint, basePath));

  for (const field of endpoint.bodyFields) {
    for (const text of NUL_TEXT) {
      probes.push({
        endpoint,
        label: `${field}=NUL`,
        path: basePath,
        body: json({ ...validBody(), [field]: text }),
        contentType: 'application/json',
        nul: true,
      });
    }
    for (const value of [...ODD_TEXT, ...BAD_VALUES]) {
      const label = `${field}=${json(value)?.slice(0, 20)}`;
      probes.push({
        endpoint,
        label,
        path: basePath,
        body: json({ ...validBody(), [field]: value }),
        contentType: 'application/json',
        nul: false,
      });
    }
    const { [field]: _dropped, ...without } = validBody();
    probes.push({
      endpoint,
      label: `without ${field}`,
      path: basePath,
      body: json(without),
      contentType: 'application/json',
      nul: false,
    });
  }
  for (const contentType of CONTENT_TYPES) {
    for (const bad of BAD_BODIES) {
      probes.push({
        endpoint,
        label: `body ${bad.text.slice(0, 20)} as ${contentType}`,
        path: basePath,
        body: bad.text,
        contentType,
        nul: bad.nul,
      });
    }
    probes.push({
      endpoint,
      label: `valid body as ${contentType}`,
      path: basePath,
      body: json(validBody()),
      contentType,
      nul: false,
    });
  }
  probes.push({ endpoint, label: 'no body', path: basePath, contentType: 'application/json', nul: false });
  return probes;
}

describe.each(testDbKinds())('malformed input on %s', (kind) => {
  let store: Store;
  let adminCookie: string;
  let client = 0;

  beforeAll(async () => {
    // Each probe comes from its own address, so no rate limit hides what the route would answer.
    store = await createTestStore(kind, {
      internalToken: INTERNAL_TOKEN,
      config: { TRUST_PROXY: 'true', QUOTE_RATE_LIMIT: '100000' },
    });
    const signUp = await store.app.request('/api/auth/sign-up/email', {
      method: 'POST',
      headers: jsonHeaders(),
      body: JSON.stringify({ email: 'fuzz-admin@example.com', password: 'fuzzing2026', name: 'Admin' }),
    });
    adminCookie = cookieOf(signUp);
    await store.app.request('/api/internal/admin-grant', {
      method: 'POST',
      headers: jsonHeaders({ 'x-internal-token': INTERNAL_TOKEN }),
      body: JSON.stringify({ email: 'fuzz-admin@example.com' }),
    });
  });
  afterAll(() => store?.close());

  const endpoints = async () =>
    documentedEndpoints((await (await store.app.request('/api/openapi.json')).json()) as OpenApiDocument);

  async function send(probe: Probe, cookie?: string): Promise<Response> {
    const headers: Record<string, string> = {
      origin: TEST_PUBLIC_URL,
      'x-forwarded-for': `10.${(++client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`,
      ...probe.endpoint.headers,
    };
    if (probe.contentType) headers['content-type'] = probe.contentType;
    const sessionCookie = probe.cookie ?? cookie;
    if (sessionCookie) headers.cookie = sessionCookie;
    return store.app.request(probe.path, {
      method: probe.endpoint.method,
      headers,
      ...(probe.body !== undefined ? { body: probe.body } : {}),
    });
  }

  it('answers every malformed request to every public endpoint without a 5xx', async () => {
    const documented = await endpoints();
    const requests = documented.flatMap((endpoint) =>
      probesFor(endpoint).flatMap((probe) =>
        (endpoint.admin ? [undefined, adminCookie] : [undefined]).map((cookie) => ({ probe, cookie })),
      ),
    );
    const failures: string[] = [];
    // A few at a time: password hashing runs on other threads meanwhile. Each probe stands alone.
    for (let start = 0; start < requests.length; start += FUZZ_CONCURRENCY) {
      await Promise.all(
        requests.slice(start, start + FUZZ_CONCURRENCY).map(async ({ probe, cookie }) => {
          const res = await send(probe, cookie);
          const text = await res.text();
          const what = `${probe.endpoint.method} ${probe.endpoint.path} ${probe.label}${cookie ? ' (admin)' : ''}`;
          if (res.status >= 500) failures.push(`${res.status} ${what}: ${text.slice(0, 120)}`);
          else if (probe.nul && res.status !== 400) failures.push(`NUL got ${res.status}, not 400: ${what}`);
        }),
      );
    }
    expect(failures).toEqual([]);
    expect(documented.length).toBeGreaterThan(90);
    expect(requests.length).toBeGreaterThan(2000);
  }, 180_000);

  it('refuses NUL and over-long text with the API error body, naming the field', async () => {
    const post = (path: string, body: unknown) =>
      store.app.request(path, {
        method: 'POST',
        headers: jsonHeaders({ 'x-forwarded-for': '10.255.255.1' }),
        body: JSON.stringify(body),
      });
    const longModel = await post('/api/quotes', { ...VALID_BODIES['POST /api/quotes']!(), model: 'x'.repeat(800_000) });
    expect(longModel.status).toBe(400);
    expect(await longModel.json()).toMatchObject({
      error: { code: 'VALIDATION_FAILED', fieldErrors: { model: [tooLongMessage(TEXT_MAX.name)] } },
    });

    const resetToken = await post('/api/auth/reset-password', { token: 'a\u0000b', newPassword: 'fuzzing2026' });
    expect(resetToken.status).toBe(400);
    expect(await resetToken.json()).toEqual({
      error: { code: 'VALIDATION_FAILED', message: NUL_MESSAGE, fieldErrors: { token: [NUL_MESSAGE] } },
    });

    const session = await store.app.request('/api/sandbox-payments/cs_%00x');
    expect(session.status).toBe(400);
    expect((await session.json()).error.message).toBe(NUL_MESSAGE);
  });

  it('fuzzes every API route the app serves', async () => {
    const fuzzed = new Set((await endpoints()).map((e) => `${e.method} ${e.path.replace(/\{([^}]+)\}/g, ':$1')}`));
    // Served files and the catch-alls (404, better-auth's dispatcher) have no input to fuzz.
    const exempt = /^\/api\/(docs|openapi\.json|\*|auth\/\*)|^\/api\/(auth\/sign-in|auth\/sign-up)\/\*$/;
    const served = store.app.routes
      .filter((r) => r.path.startsWith('/api/') && (r.method === 'GET' || r.method === 'POST'))
      .filter((r) => !exempt.test(r.path))
      .map((r) => `${r.method} ${r.path}`);
    expect(served.filter((route) => !fuzzed.has(route))).toEqual([]);
  });
});
