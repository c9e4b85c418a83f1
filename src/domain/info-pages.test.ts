import { describe, expect, it } from 'vitest';
import {
  INFO_PAGE_PATHS,
  LEGAL_PAGES,
  STORE_FACTS,
  TESTIMONIALS_PAGE,
  fillStoreFacts,
  legalPageAt,
} from './info-pages.ts';
import { FOOTER_COLUMNS, PAGE_PATHS, PRERENDERED_PATHS } from './site-map.ts';
import { CLAIMS, STORE } from './store-config.ts';

describe('the information and legal pages', () => {
  it("are the spec route table's seven pages, each routed and prerendered", () => {
    expect([...INFO_PAGE_PATHS].sort()).toEqual(
      ['/about', '/compliance', '/dmca', '/privacy', '/refund-policy', '/terms', '/testimonials'].sort(),
    );
    for (const path of INFO_PAGE_PATHS) {
      expect(PAGE_PATHS).toContain(path);
      expect(PRERENDERED_PATHS).toContain(path);
    }
  });

  it('is every footer link outside the Services column but the help centre and order tracking', () => {
    const footer = FOOTER_COLUMNS.filter((column) => column.title !== 'Services').flatMap((column) =>
      column.links.map((link) => link.href),
    );
    expect(footer.filter((href) => !['/help', '/track-order'].includes(href)).sort()).toEqual(
      [...INFO_PAGE_PATHS].sort(),
    );
  });

  it('each have their own heading and description', () => {
    const pages = [TESTIMONIALS_PAGE, ...LEGAL_PAGES];
    expect(new Set(pages.map((page) => page.heading)).size).toBe(pages.length);
    expect(new Set(pages.map((page) => page.description)).size).toBe(pages.length);
    for (const page of pages) expect(page.description.length).toBeLessThanOrEqual(160);
  });

  it('states the review claims of the store config on the testimonials page', () => {
    expect(TESTIMONIALS_PAGE.description).toContain(`${CLAIMS.reviewRating}/5 from ${CLAIMS.reviewCountText} reviews`);
  });
});

describe('legalPageAt', () => {
  it.each([
    ['/terms', 'terms'],
    ['/terms/', 'terms'],
    ['/refund-policy', 'refund-policy'],
    ['/testimonials', undefined],
    ['/terms/extra', undefined],
    ['/', undefined],
  ])('%s → %s', (path, slug) => {
    expect(legalPageAt(path)?.slug).toBe(slug);
  });
});

describe('fillStoreFacts', () => {
  it.each([
    ['Write to {{supportEmail}}.', `Write to ${STORE.supportEmail}.`],
    ['{{ storeName }} keeps {{moneyBack}}', `${STORE.name} keeps ${CLAIMS.moneyBack}`],
    ['{{reviewRating}} from {{reviewCount}}', `${CLAIMS.reviewRating} from 3,282`],
    ['No placeholder { here }', 'No placeholder { here }'],
  ])('%s → %s', (text, expected) => {
    expect(fillStoreFacts(text)).toBe(expected);
  });

  it('refuses a name that is no store fact', () => {
    expect(() => fillStoreFacts('Call {{supportPhone}}')).toThrow('Unknown store fact {{supportPhone}}');
  });

  it('has a value for every fact', () => {
    for (const value of Object.values(STORE_FACTS)) expect(value).not.toBe('');
  });
});
