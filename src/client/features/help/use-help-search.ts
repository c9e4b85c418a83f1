import MiniSearch from 'minisearch';
import { useMemo } from 'react';
import {
  HELP_SEARCH_INDEX,
  HELP_SEARCH_LIMIT,
  type HelpPassage,
  helpPassages,
  passageExcerpt,
} from '../../../domain/help';
import { helpArticles } from './articles';

export interface HelpSearchResult {
  readonly id: string;
  readonly href: string;
  readonly heading: string;
  readonly articleTitle: string;
  readonly excerpt: string;
}

let index: MiniSearch<HelpPassage> | null = null;

// Built on the first search, not on page load: most visitors of the help centre never type.
function helpIndex(): MiniSearch<HelpPassage> {
  if (!index) {
    index = new MiniSearch<HelpPassage>({
      ...HELP_SEARCH_INDEX,
      fields: [...HELP_SEARCH_INDEX.fields],
      storeFields: [...HELP_SEARCH_INDEX.storeFields],
    });
    index.addAll(helpPassages(helpArticles()));
  }
  return index;
}

/** The help sections matching what is typed so far: typos forgiven, words matched as they are typed. */
export function useHelpSearch(query: string): HelpSearchResult[] {
  return useMemo(() => {
    if (query.trim() === '') return [];
    return helpIndex()
      .search(query)
      .slice(0, HELP_SEARCH_LIMIT)
      .map((result) => ({
        id: String(result.id),
        href: String(result.href),
        heading: String(result.heading),
        articleTitle: String(result.articleTitle),
        excerpt: passageExcerpt(String(result.text)),
      }));
  }, [query]);
}
