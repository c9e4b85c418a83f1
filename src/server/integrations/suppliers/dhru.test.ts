import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDhruClient } from './dhru.ts';
import { createUnlockSupplier } from './index.ts';
import { decodeCustomFields, deliveryHours, plainText, readParametersXml } from './dhru-protocol.ts';
import { sandboxImei } from './sandbox-outcomes.ts';
import { createSandboxSupplierApp, SANDBOX_SUPPLIER_CREDENTIALS } from './sandbox-server.ts';
import { SupplierAccountError, SupplierRejectedError, SupplierTransportError } from './types.ts';

interface Received {
  readonly method: string;
  readonly path: string;
  readonly contentType: string;
  readonly form: Record<string, string>;
  /** `parameters` read back, with CUSTOMFIELD decoded. */
  readonly parameters: Record<string, string> | null;
  readonly custom: Record<string, string> | null;
}

type Handler = (request: Received, res: ServerResponse) => void;

/** A DHRU protocol server on a real socket: each test says how it answers; every request is kept. */
let handler: Handler = (_request, res) => res.writeHead(500).end();
const received: Received[] = [];
let server: Server;
let url: string;

const json =
  (body: unknown, status = 200): Handler =>
  (_request, res) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

beforeAll(async () => {
  server = createServer((req, res) => {
    void readBody(req).then((body) => {
      const form = Object.fromEntries(new URLSearchParams(body));
      const parameters = form.parameters ? readParametersXml(form.parameters) : null;
      const request: Received = {
        method: req.method ?? '',
        path: req.url ?? '',
        contentType: req.headers['content-type'] ?? '',
        form,
        parameters,
        custom: parameters?.CUSTOMFIELD ? decodeCustomFields(parameters.CUSTOMFIELD) : null,
      };
      received.push(request);
      handler(request, res);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/shop`;
});
afterEach(() => {
  received.length = 0;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const client = (overrides: { timeoutMs?: number; apiKey?: string } = {}) =>
  createDhruClient({
    url,
    username: 'reseller',
    apiKey: overrides.apiKey ?? 'KEY-123',
    timeoutMs: overrides.timeoutMs,
  });

const IMEI = '356938035643809';

describe('the DHRU Fusion client on a socket', () => {
  it('places an order as DHRU Fusion expects it and reads REFERENCEID', async () => {
    handler = json({ SUCCESS: [{ MESSAGE: 'Order received', REFERENCEID: 48213 }], apiversion: '6.1' });
    const placed = await client().placeOrder({
      serviceId: '1000',
      imei: IMEI,
      reference: 'sub_7f3a',
      fields: { 'Model & Network': 'iPhone <15>' },
    });
    expect(placed).toEqual({ supplierRef: '48213' });
    const [request] = received;
    expect(request).toMatchObject({
      method: 'POST',
      path: '/shop/api/index.php',
      contentType: 'application/x-www-form-urlencoded',
      form: { username: 'reseller', apiaccesskey: 'KEY-123', action: 'placeimeiorder', requestformat: 'JSON' },
    });
    expect(request?.form.parameters).toMatch(
      /^<PARAMETERS><ID>1000<\/ID><IMEI>356938035643809<\/IMEI><CUSTOMFIELD>[A-Za-z0-9+/=]+<\/CUSTOMFIELD><\/PARAMETERS>$/,
    );
    expect(request?.custom).toEqual({ 'Model & Network': 'iPhone <15>', reference: 'sub_7f3a' });
  });

  it.each([
    { STATUS: 0, CODE: '', expected: { state: 'pending' } },
    { STATUS: '1', CODE: null, expected: { state: 'in_process' } },
    {
      STATUS: '3',
      CODE: '<span style="color:red">Rejected:</span> IMEI&nbsp;is <b>blacklisted</b>',
      expected: { state: 'rejected', reason: 'Rejected: IMEI is blacklisted' },
    },
    { STATUS: 3, CODE: '', expected: { state: 'rejected', reason: 'Rejected by the supplier without a reason' } },
    {
      STATUS: '4',
      CODE: 'Unlock code: <b>12345678</b><br/>NCK&amp;MCK<script>alert(1)</script>',
      expected: { state: 'success', result: 'Unlock code: 12345678\nNCK&MCK' },
    },
  ])('reads getimeiorder STATUS $STATUS', async ({ STATUS, CODE, expected }) => {
    handler = json({ SUCCESS: [{ IMEI, STATUS, CODE, COMMENTS: '' }], apiversion: '6.1' });
    expect(await client().orderStatus('48213')).toEqual(expected);
    expect(received[0]?.form.action).toBe('getimeiorder');
    expect(received[0]?.parameters).toEqual({ ID: '48213' });
  });

  it('answers a STATUS it does not know as a transport error, never a rejection', async () => {
    handler = json({ SUCCESS: [{ STATUS: '7', CODE: '' }] });
    await expect(client().orderStatus('1')).rejects.toThrow(SupplierTransportError);
  });

  it('reads the account credit', async () => {
    handler = json({
      SUCCESS: [{ message: 'Your Accout Info', AccoutInfo: { credit: '1,250.50', mail: 'a@b.c', currency: 'eur' } }],
    });
    expect(await client().accountInfo()).toEqual({ creditCents: 125_050, currency: 'EUR' });
    expect(received[0]?.form).not.toHaveProperty('parameters');
  });

  it('lists IMEI services with cost, delivery hours and required fields, leaving out what it cannot read', async () => {
    handler = json({
      SUCCESS: [
        {
          MESSAGE: 'IMEI Service List',
          LIST: {
            'Apple USA': {
              GROUPNAME: 'Apple USA',
              GROUPTYPE: 'IMEI',
              SERVICES: {
                '12': {
                  SERVICEID: 12,
                  SERVICENAME: 'AT&amp;T iPhone <b>Premium</b>',
                  CREDIT: '29.00',
                  TIME: '1-3 Days',
                  'Requires.SN': 'None',
                  'Requires.Custom': [],
                },
                '13': {
                  SERVICEID: '13',
                  SERVICENAME: 'Sprint iPhone',
                  CREDIT: 45,
                  TIME: '24-72 Hours',
                  'Requires.SN': 'Required',
                  'Requires.Custom': [
                    { fieldname: 'Model', required: 'on' },
                    { fieldname: 'Note', required: '' },
                  ],
                },
                '14': { SERVICEID: '14', SERVICENAME: 'Free?', CREDIT: '0.00', TIME: '1 Day' },
                '15': { SERVICENAME: 'No id', CREDIT: '3.00', TIME: '1 Day' },
              },
            },
            'Server tools': { GROUPNAME: 'Server tools', GROUPTYPE: 'SERVER', SERVICES: { '90': { SERVICEID: 90 } } },
          },
        },
      ],
    });
    expect(await client().listServices()).toEqual([
      {
        serviceId: '12',
        name: 'AT&T iPhone Premium',
        group: 'Apple USA',
        costCents: 2900,
        deliveryText: '1-3 Days',
        deliveryHoursMin: 24,
        deliveryHoursMax: 72,
        requiredFields: [],
      },
      {
        serviceId: '13',
        name: 'Sprint iPhone',
        group: 'Apple USA',
        costCents: 4500,
        deliveryText: '24-72 Hours',
        deliveryHoursMin: 24,
        deliveryHoursMax: 72,
        requiredFields: ['SN', 'Model'],
      },
    ]);
  });

  it.each([
    {
      action: 'placeimeiorder',
      message: 'Invalid IMEI or not supported by this service',
      error: SupplierRejectedError,
    },
    { action: 'placeimeiorder', message: 'Authentication Failed', error: SupplierAccountError },
    { action: 'placeimeiorder', message: 'Not enough credit in your account', error: SupplierAccountError },
    { action: 'placeimeiorder', message: 'Invalid API Access Key', error: SupplierAccountError },
    { action: 'placeimeiorder', message: 'Your IP is not allowed', error: SupplierAccountError },
    { action: 'placeimeiorder', message: 'Insufficient balance', error: SupplierAccountError },
    { action: 'placeimeiorder', message: 'Your account is suspended', error: SupplierAccountError },
    { action: 'placeimeiorder', message: 'IMEI is blocked (blacklisted)', error: SupplierRejectedError },
    { action: 'placeimeiorder', message: 'IMEI not allowed for this service', error: SupplierRejectedError },
    { action: 'placeimeiorder', message: 'Service is disabled for this model', error: SupplierRejectedError },
    { action: 'getimeiorder', message: 'Invalid Order ID', error: SupplierRejectedError },
    { action: 'imeiservicelist', message: 'Something went wrong', error: SupplierAccountError },
  ] as const)('classifies the ERROR "$message" to $action (HTTP 200)', async ({ action, message, error }) => {
    handler = json({ ERROR: [{ MESSAGE: message }], apiversion: '6.1' });
    const supplier = client();
    const call =
      action === 'placeimeiorder'
        ? supplier.placeOrder({ serviceId: '1', imei: IMEI, reference: 'r' })
        : action === 'getimeiorder'
          ? supplier.orderStatus('1')
          : supplier.listServices();
    await expect(call).rejects.toThrow(error);
    await expect(call).rejects.toThrow(message);
  });

  it.each([
    { what: 'HTTP 503', answer: json({ ERROR: [{ MESSAGE: 'maintenance' }] }, 503), error: SupplierTransportError },
    {
      what: 'HTTP 500 with HTML',
      answer: ((_r, res) => res.writeHead(500).end('<h1>Fatal</h1>')) as Handler,
      error: SupplierTransportError,
    },
    { what: 'HTTP 404', answer: json({}, 404), error: SupplierTransportError },
    { what: 'HTTP 403', answer: json({}, 403), error: SupplierAccountError },
    {
      what: 'malformed JSON',
      answer: ((_r, res) => res.writeHead(200).end('{"SUCCESS":[{"REFERENCEID":')) as Handler,
      error: SupplierTransportError,
    },
    {
      what: 'a PHP warning before the JSON',
      answer: ((_r, res) => res.writeHead(200).end('Warning: x\n{"SUCCESS":[]}')) as Handler,
      error: SupplierTransportError,
    },
    { what: 'JSON that is no DHRU answer', answer: json({ hello: 'world' }), error: SupplierTransportError },
    {
      what: 'SUCCESS without REFERENCEID',
      answer: json({ SUCCESS: [{ MESSAGE: 'ok' }] }),
      error: SupplierTransportError,
    },
    {
      what: 'a dropped connection',
      answer: ((_r, res) => res.socket?.destroy()) as Handler,
      error: SupplierTransportError,
    },
  ])('answers $what with a $error.name', async ({ answer, error }) => {
    handler = answer;
    await expect(client().placeOrder({ serviceId: '1', imei: IMEI, reference: 'r' })).rejects.toThrow(error);
  });

  it('gives up after its timeout with a transport error', async () => {
    handler = () => {
      // Never answers.
    };
    const started = Date.now();
    await expect(client({ timeoutMs: 300 }).placeOrder({ serviceId: '1', imei: IMEI, reference: 'r' })).rejects.toThrow(
      new SupplierTransportError('DHRU Fusion supplier placeimeiorder: no answer within 300 ms'),
    );
    expect(Date.now() - started).toBeLessThan(3000);
  });
});

describe('createUnlockSupplier', () => {
  it('speaks to the DHRU supplier of DHRU_URL, DHRU_USER and DHRU_KEY, with DHRU tool ids', async () => {
    handler = json({ SUCCESS: [{ STATUS: 1, CODE: '' }] });
    const supplier = createUnlockSupplier({
      DHRU_URL: url,
      DHRU_USER: 'shop',
      DHRU_KEY: 'KEY-9',
      DHRU_TIMEOUT_MS: 1000,
    });
    expect(supplier).toMatchObject({ id: 'dhru', adapter: 'dhru', toolPrefix: 'DHRU', name: '127.0.0.1' });
    expect(await supplier.orderStatus('5')).toEqual({ state: 'in_process' });
    expect(received[0]).toMatchObject({
      path: '/shop/api/index.php',
      form: { username: 'shop', apiaccesskey: 'KEY-9', action: 'getimeiorder' },
    });
  });
});

describe('the sandbox supplier served on a socket', () => {
  it('plays a whole order, a bad login and a hanging placement over the network', async () => {
    const listener = getRequestListener(createSandboxSupplierApp({ hangCapMs: 5_000 }).fetch);
    const sandboxServer = createServer(listener);
    sandboxServer.listen(0, '127.0.0.1');
    await once(sandboxServer, 'listening');
    try {
      const base = `http://127.0.0.1:${(sandboxServer.address() as AddressInfo).port}`;
      const sandbox = createDhruClient({
        url: base,
        username: SANDBOX_SUPPLIER_CREDENTIALS.username,
        apiKey: SANDBOX_SUPPLIER_CREDENTIALS.apiKey,
        timeoutMs: 500,
      });
      const { supplierRef } = await sandbox.placeOrder({
        serviceId: '1000',
        imei: sandboxImei('success'),
        reference: 's1',
      });
      expect((await sandbox.orderStatus(supplierRef)).state).toBe('success');
      await expect(
        sandbox.placeOrder({ serviceId: '1000', imei: sandboxImei('never_answers'), reference: 's2' }),
      ).rejects.toThrow(/no answer within 500 ms/);
      const stranger = createDhruClient({ url: base, username: 'x', apiKey: 'y' });
      await expect(stranger.accountInfo()).rejects.toThrow(
        new SupplierAccountError('DHRU Fusion supplier accountinfo: Authentication Failed'),
      );
    } finally {
      sandboxServer.closeAllConnections();
      await new Promise((resolve) => sandboxServer.close(resolve));
    }
  });
});

describe('DHRU text rules', () => {
  it.each([
    { time: '1-3 Days', hours: { min: 24, max: 72 } },
    { time: '24-72 Hours', hours: { min: 24, max: 72 } },
    { time: '5 Days', hours: { min: 120, max: 120 } },
    { time: '1-2 Weeks', hours: { min: 168, max: 336 } },
    { time: '10-30 Minutes', hours: { min: 1, max: 1 } },
    { time: 'Instant', hours: { min: 1, max: 1 } },
    { time: '3-5 Business Days', hours: { min: 72, max: 120 } },
    { time: 'ask support', hours: null },
  ])('reads TIME "$time"', ({ time, hours }) => {
    expect(deliveryHours(time)).toEqual(hours);
  });

  it('keeps plain text plain and bounded', () => {
    expect(plainText('Done &#8211; insert SIM &#x2713;')).toBe('Done – insert SIM ✓');
    expect(plainText('a\u0000b')).toBe('a b');
    expect(plainText('x'.repeat(3000))).toHaveLength(2000);
  });
});
