import type { ReactNode } from 'react';
import { ArrowRight, Search } from 'lucide-react';
import { useDeferredValue, useId, useState } from 'react';
import { Link } from 'react-router';
import { HELP_TEXTS, MOST_ASKED_QUESTIONS, sectionHref } from '../../../../domain/help';
import { helpArticle, helpArticles } from '../articles';
import { useHelpSearch } from '../use-help-search';
import { ContactRoutes } from './contact-routes';
import { HelpSection } from './help-section';
import { TopicIcon } from './topic-icon';
import { Input } from '~/components/ui/input';

function SearchResults({ query }: { query: string }) {
  const results = useHelpSearch(query);
  if (query.trim() === '') return null;
  return (
    <>
      <p role="status" className="mt-3 text-sm text-muted-foreground">
        {results.length === 0
          ? HELP_TEXTS.noResults(query.trim())
          : `${results.length} ${results.length === 1 ? 'answer' : 'answers'} found`}
      </p>
      {results.length > 0 && (
        <ul aria-label="Search results" className="mt-3 grid gap-2">
          {results.map((result) => (
            <li key={result.id}>
              <Link
                to={result.href}
                className="block rounded-lg border border-border bg-card p-4 hover:border-primary/60 hover:bg-accent"
              >
                <span className="block font-semibold">{result.heading}</span>
                <span className="mt-0.5 block text-xs font-medium text-primary">{result.articleTitle}</span>
                <span className="mt-1.5 block text-sm text-muted-foreground">{result.excerpt}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** /support and /help: search as you type, topic cards, the most asked questions and the ways to reach us. */
export function HelpCentre({ contact }: { contact: ReactNode }) {
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const searchId = useId();
  const articles = helpArticles();

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-10 sm:px-6 sm:py-12">
      <div className="mx-auto max-w-2xl text-center">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{HELP_TEXTS.title}</h1>
        <p className="mt-3 text-lg text-muted-foreground">{HELP_TEXTS.lead}</p>
      </div>
      <div role="search" className="mx-auto mt-8 max-w-2xl">
        <label htmlFor={searchId} className="sr-only">
          {HELP_TEXTS.searchLabel}
        </label>
        <div className="relative">
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id={searchId}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={HELP_TEXTS.searchPlaceholder}
            autoComplete="off"
            className="h-12 pl-10 text-base md:text-base"
          />
        </div>
        <SearchResults query={deferredQuery} />
      </div>

      <HelpSection id="topics" title={HELP_TEXTS.topicsTitle}>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {articles.map((article) => (
            <li key={article.slug}>
              <Link
                to={article.href}
                className="group flex h-full gap-4 rounded-xl border border-border bg-card p-5 transition-colors hover:border-primary/60 hover:bg-accent"
              >
                <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
                  <TopicIcon slug={article.slug} className="size-5" />
                </span>
                <span>
                  <span className="flex items-center gap-1 font-semibold">
                    {article.topic}
                    <ArrowRight aria-hidden className="size-4 transition-transform group-hover:translate-x-0.5" />
                  </span>
                  <span className="mt-1 block text-sm text-muted-foreground">{article.summary}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </HelpSection>

      <HelpSection id="most-asked" title={HELP_TEXTS.mostAskedTitle}>
        <ul className="mt-4 divide-y divide-border rounded-xl border border-border bg-card">
          {MOST_ASKED_QUESTIONS.map(({ slug, section: id }) => {
            const article = helpArticle(slug);
            const section = article.sections.find((candidate) => candidate.id === id);
            if (!section) return null;
            return (
              <li key={`${slug}#${id}`}>
                <Link
                  to={sectionHref(article, section)}
                  className="flex items-center justify-between gap-4 px-5 py-4 hover:bg-accent"
                >
                  <span>
                    <span className="block font-medium">{section.heading}</span>
                    <span className="block text-sm text-muted-foreground">{article.topic}</span>
                  </span>
                  <ArrowRight aria-hidden className="size-4 shrink-0 text-muted-foreground" />
                </Link>
              </li>
            );
          })}
        </ul>
      </HelpSection>

      <ContactRoutes contact={contact} />
    </div>
  );
}
