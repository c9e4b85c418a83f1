import { Link, useLocation } from 'react-router';
import { HEADER_LINKS, isActiveLink } from '../../../domain/site-map';
import { cn } from '~/lib/cn';

/**
 * The header's eight links with the active one marked; used on desktop and in the mobile menu. Each
 * page's code is fetched on intent (hover, focus, touch), so a click shows it at once (issue 28).
 */
export function NavLinks({ orientation }: { orientation: 'horizontal' | 'vertical' }) {
  const { pathname } = useLocation();
  const vertical = orientation === 'vertical';
  return (
    <ul className={cn('flex', vertical ? 'flex-col gap-1' : 'flex-wrap items-center gap-0.5')}>
      {HEADER_LINKS.map((link) => {
        const active = isActiveLink(pathname, link.href);
        return (
          <li key={link.href}>
            <Link
              to={link.href}
              prefetch="intent"
              aria-current={active ? 'page' : undefined}
              className={cn(
                'block rounded-md font-medium whitespace-nowrap transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60',
                vertical ? 'px-3 py-2.5 text-base' : 'px-2.5 py-2 text-sm',
                active
                  ? 'bg-accent text-accent-foreground'
                  : 'text-muted-foreground hover:bg-accent/60 hover:text-foreground',
              )}
            >
              {link.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
