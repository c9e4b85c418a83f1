import { robotsTxt, sitemapXml } from '../../domain/sitemap.ts';
import type { ApiApp, AppDeps } from './context.ts';
import { returnBaseUrl } from './return-url.ts';

// Crawlers read both at most about daily; an hour keeps a new deploy's pages visible soon enough.
const CACHE_CONTROL = 'public, max-age=3600';

/**
 * /robots.txt and /sitemap.xml, built from the site map on the address crawlers reached the store
 * at (PUBLIC_URL when set), so every instance and every deployment answers with its own origin.
 */
export function crawlerRoutes(app: ApiApp, deps: AppDeps) {
  app.get('/robots.txt', (c) => {
    c.header('Cache-Control', CACHE_CONTROL);
    return c.text(robotsTxt(returnBaseUrl(c, deps.config)));
  });
  app.get('/sitemap.xml', (c) => {
    c.header('Content-Type', 'application/xml; charset=utf-8');
    c.header('Cache-Control', CACHE_CONTROL);
    return c.body(sitemapXml(returnBaseUrl(c, deps.config)));
  });
}
