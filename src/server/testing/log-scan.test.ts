import { describe, expect, it } from 'vitest';
import { personalDataIn } from './log-scan.ts';

const line = (fields: Record<string, unknown>) => JSON.stringify({ level: 30, service: 'openline', ...fields });

describe('personal data in a log line', () => {
  it.each([
    ['a buyer’s email', line({ msg: 'sent', to: 'ana.perez+shop@example.com' }), ['email']],
    ['an IMEI', line({ imei: '356938035643809' }), ['IMEI']],
    ['an IMEI inside text', line({ msg: 'placed 356938035643809 at the supplier' }), ['IMEI']],
    ['a license key', line({ key: 'SBX-BCDFG-HJKMP-QRTVW-XY234' }), ['license key']],
    ['an order link token', line({ path: '/api/shares/q2Ld8fX0aZ9kP3mN7rT1vW5yB4cE6gHj' }), ['token']],
    [
      'a reset link token',
      line({ url: 'http://localhost:3000/auth/reset-password?token=Ab3dEf9hIj2lMn0pQr5tUv7w' }),
      ['token'],
    ],
    ['the store’s own address', line({ from: 'OpenLine <no-reply@openline.store>' }), []],
    ['a masked email', line({ email: 'a•••@example.com' }), []],
    ['a masked IMEI', line({ imei: '35693803••••809' }), []],
    ['a share page', line({ path: '/share/q2Ld8fX0aZ9kP3mN7rT1vW5yB4cE6gHj' }), ['token']],
    ['a password', line({ body: { password: 'hunter22hunter' } }), ['token']],
    ['a redacted password', line({ body: { password: '[Redacted]' } }), []],
    ['a payment session id', line({ path: '/api/sandbox-payments/cs_sbx_kJAUu4DhVB9u9hNYgozn0-e-' }), []],
    ['a request id', line({ reqId: '8847b7ce-3e2a-4998-9f80-6199238e1fcc' }), []],
    ['a timestamp', line({ time: 1795689782934 }), []],
    ['fifteen digits that are no IMEI', line({ n: '123456789012345' }), []],
    ['a file path', line({ stack: 'at /work/main/src/server/modules/orders/service.ts:58:12' }), []],
  ])('%s', (_, text, expected) => {
    expect(personalDataIn(text)).toEqual(expected);
  });
});
