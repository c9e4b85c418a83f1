import type { Page } from '@playwright/test';
import { ASSISTANT_TEXTS } from '../../src/domain/assistant';
import { HELP_TEXTS } from '../../src/domain/help';
import { PAGE_PATHS } from '../../src/domain/site-map';
import { sandboxImei } from '../../src/server/integrations/suppliers/sandbox-outcomes';
import { expect, test, uniqueEmail } from './fixtures';
import { placeEsimThroughApi, signInAsAdmin, signUpThroughApi } from './journeys';
import { paidUnlock } from './unlock-journeys';

/**
 * Issue 28 §4: every page shows its real content with the CPU slowed as a phone's is (4×), and
 * what is typed into its first field the moment it shows is kept through hydration (ADR 029).
 * One case per route of the app (`PAGE_PATHS`): a route added without a case fails the first test.
 */

type Route = (typeof PAGE_PATHS)[number];

interface SlowPage {
  /** The address to open, or its set-up through the API when the page shows someone's data. */
  readonly open: string | ((page: Page) => Promise<string>);
  /** The page's own heading (level 1): its content, never a skeleton's. Any level-1 heading when not given. */
  readonly heading?: string | RegExp;
  /** A field typed into as soon as it shows (its label), and what is typed. */
  readonly field?: readonly [label: string, text: string];
  readonly as?: 'customer' | 'admin';
}

const IMEI_FIELD = ['IMEI or serial number', '3569'] as const;
const EMAIL_FIELD = ['Email', 'ann@example'] as const;

let unlocks = 0;

/** A paid unlock of an IMEI no other journey uses, its page's address (the token grants access). */
async function paidOrderPath(page: Page, to = (id: string, token: string) => `/order/${id}?token=${token}`) {
  const imei = sandboxImei('slow_success', (Date.now() + unlocks++) % 10_000);
  const { orderId, token } = await paidUnlock(page.request, uniqueEmail(), imei);
  return to(orderId, token);
}

