import { createHash } from 'node:crypto';
import { IMEI_LENGTH, isValidImei } from '../../../domain/imei.ts';

/**
 * What the sandbox supplier does with an IMEI, chosen by its 13th and 14th digits
 * (`imei.slice(12, 14)`), so tests, e2e journeys and the bench can ask for any path.
 * docs/suppliers.md describes each one.
 */
export const SANDBOX_OUTCOMES = {
  /** In process for 3 polls, success on the 4th. */
  slow_success: '90',
  /** Rejected (STATUS 3) by the first service it is placed on; success on any other service. */
  rejected_first_service: '91',
  /** Refused at placement (an `ERROR` about the order) on every service. */
  rejected_everywhere: '92',
  /** The first 2 calls about this IMEI answer HTTP 503; then success. */
  transport_errors: '93',
  /** placeimeiorder never answers: the request hangs until the caller gives up (capped). */
  never_answers: '94',
  /** Accepted, then in process for ever: only the store's guarantee ends it. */
  stuck_in_process: '95',
  /** In process for ever on the first service it is placed on; success on any other (an admin's reroute). */
  stuck_on_first_service: '96',
  /** The first placement is refused for the store's account (its credit ran out); accepted from the next (topped up). */
  account_refused_once: '97',
  /** Any other pair: success on the first or second poll. */
  success: '10',
} as const;

export type SandboxOutcome = keyof typeof SANDBOX_OUTCOMES;

const OUTCOME_BY_DIGITS = new Map<string, SandboxOutcome>(
  (Object.entries(SANDBOX_OUTCOMES) as [SandboxOutcome, string][]).map(([outcome, digits]) => [digits, outcome]),
);

/**
 * Real type allocation codes for sandbox IMEIs (digits 1-8; the sandboxes read their outcome from
 * digits 13-14): a Nokia N900's by default, an iPhone 8's (Osmocom table) and a Galaxy S22's
 * (Samloader table) where the product must fit the device (issue 44: an iCloud removal, a Knox check).
 */
export const SANDBOX_TACS = { nokia: '35693803', iphone: '35299209', galaxy: '35002027' } as const;
const SANDBOX_TAC: string = SANDBOX_TACS.nokia;
const SERIALS = 10_000;

/** The outcome the sandbox supplier plays for this IMEI. */
export function sandboxOutcomeOf(imei: string): SandboxOutcome {
  // A serial number (a device service's identifier) always succeeds.
  if (!/^\d{15}$/.test(imei)) return 'success';
  return OUTCOME_BY_DIGITS.get(imei.slice(12, 14)) ?? 'success';
}

export function luhnCheckDigit(body: string): string {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    // Counted from the right of the full number, the check digit is position 0: the body's last digit doubles.
    const digit = Number(body[body.length - 1 - i]);
    const weighted = i % 2 === 0 ? digit * 2 : digit;
    sum += weighted > 9 ? weighted - 9 : weighted;
  }
  return String((10 - (sum % 10)) % 10);
}

/**
 * A Luhn-valid IMEI the sandbox supplier answers with `outcome`. `serial` (0-9999) makes distinct
 * IMEIs with the same outcome, since the store refuses a second unlock of an IMEI in progress.
 */
export function sandboxImei(outcome: SandboxOutcome, serial = 0, tac: string = SANDBOX_TAC): string {
  return sandboxImeiWith(SANDBOX_OUTCOMES[outcome], serial, tac);
}

/** A Luhn-valid sandbox IMEI whose 13th and 14th digits are `digits` (each sandbox reads its outcome there). */
export function sandboxImeiWith(digits: string, serial = 0, tac = SANDBOX_TAC): string {
  if (!Number.isInteger(serial) || serial < 0 || serial >= SERIALS) {
    throw new RangeError(`sandboxImei: serial must be an integer from 0 to ${SERIALS - 1}`);
  }
  const body = tac + String(serial).padStart(4, '0') + digits;
  const imei = body + luhnCheckDigit(body);
  if (imei.length !== IMEI_LENGTH || !isValidImei(imei)) throw new Error(`sandboxImei built an invalid IMEI: ${imei}`);
  return imei;
}

/** An ordinary success answers on the first poll or, for half the IMEIs, on the second. */
export function sandboxSuccessPoll(imei: string): 1 | 2 {
  return Number(imei[11] ?? 0) % 2 === 0 ? 1 : 2;
}

export const SANDBOX_APPLE_RESULT = 'Unlocked. Insert a SIM from another carrier';

/** What a successful sandbox unlock answers: Apple unlocks over the air; other brands get a code (8-16 digits, fixed per IMEI). */
export function sandboxUnlockResult(imei: string, brandSlug: string | null): string {
  if (brandSlug === 'apple') return SANDBOX_APPLE_RESULT;
  const hash = createHash('sha256').update(`sandbox-unlock:${imei}`).digest();
  const length = 8 + ((hash[0] ?? 0) % 9);
  let code = '';
  for (let i = 1; code.length < length; i++) code += String((hash[i] ?? 0) % 10);
  return `Unlock code: ${code}`;
}
