import { ExternalLink as ExternalLinkIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '~/lib/cn';

/** A store page opened in a new tab, so the half-filled unlock form stays as it is. */
export function NewTabLink({ href, children, className }: { href: string; children: ReactNode; className?: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener"
      className={cn(
        'inline-flex items-center gap-1 font-medium text-primary underline underline-offset-4 hover:no-underline focus-visible:rounded-sm focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none',
        className,
      )}
    >
      {children}
      <ExternalLinkIcon aria-hidden className="size-3.5 shrink-0" />
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
