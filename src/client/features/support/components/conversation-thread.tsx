import { Mail, MessageSquare } from 'lucide-react';
import { STORE } from '../../../../domain/store-config';
import type { SupportMessage } from '../../../../domain/support-conversations';
import { cn } from '~/lib/cn';
import { formatDateTime, useTimeZoneShown } from '~/lib/time-format';

interface ConversationThreadProps {
  readonly messages: readonly SupportMessage[];
  /** How the customer is named: "You" on their page, their address in the admin inbox. */
  readonly customer: string;
  readonly label: string;
}

/** The messages of a conversation, oldest first, each with who wrote it, when and how. */
export function ConversationThread({ messages, customer, label }: ConversationThreadProps) {
  const zone = useTimeZoneShown();
  return (
    <ol aria-label={label} className="grid gap-3">
      {messages.map((message, index) => {
        const team = message.author === 'team';
        const Via = message.via === 'email' ? Mail : MessageSquare;
        return (
          <li
            key={`${message.at}-${index}`}
            className={cn(
              'grid gap-1 rounded-lg border p-3 sm:p-4',
              team ? 'border-primary/30 bg-primary/5 sm:ml-8' : 'border-border bg-card sm:mr-8',
            )}
          >
            <p className="flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
              <span className="font-semibold text-foreground">{team ? `${STORE.name} support` : customer}</span>
              <span>{formatDateTime(message.at, zone)}</span>
              <span className="inline-flex items-center gap-1">
                <Via aria-hidden className="size-3" />
                {message.via === 'email' ? 'by email' : 'on the site'}
              </span>
            </p>
            <p className="text-sm break-words whitespace-pre-line">{message.text}</p>
          </li>
        );
      })}
    </ol>
  );
}
