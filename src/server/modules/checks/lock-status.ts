import type { DeviceEligibility } from '../../../domain/device-services.ts';
import { type CheckResult, resultFromProvider } from '../../../domain/device-checks.ts';
import { type CheckProvider, CheckRefusedError, type ProviderCheck } from '../../integrations/checks/types.ts';

/** How long a check run at once (no order: the store pays for it) waits for a pending answer. */
export const LOCK_CHECK_WAIT_MS = 8000;
const LOOK_EVERY_MS = 1000;

/**
 * One provider check run at once, for a question the store asks before a sale: its answer, or
 * null when it is still pending after `waitMs` or the provider could not be reached or refused us.
 */
async function checkAtOnce(
  provider: CheckProvider,
  serviceId: string,
  deviceId: string,
  waitMs: number,
): Promise<ProviderCheck | null> {
  const deadline = Date.now() + waitMs;
  try {
    let check: ProviderCheck = await provider.submit({ deviceId, serviceId });
    while (check.state === 'pending' && Date.now() + LOOK_EVERY_MS < deadline) {
      await new Promise((resolve) => setTimeout(resolve, LOOK_EVERY_MS));
      check = await provider.status(check.id);
    }
    return check.state === 'pending' ? null : check;
  } catch (error) {
    // A device id the provider refuses is a device it does not know.
    if (error instanceof CheckRefusedError) {
      return { id: '', state: 'unsuccessful', reason: error.message };
    }
    return null;
  }
}

/**
 * The carrier check of one IMEI for the eSIM checkout. A check still pending after `waitMs`,
 * refused or failed reads as not known.
 */
export async function lockStatus(
  provider: CheckProvider,
  serviceId: string,
  imei: string,
  waitMs = LOCK_CHECK_WAIT_MS,
): Promise<CheckResult | null> {
  const check = await checkAtOnce(provider, serviceId, imei, waitMs);
  return check?.state === 'successful' ? resultFromProvider(check.properties) : null;
}

/**
 * Whether a device service may be sold for this device (ADR 071): refused when it is reported lost
 * or stolen (lost mode or the GSMA blacklist), when the records do not know it, and, since the
 * store does not sell blind, when the provider cannot answer now.
 */
export async function deviceEligibility(
  provider: CheckProvider,
  serviceId: string,
  identifier: string,
  waitMs = LOCK_CHECK_WAIT_MS,
): Promise<DeviceEligibility> {
  const check = await checkAtOnce(provider, serviceId, identifier, waitMs);
  if (check?.state === 'unsuccessful') return 'unknown';
  if (check?.state !== 'successful') return 'unavailable';
  const result = resultFromProvider(check.properties);
  if (result.lost_mode) return 'lost';
  if (result.blacklisted) return 'blacklisted';
  return 'eligible';
}
