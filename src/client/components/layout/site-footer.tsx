import { CreditCard, Headset, Lock, MapPinned, Youtube } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CONTACT_SUPPORT_HREF, FOOTER_COLUMNS } from '../../../domain/site-map';
import { FOOTER_TRUST_BADGES, SOCIAL_LINKS, STORE, copyrightLine, youtubeChannel } from '../../../domain/store-config';
import { Button } from '~/components/ui/button';
import { Separator } from '~/components/ui/separator';
import { SiteLogo } from './site-logo';
import { SocialIcon } from './social-icon';

const BADGE_ICONS = [Lock, CreditCard, MapPinned] as const;

/** Spec section 2 "Footer"; the layout passes in the newsletter signup (a feature). */
export function SiteFooter({
  newsletter,
  reportBug,
}: { readonly newsletter?: ReactNode; readonly reportBug?: ReactNode } = {}) {
  const youtube = youtubeChannel();
  return (
    <footer className="border-t border-border bg-muted/40">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2.4fr)] lg:gap-12">
        <div className="flex flex-col items-start gap-4">
          <SiteLogo />
          <p className="max-w-xs text-sm text-muted-foreground">{STORE.tagline}.</p>
          <div className="flex flex-wrap items-center gap-2">
            <Button asChild variant="outline" size="sm">
              <Link to={CONTACT_SUPPORT_HREF}>
                <Headset aria-hidden />
                Contact Support
              </Link>
            </Button>
            {reportBug}
          </div>
          {SOCIAL_LINKS.length > 0 ? (
            <ul className="flex items-center gap-1" aria-label="Follow us">
              {SOCIAL_LINKS.map((social) => (
                <li key={social.href}>
                  <a
                    href={social.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`${STORE.name} on ${social.label}`}
                    className="inline-flex size-10 items-center justify-center rounded-md text-muted-foreground transition-colors outline-none hover:bg-accent hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60"
                  >
                    <SocialIcon network={social.label} className="size-5" />
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
          {youtube ? (
            <a
              href={youtube.href}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-2 rounded-md text-sm font-medium text-foreground underline-offset-4 hover:underline"
            >
              <Youtube aria-hidden className="size-5 text-red-600 dark:text-red-400" />
              {`${youtube.subscribers} YouTube subscribers`}
            </a>
          ) : null}
          {newsletter}
        </div>

        <nav aria-label="Footer" className="grid grid-cols-2 gap-8 sm:grid-cols-3">
          {FOOTER_COLUMNS.map((column) => (
            <div key={column.title}>
              <h2 className="text-sm font-semibold text-foreground">{column.title}</h2>
              <ul className="mt-4 grid gap-1">
                {column.links.map((link) => (
                  <li key={`${column.title}-${link.href}`}>
                    <Link
                      to={link.href}
                      prefetch="intent"
                      className="inline-block rounded-sm py-1 text-sm text-muted-foreground transition-colors hover:text-foreground"
                    >
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </div>

      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <Separator />
        <div className="flex flex-col gap-4 pt-6 pb-20 md:flex-row md:items-center md:justify-between">
          <ul className="flex flex-wrap gap-x-6 gap-y-2" aria-label="Why shop with us">
            {FOOTER_TRUST_BADGES.map((badge, index) => {
              const Icon = BADGE_ICONS[index] ?? Lock;
              return (
                <li key={badge} className="inline-flex items-center gap-2 text-sm font-medium text-foreground">
                  <Icon aria-hidden className="size-4 text-success-foreground" />
                  {badge}
                </li>
              );
            })}
          </ul>
          <p className="text-sm text-muted-foreground">{copyrightLine(new Date().getFullYear())}</p>
        </div>
      </div>
    </footer>
  );
}
