import { formatPrice } from '../../../domain/display.ts';
import { CHECK_BACKOFF, checkWaitSeconds as waitAfter, resultFromProvider } from '../../../domain/device-checks.ts';
import type { Db } from '../../db/client.ts';
import {
  CheckAccountError,
  type CheckProvider,
  CheckRefusedError,
  CheckTransportError,
  type ProviderCheck,
} from '../../integrations/checks/types.ts';
import { QUEUES } from '../../jobs/queue.ts';
import type { Logger } from '../../logger.ts';
import {
  countCheckPoll,
  type DeviceCheckRow,
  findDeviceCheck,
  learnDevice,
  moveDeviceCheck,
  resetCheckErrors,
} from '../../modules/checks/service.ts';
import { failOrder, findOrder, markFulfilled, markInProgress } from '../../modules/orders/service.ts';
import type { PaymentsService } from '../../modules/payments/service.ts';
import { refundOrder } from '../refund-order.ts';
import type { Fulfiller, FulfilStep } from './fulfiller.ts';

/** The order events of a check's life. */
export const CHECK_EVENTS = {
  started: 'The check provider is reading the device’s records.',
  completed: 'Your check result is ready.',
  failed: (reason: string) => `The check could not be completed: ${reason}`,
  refunded: (amount: string) => `We refunded ${amount} to your original payment method.`,
  nothingCharged: 'Nothing was charged for this check.',
  refundByHand: 'Our team will refund this check by hand within 24 hours.',
  tooSlow: 'The check provider did not answer in time.',
} as const;

export interface CheckFulfilmentDeps {
  readonly db: Db;
  readonly provider: CheckProvider;
  readonly payments: PaymentsService;
  readonly logger: Logger;
}

/**
 * A paid check, one short step per job of its chain, each safe to repeat (ADR 070):
 * placing → submit to the provider (answered at once, or pending) → placed → poll with backoff →
 * succeeded (the result is stored, the order delivered) or failed (the order fails and is refunded
 * once, through refund-order.ts). The protocol has no client reference: a crash between the
 * provider's answer and storing its id submits once more, which costs the store one more check.
 */
export function checkFulfiller(deps: CheckFulfilmentDeps): Fulfiller {
  const { db, provider, logger } = deps;
  const done: FulfilStep = { remaining: false };
  const again = (afterSeconds = 0): FulfilStep => ({ remaining: true, afterSeconds });

  async function fail(check: DeviceCheckRow, reason: string): Promise<FulfilStep> {
    if (check.stage === 'placing' || check.stage === 'placed') {
      if (!(await moveDeviceCheck(db, check.orderId, check.stage, 'failed', { failure: reason }))) return again();
    }
    const order = await findOrder(db, check.orderId);
    if (order?.status === 'paid' || order?.status === 'in_progress')
      await failOrder(db, order.id, CHECK_EVENTS.failed(reason));
    await refundOrder(deps, check.orderId, (refunded, refundable) => {
      if (refunded) return CHECK_EVENTS.refunded(formatPrice(refundable.totalCents));
      return refundable.totalCents > 0 ? CHECK_EVENTS.refundByHand : CHECK_EVENTS.nothingCharged;
    });
    return done;
  }

  async function succeed(check: DeviceCheckRow, properties: Readonly<Record<string, unknown>>): Promise<FulfilStep> {
    const result = resultFromProvider(properties);
    if (check.stage === 'placing' || check.stage === 'placed') {
      const moved = await moveDeviceCheck(db, check.orderId, check.stage, 'succeeded', {
        result,
        checkedAt: new Date(),
      });
      if (!moved) return again();
    }
    await learnDevice(db, check.identifier, result);
    await markFulfilled(db, check.orderId, CHECK_EVENTS.completed);
    return done;
  }

  async function follow(check: DeviceCheckRow, answer: ProviderCheck): Promise<FulfilStep> {
    await resetCheckErrors(db, check.orderId);
    if (answer.state === 'successful') return succeed(check, answer.properties);
    if (answer.state === 'unsuccessful' || answer.state === 'failed') return fail(check, answer.reason);
    if (check.stage === 'placing') {
      if (!(await moveDeviceCheck(db, check.orderId, 'placing', 'placed', { providerRef: answer.id }))) return again();
    }
    if ((await findOrder(db, check.orderId))?.status === 'paid')
      await markInProgress(db, check.orderId, CHECK_EVENTS.started);
    const polls = await countCheckPoll(db, check.orderId, 'polls');
    if (polls > CHECK_BACKOFF.maxPolls) return fail({ ...check, stage: 'placed' }, CHECK_EVENTS.tooSlow);
    return again(waitAfter(polls - 1));
  }

  async function step(check: DeviceCheckRow): Promise<FulfilStep> {
    switch (check.stage) {
      case 'placing': {
        let answer: ProviderCheck;
        try {
          answer = await provider.submit({ deviceId: check.identifier, serviceId: check.serviceId });
        } catch (error) {
          if (error instanceof CheckRefusedError) return fail(check, error.message);
          throw error;
        }
        return follow(check, answer);
      }
      case 'placed':
        return follow(check, await provider.status(check.providerRef ?? ''));
      case 'succeeded': {
        // Stored, but the order's delivery did not follow (a crash in between): finish it.
        const order = await findOrder(db, check.orderId);
        if (order?.status === 'paid' || order?.status === 'in_progress') {
          await markFulfilled(db, check.orderId, CHECK_EVENTS.completed);
        }
        return done;
      }
      case 'failed':
        return fail(check, check.failure ?? CHECK_EVENTS.tooSlow);
    }
  }

  return {
    queue: QUEUES.checkRun,
    deadLetterQueue: QUEUES.checkRunFailed,
    async fulfil(orderId) {
      const order = await findOrder(db, orderId);
      const check = await findDeviceCheck(db, orderId);
      if (!order || !check) return done;
      if (!['paid', 'in_progress', 'failed'].includes(order.status) && check.stage !== 'failed') return done;
      try {
        return await step(check);
      } catch (error) {
        if (!(error instanceof CheckTransportError) && !(error instanceof CheckAccountError)) throw error;
        const errors = await countCheckPoll(db, orderId, 'providerErrors');
        const log = { err: error, orderId, provider: provider.id, errors };
        if (error instanceof CheckAccountError) logger.error(log, 'the check provider refused our account');
        else logger.warn(log, 'the check provider could not be reached; trying again later');
        if (errors > CHECK_BACKOFF.maxPolls) return fail(check, CHECK_EVENTS.tooSlow);
        return again(waitAfter(errors - 1));
      }
    },
    async giveUp(orderId) {
      const check = await findDeviceCheck(db, orderId);
      if (!check || check.stage === 'succeeded') return done;
      logger.error({ orderId, stage: check.stage }, 'a device check used up its retries');
      return fail(check, CHECK_EVENTS.tooSlow);
    },
  };
}
