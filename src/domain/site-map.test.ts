import { describe, expect, it } from 'vitest';
import { isActiveLink, isPagePath } from './site-map.ts';

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
