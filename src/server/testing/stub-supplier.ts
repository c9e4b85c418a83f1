import {
  SupplierAccountError,
  SupplierRejectedError,
  SupplierTransportError,
  type SupplierOrderStatus,
  type UnlockSupplier,
} from '../integrations/suppliers/types.ts';

/** How the stub treats one IMEI. */
export interface StubBehaviour {
  /** Polls answered "in process" before the outcome. */
  readonly pollsInProcess?: number;
  /** Services (ids) that reject the order when polled; `'all'` rejects it everywhere. */
  readonly rejectOn?: readonly string[] | 'all';
  /** Services that refuse the order as it is placed. */
  readonly refuseOn?: readonly string[];
  /** The first n calls about this IMEI fail as the network would. */
  readonly transportErrors?: number;
  /** The first n placements of this IMEI are refused for the store's account (no credit). */
  readonly accountRefusals?: number;
  /** The first n placements are made, then the call fails as if the process died before hearing back. */
  readonly lostAnswers?: number;
  /** Stays in process for ever (on these services only, with a list). */
  readonly never?: boolean | readonly string[];
  /** The `poll`-th look at an order (1-based) answers only after `ms`: a step that outlives its job's expiry. */
  readonly slowPoll?: { readonly poll: number; readonly ms: number };
}

/**
 * An in-memory supplier speaking the UnlockSupplier interface with the sandbox's tool prefix:
 * it keeps one order per submission reference (a repeat answers the same REFERENCEID) and counts
 * what it was asked, so tests can prove nothing was submitted twice.
 */
export function stubSupplier(behaviourOf: (imei: string) => StubBehaviour = () => ({})) {
  const orders = new Map<string, { imei: string; serviceId: string; polls: number }>();
  const byReference = new Map<string, string>();
  const calls = new Map<string, number>();
  const lost = new Map<string, number>();
  const refused = new Map<string, number>();
  let placeCalls = 0;

  function transport(imei: string) {
    const count = (calls.get(imei) ?? 0) + 1;
    calls.set(imei, count);
    if (count <= (behaviourOf(imei).transportErrors ?? 0)) throw new SupplierTransportError('HTTP 503 from the stub');
  }

  const supplier: UnlockSupplier = {
    id: 'sandbox',
    name: 'Stub supplier',
    adapter: 'sandbox',
    toolPrefix: 'SBX',
    async accountInfo() {
      return { creditCents: 1_000_000, currency: 'USD' };
    },
    async listServices() {
      return [];
    },
    async placeOrder({ serviceId, imei, reference }) {
      placeCalls++;
      transport(imei);
      const behaviour = behaviourOf(imei);
      const refusals = (refused.get(imei) ?? 0) + 1;
      refused.set(imei, refusals);
      if (refusals <= (behaviour.accountRefusals ?? 0)) {
        throw new SupplierAccountError('Stub supplier placeimeiorder: Not enough credits in your account');
      }
      if (behaviour.refuseOn?.includes(serviceId))
        throw new SupplierRejectedError('Service not available for this IMEI');
      let supplierRef = byReference.get(reference);
      if (!supplierRef) {
        supplierRef = `STUB-${orders.size + 1}`;
        orders.set(supplierRef, { imei, serviceId, polls: 0 });
        byReference.set(reference, supplierRef);
      }
      const lostSoFar = lost.get(imei) ?? 0;
      if (lostSoFar < (behaviour.lostAnswers ?? 0)) {
        lost.set(imei, lostSoFar + 1);
        throw new Error('the process died before it heard the answer');
      }
      return { supplierRef };
    },
    async orderStatus(supplierRef): Promise<SupplierOrderStatus> {
      const order = orders.get(supplierRef);
      if (!order) throw new SupplierRejectedError(`no order ${supplierRef}`);
      transport(order.imei);
      const behaviour = behaviourOf(order.imei);
      order.polls++;
      if (behaviour.slowPoll?.poll === order.polls) {
        await new Promise((resolve) => setTimeout(resolve, behaviour.slowPoll?.ms));
      }
      const never = Array.isArray(behaviour.never)
        ? behaviour.never.includes(order.serviceId)
        : behaviour.never === true;
      if (never || order.polls <= (behaviour.pollsInProcess ?? 0)) return { state: 'in_process' };
      const rejectOn = behaviour.rejectOn ?? [];
      if (rejectOn === 'all' || rejectOn.includes(order.serviceId)) {
        return { state: 'rejected', reason: 'IMEI is blacklisted for this service' };
      }
      return { state: 'success', result: 'Unlocked. Insert a SIM from another carrier' };
    },
  };
  return {
    supplier,
    /** Distinct orders placed, by IMEI. */
    placed: (imei: string) => [...orders.values()].filter((order) => order.imei === imei),
    /** How often the supplier was asked about each order of this IMEI, in the order they were placed. */
    polls: (imei: string) => [...orders.values()].filter((order) => order.imei === imei).map((order) => order.polls),
    placeCalls: () => placeCalls,
  };
}
