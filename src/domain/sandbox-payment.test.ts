import { describe, expect, it } from 'vitest';
import { sandboxRedirectSchema, sandboxSessionState } from './sandbox-payment.ts';

const now = new Date('2026-03-01T12:00:00Z');

describe('sandboxSessionState', () => {
  it('treats an open session past its expiry as expired', () => {
    expect(sandboxSessionState({ status: 'open', expires_at: '2026-03-01T11:59:59Z' }, now)).toBe('expired');
    expect(sandboxSessionState({ status: 'open', expires_at: '2026-03-01T12:00:01Z' }, now)).toBe('open');
  });

  it('keeps a paid or expired session as the server says', () => {
    expect(sandboxSessionState({ status: 'paid', expires_at: '2026-03-01T11:00:00Z' }, now)).toBe('paid');
    expect(sandboxSessionState({ status: 'expired', expires_at: '2026-03-02T00:00:00Z' }, now)).toBe('expired');
  });
});

describe('sandboxRedirectSchema', () => {
  it('follows only web addresses', () => {
    expect(sandboxRedirectSchema.safeParse({ url: 'http://localhost:3000/esim/receipt?order=x' }).success).toBe(true);
    expect(sandboxRedirectSchema.safeParse({ url: 'javascript:alert(1)' }).success).toBe(false);
    expect(sandboxRedirectSchema.safeParse({ url: 'data:text/html,hi' }).success).toBe(false);
  });
});
