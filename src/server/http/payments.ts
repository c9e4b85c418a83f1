import { createRoute, z } from '@hono/zod-openapi';
import { sandboxSessionSchema } from '../../domain/sandbox-payment.ts';
import { TEXT_MAX, boundedText } from '../../domain/text.ts';
import { AppError } from '../errors.ts';
import type { ApiApp, AppDeps } from './context.ts';
import { ACCESS, json } from './route-kit.ts';

const sessionParams = z.object({ id: boundedText(TEXT_MAX.name).min(1) });
const redirectSchema = z.object({ url: z.string() }).openapi('PaymentRedirect');

const sandboxSessionRoute = createRoute({
  method: 'get',
  path: '/api/sandbox-payments/{id}',
  security: ACCESS.anyone,
  tags: ['payments'],
  summary: 'A sandbox checkout session, for the store’s own /pay page (sandbox provider only)',
  request: { params: sessionParams },
  responses: {
    200: { description: 'The session', ...json(sandboxSessionSchema) },
    404: { description: 'No such session, or the sandbox is not the payment provider' },
  },
});

const settleRoute = (action: 'pay' | 'cancel') =>
  createRoute({
    method: 'post',
    path: `/api/sandbox-payments/{id}/${action}`,
    security: ACCESS.anyone,
    tags: ['payments'],
    summary:
      action === 'pay'
        ? 'Pay a sandbox session: the sandbox stores checkout.session.completed and delivers it to the webhook until acknowledged'
        : 'Abandon a sandbox session: the sandbox stores checkout.session.expired and delivers it to the webhook until acknowledged',
    request: { params: sessionParams },
    responses: {
      200: { description: 'Where to send the buyer next', ...json(redirectSchema) },
      404: { description: 'No such session' },
      409: { description: action === 'pay' ? 'The session has expired' : 'The session is already paid' },
    },
  });

export function paymentRoutes(app: ApiApp, deps: AppDeps) {
  const { payments } = deps;

  app.openAPIRegistry.registerPath({
    method: 'post',
    path: '/api/payments/webhook/{provider}',
    security: ACCESS.webhook,
    tags: ['payments'],
    summary: 'Payment provider webhooks (signed; the raw body is verified): sandbox or stripe',
    request: { params: z.object({ provider: z.enum(['sandbox', 'stripe']) }) },
    responses: {
      200: { description: 'Handled (replays included)', ...json(z.object({ received: z.literal(true) })) },
      400: { description: 'Bad or missing signature' },
      404: { description: 'That provider is not the one configured' },
    },
  });
  app.post('/api/payments/webhook/:provider', async (c) => {
    // The signature covers the exact bytes: read the body as text, never re-serialised JSON.
    const rawBody = await c.req.text();
    await payments.receiveWebhook(c.req.param('provider'), rawBody, c.req.raw.headers);
    return c.json({ received: true as const });
  });

  const sandbox = () => {
    if (!payments.sandbox) throw new AppError('NOT_FOUND', 'The sandbox is not the payment provider.');
    return payments.sandbox;
  };

  app.openapi(sandboxSessionRoute, async (c) => {
    const summary = await sandbox().summary(c.req.valid('param').id);
    if (!summary) throw new AppError('NOT_FOUND', 'This payment session does not exist.');
    c.header('Cache-Control', 'private, no-store');
    return c.json(summary, 200);
  });

  for (const action of ['pay', 'cancel'] as const) {
    app.openapi(settleRoute(action), async (c) => {
      const settlement = await sandbox().settle(c.req.valid('param').id, action);
      // The buyer waits for the first delivery, so the receipt usually opens paid; a refused one is retried
      // from the queue. A closed session's event goes out again on every click (a replay changes nothing).
      if (settlement.eventId) await payments.sandboxEvents?.deliverNow(settlement.eventId);
      if (settlement.expired) throw new AppError('CONFLICT', 'This payment session has expired.');
      c.header('Cache-Control', 'no-store');
      return c.json({ url: settlement.redirectUrl }, 200);
    });
  }
}
