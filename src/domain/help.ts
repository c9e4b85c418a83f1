/**
 * The help centre's articles (Markdown under content/help): how one is read into sections, where
 * each lives, and how the help search and the assistant's retrieval index them. Pure: the client
 * reads the files through the bundler, the server from disk.
 */
import { fillStoreFacts } from './info-pages.ts';
import {
  AFTER_INSTALL_HREF,
  ASSISTANT_HREF,
  CARRIER_UNLOCK_SUPPORT_HREF,
  ESIM_SUPPORT_HREF,
  ESIM_TRAVEL_SUPPORT_HREF,
  TRACK_ORDER_HREF,
} from './site-map.ts';

/** Every article, by its file name under content/help, and the page that shows it. */
export const HELP_ARTICLE_HREFS = {
  'carrier-unlock': CARRIER_UNLOCK_SUPPORT_HREF,
  'esim-travel': ESIM_TRAVEL_SUPPORT_HREF,
  esim: ESIM_SUPPORT_HREF,
  'after-install': AFTER_INSTALL_HREF,
} as const;

export type HelpArticleSlug = keyof typeof HELP_ARTICLE_HREFS;
export const HELP_ARTICLE_SLUGS = Object.keys(HELP_ARTICLE_HREFS) as HelpArticleSlug[];

export function isHelpArticleSlug(value: string): value is HelpArticleSlug {
  return Object.hasOwn(HELP_ARTICLE_HREFS, value);
}

export interface HelpSection {
  /** The anchor of the section on its page, from its heading. */
  readonly id: string;
  readonly heading: string;
  readonly markdown: string;
  /** The section's words without Markdown, for search and for the assistant's answers. */
  readonly text: string;
}

