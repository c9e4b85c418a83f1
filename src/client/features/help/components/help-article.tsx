import type { ReactNode } from 'react';
import { ChevronRight } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import type { HelpArticleSlug } from '../../../../domain/help';
import { SUPPORT_HREF } from '../../../../domain/site-map';
import { helpArticle, helpArticles } from '../articles';
import { ArticleMarkdown } from './article-markdown';
import { ContactRoutes } from './contact-routes';
import { HelpSection } from './help-section';
import { TopicIcon } from './topic-icon';

/** One help article: its sections with anchors, the other topics and the ways to reach us. */
export function HelpArticlePage({ slug, contact }: { slug: HelpArticleSlug; contact: ReactNode }) {
  const article = helpArticle(slug);
  const others = helpArticles().filter((other) => other.slug !== slug);
  const { hash } = useLocation();

  // A link from the search, the assistant or another page to one section lands on it.
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-12">
      <nav aria-label="Breadcrumb" className="text-sm text-muted-foreground">
        <ol className="flex items-center gap-1">
          <li>
            <Link to={SUPPORT_HREF} className="hover:text-foreground hover:underline">
              Help Center
            </Link>
          </li>
          <li aria-hidden>
            <ChevronRight className="size-4" />
          </li>
          <li aria-current="page" className="text-foreground">
            {article.topic}
          </li>
        </ol>
      </nav>
      <h1 className="mt-4 text-3xl font-bold tracking-tight">{article.title}</h1>
      <ArticleMarkdown markdown={article.intro} className="mt-3 text-lg" />
      <nav aria-label="In this article" className="mt-6">
        <ul className="flex flex-wrap gap-2">
          {article.sections.map((section) => (
            <li key={section.id}>
              <a
                href={`#${section.id}`}
                className="inline-flex rounded-full border border-border px-3 py-1 text-sm hover:bg-accent"
              >
                {section.heading}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-10 grid gap-10">
        {article.sections.map((section) => (
          <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`} className="scroll-mt-32">
            <h2 id={`${section.id}-heading`} className="text-xl font-semibold">
              {section.heading}
            </h2>
            <ArticleMarkdown markdown={section.markdown} className="mt-3" />
          </section>
        ))}
      </div>
      <HelpSection id="other-topics" title="Other help topics">
        <ul className="mt-4 grid gap-3 sm:grid-cols-3">
          {others.map((other) => (
            <li key={other.slug}>
              <Link
                to={other.href}
                className="flex h-full items-center gap-3 rounded-xl border border-border bg-card p-4 font-medium hover:border-primary/60 hover:bg-accent"
              >
                <TopicIcon slug={other.slug} className="size-5 shrink-0 text-primary" />
                {other.topic}
              </Link>
            </li>
          ))}
        </ul>
      </HelpSection>
      <ContactRoutes contact={contact} />
    </div>
  );
}
