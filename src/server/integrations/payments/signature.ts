import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookSignatureError } from './types.ts';

/** The header the sandbox provider signs its events with, in Stripe's `t=…,v1=…` form. */
export const SANDBOX_SIGNATURE_HEADER = 'openline-signature';
/** Events older (or newer) than this are refused, so a captured delivery cannot be replayed later. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

function hmac(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

export function signatureHeader(secret: string, body: string, timestamp = Math.floor(Date.now() / 1000)): string {
  return `t=${timestamp},v1=${hmac(secret, timestamp, body)}`;
}

/** HMAC-SHA256 over `${t}.${body}`, compared in constant time, within the tolerance. */
export function verifySignature(
  secret: string,
  body: string,
  header: string | null | undefined,
  now = Math.floor(Date.now() / 1000),
): void {
  if (!header) throw new WebhookSignatureError('Missing webhook signature');
  let timestamp = Number.NaN;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.trim().split('=', 2);
    if (key === 't') timestamp = Number(value);
    else if (key === 'v1' && value) signatures.push(value);
  }
  if (!Number.isInteger(timestamp) || signatures.length === 0) {
    throw new WebhookSignatureError('Malformed webhook signature');
  }
  if (Math.abs(now - timestamp) > SIGNATURE_TOLERANCE_SECONDS) {
    throw new WebhookSignatureError('Webhook timestamp outside the tolerance');
  }
  const expected = Buffer.from(hmac(secret, timestamp, body), 'hex');
  const matches = signatures.some((signature) => {
    const given = Buffer.from(signature, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new WebhookSignatureError();
}
