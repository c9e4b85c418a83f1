/** Where things live in the store: header and footer links, and which pages are prerendered. */

export interface NavLink {
  readonly href: string;
  readonly label: string;
}

/** Spec section 2 "Header", every link it lists; shown as HEADER_LINKS once each page exists. */
export const SPEC_HEADER_LINKS: readonly NavLink[] = [
  { href: '/', label: 'Carrier Unlocks' },
  { href: '/imei-check', label: 'IMEI Check' },
  { href: '/digital-licenses', label: 'Digital Licenses' },
  { href: '/icloud-unlock', label: 'iCloud Unlock' },
  { href: '/frp-unlock', label: 'FRP Unlock' },
  { href: '/esim-shop', label: 'Travel eSIM' },
  { href: '/track-order', label: 'Track Order' },
  { href: '/support', label: 'Support' },
];

export interface FooterColumn {
  readonly title: string;
  readonly links: readonly NavLink[];
}

/** Spec section 2 "Footer", three link columns; shown as FOOTER_COLUMNS once each page exists. */
export const SPEC_FOOTER_COLUMNS: readonly FooterColumn[] = [
  {
    title: 'Services',
    links: [
      { href: '/', label: 'Carrier Unlocks' },
      { href: '/imei-check', label: 'IMEI Check' },
      { href: '/icloud-unlock', label: 'iCloud Unlock' },
      { href: '/frp-unlock', label: 'FRP Unlock' },
      { href: '/esim', label: 'Travel eSIM' },
    ],
  },
  {
    title: 'Support',
    links: [
      { href: '/track-order', label: 'Track Order' },
      { href: '/help', label: 'Help Center' },
      { href: '/about', label: 'About Us' },
      { href: '/testimonials', label: 'Testimonials' },
      { href: '/refund-policy', label: 'Refund Policy' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { href: '/terms', label: 'Terms of Service' },
      { href: '/privacy', label: 'Privacy Policy' },
      { href: '/dmca', label: 'DMCA' },
      { href: '/compliance', label: 'Compliance' },
    ],
  },
];

export const CONTACT_SUPPORT_HREF = '/help';
export const ADMIN_HREF = '/admin';
export const DASHBOARD_HREF = '/dashboard';
export const AUTH_HREF = '/auth';

/** Header rule: '/' is active only on an exact match, every other link by path prefix. */
export function isActiveLink(pathname: string, href: string): boolean {
  if (href === '/') return pathname === '/';
  return pathname === href || pathname.startsWith(`${href}/`);
}

/** Header and footer are hidden on the admin area. */
export function isAdminPath(pathname: string): boolean {
  return pathname === ADMIN_HREF || pathname.startsWith(`${ADMIN_HREF}/`);
}

/** The cart button shows on every path that starts with /esim, and in the license shop (its licenses go in the same cart). */
export function showsCartButton(pathname: string): boolean {
  return pathname.startsWith('/esim') || pathname.startsWith('/digital-licenses');
}

/** Public pages rendered to HTML at build time (SEO and fast first paint). */
export const PRERENDERED_PATHS = [
  '/',
  '/esim-shop',
  '/esim',
  '/refund-policy',
  '/testimonials',
  '/about',
  '/terms',
  '/privacy',
  '/dmca',
  '/compliance',
  '/support',
  '/help',
  '/support/carrier-unlock',
  '/support/esim-travel',
  '/support/esim',
  '/support/after-install',
  '/support/assistant',
  // A form and no data: prerendered, its content is on screen before any script runs (issue 28 §1).
  '/track-order',
  // Sign In, the tab a bare /auth shows (ADR 100); Sign Up is served as the app shell, below.
  '/auth',
] as const;

/**
 * A prerendered page's HTML shows it as its bare path does. A request whose query asks for
 * something else it shows (the Sign Up tab of `/auth?mode=signup`) is served the app shell, which
 * renders what was asked (ADR 100).
 */
export function showsPrerenderedPage(pathname: string, query: URLSearchParams): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return !(path === AUTH_HREF && query.get('mode') === 'signup');
}

/**
 * Every page path the app routes (src/client/routes.ts), `:name` standing for one path segment.
 * Any other path is the 404 screen, and the server answers it with status 404.
 */
