/** The information and legal pages (spec section 2 route table): where they live and what they say about themselves. */
import { CLAIMS, STORE, SUPPORT_ANSWER_HOURS } from './store-config.ts';
import { groupThousands } from './display.ts';
import { RETENTION_FACTS } from './retention.ts';

export interface InfoPage {
  readonly path: string;
  /** The page's own heading; the tab title is this followed by the store's name. */
  readonly heading: string;
  /** Meta description: what a search result shows under the title. */
  readonly description: string;
}

/** A page whose text is a Markdown file `content/legal/<slug>.md`, rendered when the site is built. */
export interface LegalPage extends InfoPage {
  readonly slug: string;
}

/** The pages written as Markdown, in the footer's order (Support column, then Legal). */
export const LEGAL_PAGES: readonly LegalPage[] = [
  {
    slug: 'about',
    path: '/about',
    heading: 'About Us',
    description: `Who runs ${STORE.name}, how official carrier unlocks and travel eSIMs work here, and how to reach a person.`,
  },
  {
    slug: 'refund-policy',
    path: '/refund-policy',
    heading: 'Refund Policy',
    description: `When ${STORE.name} refunds you without being asked, when you can ask, and how long a refund takes to reach you.`,
  },
  {
    slug: 'terms',
    path: '/terms',
    heading: 'Terms of Service',
    description: `The agreement between you and ${STORE.name} when you order an unlock, a device check, a license or a travel eSIM.`,
  },
  {
    slug: 'privacy',
    path: '/privacy',
    heading: 'Privacy Policy',
    description: `What ${STORE.name} collects, why, who it is shared with, how long it is kept and how to have it deleted.`,
  },
  {
    slug: 'dmca',
    path: '/dmca',
    heading: 'DMCA and Copyright',
    description: `How to report content on ${STORE.name} that infringes your copyright, and how to answer a notice.`,
  },
  {
    slug: 'compliance',
    path: '/compliance',
    heading: 'Compliance',
    description: `The legal basis of carrier unlocking, how ${STORE.name} refuses stolen or blacklisted phones, and how payments are secured.`,
  },
];

export const TESTIMONIALS_PAGE: InfoPage = {
  path: '/testimonials',
  heading: 'Customer Testimonials',
  description: `Rated ${CLAIMS.reviewRating}/5 from ${CLAIMS.reviewCountText} reviews: what customers say about unlocking their phones and travelling with ${STORE.name}.`,
};

/** Every information and legal page path, for the route table and the prerendered pages. */
export const INFO_PAGE_PATHS: readonly string[] = [TESTIMONIALS_PAGE.path, ...LEGAL_PAGES.map((page) => page.path)];

/** The date the legal texts last changed (YYYY-MM-DD): shown on each page; change it with the texts. */
export const LEGAL_TEXTS_UPDATED = '2026-11-24';

export function legalPageAt(path: string): LegalPage | undefined {
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  return LEGAL_PAGES.find((page) => page.path === trimmed);
}

/**
 * The store facts the texts quote, by placeholder name (`{{supportEmail}}` in the Markdown): the
 * texts never repeat a figure or an address the store config owns.
 */
export const STORE_FACTS: Readonly<Record<string, string>> = {
  storeName: STORE.name,
  supportEmail: STORE.supportEmail,
  supportAnswerHours: String(SUPPORT_ANSWER_HOURS),
  moneyBack: CLAIMS.moneyBack,
  typicalUnlockTime: CLAIMS.typicalUnlockTime,
  networks: CLAIMS.networks,
  models: CLAIMS.models,
  users: CLAIMS.users,
  reviewRating: String(CLAIMS.reviewRating),
  reviewCount: groupThousands(CLAIMS.reviewCount),
  ...RETENTION_FACTS,
};

const PLACEHOLDER = /\{\{\s*([A-Za-z]+)\s*\}\}/g;

/** The text with every `{{fact}}` replaced; a name that is no store fact is an error, so a typo cannot reach a page. */
export function fillStoreFacts(text: string): string {
  return text.replace(PLACEHOLDER, (_whole, name: string) => {
    const value = STORE_FACTS[name];
    if (value === undefined) throw new Error(`Unknown store fact {{${name}}}`);
    return value;
  });
}
