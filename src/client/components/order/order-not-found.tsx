import { LifeBuoy, LogIn, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { ORDER_NOT_FOUND_TEXT, ORDER_NOT_FOUND_TITLE } from '../../../domain/esim-receipt';
import { AUTH_HREF, CONTACT_SUPPORT_HREF } from '../../../domain/site-map';
import { Button } from '~/components/ui/button';

/**
 * An order or receipt link without a matching order and token: the same answer whether the order
 * exists or not. Sign In comes back to this link; `onward` is the page's own way on.
 */
export function OrderNotFound({
  onward,
}: {
  onward: { readonly to: string; readonly label: string; readonly icon: ReactNode };
}) {
  const { pathname, search } = useLocation();
  const signIn = `${AUTH_HREF}?${new URLSearchParams({ redirectTo: `${pathname}${search}` }).toString()}`;
  return (
    <div className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-4 py-16 text-center sm:py-24">
      <span className="flex size-16 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <SearchX aria-hidden className="size-8" />
      </span>
      <h1 className="mt-5 text-3xl font-bold tracking-tight">{ORDER_NOT_FOUND_TITLE}</h1>
      <p className="mt-3 text-muted-foreground">{ORDER_NOT_FOUND_TEXT}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to={signIn}>
            <LogIn aria-hidden />
            Sign In
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={CONTACT_SUPPORT_HREF}>
            <LifeBuoy aria-hidden />
            Contact Support
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={onward.to}>
            {onward.icon}
            {onward.label}
          </Link>
        </Button>
      </div>
    </div>
  );
}
