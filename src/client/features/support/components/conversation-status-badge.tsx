import { CONVERSATION_STATUS_LABELS, type ConversationStatus } from '../../../../domain/support-conversations';
import { Badge } from '~/components/ui/badge';

/** A conversation's state as a badge: waiting stands out, closed recedes. */
export function ConversationStatusBadge({ status }: { readonly status: ConversationStatus }) {
  const variant = status === 'waiting' ? 'outline' : status === 'answered' ? 'success' : 'secondary';
  return <Badge variant={variant}>{CONVERSATION_STATUS_LABELS[status]}</Badge>;
}
