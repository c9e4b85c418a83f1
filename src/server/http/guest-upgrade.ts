import { createRoute } from '@hono/zod-openapi';
import {
  guestLinkSchema,
  guestUpgradeAnswerSchema,
  guestUpgradePreviewSchema,
  guestUpgradeRequestSchema,
} from '../../domain/guest-upgrade.ts';
import { AppError } from '../errors.ts';
import { claimGuestOrders, previewGuestUpgrade, upgradeGuest } from '../modules/accounts/guest-upgrade.ts';
import { sessionUser } from '../modules/accounts/service.ts';
import type { ApiApp, AppDeps } from './context.ts';
import { ACCESS, json, jsonBody, rateLimits } from './route-kit.ts';

const PATH = '/api/accounts/guest-upgrade';
const CLAIM_PATH = '/api/accounts/claim-orders';
const INVALID_LINK = { description: 'The order does not exist or the token is not its own (answered alike)' };

const previewRoute = createRoute({
  method: 'get',
  path: PATH,
  security: ACCESS.anyone,
  tags: ['accounts'],
  summary: "Guest upgrade, first look: the order link's email, its orders in no account, and whether it has an account",
  request: { query: guestLinkSchema },
  responses: {
    200: { description: 'What the upgrade would do', ...json(guestUpgradePreviewSchema) },
    404: INVALID_LINK,
    429: { description: 'Too many tries from this address' },
  },
});

const upgradeRoute = createRoute({
  method: 'post',
  path: PATH,
  security: ACCESS.anyone,
  tags: ['accounts'],
  summary:
    "Guest upgrade: an account for the order's email with this password, signed in (session cookie), holding every order of that email",
  request: jsonBody(guestUpgradeRequestSchema),
  responses: {
    200: {
      description: 'The account exists and is signed in; how many orders it took',
      ...json(guestUpgradeAnswerSchema),
    },
    400: { description: 'A password too weak (the sign-up rules)' },
    404: INVALID_LINK,
    409: { description: 'The email has an account already: sign in, then claim the orders' },
    429: { description: 'Too many tries from this address' },
  },
});

const claimRoute = createRoute({
  method: 'post',
  path: CLAIM_PATH,
  security: ACCESS.signedIn,
  tags: ['accounts'],
  summary: "The signed-in account with the order's email takes that email's orders that are in no account",
  request: jsonBody(guestLinkSchema),
  responses: {
    200: { description: 'How many orders the account took', ...json(guestUpgradeAnswerSchema) },
    401: { description: 'Signed out' },
    403: { description: 'Signed in with another email than the order’s' },
    404: INVALID_LINK,
  },
});

export function guestUpgradeRoutes(app: ApiApp, deps: AppDeps) {
  const limit = rateLimits(deps);
  const db = deps.database.db;
  app.use(PATH, limit('guest-upgrade', deps.config.AUTH_RATE_LIMIT));
  app.use(CLAIM_PATH, limit('claim-orders', deps.config.AUTH_RATE_LIMIT));

  app.openapi(previewRoute, async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await previewGuestUpgrade(db, c.req.valid('query')), 200);
  });

  app.openapi(upgradeRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    const { answer, headers } = await upgradeGuest(db, deps.auth, c.req.valid('json'));
    for (const cookie of headers.getSetCookie()) c.header('Set-Cookie', cookie, { append: true });
    return c.json(answer, 200);
  });

  app.openapi(claimRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    const user = await sessionUser(deps.auth, c.req.raw.headers);
    if (!user) throw new AppError('UNAUTHENTICATED');
    return c.json(await claimGuestOrders(db, user, c.req.valid('json')), 200);
  });
}