export interface HelpArticle {
  readonly slug: HelpArticleSlug;
  readonly href: string;
  readonly title: string;
  readonly description: string;
  /** Its card's name and line on the help centre. */
  readonly topic: string;
  readonly summary: string;
  /** Place among the topic cards. */
  readonly order: number;
  /** The Markdown before the first section. */
  readonly intro: string;
  readonly sections: readonly HelpSection[];
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/;
const REQUIRED_KEYS = ['title', 'description', 'topic', 'summary', 'order'] as const;

/** A heading as an anchor: lower-case words joined by dashes ("How long does it take?" → how-long-does-it-take). */
export function sectionId(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** What a reader sees of some Markdown: link texts without their targets, no emphasis marks, list markers or escapes. */
export function markdownToText(markdown: string): string {
  return markdown
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\*\*([^*]+)\*\*/g, '$1')
    .replace(/^\s*(?:\d+\.|[-*])\s+/gm, '')
    .replace(/\\([*_#`[\]()\\-])/g, '$1')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/[ \t]+/g, ' ')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * One article file: front matter (`key: value` lines between `---`), an introduction, then one
 * section per `## ` heading. Throws naming the file's slug when a key is missing.
 */
export function parseHelpArticle(slug: HelpArticleSlug, source: string): HelpArticle {
  const match = FRONT_MATTER.exec(source);
  if (!match) throw new Error(`help article ${slug}: no front matter`);
  const meta = new Map<string, string>();
  for (const line of (match[1] ?? '').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) meta.set(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  for (const key of REQUIRED_KEYS) {
    if (!meta.get(key)) throw new Error(`help article ${slug}: front matter has no ${key}`);
  }
  const [intro = '', ...parts] = fillStoreFacts(source.slice(match[0].length)).split(/^## /m);
  const sections = parts.map((part) => {
    const newline = part.indexOf('\n');
    const heading = (newline < 0 ? part : part.slice(0, newline)).trim();
    const markdown = newline < 0 ? '' : part.slice(newline + 1).trim();
    return { id: sectionId(heading), heading, markdown, text: markdownToText(markdown) };
  });
  return {
    slug,
    href: HELP_ARTICLE_HREFS[slug],
    title: meta.get('title') ?? '',
    description: meta.get('description') ?? '',
    topic: meta.get('topic') ?? '',
    summary: meta.get('summary') ?? '',
    order: Number(meta.get('order')),
    intro: intro.trim(),
    sections,
  };
}

/** The address of one section of an article. */
export function sectionHref(article: Pick<HelpArticle, 'href'>, section: Pick<HelpSection, 'id'>): string {
  return `${article.href}#${section.id}`;
}

/** One searchable passage: a section of an article. */
export interface HelpPassage {
  readonly id: string;
  readonly slug: HelpArticleSlug;
  readonly articleTitle: string;
  readonly heading: string;
  readonly text: string;
  readonly href: string;
}

export function helpPassages(articles: readonly HelpArticle[]): HelpPassage[] {
  return articles.flatMap((article) =>
    article.sections.map((section) => ({
      id: `${article.slug}#${section.id}`,
      slug: article.slug,
      articleTitle: article.title,
      heading: section.heading,
      text: section.text,
      href: sectionHref(article, section),
    })),
  );
}

// Words that say nothing about which passage answers ("how do I …"): left out of the index and of queries.
const STOP_WORDS = new Set(
  (
    'a an and are as at be by can could do does did for from had has have how i if in into is it its ' +
    'me my of on or our so that the their them then there this to was we what when where which who ' +
    'why will with you your yours am'
  ).split(' '),
);

/** Lower-cases a word and drops the ones that carry no meaning for search (MiniSearch's processTerm). */
export function helpSearchTerm(term: string): string | null {
  const word = term.toLowerCase();
  return STOP_WORDS.has(word) ? null : word;
}

/**
 * The one way help passages are indexed and searched (MiniSearch options), so the help centre's
 * search and the assistant find the same passages. Typos are forgiven (fuzzy), words match as you
 * type them (prefix) and a heading counts more than the body.
 */
export const HELP_SEARCH_INDEX = {
  fields: ['heading', 'text', 'articleTitle'],
  storeFields: ['slug', 'articleTitle', 'heading', 'text', 'href'],
  processTerm: helpSearchTerm,
  searchOptions: {
    prefix: true,
    fuzzy: 0.3,
    boost: { heading: 3, articleTitle: 1.5 },
  },
} as const;

/** At most this many results under the help centre's search field. */
export const HELP_SEARCH_LIMIT = 6;

/** The opening of a passage for a search result: whole words, at most `max` characters. */
export function passageExcerpt(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 0)).replace(/[,;:.]$/, '')}…`;
}

/** The help centre's "Most asked questions": each leads to the section that answers it. */
export const MOST_ASKED_QUESTIONS: readonly { readonly slug: HelpArticleSlug; readonly section: string }[] = [
  { slug: 'carrier-unlock', section: 'how-long-does-an-unlock-take' },
  { slug: 'carrier-unlock', section: 'what-does-the-money-back-guarantee-cover' },
  { slug: 'carrier-unlock', section: 'how-do-i-find-my-imei' },
  { slug: 'esim-travel', section: 'will-an-esim-work-on-my-phone' },
  { slug: 'esim-travel', section: 'how-do-i-turn-on-data-roaming-when-i-land' },
  { slug: 'esim', section: 'i-have-no-data-after-installing-the-esim' },
];

export const HELP_TEXTS = {
  title: 'Help Center',
  lead: 'Answers about unlocking your phone, travel eSIMs and your orders.',
  searchLabel: 'Search the help articles',
  searchPlaceholder: 'Search, e.g. "no data after install"',
  noResults: (query: string) => `No article matches “${query}”. Try other words, or ask the assistant.`,
  topicsTitle: 'Browse by topic',
  mostAskedTitle: 'Most asked questions',
  contactTitle: 'Still need help?',
  trackOrderHref: TRACK_ORDER_HREF,
  assistantHref: ASSISTANT_HREF,
} as const;