export const PAGE_PATHS = [
  '/',
  '/auth',
  '/auth/forgot-password',
  '/auth/reset-password',
  '/dashboard',
  '/esim-shop',
  '/esim',
  '/esim/checkout',
  '/esim/receipt',
  '/esim-receipt',
  '/support/esim-travel',
  '/support',
  '/help',
  '/support/carrier-unlock',
  '/support/esim',
  '/support/after-install',
  '/support/assistant',
  '/support/conversations/:id',
  '/order/:id',
  '/imei-check',
  '/apple-check',
  '/carrier-check',
  '/knox-check',
  '/blacklist-check',
  '/imei-check/results',
  '/imei-check/results/:id',
  '/digital-licenses',
  '/digital-licenses/:slug',
  '/icloud-unlock',
  '/frp-unlock',
  '/pay/:session',
  '/refund-policy',
  '/testimonials',
  '/about',
  '/terms',
  '/privacy',
  '/dmca',
  '/compliance',
  '/newsletter/unsubscribe',
  '/track-order',
  '/create-account',
  '/share/:token',
  '/admin',
  '/admin/orders',
  '/admin/orders/:id',
  '/admin/audit',
  '/admin/aliases',
  '/admin/auto-linker',
  '/admin/pricing',
  '/admin/coupons',
  '/admin/licenses',
  '/admin/users',
  '/admin/inbox',
] as const;

function segments(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

/** Whether the app has a screen for this path (a trailing slash is the same path). */
export function isPagePath(pathname: string): boolean {
  const given = segments(pathname);
  return PAGE_PATHS.some((pattern) => {
    const expected = segments(pattern);
    return (
      expected.length === given.length &&
      expected.every((segment, i) => segment.startsWith(':') || segment === given[i])
    );
  });
}

/** Pages of order tracking, accounts and support. */
export const TRACK_ORDER_HREF = '/track-order';
export const CREATE_ACCOUNT_HREF = '/create-account';
export const SUPPORT_HREF = '/support';
/** Spec: "other screens that exist but whose paths are not given", in the route table's style. */
export const AFTER_INSTALL_HREF = '/support/after-install';
export const ESIM_SUPPORT_HREF = '/support/esim';

/** The after-install checklist for one brand of phone. */
export function afterInstallHref(brand?: string | null): string {
  return brand ? `${AFTER_INSTALL_HREF}?brand=${encodeURIComponent(brand)}` : AFTER_INSTALL_HREF;
}
export const ASSISTANT_HREF = '/support/assistant';
export const CARRIER_UNLOCK_SUPPORT_HREF = '/support/carrier-unlock';
export const ESIM_TRAVEL_SUPPORT_HREF = '/support/esim-travel';
export const TERMS_HREF = '/terms';
export const REFUND_POLICY_HREF = '/refund-policy';
export const PRIVACY_HREF = '/privacy';

/** An order's page; with its access token, the guest link every order email carries. */
export function orderHref(orderId: string, token?: string): string {
  return token ? `/order/${orderId}?token=${encodeURIComponent(token)}` : `/order/${orderId}`;
}

/** A read-only status page for anyone holding the share token. */
/** A support conversation's page; with its token, the link its emails carry. */
export function conversationHref(conversationId: string, token?: string): string {
  const path = `/support/conversations/${conversationId}`;
  return token ? `${path}?token=${encodeURIComponent(token)}` : path;
}

export function shareHref(token: string): string {
  return `/share/${encodeURIComponent(token)}`;
}

/** Guest upgrade: the order's access token (sent only to the order's email) proves the address. */
export function createAccountHref(orderId: string, token: string): string {
  return `${CREATE_ACCOUNT_HREF}?order=${orderId}&token=${encodeURIComponent(token)}`;
}

/**
 * The header's links as shown, on desktop and in the mobile menu: a link appears once the app has
 * its page, so no link leads to the 404 screen while a product is still to be built (ADR 061).
 */
export const HEADER_LINKS: readonly NavLink[] = SPEC_HEADER_LINKS.filter((link) => isPagePath(link.href));

/** The footer's link columns as shown, by the same rule as HEADER_LINKS. */
export const FOOTER_COLUMNS: readonly FooterColumn[] = SPEC_FOOTER_COLUMNS.map((column) => ({
  title: column.title,
  links: column.links.filter((link) => isPagePath(link.href)),
}));
