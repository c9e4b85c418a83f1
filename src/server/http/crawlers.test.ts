import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../bootstrap.ts';
import { createTestStore } from '../testing/test-store.ts';

// The answers depend on the configuration only, not on the database: one database kind is enough.
describe('robots.txt and sitemap.xml', () => {
  // Without PUBLIC_URL, behind a trusted proxy: a request with no forwarded headers is its own address.
  let store: Store;
  let published: Store;
  beforeAll(async () => {
    store = await createTestStore('pglite', { config: { PUBLIC_URL: '', TRUST_PROXY: 'true' } });
    published = await createTestStore('pglite', { config: { PUBLIC_URL: 'https://shop.example' } });
  });
  afterAll(async () => {
    await Promise.all([store.close(), published.close()]);
  });

  it('lists the public pages on the address the crawler used', async () => {
    const res = await store.app.request('http://127.0.0.1:4000/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const xml = await res.text();
    for (const path of [
      '/',
      '/terms',
      '/privacy',
      '/refund-policy',
      '/testimonials',
      '/about',
      '/dmca',
      '/compliance',
    ]) {
      expect(xml).toContain(`<loc>http://127.0.0.1:4000${path}</loc>`);
    }
    expect(xml).not.toContain('<loc>http://127.0.0.1:4000/esim</loc>');
    expect(xml).not.toMatch(/dashboard|\/order\/|\/pay\//);
  });

  it('uses PUBLIC_URL when it is set, and the forwarded address behind a trusted proxy', async () => {
    const res = await published.app.request('http://10.0.0.5:3000/sitemap.xml');
    expect(await res.text()).toContain('<loc>https://shop.example/terms</loc>');
    const robots = await published.app.request('http://10.0.0.5:3000/robots.txt');
    expect(await robots.text()).toContain('Sitemap: https://shop.example/sitemap.xml');

    const forwarded = await store.app.request('http://10.0.0.5:3000/robots.txt', {
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'openline.example' },
    });
    expect(await forwarded.text()).toContain('Sitemap: https://openline.example/sitemap.xml');
  });

  it('asks crawlers to keep out of the API and personal pages', async () => {
    const res = await store.app.request('http://localhost/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=UTF-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    const text = await res.text();
    expect(text).toMatch(/^User-agent: \*\n/);
    expect(text).toContain('Disallow: /api/\n');
    expect(text).toContain('Disallow: /order/\n');
    expect(text).toContain('Sitemap: http://localhost/sitemap.xml\n');
  });

  it('answers HEAD like GET, without a body', async () => {
    const res = await store.app.request('http://localhost/sitemap.xml', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
  });
});