const PAGES: Record<Route, SlowPage> = {
  '/': { open: '/', heading: /Unlock your phone from its carrier/, field: ['IMEI', '3569'] },
  '/auth': { open: '/auth', heading: 'Welcome back', field: EMAIL_FIELD },
  '/auth/forgot-password': { open: '/auth/forgot-password', heading: 'Forgot your password?', field: EMAIL_FIELD },
  '/auth/reset-password': { open: '/auth/reset-password', heading: 'Choose a new password' },
  '/dashboard': { open: '/dashboard', heading: 'Dashboard', as: 'customer' },
  // Its destination field is a picker (a button): pressed, not typed into.
  '/esim-shop': { open: '/esim-shop', heading: 'Travel eSIM data' },
  '/esim': { open: '/esim', heading: 'Travel eSIM data' },
  '/esim/checkout': { open: '/esim/checkout', heading: 'Checkout' },
  '/esim/receipt': { open: '/esim/receipt' },
  '/esim-receipt': { open: '/esim-receipt' },
  '/support/esim-travel': { open: '/support/esim-travel' },
  '/support': { open: '/support', heading: HELP_TEXTS.title, field: [HELP_TEXTS.searchLabel, 'unlock'] },
  '/help': { open: '/help', heading: HELP_TEXTS.title, field: [HELP_TEXTS.searchLabel, 'unlock'] },
  '/support/carrier-unlock': { open: '/support/carrier-unlock' },
  '/support/esim': { open: '/support/esim' },
  '/support/after-install': { open: '/support/after-install' },
  '/support/assistant': {
    open: '/support/assistant',
    heading: ASSISTANT_TEXTS.title,
    field: [ASSISTANT_TEXTS.inputLabel, 'How long'],
  },
  '/order/:id': { open: (page) => paidOrderPath(page) },
  '/imei-check': { open: '/imei-check', heading: 'IMEI Check', field: IMEI_FIELD },
  '/apple-check': { open: '/apple-check', heading: 'Apple iPhone Check', field: IMEI_FIELD },
  '/carrier-check': { open: '/carrier-check', heading: 'Carrier Check', field: IMEI_FIELD },
  '/knox-check': { open: '/knox-check', heading: 'Samsung Knox Check', field: IMEI_FIELD },
  '/blacklist-check': { open: '/blacklist-check', heading: 'Blacklist Check', field: IMEI_FIELD },
  '/imei-check/results': { open: '/imei-check/results', heading: 'Your check results' },
  '/imei-check/results/:id': {
    open: (page) => paidOrderPath(page, (id, token) => `/imei-check/results/${id}?token=${token}`),
  },
  '/digital-licenses': { open: '/digital-licenses', heading: 'Digital licenses', field: ['Search licenses', 'office'] },
  '/digital-licenses/:slug': { open: '/digital-licenses/acronis-true-image-essentials' },
  '/icloud-unlock': { open: '/icloud-unlock', heading: 'iCloud Activation Lock removal', field: IMEI_FIELD },
  '/frp-unlock': { open: '/frp-unlock', heading: 'FRP (Google account) lock removal', field: IMEI_FIELD },
  '/pay/:session': {
    open: async (page) => new URL(await placeEsimThroughApi(page.request, uniqueEmail())).pathname,
  },
  '/refund-policy': { open: '/refund-policy' },
  '/testimonials': { open: '/testimonials' },
  '/about': { open: '/about' },
  '/terms': { open: '/terms' },
  '/privacy': { open: '/privacy' },
  '/dmca': { open: '/dmca' },
  '/compliance': { open: '/compliance' },
  '/newsletter/unsubscribe': { open: '/newsletter/unsubscribe' },
  '/track-order': { open: '/track-order', heading: 'Track Your Order', field: EMAIL_FIELD },
  '/create-account': { open: '/create-account' },
  '/support/conversations/:id': {
    open: async (page) => {
      const res = await page.request.post('/api/support/conversations', {
        data: { email: uniqueEmail(), message: 'Does the Japan eSIM work on a Pixel 8?' },
      });
      expect(res.status()).toBe(201);
      return ((await res.json()) as { url: string }).url;
    },
    heading: /^Conversation S-/,
    field: ['Write again', 'Thanks'],
  },
  '/share/:token': {
    open: async (page) => {
      const order = new URL(await paidOrderPath(page), 'http://store');
      const id = order.pathname.split('/').at(-1) ?? '';
      const shared = await page.request.post(`/api/orders/${id}/shares${order.search}`);
      expect(shared.ok()).toBe(true);
      return ((await shared.json()) as { path: string }).path;
    },
  },
  '/admin': { open: '/admin', heading: 'Today’s work', as: 'admin' },
  '/admin/orders': { open: '/admin/orders', heading: 'Orders', field: EMAIL_FIELD, as: 'admin' },
  '/admin/orders/:id': {
    open: async (page) =>
      new URL(await paidOrderPath(page), 'http://store').pathname.replace('/order/', '/admin/orders/'),
    heading: /^Order #/,
    as: 'admin',
  },
  '/admin/audit': { open: '/admin/audit', heading: 'Audit log', as: 'admin' },
  '/admin/aliases': { open: '/admin/aliases', heading: 'Aliases', as: 'admin' },
  '/admin/auto-linker': { open: '/admin/auto-linker', heading: 'Auto-linker', as: 'admin' },
  '/admin/pricing': { open: '/admin/pricing', heading: 'Pricing', as: 'admin' },
  '/admin/coupons': { open: '/admin/coupons', heading: 'Coupons', as: 'admin' },
  '/admin/licenses': { open: '/admin/licenses', heading: 'Licenses', as: 'admin' },
  '/admin/users': { open: '/admin/users', heading: 'Accounts', field: ['Search by email or name', 'ann'], as: 'admin' },
  '/admin/inbox': { open: '/admin/inbox', heading: 'Inbox', as: 'admin' },
};

test('every route of the app has a case', () => {
  expect(Object.keys(PAGES).sort()).toEqual([...PAGE_PATHS].sort());
});

test.describe('every page on a slow phone (CPU slowed 4×)', () => {
  for (const [route, { open, heading, field, as }] of Object.entries(PAGES)) {
    test(`${route} shows its content${field ? ', keeping what is typed at first sight' : ''}`, async ({ page }) => {
      if (as === 'admin') await signInAsAdmin(page);
      if (as === 'customer') await signUpThroughApi(page, uniqueEmail());
      const path = typeof open === 'string' ? open : await open(page);
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });

      await page.goto(path, { waitUntil: 'commit' });
      const input = field ? page.getByLabel(field[0], { exact: true }).first() : null;
      if (input && field) await input.pressSequentially(field[1]);
      await expect(page.getByRole('heading', { level: 1, ...(heading ? { name: heading } : {}) })).toBeVisible();
      await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
      if (input && field) await expect(input).toHaveValue(field[1]);
    });
  }
});
