import { LockOpen } from 'lucide-react';
import { Link } from 'react-router';
import { STORE } from '../../../domain/store-config';
import { cn } from '~/lib/cn';

export function SiteLogo({ className }: { className?: string }) {
  return (
    <Link
      to="/"
      prefetch="intent"
      className={cn(
        'inline-flex items-center gap-2 rounded-md text-lg font-bold tracking-tight text-foreground',
        className,
      )}
    >
      <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground shadow-sm">
        <LockOpen aria-hidden className="size-4.5" strokeWidth={2.5} />
      </span>
      {STORE.name}
    </Link>
  );
}
