import type { ReactNode } from 'react';
import { AccountEntries } from './account-entries';
import { MobileMenu } from './mobile-menu';
import { NavLinks } from './nav-links';
import type { SessionView } from './session-view';
import { SiteLogo } from './site-logo';
import { ThemeToggle } from './theme-toggle';

interface SiteHeaderProps {
  /** The eSIM cart button, on the paths that show it. */
  readonly cart?: ReactNode;
  readonly session: SessionView;
  readonly onSignOut: () => void;
  readonly signingOut: boolean;
}

/**
 * Spec section 2 "Header". From lg the eight links get their own row under the logo and account
 * entries (one row cannot hold them with every font and session state); below lg they live in the
 * mobile menu.
 */
export function SiteHeader({ cart, session, onSignOut, signingOut }: SiteHeaderProps) {
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/90 backdrop-blur-md supports-[backdrop-filter]:bg-background/75">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 px-4 sm:px-6">
        <div className="flex h-16 items-center">
          <SiteLogo />
        </div>
        <nav
          aria-label="Main"
          className="order-last -mx-2.5 hidden w-[calc(100%+1.25rem)] border-t border-border py-1.5 lg:block"
        >
          <NavLinks orientation="horizontal" />
        </nav>
        <div className="ml-auto flex h-16 items-center gap-1.5">
          {cart}
          <ThemeToggle />
          <div className="hidden lg:block">
            <AccountEntries layout="row" session={session} onSignOut={onSignOut} signingOut={signingOut} />
          </div>
          <div className="lg:hidden">
            <MobileMenu session={session} onSignOut={onSignOut} signingOut={signingOut} />
          </div>
        </div>
      </div>
    </header>
  );
}
