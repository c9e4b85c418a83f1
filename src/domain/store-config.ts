/**
 * The one source of the store's identity and marketing claims (DESIGN.md decision 1):
 * every page, the structured data and the emails read them from here.
 */
import { CATALOGUE_COUNTS, atLeast } from './catalogue-figures.ts';
import { formatPromiseHours } from './delivery-hours.ts';
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
  // From the catalogue the store ships (catalogue-figures.ts), never a round figure above it (issue 44).
  networks: atLeast(CATALOGUE_COUNTS.carriers),
  models: atLeast(CATALOGUE_COUNTS.models),
  users: '3M+',
  reviewRating: REVIEW_RATING,
  reviewCount: 3282,
  reviewCountText: '3,282+',
  // The spec's panel shows 4.9/5 beside 4.6/5 on the review site: one rating everywhere (issue 44).
  panelRating: `${REVIEW_RATING}/5`,
  youtubeSubscribers: '1.6M',
  moneyBack: '100%',
  typicalUnlockTime: '1-72 hours',
} as const;

/**
 * Spec section 1: the claims the unlock panel shows beside its rating badge, in that order. The
 * spec's fixed "24-72h delivery" became the quote's own guarantee (issue 44: one promise): the
 * store's tools run to 168 hours, and the refund follows the quote, not a banner.
 */
export function unlockPanelClaims(guaranteedHours: number | null) {
  return {
    delivery:
      guaranteedHours === null
        ? 'Guaranteed delivery time'
        : `Guaranteed within ${formatPromiseHours(guaranteedHours)}`,
    securePayment: 'Secure payment',
    instantConfirmation: 'Instant confirmation',
  } as const;
}

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

/**
 * The store's own profiles on social networks (YouTube, Facebook, X, Instagram: the icons the footer
 * has). None is set yet, and nothing is shown for a profile that is not set (issue 44): the
 * footer's "Follow us" row, the YouTube subscriber claims and the structured data's `sameAs`
 * appear with the first real profile.
 */
export const SOCIAL_LINKS: readonly SocialLink[] = [];

/** The YouTube channel among the profiles, with what the pages say of it; null while unset. */
export function youtubeChannel(links: readonly SocialLink[] = SOCIAL_LINKS) {
  const channel = links.find((link) => link.label === 'YouTube');
  return channel ? { ...channel, subscribers: CLAIMS.youtubeSubscribers } : null;
}

/** Where the home page's review links point; they open in a new tab. */
export const EXTERNAL_LINKS = {
  reviewSite: { label: 'Trustpilot', href: 'https://www.trustpilot.com/review/openline.store' },
} as const;

/**
 * The "OpenLine Works" demo's YouTube id, embedded from the privacy-enhanced YouTube domain (the
 * only frame source the CSP allows). Unset until the store has published its video: the hero shows
 * no "Watch Demo" button while it is null (issue 44: nothing shown while unset).
 */
const DEMO_VIDEO_ID: string | null = null;

export function demoVideo(id: string | null = DEMO_VIDEO_ID) {
  if (id === null) return null;
  const safe = encodeURIComponent(id);
  return {
    embedUrl: `https://www.youtube-nocookie.com/embed/${safe}?rel=0`,
    watchUrl: `https://www.youtube.com/watch?v=${safe}`,
  } as const;
}

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
  /** '50+ models' where the catalogue lists the brand's models, else null (issue 44: no figure above the catalogue). */
  readonly models: string | null;
  /** The product lines a visitor recognises the brand's phones by: a fact, not a ranking. */
  readonly badge: string;
}

/** Spec section 1 "Top brands grid", in the spec's order. */
const modelsOf = (slug: string): string | null => {
  const count = CATALOGUE_COUNTS.modelsByBrand[slug];
  return count === undefined ? null : `${atLeast(count)} models`;
};

const topBrand = (name: string, slug: string, badge: string): TopBrand => ({
  name,
  slug,
  models: modelsOf(slug),
  badge,
});

/** Spec section 1 "Top brands grid", in the spec's order. */
export const TOP_BRANDS: readonly TopBrand[] = [
  topBrand('Apple', 'apple', 'iPhone'),
  topBrand('Samsung', 'samsung', 'Galaxy'),
  topBrand('Google', 'google', 'Pixel'),
  topBrand('Huawei', 'huawei', 'P, Mate, nova'),
  topBrand('Xiaomi', 'xiaomi', 'Xiaomi, Redmi, POCO'),
  topBrand('OnePlus', 'oneplus', 'OnePlus, Nord'),
  topBrand('Sony', 'sony', 'Xperia'),
  topBrand('LG', 'lg', 'G, V, K, Stylo'),
  topBrand('Motorola', 'motorola', 'moto g, edge, razr'),
  topBrand('Nokia', 'nokia', 'Nokia, HMD'),
];

export const OTHER_MANUFACTURERS_TEXT = `${CATALOGUE_COUNTS.brands - TOP_BRANDS.length} other manufacturers`;

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
    ...(SOCIAL_LINKS.length > 0 ? { sameAs: SOCIAL_LINKS.map((link) => link.href) } : {}),
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

// ── The support promise ──

/** How long a customer waits at most for a person's answer, kept by the admin inbox's clock (ADR 109). */
export const SUPPORT_ANSWER_HOURS = 24;
export const SUPPORT_PROMISE = `A person from our team answers within ${SUPPORT_ANSWER_HOURS} hours, every day of the week.`;
/** The short form of the promise, where a badge or a note has room for three words. */
export const SUPPORT_CLAIM = `Answers within ${SUPPORT_ANSWER_HOURS} h`;
