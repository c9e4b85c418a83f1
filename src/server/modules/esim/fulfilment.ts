import { lpaString } from '../../../domain/esim-checkout.ts';
import type { Db } from '../../db/client.ts';
import type { EsimProvider } from '../../integrations/esim/types.ts';
import * as repo from './repo.ts';

export type EsimProfile = repo.EsimProfileRecord;

export interface EsimProvisioning {
  /**
   * Issues every eSIM of the items not issued yet and answers all their profiles. Each unit's
   * profile is stored as soon as the provider issues it, so a retry only asks for the missing ones.
   * No new unit is started once `budgetMs` has passed: `remaining` says the caller runs it again
   * (a big order spans several short jobs, ADR 024).
   */
  provisionItems(
    items: readonly { id: string; productRef: string; quantity: number }[],
    options?: { budgetMs?: number },
  ): Promise<{ profiles: EsimProfile[]; remaining: boolean }>;
}

/** The eSIM side of delivering an order; the order's states are the fulfil-order workflow's. */
export function createEsimProvisioning(deps: { db: Db; provider: EsimProvider }): EsimProvisioning {
  const { db, provider } = deps;
  return {
    async provisionItems(items, options = {}) {
      const deadline = performance.now() + (options.budgetMs ?? Infinity);
      const ids = items.map((item) => item.id);
      const stored = await repo.selectProfiles(db, ids);
      const done = new Set(stored.map((profile) => `${profile.orderItemId}/${profile.unitIndex}`));
      for (const item of items) {
        for (let unit = 0; unit < item.quantity; unit++) {
          const key = `${item.id}/${unit}`;
          if (done.has(key)) continue;
          if (performance.now() > deadline) return { profiles: [], remaining: true };
          // PGlite answers within microtasks: without a turn of the event loop between units, a big
          // order's queries would hold every request until the job's budget ran out.
          await new Promise((resolve) => setImmediate(resolve));
          const profile = await provider.provision({ packageId: item.productRef, orderItemId: key });
          await repo.insertProfile(db, {
            orderItemId: item.id,
            unitIndex: unit,
            iccid: profile.iccid,
            smdpAddress: profile.smdpAddress,
            matchingId: profile.matchingId,
            lpa: lpaString(profile.smdpAddress, profile.matchingId),
          });
        }
      }
      return { profiles: await repo.selectProfiles(db, ids), remaining: false };
    },
  };
}
