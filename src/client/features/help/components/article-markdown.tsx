import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { markdownHtml } from '../articles';
import { cn } from '~/lib/cn';

const PROSE =
  'grid gap-3 leading-relaxed text-muted-foreground [&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4 [&_li]:pl-1 [&_ol]:grid [&_ol]:list-decimal [&_ol]:gap-2 [&_ol]:pl-6 [&_strong]:text-foreground [&_ul]:grid [&_ul]:list-disc [&_ul]:gap-2 [&_ul]:pl-6';

/** Markdown of a help article; links to the store's own pages move within the app. */
export function ArticleMarkdown({ markdown, className }: { markdown: string; className?: string }) {
  const navigate = useNavigate();

  function followInternalLink(event: MouseEvent<HTMLDivElement>) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    const link = (event.target as HTMLElement).closest('a');
    const href = link?.getAttribute('href');
    if (!href?.startsWith('/')) return;
    event.preventDefault();
    void navigate(href);
  }

  return (
    // The click only hands same-site links to the router; the links themselves stay keyboard-reachable.
    <div
      className={cn(PROSE, className)}
      onClick={followInternalLink}
      dangerouslySetInnerHTML={{ __html: markdownHtml(markdown) }}
    />
  );
}
