import { Link } from 'react-router';
import type { ConversationList } from '../../../../domain/support-conversations';
import { formatDate, useTimeZoneShown } from '~/lib/time-format';
import { ConversationStatusBadge } from './conversation-status-badge';

/** Conversations as links to their pages, each with its state and last change. */
export function ConversationLinks({
  conversations,
  label,
}: {
  readonly conversations: ConversationList['conversations'];
  readonly label: string;
}) {
  const zone = useTimeZoneShown();
  return (
    <ul aria-label={label} className="grid gap-2">
      {conversations.map((conversation) => (
        <li key={conversation.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <Link to={conversation.url} className="font-medium text-primary underline-offset-4 hover:underline">
            Conversation {conversation.reference}
          </Link>
          <ConversationStatusBadge status={conversation.status} />
          <span className="text-muted-foreground">{formatDate(conversation.updated_at, zone)}</span>
        </li>
      ))}
    </ul>
  );
}
