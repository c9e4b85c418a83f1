import { isLuhnValid } from '../../domain/imei.ts';

/**
 * Every log line the server suites write goes through here (test-store.ts) and is searched for
 * personal data: an email address, an IMEI, a license key, a bearer secret (an order's or a share's
 * link, a session, a reset link, a password). Ids (orders', users', payment sessions') are not. A find fails the test file (log-scan-setup.ts) with the line.
 */

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
/** The store's own addresses (the mail it sends is from them) are no one's personal data. */
const STORE_ADDRESS = /@openline\.(store|shop)$/;
const FIFTEEN_DIGITS = /(?<!\d)\d{15}(?!\d)/g;
const LICENSE_KEY = /\b[A-Z0-9]{3,5}(?:-[A-Z0-9]{4,6}){3,}\b/g;
/**
 * A bearer secret where the store puts one: a link's ?token=, a share or reset link's path, a field
 * named for a secret (pino's redaction writes "[Redacted]", which is not one).
 */
const TOKENS = [
  /[?&](token|code)=[A-Za-z0-9_-]{8,}/,
  /\/(api\/shares|share|reset-password)\/[A-Za-z0-9_-]{8,}/,
  /"[A-Za-z_]*(token|Token|secret|Secret|password|Password|licenseKey|license_key)":"(?!\[Redacted\])[^"]{4,}"/,
];

export interface Finding {
  readonly what: 'email' | 'IMEI' | 'license key' | 'token';
  readonly line: string;
}

/** What personal data a log line holds; the line is JSON as pino writes it. */
export function personalDataIn(line: string): Finding['what'][] {
  const found = new Set<Finding['what']>();
  for (const [email] of line.matchAll(EMAIL)) if (!STORE_ADDRESS.test(email)) found.add('email');
  for (const [digits] of line.matchAll(FIFTEEN_DIGITS)) if (isLuhnValid(digits)) found.add('IMEI');
  if (LICENSE_KEY.test(line)) found.add('license key');
  LICENSE_KEY.lastIndex = 0;
  if (TOKENS.some((pattern) => pattern.test(line))) found.add('token');
  return [...found];
}

const findings: Finding[] = [];

/** A pino destination that keeps nothing but what it finds. */
export const scanningDestination = {
  write(line: string) {
    for (const what of personalDataIn(line)) findings.push({ what, line: line.trim().slice(0, 600) });
  },
};

/** The findings since the last call, emptied. */
export function takeFindings(): Finding[] {
  return findings.splice(0);
}
