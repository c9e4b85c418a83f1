/** What the store tells crawlers: sitemap.xml and robots.txt, both derived from the site map. */
import { PRERENDERED_PATHS } from './site-map.ts';

/**
 * Paths that show the same screen as another one (spec route table): only the main path is listed,
 * so search engines do not see the page twice.
 */
export const PAGE_ALIASES: Readonly<Record<string, string>> = {
  '/esim': '/esim-shop',
  '/help': '/support',
  '/esim-receipt': '/esim/receipt',
};

/**
 * Paths crawlers are asked to leave alone: the API, personal pages (an order, a shared result, a
 * payment, the account) and screens that only make sense inside a journey.
 */
export const CRAWLER_DISALLOWED_PATHS = [
  '/api/',
  '/admin',
  '/auth',
  '/dashboard',
  '/create-account',
  '/order/',
  '/share/',
  '/pay/',
  '/esim/receipt',
  '/esim-receipt',
  '/esim/checkout',
] as const;

/** robots.txt matching: a rule is a plain prefix of the path. */
function isDisallowed(path: string): boolean {
  return CRAWLER_DISALLOWED_PATHS.some((prefix) => path.startsWith(prefix));
}

/**
 * The public pages, in the site map's order: every prerendered page (prerendering is for the pages
 * a visitor can land on from a search), without aliases, path parameters or disallowed paths.
 */
export function sitemapPaths(prerendered: readonly string[] = PRERENDERED_PATHS): string[] {
  const listed = prerendered.filter((path) => !(path in PAGE_ALIASES) && !path.includes(':') && !isDisallowed(path));
  return [...new Set(listed)];
}

function escapeXml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');
}

/** An absolute address on the store's origin (no trailing slash on the origin). */
function absolute(origin: string, path: string): string {
  return `${origin.replace(/\/+$/, '')}${path}`;
}

/** sitemaps.org 0.9: one `<url><loc>` per public page, on the given origin. */
export function sitemapXml(origin: string, paths: readonly string[] = sitemapPaths()): string {
  const urls = paths.map((path) => `  <url><loc>${escapeXml(absolute(origin, path))}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** robots.txt: everyone may crawl the public pages, not the disallowed paths; where the sitemap is. */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    ...CRAWLER_DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${absolute(origin, '/sitemap.xml')}`,
    '',
  ].join('\n');
}
