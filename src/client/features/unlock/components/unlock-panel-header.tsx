import { Clock, LockKeyhole, MailCheck, Star, type LucideIcon } from 'lucide-react';
import { CLAIMS, unlockPanelClaims } from '../../../../domain/store-config';
import { UNLOCK_PANEL_TITLE } from '../../../../domain/unlock-panel';
import { Badge } from '~/components/ui/badge';

type PanelClaim = keyof ReturnType<typeof unlockPanelClaims>;

const CLAIM_ICONS: Record<PanelClaim, LucideIcon> = {
  delivery: Clock,
  securePayment: LockKeyhole,
  instantConfirmation: MailCheck,
};

interface UnlockPanelHeaderProps {
  readonly titleId: string;
  /** The priced quote's guarantee, which the delivery claim states; null before a price. */
  readonly guaranteedHours: number | null;
}

/** The panel's title 'Start Your Unlock' with its rating badge and three claims (spec section 1). */
export function UnlockPanelHeader({ titleId, guaranteedHours }: UnlockPanelHeaderProps) {
  const claims = unlockPanelClaims(guaranteedHours);
  const panelClaims = (Object.keys(claims) as PanelClaim[]).map((claim) => ({
    claim,
    text: claims[claim],
    Icon: CLAIM_ICONS[claim],
  }));
  return (
    <div className="grid gap-2.5 border-b border-border px-5 py-4 sm:px-6">
      <div className="flex items-center justify-between gap-3">
        <h2 id={titleId} className="text-xl font-bold tracking-tight outline-none">
          {UNLOCK_PANEL_TITLE}
        </h2>
        <Badge variant="outline" className="gap-1 px-2.5 py-1 text-sm">
          <Star aria-hidden className="fill-amber-400 text-amber-500" />
          <span>
            <span className="sr-only">Rated </span>
            {CLAIMS.panelRating}
          </span>
        </Badge>
      </div>
      <ul className="flex justify-between gap-3 text-center text-xs leading-tight text-muted-foreground">
        {panelClaims.map(({ claim, text, Icon }) => (
          <li key={claim} className="flex flex-col items-center gap-1 text-balance">
            <Icon aria-hidden className="size-4 shrink-0 text-primary" />
            {text}
          </li>
        ))}
      </ul>
    </div>
  );
}
