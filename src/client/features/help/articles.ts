import { marked } from 'marked';
import {
  HELP_ARTICLE_SLUGS,
  type HelpArticle,
  type HelpArticleSlug,
  isHelpArticleSlug,
  parseHelpArticle,
} from '../../../domain/help';

// The Markdown files themselves, bundled as text: the pages are prerendered from them at build time.
const SOURCES = import.meta.glob<string>('/content/help/*.md', { query: '?raw', import: 'default', eager: true });

function slugOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1).replace(/\.md$/, '');
}

const ARTICLES: ReadonlyMap<HelpArticleSlug, HelpArticle> = new Map(
  Object.entries(SOURCES)
    .map(([path, source]) => [slugOf(path), source] as const)
    .filter((entry): entry is readonly [HelpArticleSlug, string] => isHelpArticleSlug(entry[0]))
    .map(([slug, source]) => [slug, parseHelpArticle(slug, source)]),
);

export function helpArticle(slug: HelpArticleSlug): HelpArticle {
  const article = ARTICLES.get(slug);
  if (!article) throw new Error(`help article ${slug} is missing from content/help`);
  return article;
}

/** The article a page path shows (a trailing slash is the same path). */
export function helpArticleAt(pathname: string): HelpArticle {
  const path = pathname.replace(/(.)\/+$/, '$1');
  const article = [...ARTICLES.values()].find((candidate) => candidate.href === path);
  if (!article) throw new Error(`no help article at ${pathname}`);
  return article;
}

/** Every article, in the order of the help centre's topic cards. */
export function helpArticles(): HelpArticle[] {
  return HELP_ARTICLE_SLUGS.map(helpArticle).sort((a, b) => a.order - b.order);
}

/** An article's Markdown as HTML (our own files, so trusted). */
export function markdownHtml(markdown: string): string {
  return marked.parse(markdown, { async: false, gfm: true });
}
