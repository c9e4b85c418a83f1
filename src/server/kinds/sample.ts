import { sampleCode } from '../../domain/kinds/sample.ts';
import { shortId } from '../../domain/short-id.ts';
import type { Db } from '../db/client.ts';
import { orderEmailLinks } from '../emails/links.ts';
import { renderOrderEmail } from '../emails/order-email.tsx';
import { orderEmailKey } from '../emails/order-emails.ts';
import { QUEUES } from '../jobs/queue.ts';
import { failOrder, findOrder, markFulfilled } from '../modules/orders/service.ts';
import type { ServerOrderKind } from './kind.ts';

/**
 * The test suite's kind (ADR 068): paid → fulfilled in one step with a code derived from the order,
 * mailed once when delivered. Everything else (checkout, payment, refunds, job chain, answer, share page,
 * confirmation email) is the store's shared code asking the registries.
 */
export function sampleKind(deps: { db: Db; publicUrl: string }): ServerOrderKind<'sample'> {
  const { db, publicUrl } = deps;
  return {
    fulfiller: {
      queue: QUEUES.sampleDeliver,
      deadLetterQueue: QUEUES.sampleDeliverFailed,
      async fulfil(orderId) {
        const order = await findOrder(db, orderId);
        if (order?.status !== 'paid') return { remaining: false };
        await markFulfilled(db, orderId, 'Your sample is ready.');
        return { remaining: false };
      },
      async giveUp(orderId) {
        if ((await findOrder(db, orderId))?.status === 'paid') await failOrder(db, orderId, 'We could not deliver it.');
        return { remaining: false };
      },
    },
    answer: async (order) => ({
      kind: 'sample',
      sample: { code: order.status === 'fulfilled' ? sampleCode(order.id) : null },
    }),
    shared: async () => ({ kind: 'sample' }),
    async mail(event, order) {
      if (event.status !== 'fulfilled') return null;
      const short = shortId(order.id);
      const mail = await renderOrderEmail({
        to: order.email,
        subject: `Your sample is ready (order ${short})`,
        preview: `Your code: ${sampleCode(order.id)}`,
        shortId: short,
        heading: 'Your sample is ready',
        intro: [`Order ${short} is delivered.`],
        facts: [{ label: 'Code', value: sampleCode(order.id) }],
        links: orderEmailLinks(publicUrl, order),
      });
      return { mail, onceKey: orderEmailKey(order.id, 'completed') };
    },
  };
}
