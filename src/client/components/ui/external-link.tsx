import { ExternalLink as ExternalLinkIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '~/lib/cn';

/** A link to another site: opens in a new tab and says so to screen readers and with an icon. */
export function ExternalLink({
  children,
  className,
  showIcon = true,
  ...props
}: Omit<ComponentProps<'a'>, 'target' | 'rel'> & { showIcon?: boolean }) {
  return (
    <a target="_blank" rel="noopener noreferrer" className={cn('group', className)} {...props}>
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
      {showIcon ? <ExternalLinkIcon aria-hidden className="size-3.5 shrink-0 opacity-70" /> : null}
    </a>
  );
}
