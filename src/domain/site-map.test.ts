import { describe, expect, it } from 'vitest';
import {
  FOOTER_COLUMNS,
  HEADER_LINKS,
  SPEC_FOOTER_COLUMNS,
  SPEC_HEADER_LINKS,
  isActiveLink,
  isPagePath,
  showsPrerenderedPage,
} from './site-map.ts';

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

describe('showsPrerenderedPage', () => {
  it.each([
    ['/auth', '', true],
    ['/auth', '?redirectTo=%2Fdashboard', true],
    ['/auth', '?mode=signin', true],
    ['/auth', '?mode=nonsense', true],
    ['/auth', '?mode=signup', false],
    ['/auth/', '?mode=signup&redirectTo=%2Fdashboard', false],
    ['/track-order', '?mode=signup', true],
    ['/', '', true],
  ])('%s%s → %s', (path, query, expected) => {
    expect(showsPrerenderedPage(path, new URLSearchParams(query))).toBe(expected);
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
  const specLinks = [...SPEC_HEADER_LINKS, ...SPEC_FOOTER_COLUMNS.flatMap((column) => column.links)];
  const shown = new Set([...HEADER_LINKS, ...FOOTER_COLUMNS.flatMap((column) => column.links)].map((l) => l.href));
  it.each([...new Set(specLinks.map((link) => link.href))])('%s has its page and is shown', (href) => {
    expect(isPagePath(href)).toBe(true);
    expect(shown.has(href)).toBe(true);
  });

  it('keeps the spec order and labels of the links it shows', () => {
    expect(HEADER_LINKS).toEqual(SPEC_HEADER_LINKS.filter((link) => shown.has(link.href)));
    expect(FOOTER_COLUMNS.map((column) => column.title)).toEqual(['Services', 'Support', 'Legal']);
    expect(FOOTER_COLUMNS[1]?.links).toEqual(SPEC_FOOTER_COLUMNS[1]?.links);
  });
});
