import MiniSearch, { type SearchResult } from 'minisearch';
import {
  HELP_SEARCH_INDEX,
  type HelpArticle,
  type HelpPassage,
  helpPassages,
  helpSearchTerm,
} from '../../../domain/help.ts';

export interface RetrievedPassage extends HelpPassage {
  readonly score: number;
}

export interface HelpRetrieval {
  /** The passages that answer `question`, best first; empty when none does. */
  retrieve(question: string, limit?: number): RetrievedPassage[];
}

// A passage answers only when it shares at least this share of the question's meaningful words…
const MIN_MATCHED_SHARE = 0.34;

/** …and, when none of them is spelled as the passage spells it (typos), all of them. */
function answers(result: SearchResult, terms: readonly string[]): boolean {
  const matched = result.queryTerms.length;
  if (matched < Math.max(1, Math.ceil(terms.length * MIN_MATCHED_SHARE))) return false;
  const indexed = Object.keys(result.match);
  const spelledAlike = terms.some((term) => indexed.some((word) => word.startsWith(term)));
  return spelledAlike || matched === terms.length;
}

/** The question's words that the index keeps (MiniSearch's own tokenizer, then the help search's term rule). */
function meaningfulTerms(question: string): string[] {
  return MiniSearch.getDefault('tokenize')(question)
    .map((term: string) => helpSearchTerm(term))
    .filter((term: string | null): term is string => term !== null && term.length > 1);
}

/** Retrieval over the help articles' sections, indexed as the help centre's search indexes them. */
export function createHelpRetrieval(articles: readonly HelpArticle[]): HelpRetrieval {
  const passages = helpPassages(articles);
  const byId = new Map(passages.map((passage) => [passage.id, passage]));
  const index = new MiniSearch<HelpPassage>({
    ...HELP_SEARCH_INDEX,
    fields: [...HELP_SEARCH_INDEX.fields],
    storeFields: [],
  });
  index.addAll(passages);

  return {
    retrieve(question, limit = 3) {
      const terms = meaningfulTerms(question);
      if (terms.length === 0) return [];
      return index
        .search(terms.join(' '))
        .filter((result) => answers(result, terms))
        .slice(0, limit)
        .flatMap((result) => {
          const passage = byId.get(String(result.id));
          return passage ? [{ ...passage, score: result.score }] : [];
        });
    },
  };
}
