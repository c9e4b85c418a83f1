import { createRoute, z } from '@hono/zod-openapi';
import { couponCreateSchema } from '../../domain/coupon.ts';
import { EMAIL_MAX } from '../../domain/email.ts';
import { boundedText } from '../../domain/text.ts';
import { createCoupon } from '../modules/coupons/service.ts';
import type { ApiApp, AppDeps } from './context.ts';
import { json, jsonBody } from './route-kit.ts';

const couponRoute = createRoute({
  method: 'post',
  path: '/api/admin/coupons',
  tags: ['admin'],
  summary: 'Create a coupon: percent_off or amount_off_cents, optional expiry and usage limit (admin only)',
  request: jsonBody(couponCreateSchema),
  responses: {
    201: { description: 'The coupon as stored', ...json(couponCreateSchema) },
    400: { description: 'Invalid coupon' },
    401: { description: 'Signed out' },
    403: { description: 'Not an admin' },
    409: { description: 'A coupon with this code exists' },
  },
});

const outboxQuery = z.object({
  to: boundedText(EMAIL_MAX).trim().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export function adminRoutes(app: ApiApp, deps: AppDeps) {
  app.openAPIRegistry.registerPath({
    method: 'get',
    path: '/api/admin/mail-outbox',
    tags: ['admin'],
    summary: 'The stored outbox: every message the store sent, newest first (admin only)',
    request: { query: outboxQuery },
    responses: {
      200: { description: 'Messages' },
      401: { description: 'Signed out' },
      403: { description: 'Not an admin' },
    },
  });
  app.get('/api/admin/mail-outbox', async (c) => {
    const query = outboxQuery.parse(c.req.query());
    c.header('Cache-Control', 'private, no-store');
    return c.json({ messages: await deps.mailer.outbox(query) });
  });

  app.openapi(couponRoute, async (c) => {
    const coupon = c.req.valid('json');
    await createCoupon(deps.database.db, {
      code: coupon.code,
      percentOff: coupon.percent_off,
      amountOffCents: coupon.amount_off_cents,
      expiresAt: coupon.expires_at ? new Date(coupon.expires_at) : null,
      maxUsage: coupon.max_usage,
    });
    return c.json(coupon, 201);
  });
}
