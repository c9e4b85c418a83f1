import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { esimPackageRowSchema } from '../../../domain/esim-catalog.ts';
import { isLuhnValid } from '../../../domain/imei.ts';
import { seedFileSchema } from '../../../domain/reference-data.ts';
import { type EsimProvider, EsimProvisioningError } from './types.ts';
import { rootPath } from '../../paths.ts';

export const ESIM_PACKAGES_FILE = rootPath('data/seed/esim-packages.json');
export const SANDBOX_SMDP_ADDRESS = 'smdp.sandbox.openline.store';

const MATCHING_ID_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const MATCHING_ID_LENGTH = 20;
// 89 (telecom), 44 (country), 07 (issuer): then an account number and the Luhn check digit.
const ICCID_PREFIX = '894407';

function randomDigits(count: number): string {
  return Array.from({ length: count }, () => randomInt(10)).join('');
}

/** A 19-digit ICCID (ITU-T E.118) whose last digit is the Luhn check digit. */
export function sandboxIccid(): string {
  const body = ICCID_PREFIX + randomDigits(12);
  for (let check = 0; check <= 9; check++) {
    if (isLuhnValid(body + check)) return body + check;
  }
  throw new Error('unreachable: one Luhn digit always fits');
}

export function sandboxMatchingId(): string {
  return Array.from(
    { length: MATCHING_ID_LENGTH },
    () => MATCHING_ID_ALPHABET[randomInt(MATCHING_ID_ALPHABET.length)],
  ).join('');
}

export interface SandboxEsimOptions {
  readonly packagesFile?: string;
}

export interface SandboxEsimProvider extends EsimProvider {
  readonly name: 'sandbox';
  /** Profiles issued so far by this instance. */
  readonly provisioned: number;
  /** Failure switch for tests: the next `count` provisioning calls fail (Infinity: all of them). */
  failNext(count: number): void;
}

/** The default eSIM provider: the catalogue of data/seed and realistic, never-working profiles. */
export function sandboxEsimProvider(options: SandboxEsimOptions = {}): SandboxEsimProvider {
  let failuresLeft = 0;
  let provisioned = 0;
  return {
    name: 'sandbox',
    get provisioned() {
      return provisioned;
    },
    failNext(count) {
      failuresLeft = count;
    },
    async listPackages() {
      const raw: unknown = JSON.parse(readFileSync(options.packagesFile ?? ESIM_PACKAGES_FILE, 'utf8'));
      const parsed = seedFileSchema(esimPackageRowSchema).safeParse(raw);
      if (!parsed.success) {
        throw new Error(`data/seed/esim-packages.json is invalid: ${parsed.error.issues[0]?.message ?? 'unknown'}`);
      }
      return parsed.data.rows;
    },
    async provision() {
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        throw new EsimProvisioningError('Sandbox eSIM provider: provisioning failed (failure switch)');
      }
      provisioned += 1;
      return { iccid: sandboxIccid(), smdpAddress: SANDBOX_SMDP_ADDRESS, matchingId: sandboxMatchingId() };
    },
  };
}
