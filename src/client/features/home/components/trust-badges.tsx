import { BadgeDollarSign, Globe, Headset, ShieldCheck, Star, Users, Youtube, type LucideIcon } from 'lucide-react';
import { CLAIMS, EXTERNAL_LINKS, STORE, youtubeChannel, SUPPORT_CLAIM } from '../../../../domain/store-config';
import { ExternalLink } from '~/components/ui/external-link';

interface TrustBadge {
  readonly icon: LucideIcon;
  readonly iconClass: string;
  readonly value: string;
  readonly label: string;
  readonly href?: string;
}

const channel = youtubeChannel();

/** The channel's subscribers once the store has a channel; until then the money-back promise takes its place. */
const SECOND_BADGE: TrustBadge = channel
  ? {
      icon: Youtube,
      iconClass: 'text-red-600 dark:text-red-400',
      value: `${channel.subscribers} subscribers`,
      label: 'on our YouTube channel',
      href: channel.href,
    }
  : {
      icon: BadgeDollarSign,
      iconClass: 'text-success-foreground',
      value: `${CLAIMS.moneyBack} money back`,
      label: 'if your phone cannot be unlocked',
    };

// Spec section 1 "Home page claims"; every figure comes from CLAIMS.
const BADGES: readonly TrustBadge[] = [
  {
    icon: Star,
    iconClass: 'fill-amber-400 text-amber-500',
    value: `${CLAIMS.reviewRating}/5 on ${EXTERNAL_LINKS.reviewSite.label}`,
    label: `from ${CLAIMS.reviewCountText} reviews`,
    href: EXTERNAL_LINKS.reviewSite.href,
  },
  SECOND_BADGE,
  {
    icon: Users,
    iconClass: 'text-primary',
    value: `${CLAIMS.users} users`,
    label: `trust ${STORE.name}`,
  },
  {
    icon: Globe,
    iconClass: 'text-primary',
    value: `${CLAIMS.networks} networks`,
    label: `and ${CLAIMS.models} models`,
  },
  {
    icon: ShieldCheck,
    iconClass: 'text-success-foreground',
    value: 'Safe and legal',
    label: 'factory unlock, warranty kept',
  },
  {
    icon: Headset,
    iconClass: 'text-primary',
    value: SUPPORT_CLAIM,
    label: 'from a person, every day, with live tracking',
  },
];

function BadgeBody({ badge }: { badge: TrustBadge }) {
  const Icon = badge.icon;
  return (
    <>
      <span className="hidden size-9 shrink-0 items-center justify-center rounded-lg bg-background shadow-xs ring-1 ring-border min-[420px]:flex">
        <Icon aria-hidden className={`size-4.5 ${badge.iconClass}`} />
      </span>
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="text-sm font-semibold text-foreground">{badge.value}</span>
        <span className="text-xs text-muted-foreground">{badge.label}</span>
      </span>
    </>
  );
}

/** The hero's trust badges; the review and video ones link to those sites in a new tab. */
export function TrustBadges() {
  return (
    <ul aria-label="Why customers trust us" className="grid w-full grid-cols-2 gap-2 sm:gap-2.5 xl:grid-cols-3">
      {BADGES.map((badge) => (
        <li key={badge.value}>
          {badge.href ? (
            <ExternalLink
              href={badge.href}
              className="flex h-full items-center gap-3 rounded-lg border border-border bg-card/70 p-2.5 sm:p-3 transition-colors outline-none hover:border-primary/40 hover:bg-card focus-visible:ring-[3px] focus-visible:ring-ring/60"
            >
              <BadgeBody badge={badge} />
            </ExternalLink>
          ) : (
            <div className="flex h-full items-center gap-3 rounded-lg border border-border bg-card/70 p-2.5 sm:p-3">
              <BadgeBody badge={badge} />
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
