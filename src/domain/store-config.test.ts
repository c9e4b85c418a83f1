import { describe, expect, it } from 'vitest';
import {
  CLAIMS,
  DEMO_VIDEO,
  EXTERNAL_LINKS,
  SOCIAL_LINKS,
  TOP_BRANDS,
  UNLOCK_PANEL_CLAIMS,
  demoVideoTitle,
  organizationStructuredData,
  readAllReviewsText,
} from './store-config.ts';

describe('organizationStructuredData', () => {
  const data = organizationStructuredData();

  it('states the rating and review count the page shows (DESIGN.md decision 1)', () => {
    expect(data.aggregateRating.ratingValue).toBe(4.6);
    expect(data.aggregateRating.reviewCount).toBe(3282);
    expect(data.aggregateRating.ratingValue).toBe(CLAIMS.reviewRating);
    expect(data.aggregateRating.reviewCount).toBe(CLAIMS.reviewCount);
    expect(JSON.stringify(data)).not.toMatch(/4\.9|50000/);
  });

  it('names the store, its logo and every social profile', () => {
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'OpenLine',
      url: 'https://openline.store',
      logo: 'https://openline.store/favicon.svg',
    });
    expect(data.sameAs).toEqual(SOCIAL_LINKS.map((link) => link.href));
  });
});

describe('home page texts', () => {
  it.each([
    { text: readAllReviewsText(), expected: 'Read All 3,282 Reviews' },
    { text: demoVideoTitle(), expected: 'OpenLine Works' },
    { text: `${CLAIMS.reviewRating}/5`, expected: '4.6/5' },
    { text: CLAIMS.reviewCountText, expected: '3,282+' },
  ])('$expected', ({ text, expected }) => {
    expect(text).toBe(expected);
  });

  it('keeps the model-count texts of the top brands grid, each with a badge', () => {
    expect(TOP_BRANDS.map((brand) => `${brand.name} ${brand.models}`)).toEqual([
      'Apple 150+',
      'Samsung 500+',
      'Google 45+',
      'Huawei 380+',
      'Xiaomi 520+',
      'OnePlus 80+',
      'Sony 95+',
      'LG 180+',
      'Motorola 340+',
      'Nokia 210+',
    ]);
    for (const brand of TOP_BRANDS) expect(brand.badge.trim(), brand.name).not.toBe('');
  });
});

describe('unlock panel claims', () => {
  it('shows the rating badge, the one rating the reviews have, and the three claims of spec section 1', () => {
    expect(CLAIMS.panelRating).toBe('4.6/5');
    expect(CLAIMS.panelRating).toBe(`${CLAIMS.reviewRating}/5`);
    expect(Object.values(UNLOCK_PANEL_CLAIMS)).toEqual(['24-72h delivery', 'Secure payment', 'Instant confirmation']);
  });
});

describe('external links', () => {
  it.each([
    { name: 'review site', href: EXTERNAL_LINKS.reviewSite.href },
    { name: 'YouTube channel', href: EXTERNAL_LINKS.youtubeChannel.href },
    { name: 'demo watch page', href: DEMO_VIDEO.watchUrl },
  ])('$name is https', ({ href }) => {
    expect(new URL(href).protocol).toBe('https:');
  });

  it('embeds the demo only from the host the CSP allows', () => {
    expect(new URL(DEMO_VIDEO.embedUrl).origin).toBe('https://www.youtube-nocookie.com');
  });

  it('links the same YouTube channel as the footer', () => {
    expect(SOCIAL_LINKS.map((link) => link.href)).toContain(EXTERNAL_LINKS.youtubeChannel.href);
  });
});
