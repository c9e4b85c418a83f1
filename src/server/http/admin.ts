import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { outboxQuerySchema } from '../../domain/admin-inbox.ts';
import {
  adminActionAnswerSchema,
  adminOrderActionSchema,
  adminOrderDetailSchema,
  adminOrderPageSchema,
  adminOrderQuerySchema,
  auditPageSchema,
  auditQuerySchema,
  overviewSchema,
} from '../../domain/admin.ts';
import {
  adminCouponListSchema,
  adminCouponSchema,
  couponCreateSchema,
  couponUpdateSchema,
} from '../../domain/coupon.ts';
import { boundedText, TEXT_MAX } from '../../domain/text.ts';
import { inTransaction } from '../db/client.ts';
import { type AdminActor, auditPage, recordAudit } from '../modules/audit/service.ts';
import { createCoupon, listCoupons, updateCoupon } from '../modules/coupons/service.ts';
import type { ApiApp, AppDeps, AppEnv } from './context.ts';
import { orderParams } from './order-live.ts';
import { clientAddress } from './rate-limit.ts';
import { json, jsonBody } from './route-kit.ts';

export const ADMIN_ONLY = {
  401: { description: 'Signed out' },
  403: { description: 'Not an admin' },
} as const;

/** Who is acting and from where, for the audit log (the admin guard has checked the role). */
export function adminActorOf(c: Context<AppEnv>, deps: AppDeps): AdminActor {
  const user = c.get('adminUser');
  return {
    userId: user.id,
    email: user.email,
    ip: clientAddress(c, deps.config.TRUST_PROXY),
    userAgent: c.req.header('user-agent') ?? null,
  };
}

const overviewRoute = createRoute({
  method: 'get',
  path: '/api/admin/overview',
  tags: ['admin'],
  summary: 'The day’s work: orders that need a person, today’s figures by product line, recent orders (admin only)',
  responses: { 200: { description: 'The overview', ...json(overviewSchema) }, ...ADMIN_ONLY },
});

const ordersRoute = createRoute({
  method: 'get',
  path: '/api/admin/orders',
  tags: ['admin'],
  summary: 'Orders of every kind, newest first, filtered, a keyset page at a time (admin only)',
  request: { query: adminOrderQuerySchema },
  responses: { 200: { description: 'A page of orders', ...json(adminOrderPageSchema) }, ...ADMIN_ONLY },
});

const orderRoute = createRoute({
  method: 'get',
  path: '/api/admin/orders/{id}',
  tags: ['admin'],
  summary: 'An order with its whole timeline and the actions its state allows (admin only)',
  request: { params: orderParams },
  responses: {
    200: { description: 'The order', ...json(adminOrderDetailSchema) },
    ...ADMIN_ONLY,
    404: { description: 'No such order' },
  },
});

const actionRoute = createRoute({
  method: 'post',
  path: '/api/admin/orders/{id}/actions',
  tags: ['admin'],
  summary: 'Refund (with a reason), retry fulfilment, add a note, or resend an email (admin only; audited)',
  request: { params: orderParams, ...jsonBody(adminOrderActionSchema) },
  responses: {
    200: { description: 'Done', ...json(adminActionAnswerSchema) },
    400: { description: 'Invalid action' },
    ...ADMIN_ONLY,
    404: { description: 'No such order or email' },
    409: { description: 'The order’s state does not allow the action' },
    503: { description: 'The payment provider did not answer' },
  },
});

const couponsRoute = createRoute({
  method: 'get',
  path: '/api/admin/coupons',
  tags: ['admin'],
  summary: 'Every coupon, newest first, with its uses, held uses and the discount it gave (admin only)',
  responses: { 200: { description: 'Coupons', ...json(adminCouponListSchema) }, ...ADMIN_ONLY },
});

const couponUpdateRoute = createRoute({
  method: 'patch',
  path: '/api/admin/coupons/{code}',
  tags: ['admin'],
  summary: 'Turn a coupon on or off, change its expiry, limit or product lines (admin only; audited)',
  request: {
    params: z.object({ code: boundedText(TEXT_MAX.name) }),
    ...jsonBody(couponUpdateSchema),
  },
  responses: {
    200: { description: 'The coupon as it now is', ...json(adminCouponSchema) },
    400: { description: 'Invalid change, or a limit below the uses taken' },
    ...ADMIN_ONLY,
    404: { description: 'No such coupon' },
  },
});

const auditRoute = createRoute({
  method: 'get',
  path: '/api/admin/audit',
  tags: ['admin'],
  summary: 'The audit log, newest first, by actor, action or record (admin only)',
  request: { query: auditQuerySchema },
  responses: { 200: { description: 'Audit events', ...json(auditPageSchema) }, ...ADMIN_ONLY },
});

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

export function adminRoutes(app: ApiApp, deps: AppDeps) {
  app.openAPIRegistry.registerPath({
    method: 'get',
    path: '/api/admin/mail-outbox',
    tags: ['admin'],
    summary: 'The stored outbox: every message the store sent, newest first (admin only)',
    request: { query: outboxQuerySchema },
    responses: {
      200: { description: 'Messages' },
      401: { description: 'Signed out' },
      403: { description: 'Not an admin' },
    },
  });
  app.get('/api/admin/mail-outbox', async (c) => {
    const query = outboxQuerySchema.parse(c.req.query());
    c.header('Cache-Control', 'private, no-store');
    return c.json({ messages: await deps.mailer.outbox(query) });
  });

  app.openapi(couponRoute, async (c) => {
    const coupon = c.req.valid('json');
    const actor = adminActorOf(c, deps);
    await inTransaction(deps.database.db, async (tx) => {
      await createCoupon(tx, {
        code: coupon.code,
        percentOff: coupon.percent_off,
        amountOffCents: coupon.amount_off_cents,
        expiresAt: coupon.expires_at ? new Date(coupon.expires_at) : null,
        maxUsage: coupon.max_usage,
        kinds: coupon.kinds,
      });
      await recordAudit(tx, actor, {
        action: 'coupon.create',
        recordType: 'coupon',
        recordId: coupon.code,
        after: coupon,
      });
    });
    return c.json(coupon, 201);
  });

  app.openapi(couponsRoute, async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json({ coupons: await listCoupons(deps.database.db) }, 200);
  });

  app.openapi(couponUpdateRoute, async (c) => {
    const actor = adminActorOf(c, deps);
    const code = c.req.valid('param').code;
    const coupon = await updateCoupon(deps.database.db, code, c.req.valid('json'), (tx, before, after) =>
      recordAudit(tx, actor, { action: 'coupon.update', recordType: 'coupon', recordId: after.code, before, after }),
    );
    return c.json(coupon, 200);
  });

  app.openapi(overviewRoute, async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await deps.workflows.admin.overview(), 200);
  });

  app.openapi(ordersRoute, async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await deps.workflows.admin.listOrders(c.req.valid('query')), 200);
  });

  app.openapi(orderRoute, async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await deps.workflows.admin.orderDetail(c.req.valid('param').id), 200);
  });

  app.openapi(actionRoute, async (c) => {
    const answer = await deps.workflows.admin.actOnOrder(
      adminActorOf(c, deps),
      c.req.valid('param').id,
      c.req.valid('json'),
    );
    return c.json(answer, 200);
  });

  app.openapi(auditRoute, async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await auditPage(deps.database.db, c.req.valid('query')), 200);
  });
}
