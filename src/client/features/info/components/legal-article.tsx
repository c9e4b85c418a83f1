import { Mail } from 'lucide-react';
import type { MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatCalendarDate } from '../../../../domain/display';
import { LEGAL_TEXTS_UPDATED, type InfoPage } from '../../../../domain/info-pages';
import { CONTACT_SUPPORT_HREF } from '../../../../domain/site-map';
import { STORE, SUPPORT_PROMISE } from '../../../../domain/store-config';
import { Button } from '~/components/ui/button';

interface LegalSection {
  readonly id: string;
  readonly title: string;
}

export interface LegalArticleProps {
  readonly page: InfoPage;
  /** The page's text as HTML, rendered from the repository's Markdown when the site was built. */
  readonly html: string;
  readonly sections: readonly LegalSection[];
}

// Element styles for the rendered Markdown, kept here rather than in a typography plugin.
const ARTICLE_CLASSES = [
  'leading-relaxed text-muted-foreground',
  '[&_h2]:mt-12 [&_h2]:scroll-mt-28 [&_h2]:text-2xl [&_h2]:font-semibold [&_h2]:tracking-tight [&_h2]:text-foreground',
  '[&_h3]:mt-8 [&_h3]:scroll-mt-28 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-foreground',
  '[&_p]:mt-4 [&_ul]:mt-4 [&_ol]:mt-4 [&_ul]:grid [&_ol]:grid [&_ul]:gap-2 [&_ol]:gap-2',
  '[&_ul]:list-disc [&_ol]:list-decimal [&_ul]:pl-6 [&_ol]:pl-6 [&_li]:pl-1',
  '[&_strong]:font-semibold [&_strong]:text-foreground',
  '[&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4 [&_a]:decoration-primary/40 hover:[&_a]:decoration-primary',
  '[&_table]:mt-4 [&_table]:w-full [&_table]:border-collapse [&_table]:text-sm',
  '[&_th]:border-b [&_th]:border-border [&_th]:py-2 [&_th]:pr-4 [&_th]:text-left [&_th]:align-bottom [&_th]:font-semibold [&_th]:text-foreground',
  '[&_td]:border-b [&_td]:border-border [&_td]:py-2 [&_td]:pr-4 [&_td]:align-top',
  // Below `sm` a table's rows become labelled cards: four columns of text cannot fit a phone.
  'max-sm:[&_table]:block max-sm:[&_tbody]:grid max-sm:[&_tbody]:gap-3 max-sm:[&_thead]:sr-only',
  'max-sm:[&_tr]:grid max-sm:[&_tr]:gap-2 max-sm:[&_tr]:rounded-lg max-sm:[&_tr]:border max-sm:[&_tr]:border-border max-sm:[&_tr]:bg-card max-sm:[&_tr]:p-4',
  'max-sm:[&_td]:block max-sm:[&_td]:border-0 max-sm:[&_td]:p-0',
  'max-sm:[&_td]:before:block max-sm:[&_td]:before:text-xs max-sm:[&_td]:before:font-semibold max-sm:[&_td]:before:text-foreground max-sm:[&_td]:before:content-[attr(data-label)]',
  '[&_blockquote]:mt-4 [&_blockquote]:border-l-4 [&_blockquote]:border-primary/40 [&_blockquote]:pl-4',
].join(' ');

/** The store's own links inside the text move within the app instead of reloading the page. */
function useInAppLinks() {
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLElement>) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    const anchor = (event.target as HTMLElement).closest('a');
    const href = anchor?.getAttribute('href');
    if (!href?.startsWith('/') || href.startsWith('//') || anchor?.target) return;
    event.preventDefault();
    void navigate(href);
  };
}

/** A legal or information page: heading, last change, contents, the text and how to ask about it. */
export function LegalArticle({ page, html, sections }: LegalArticleProps) {
  const followInAppLink = useInAppLinks();
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <header className="border-b border-border pb-8">
        <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{page.heading}</h1>
        <p className="mt-4 text-sm text-muted-foreground">
          Last updated <time dateTime={LEGAL_TEXTS_UPDATED}>{formatCalendarDate(LEGAL_TEXTS_UPDATED)}</time>
        </p>
      </header>
      {sections.length > 2 ? (
        <nav aria-labelledby="on-this-page" className="mt-8 rounded-xl border border-border bg-card p-5 sm:p-6">
          <h2 id="on-this-page" className="text-sm font-semibold text-foreground">
            On this page
          </h2>
          <ol className="mt-3 gap-x-6 text-sm sm:columns-2">
            {sections.map((section) => (
              <li key={section.id} className="break-inside-avoid py-0.5">
                <a
                  href={`#${section.id}`}
                  className="rounded-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
                >
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      {/* The text is the store's own Markdown from the repository, rendered at build time. */}
      <article className={ARTICLE_CLASSES} onClick={followInAppLink} dangerouslySetInnerHTML={{ __html: html }} />
      <aside
        aria-labelledby="questions-title"
        className="mt-14 flex flex-col gap-4 rounded-xl border border-border bg-card p-6 sm:flex-row sm:items-center sm:justify-between"
      >
        <div>
          <h2 id="questions-title" className="font-semibold text-foreground">
            Questions about this page?
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">{SUPPORT_PROMISE}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <a href={`mailto:${STORE.supportEmail}`}>
              <Mail aria-hidden />
              {STORE.supportEmail}
            </a>
          </Button>
          <Button asChild>
            <Link to={CONTACT_SUPPORT_HREF}>Help Center</Link>
          </Button>
        </div>
      </aside>
    </div>
  );
}
