import { type CheckResult, resultFromProvider } from '../../../domain/device-checks.ts';
import type { CheckProvider, ProviderCheck } from '../../integrations/checks/types.ts';

/** How long the eSIM checkout's lock check waits for a pending provider check, and how often it looks. */
export const LOCK_CHECK_WAIT_MS = 8000;
const LOOK_EVERY_MS = 1000;

/**
 * The carrier check of one IMEI, run at once for the eSIM checkout (no order: the store pays for
 * it). A check still pending after LOCK_CHECK_WAIT_MS, refused or failed reads as not known.
 */
export async function lockStatus(
  provider: CheckProvider,
  serviceId: string,
  imei: string,
  waitMs = LOCK_CHECK_WAIT_MS,
): Promise<CheckResult | null> {
  const deadline = Date.now() + waitMs;
  try {
    let check: ProviderCheck = await provider.submit({ deviceId: imei, serviceId });
    while (check.state === 'pending' && Date.now() + LOOK_EVERY_MS < deadline) {
      await new Promise((resolve) => setTimeout(resolve, LOOK_EVERY_MS));
      check = await provider.status(check.id);
    }
    return check.state === 'successful' ? resultFromProvider(check.properties) : null;
  } catch {
    return null;
  }
}
