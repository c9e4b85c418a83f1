import type { FreeCheckAnswer } from '../../../../domain/device-checks';
import { apiRequest } from '~/lib/api-client';

/** The free check's brand and model of an IMEI (its TAC); null when the store does not know it or cannot be reached. */
export async function identifyDevice(imei: string, signal?: AbortSignal): Promise<FreeCheckAnswer | null> {
  try {
    // Asked for once an IMEI is typed: the device checks' schemas are not part of the panel's start.
    const { freeCheckAnswerSchema } = await import('../../../../domain/device-checks');
    const answer = await apiRequest(`/api/checks/free?${new URLSearchParams({ identifier: imei }).toString()}`, {
      schema: freeCheckAnswerSchema,
      signal,
    });
    return answer.found ? answer : null;
  } catch {
    // A convenience: the shopper picks the brand as before.
    return null;
  }
}
