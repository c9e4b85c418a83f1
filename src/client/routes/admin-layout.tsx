import {
  ArrowLeft,
  BadgeDollarSign,
  Inbox,
  KeyRound,
  Languages,
  Link2,
  Users,
  ScrollText,
  TicketPercent,
  ShieldAlert,
  ShoppingBag,
  LayoutDashboard,
} from 'lucide-react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { ADMIN_PAGES } from '../../domain/admin';
import { AUTH_HREF } from '../../domain/site-map';
import { PageSkeleton } from '~/components/layout/page-skeleton';
import { SiteLogo } from '~/components/layout/site-logo';
import { ThemeToggle } from '~/components/layout/theme-toggle';
import { Alert, AlertDescription, AlertTitle } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { cn } from '~/lib/cn';
import { useMe } from '~/features/auth/api/get-me';
import { CONTENT_FIRST } from '~/lib/page-data';

const SECTIONS = [
  { href: ADMIN_PAGES.overview, label: 'Overview', icon: LayoutDashboard, end: true },
  { href: ADMIN_PAGES.orders, label: 'Orders', icon: ShoppingBag, end: false },
  { href: ADMIN_PAGES.aliases, label: 'Aliases', icon: Languages, end: false },
  { href: ADMIN_PAGES.autoLinker, label: 'Auto-linker', icon: Link2, end: false },
  { href: ADMIN_PAGES.pricing, label: 'Pricing', icon: BadgeDollarSign, end: false },
  { href: ADMIN_PAGES.coupons, label: 'Coupons', icon: TicketPercent, end: false },
  { href: ADMIN_PAGES.licenses, label: 'Licenses', icon: KeyRound, end: false },
  { href: ADMIN_PAGES.users, label: 'Accounts', icon: Users, end: false },
  { href: ADMIN_PAGES.inbox, label: 'Inbox', icon: Inbox, end: false },
  { href: ADMIN_PAGES.audit, label: 'Audit log', icon: ScrollText, end: false },
] as const;

// Every admin page's loader hands its first data over with the answer (ADR 102); who may see the
// area comes with the store's frame.
export const handle = CONTENT_FIRST;

/** Why the admin area is not shown: signed out, or signed in without the admin role (the server says the same). */
function NoAccess({ signedIn }: { readonly signedIn: boolean }) {
  const { pathname } = useLocation();
  return (
    <div className="mx-auto w-full max-w-lg px-4 py-16">
      <Alert variant="destructive">
        <ShieldAlert aria-hidden />
        <AlertTitle>{signedIn ? 'You do not have access to this.' : 'Please sign in to continue.'}</AlertTitle>
        <AlertDescription>
          {signedIn
            ? 'The admin area is for the store’s administrators. Your account does not have the admin role.'
            : 'The admin area is for the store’s administrators. Sign in with an admin account.'}
        </AlertDescription>
      </Alert>
      <div className="mt-6 flex flex-wrap gap-3">
        {signedIn ? null : (
          <Button asChild>
            <Link to={`${AUTH_HREF}?redirectTo=${encodeURIComponent(pathname)}`}>Sign In</Link>
          </Button>
        )}
        <Button asChild variant="outline">
          <Link to="/">
            <ArrowLeft aria-hidden />
            Back to the store
          </Link>
        </Button>
      </div>
    </div>
  );
}

/** The admin area's own frame (no store header or footer, spec section 2): its sections and the page. */
export default function AdminLayout() {
  const me = useMe();
  if (me.isPending) return <PageSkeleton />;
  if (!me.data?.user || !me.data.isAdmin) {
    return <NoAccess signedIn={Boolean(me.data?.user)} />;
  }
  return (
    <div className="flex flex-1 flex-col">
      <header className="border-b border-border bg-background">
        <div className="mx-auto flex w-full max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3 sm:px-6">
          <div className="flex items-center gap-2">
            <SiteLogo />
            <span className="rounded-md bg-primary/10 px-2 py-0.5 text-sm font-semibold text-primary">Admin</span>
          </div>
          <nav aria-label="Admin sections" className="order-last w-full sm:order-none sm:w-auto">
            <ul className="flex flex-wrap gap-1">
              {SECTIONS.map(({ href, label, icon: Icon, end }) => (
                <li key={href}>
                  <NavLink
                    to={href}
                    end={end}
                    className={({ isActive }) =>
                      cn(
                        'inline-flex h-9 items-center gap-2 rounded-md px-3 text-sm font-medium whitespace-nowrap outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/60',
                        isActive && 'bg-accent text-accent-foreground',
                      )
                    }
                  >
                    <Icon aria-hidden className="size-4" />
                    {label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="ml-auto flex items-center gap-2">
            <span className="hidden text-sm text-muted-foreground md:inline">{me.data.user.email}</span>
            <ThemeToggle />
            <Button asChild variant="outline" size="sm">
              <Link to="/">Back to the store</Link>
            </Button>
          </div>
        </div>
      </header>
      <div className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 sm:px-6">
        <Outlet />
      </div>
    </div>
  );
}
