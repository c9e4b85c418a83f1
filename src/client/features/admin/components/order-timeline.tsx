import { CreditCard, Headset, Mail, ShieldCheck, Truck, Workflow } from 'lucide-react';
import { Link } from 'react-router';
import { supportInboxHref, type TimelineEntry } from '../../../../domain/admin';
import { Button } from '~/components/ui/button';
import { When } from './order-cells';

const ICONS = {
  state: Workflow,
  audit: ShieldCheck,
  email: Mail,
  supplier: Truck,
  payment: CreditCard,
  support: Headset,
} as const;

interface OrderTimelineProps {
  readonly entries: readonly TimelineEntry[];
  /** Resend an email entry; absent when the order offers no resend. */
  readonly onResend?: (mailId: number) => void;
  readonly resending: boolean;
}

/** State changes, admin actions, emails, supplier exchanges, payment events and support conversations in one list, newest first, each with who did it. */
export function OrderTimeline({ entries, onResend, resending }: OrderTimelineProps) {
  return (
    <ol aria-label="Timeline, newest first" className="grid gap-0">
      {entries.map((entry, index) => {
        const Icon = ICONS[entry.type];
        return (
          <li
            key={`${entry.type}-${entry.at}-${index}`}
            className="flex gap-3 border-l border-border pb-5 pl-4 last:pb-0"
          >
            <Icon aria-hidden className="-ml-[27px] size-5 shrink-0 rounded-full bg-background p-0.5 text-primary" />
            <div className="grid min-w-0 flex-1 gap-0.5">
              <p className="font-medium">
                {entry.conversation_id ? (
                  <Link
                    className="text-primary underline-offset-4 hover:underline"
                    to={supportInboxHref(entry.conversation_id)}
                  >
                    {entry.title}
                  </Link>
                ) : (
                  entry.title
                )}
              </p>
              {entry.detail ? <p className="text-sm break-words text-muted-foreground">{entry.detail}</p> : null}
              <p className="text-xs text-muted-foreground">
                <When at={entry.at} /> · {entry.actor}
              </p>
              {entry.type === 'email' && entry.mail_id !== null && onResend ? (
                <Button
                  variant="outline"
                  size="sm"
                  className="mt-1 justify-self-start"
                  disabled={resending}
                  onClick={() => entry.mail_id !== null && onResend(entry.mail_id)}
                  aria-label={`Resend ${entry.title.replace(/^Email: /, '')}`}
                >
                  Resend
                </Button>
              ) : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
