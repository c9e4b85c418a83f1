import { readFileSync } from 'node:fs';
import { HELP_ARTICLE_SLUGS, type HelpArticle, parseHelpArticle } from '../../../domain/help.ts';
import { rootDirUrl } from '../../paths.ts';

/** The repository's help articles (content/help), the same files the help pages are built from. */
export const HELP_CONTENT_DIR = rootDirUrl('content/help');

/** Every help article, read once at start-up; a missing or malformed file stops the start with its name. */
export function loadHelpArticles(dir: URL = HELP_CONTENT_DIR): HelpArticle[] {
  return HELP_ARTICLE_SLUGS.map((slug) => parseHelpArticle(slug, readFileSync(new URL(`${slug}.md`, dir), 'utf8')));
}
