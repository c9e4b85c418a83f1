import { describe, expect, it } from 'vitest';
import { FOOTER_COLUMNS, HEADER_LINKS, LINKS_OF_LATER_PRODUCTS, isActiveLink, isPagePath } from './site-map.ts';

describe('isPagePath', () => {
  it.each([
    ['/', true],
    ['/dashboard', true],
    ['/dashboard/', true],
    ['/esim/receipt', true],
    ['/pay/cs_sbx_abc', true],
    ['/pay', false],
    ['/pay/a/b', false],
    ['/no/such/page', false],
    ['/dashboard/extra', false],
    ['/esim-shopping', false],
  ])('%s → %s', (path, expected) => {
    expect(isPagePath(path)).toBe(expected);
  });
});

describe('isActiveLink', () => {
  it.each([
    ['/', '/', true],
    ['/esim-shop', '/', false],
    ['/support/esim-travel', '/support', true],
    ['/supported', '/support', false],
  ])('%s with link %s → %s', (path, href, expected) => {
    expect(isActiveLink(path, href)).toBe(expected);
  });
});

describe('header and footer links', () => {
  const links = [...HEADER_LINKS, ...FOOTER_COLUMNS.flatMap((column) => column.links)].map((link) => link.href);

  it.each([...new Set(links)])('%s leads to a page, or is a product of a later issue', (href) => {
    expect(isPagePath(href)).toBe(!(LINKS_OF_LATER_PRODUCTS as readonly string[]).includes(href));
  });
});
