/**
 * The one source of the store's identity and marketing claims (DESIGN.md decision 1):
 * every page, the structured data and the emails read them from here.
 */
import { groupThousands } from './display.ts';
export const STORE = {
  name: 'OpenLine',
  tagline: 'Official carrier unlocks, IMEI checks and travel eSIMs',
  supportEmail: 'support@openline.store',
  url: 'https://openline.store',
  /** Square mark used as the organisation logo in structured data. */
  logoPath: '/favicon.svg',
} as const;

/** The store's review rating: one figure for the panel's badge, the review block and the structured data. */
const REVIEW_RATING = 4.6;

export const CLAIMS = {
  networks: '600+',
  models: '4,000+',
  users: '3M+',
  reviewRating: REVIEW_RATING,
  reviewCount: 3282,
  reviewCountText: '3,282+',
  // The spec's panel shows 4.9/5 beside 4.6/5 on the review site: one rating everywhere (issue 44).
  panelRating: `${REVIEW_RATING}/5`,
  youtubeSubscribers: '1.6M',
  moneyBack: '100%',
  deliveryWindow: '24-72h',
  typicalUnlockTime: '1-72 hours',
} as const;

/** Spec section 1: the claims the unlock panel shows beside its rating badge, in that order. */
export const UNLOCK_PANEL_CLAIMS = {
  delivery: `${CLAIMS.deliveryWindow} delivery`,
  securePayment: 'Secure payment',
  instantConfirmation: 'Instant confirmation',
} as const;

/** Spec section 1 "How it works", the three steps shown on the home page; the spec's "the product" is the store. */
export const HOW_IT_WORKS_STEPS = [
  {
    title: 'We send your request',
    text: `${STORE.name} submits the unlock request to the carrier using the IMEI.`,
  },
  {
    title: 'The carrier removes the lock',
    text: 'The carrier checks that the device is clear (not stolen, no outstanding payments) and removes the lock, usually within 1-72 hours.',
  },
  {
    title: 'Restart and switch',
    text: 'The user restarts the phone and can use any SIM or eSIM.',
  },
] as const;

export interface SocialLink {
  readonly label: string;
  readonly href: string;
}

export const SOCIAL_LINKS: readonly SocialLink[] = [
  { label: 'YouTube', href: 'https://www.youtube.com/@openline' },
  { label: 'Facebook', href: 'https://www.facebook.com/openline' },
  { label: 'X', href: 'https://x.com/openline' },
  { label: 'Instagram', href: 'https://www.instagram.com/openline' },
];

/** Where the home page's external trust links point; both open in a new tab. */
export const EXTERNAL_LINKS = {
  reviewSite: { label: 'Trustpilot', href: 'https://www.trustpilot.com/review/openline.store' },
  youtubeChannel: { label: 'YouTube', href: 'https://www.youtube.com/@openline' },
} as const;

/**
 * The "OpenLine Works" demo. Embedded from the privacy-enhanced YouTube domain, the only
 * frame source the CSP allows.
 */
const DEMO_VIDEO_ID = 'OPENLINE-01';

export const DEMO_VIDEO = {
  embedUrl: `https://www.youtube-nocookie.com/embed/${DEMO_VIDEO_ID}?rel=0`,
  watchUrl: `https://www.youtube.com/watch?v=${DEMO_VIDEO_ID}`,
} as const;

export function demoVideoTitle(): string {
  return `${STORE.name} Works`;
}

/** Spec section 1 and 3: the review block's external link, 'Read All 3,282 Reviews'. */
export function readAllReviewsText(): string {
  return `Read All ${groupThousands(CLAIMS.reviewCount)} Reviews`;
}

export interface TopBrand {
  readonly name: string;
  readonly slug: string;
  /** Model-count text, marketing copy from spec section 1 kept verbatim. */
  readonly models: string;
  /** The product lines a visitor recognises the brand's phones by: a fact, not a ranking. */
  readonly badge: string;
}

/** Spec section 1 "Top brands grid", in the spec's order. */
export const TOP_BRANDS: readonly TopBrand[] = [
  { name: 'Apple', slug: 'apple', models: '150+', badge: 'iPhone' },
  { name: 'Samsung', slug: 'samsung', models: '500+', badge: 'Galaxy' },
  { name: 'Google', slug: 'google', models: '45+', badge: 'Pixel' },
  { name: 'Huawei', slug: 'huawei', models: '380+', badge: 'P, Mate, nova' },
  { name: 'Xiaomi', slug: 'xiaomi', models: '520+', badge: 'Xiaomi, Redmi, POCO' },
  { name: 'OnePlus', slug: 'oneplus', models: '80+', badge: 'OnePlus, Nord' },
  { name: 'Sony', slug: 'sony', models: '95+', badge: 'Xperia' },
  { name: 'LG', slug: 'lg', models: '180+', badge: 'G, V, K, Stylo' },
  { name: 'Motorola', slug: 'motorola', models: '340+', badge: 'moto g, edge, razr' },
  { name: 'Nokia', slug: 'nokia', models: '210+', badge: 'Nokia, HMD' },
];

export const OTHER_MANUFACTURERS_TEXT = '100+ other manufacturers';

/** Footer trust badges (spec section 2 "Footer"). */
export const FOOTER_TRUST_BADGES = ['Secure Checkout', 'Trusted Payments', '24/7 Tracking'] as const;

export function copyrightLine(year: number): string {
  return `© ${year} ${STORE.name}. All rights reserved.`;
}

/** Organization JSON-LD for the home page: the same rating and count as the visible text (DESIGN.md decision 1). */
export function organizationStructuredData() {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: STORE.name,
    url: STORE.url,
    logo: `${STORE.url}${STORE.logoPath}`,
    description: `${STORE.tagline}.`,
    email: STORE.supportEmail,
    sameAs: SOCIAL_LINKS.map((link) => link.href),
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'customer support',
      email: STORE.supportEmail,
      availableLanguage: 'English',
    },
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: CLAIMS.reviewRating,
      reviewCount: CLAIMS.reviewCount,
      bestRating: 5,
      worstRating: 1,
    },
  } as const;
}

/** Page title in the browser tab: "<page> | OpenLine", or the store's own line on the home page. */
export function pageTitle(page?: string): string {
  return page ? `${page} | ${STORE.name}` : `${STORE.name} | ${STORE.tagline}`;
}
