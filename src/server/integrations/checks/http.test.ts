import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { inProcessFetch } from '../suppliers/index.ts';
import { createHttpCheckProvider } from './http.ts';
import { createSandboxCheckApp, SANDBOX_CHECKS_KEY, sandboxCheckImei } from './sandbox-server.ts';
import { CheckAccountError, CheckRefusedError, CheckTransportError } from './types.ts';

const describe_ = () => ({ brand: 'Apple', model: 'iPhone 8' });

function clientOf(
  app: { fetch(request: Request): Response | Promise<Response> },
  apiKey = SANDBOX_CHECKS_KEY,
  timeoutMs = 1000,
) {
  return createHttpCheckProvider({ url: 'http://checks.test', apiKey, fetch: inProcessFetch(app), timeoutMs });
}

describe('the HTTP check provider against its protocol', () => {
  it('reads a check answered at once, and one that is pending before it succeeds', async () => {
    let clock = 1_000_000;
    const provider = clientOf(createSandboxCheckApp({ describe: describe_, slowMs: 5000, now: () => clock }));
    const clean = await provider.submit({ deviceId: sandboxCheckImei('clean'), serviceId: '4' });
    expect(clean).toMatchObject({ state: 'successful', properties: { deviceName: 'iPhone 8', simLock: false } });

    const slow = await provider.submit({ deviceId: sandboxCheckImei('slow'), serviceId: '4' });
    expect(slow.state).toBe('pending');
    expect((await provider.status(slow.id)).state).toBe('pending');
    clock += 5000;
    expect(await provider.status(slow.id)).toMatchObject({ state: 'successful' });
  });

  it('reads unsuccessful and failed checks with their reasons', async () => {
    const provider = clientOf(createSandboxCheckApp({ describe: describe_ }));
    expect(await provider.submit({ deviceId: sandboxCheckImei('unknown_device'), serviceId: '1' })).toMatchObject({
      state: 'unsuccessful',
      reason: 'Device not found in the records.',
    });
    expect(await provider.submit({ deviceId: sandboxCheckImei('provider_error'), serviceId: '1' })).toMatchObject({
      state: 'failed',
    });
  });

  it('lists services and the balance in cents', async () => {
    const provider = clientOf(createSandboxCheckApp({ describe: describe_ }));
    expect((await provider.services()).map((service) => service.priceCents)).toEqual([10, 60, 50, 120]);
    expect(await provider.account()).toEqual({ balanceCents: 50_000 });
  });

  it('tells a refused key, a refused check, a malformed answer and a timeout apart', async () => {
    const sandbox = createSandboxCheckApp({ describe: describe_ });
    await expect(clientOf(sandbox, 'wrong-key').account()).rejects.toBeInstanceOf(CheckAccountError);
    await expect(
      clientOf(sandbox).submit({ deviceId: sandboxCheckImei('clean'), serviceId: '99' }),
    ).rejects.toBeInstanceOf(CheckRefusedError);

    const broken = new Hono();
    broken.get('/v1/checks/:id', (c) => c.text('<html>gateway</html>', 200));
    broken.post('/v1/checks', (c) => c.json({ id: 1, status: 'teleported' }, 201));
    broken.get('/v1/account', () => new Promise<Response>(() => {}));
    const client = clientOf(broken, SANDBOX_CHECKS_KEY, 200);
    await expect(client.status('1')).rejects.toBeInstanceOf(CheckTransportError);
    await expect(client.submit({ deviceId: sandboxCheckImei('clean'), serviceId: '1' })).rejects.toBeInstanceOf(
      CheckTransportError,
    );
    await expect(client.account()).rejects.toThrow(/no answer within 200 ms/);
  });
});
