import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ConversationAnswer,
  conversationAnswerSchema,
  conversationListSchema,
  startedConversationSchema,
  supportActionAnswerSchema,
  type StartConversation,
} from '../../../../domain/support-conversations';
import { apiRequest } from '~/lib/api-client';
import { type ApiQuery, apiQueryOptions, queryString } from '~/lib/api-query';
import type { OrderAccess } from '~/lib/get-order';

const CONVERSATIONS = '/api/support/conversations';
/** While a conversation's page is open, an answer shows within this long. */
const CONVERSATION_REFRESH_MS = 30_000;

export interface ConversationAccess {
  readonly id: string;
  /** The emailed link's token; without it only the signed-in owner (or an admin) sees it. */
  readonly token: string | null;
}

const conversationPath = ({ id, token }: ConversationAccess, below = '') =>
  `${CONVERSATIONS}/${encodeURIComponent(id)}${below}${queryString({ token: token ?? undefined })}`;

/** The conversation's page asks for it, and the server hands its first answer over (ADR 102). */
export const conversationQuery = (access: ConversationAccess): ApiQuery<ConversationAnswer> => ({
  queryKey: ['support-conversation', access.id, access.token],
  path: conversationPath(access),
  schema: conversationAnswerSchema,
});

export const useConversation = (access: ConversationAccess) =>
  useQuery({ ...apiQueryOptions(conversationQuery(access)), refetchInterval: CONVERSATION_REFRESH_MS });

/** The conversations about one order (for whoever may see the order), or the signed-in customer's. */
export function useConversationList(order: OrderAccess | null, enabled = true) {
  const search = order ? queryString({ order_id: order.orderId, token: order.token ?? undefined }) : '';
  return useQuery({
    queryKey: ['support-conversations', search],
    queryFn: ({ signal }) => apiRequest(`${CONVERSATIONS}${search}`, { schema: conversationListSchema, signal }),
    enabled,
  });
}

export function useStartConversation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StartConversation) =>
      apiRequest(CONVERSATIONS, { method: 'POST', body, schema: startedConversationSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['support-conversations'] }),
  });
}

export function useReply(access: ConversationAccess) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (message: string) =>
      apiRequest(conversationPath(access, '/messages'), {
        method: 'POST',
        body: { message },
        schema: supportActionAnswerSchema,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['support-conversation', access.id] }),
  });
}
