import { describe, expect, it } from 'vitest';
import { INFO_PAGE_PATHS } from './info-pages.ts';
import { PRERENDERED_PATHS } from './site-map.ts';
import { CRAWLER_DISALLOWED_PATHS, robotsTxt, sitemapPaths, sitemapXml } from './sitemap.ts';

describe('sitemapPaths', () => {
  it.each([
    [
      ['/', '/esim-shop', '/esim'],
      ['/', '/esim-shop'],
    ],
    [
      ['/support', '/help', '/support/esim'],
      ['/support', '/support/esim'],
    ],
    [['/order/:id', '/share/:token', '/terms'], ['/terms']],
    [['/dashboard', '/auth', '/esim/receipt', '/esim-receipt', '/about'], ['/about']],
    [['/terms', '/terms'], ['/terms']],
  ])('%j → %j', (prerendered, expected) => {
    expect(sitemapPaths(prerendered)).toEqual(expected);
  });

  it('lists every information and legal page of the store', () => {
    expect(sitemapPaths()).toEqual(expect.arrayContaining([...INFO_PAGE_PATHS, '/']));
  });

  it('never lists a path robots.txt disallows', () => {
    for (const path of sitemapPaths([...PRERENDERED_PATHS, ...CRAWLER_DISALLOWED_PATHS])) {
      expect(CRAWLER_DISALLOWED_PATHS.some((rule) => path.startsWith(rule))).toBe(false);
    }
  });
});

describe('sitemapXml', () => {
  it('gives one absolute <loc> per page on the origin', () => {
    expect(sitemapXml('https://shop.example/', ['/', '/terms'])).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        '  <url><loc>https://shop.example/</loc></url>',
        '  <url><loc>https://shop.example/terms</loc></url>',
        '</urlset>',
        '',
      ].join('\n'),
    );
  });

  it('escapes what XML would read as markup', () => {
    expect(sitemapXml('https://a.example', ["/x?a=1&b='2'"])).toContain(
      '<loc>https://a.example/x?a=1&amp;b=&apos;2&apos;</loc>',
    );
  });
});

describe('robotsTxt', () => {
  it('keeps crawlers out of personal pages and the API, and names the sitemap', () => {
    const text = robotsTxt('http://127.0.0.1:3000');
    expect(text.startsWith('User-agent: *\n')).toBe(true);
    for (const path of ['/api/', '/admin', '/dashboard', '/order/', '/share/', '/pay/']) {
      expect(text).toContain(`\nDisallow: ${path}\n`);
    }
    expect(text).toContain('\nSitemap: http://127.0.0.1:3000/sitemap.xml\n');
    expect(text).not.toMatch(/Disallow: \/\n/);
  });
});
