import { LayoutDashboard, LogOut, ShieldCheck } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { ADMIN_HREF, AUTH_HREF, DASHBOARD_HREF, isActiveLink } from '../../../domain/site-map';
import { Button } from '~/components/ui/button';
import { Skeleton } from '~/components/ui/skeleton';
import { cn } from '~/lib/cn';
import type { SessionView } from './session-view';

interface AccountEntriesProps {
  readonly session: SessionView;
  readonly onSignOut: () => void;
  readonly signingOut: boolean;
  readonly layout: 'row' | 'stack';
}

/** Sign In and Sign Up for visitors; Dashboard, Sign Out (and Admin for admins) once signed in. */
export function AccountEntries({ session, onSignOut, signingOut, layout }: AccountEntriesProps) {
  const { pathname } = useLocation();
  const current = (href: string) => (isActiveLink(pathname, href) ? ('page' as const) : undefined);
  const stacked = layout === 'stack';
  const wrapper = cn('flex', stacked ? 'flex-col gap-2' : 'items-center gap-2');
  const size = stacked ? 'lg' : 'sm';
  const width = stacked ? 'w-full' : undefined;

  if (session.status === 'loading') {
    return (
      <div className={wrapper} role="status" aria-label="Checking your session">
        <Skeleton className={stacked ? 'h-11 w-full' : 'h-9 w-20'} />
        <Skeleton className={stacked ? 'h-11 w-full' : 'h-9 w-24'} />
      </div>
    );
  }

  if (session.status === 'signed-out') {
    return (
      <div className={wrapper}>
        <Button asChild variant="ghost" size={size} className={cn(width, stacked && 'border border-border')}>
          <Link to={AUTH_HREF} prefetch="intent">
            Sign In
          </Link>
        </Button>
        <Button asChild size={size} className={width}>
          <Link to={`${AUTH_HREF}?mode=signup`} prefetch="intent">
            Sign Up
          </Link>
        </Button>
      </div>
    );
  }

  return (
    <div className={wrapper}>
      {session.isAdmin ? (
        <Button asChild variant="ghost" size={size} className={cn(width, stacked && 'justify-start')}>
          <Link to={ADMIN_HREF} prefetch="intent" aria-current={current(ADMIN_HREF)}>
            <ShieldCheck aria-hidden />
            Admin
          </Link>
        </Button>
      ) : null}
      <Button
        asChild
        variant={stacked ? 'ghost' : 'outline'}
        size={size}
        className={cn(width, stacked && 'justify-start')}
      >
        <Link to={DASHBOARD_HREF} prefetch="intent" aria-current={current(DASHBOARD_HREF)}>
          <LayoutDashboard aria-hidden />
          Dashboard
        </Link>
      </Button>
      <Button
        variant="ghost"
        size={size}
        className={cn(width, stacked && 'justify-start')}
        onClick={onSignOut}
        disabled={signingOut}
      >
        <LogOut aria-hidden />
        Sign Out
      </Button>
    </div>
  );
}
