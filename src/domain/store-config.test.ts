import { describe, expect, it } from 'vitest';
import {
  CLAIMS,
  EXTERNAL_LINKS,
  OTHER_MANUFACTURERS_TEXT,
  SOCIAL_LINKS,
  TOP_BRANDS,
  demoVideo,
  demoVideoTitle,
  unlockPanelClaims,
  youtubeChannel,
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

  it('names the store and its logo, and no social profile while none is set', () => {
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'OpenLine',
      url: 'https://openline.store',
      logo: 'https://openline.store/favicon.svg',
    });
    expect(SOCIAL_LINKS).toEqual([]);
    expect(data).not.toHaveProperty('sameAs');
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

  it('counts models only for the brands whose models the catalogue lists, rounded down', () => {
    expect(TOP_BRANDS.map((brand) => `${brand.name} ${brand.models ?? '-'}`)).toEqual([
      'Apple 50+ models',
      'Samsung 120+ models',
      'Google -',
      'Huawei -',
      'Xiaomi -',
      'OnePlus -',
      'Sony -',
      'LG -',
      'Motorola -',
      'Nokia -',
    ]);
    for (const brand of TOP_BRANDS) expect(brand.badge.trim(), brand.name).not.toBe('');
    expect(OTHER_MANUFACTURERS_TEXT).toBe('29 other manufacturers');
    expect([CLAIMS.networks, CLAIMS.models]).toEqual(['360+', '320+']);
  });
});

describe('unlock panel claims', () => {
  it("shows the one rating the reviews have, and the priced quote's guarantee, not a fixed window", () => {
    expect(CLAIMS.panelRating).toBe('4.6/5');
    expect(CLAIMS.panelRating).toBe(`${CLAIMS.reviewRating}/5`);
    expect(Object.values(unlockPanelClaims(null))).toEqual([
      'Guaranteed delivery time',
      'Secure payment',
      'Instant confirmation',
    ]);
  });

  it.each([
    { hours: 72, delivery: 'Guaranteed within 3 days' },
    { hours: 168, delivery: 'Guaranteed within 7 days' },
    { hours: 36, delivery: 'Guaranteed within 36 hours' },
    { hours: 71.5, delivery: 'Guaranteed within 3 days' },
  ])('$hours hours: $delivery', ({ hours, delivery }) => {
    expect(unlockPanelClaims(hours).delivery).toBe(delivery);
  });
});

describe('profiles the store has not set', () => {
  it('shows no demo video and no YouTube channel while unset', () => {
    expect(demoVideo()).toBeNull();
    expect(youtubeChannel()).toBeNull();
  });

  it('builds the video addresses from an id once set, embedding only from the host the CSP allows', () => {
    const video = demoVideo('abc_DEF-12');
    expect(video).toEqual({
      embedUrl: 'https://www.youtube-nocookie.com/embed/abc_DEF-12?rel=0',
      watchUrl: 'https://www.youtube.com/watch?v=abc_DEF-12',
    });
    expect(demoVideo('a/../b?x')?.embedUrl).toBe('https://www.youtube-nocookie.com/embed/a%2F..%2Fb%3Fx?rel=0');
  });

  it('finds the YouTube channel among the profiles once set', () => {
    const links = [
      { label: 'X', href: 'https://x.com/shop' },
      { label: 'YouTube', href: 'https://www.youtube.com/@shop' },
    ];
    expect(youtubeChannel(links)).toEqual({
      label: 'YouTube',
      href: 'https://www.youtube.com/@shop',
      subscribers: CLAIMS.youtubeSubscribers,
    });
  });

  it('links the review site over https', () => {
    expect(new URL(EXTERNAL_LINKS.reviewSite.href).protocol).toBe('https:');
  });
});
