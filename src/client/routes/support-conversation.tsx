import { useParams, useSearchParams } from 'react-router';
import { pageTitle } from '../../domain/store-config';
import type { Route } from './+types/support-conversation';
import { conversationQuery, type ConversationAccess } from '~/features/support/api/conversations';
import { ConversationScreen } from '~/features/support/components/conversation-screen';
import { apiPageData, CONTENT_FIRST } from '~/lib/page-data';

export const handle = CONTENT_FIRST;

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Your Conversation with Support') },
  // A conversation belongs to its writer: never indexed, whatever link it was reached by.
  { name: 'robots', content: 'noindex' },
];

const accessOf = (id: string | undefined, params: URLSearchParams): ConversationAccess => ({
  id: (id ?? '').trim(),
  token: params.get('token')?.trim() || null,
});

/** The first answer shows the conversation (ADR 102). */
export const loader = ({ params, request, context }: Route.LoaderArgs) =>
  apiPageData(context.api, [conversationQuery(accessOf(params.id, new URL(request.url).searchParams))]);

export const clientLoader = () => null;

/** /support/conversations/:id: ?token= from the emailed link; the signed-in writer needs none. */
export default function SupportConversationPage() {
  const { id } = useParams();
  const [searchParams] = useSearchParams();
  const access = accessOf(id, searchParams);
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
      <ConversationScreen key={`${access.id}/${access.token}`} access={access} />
    </div>
  );
}
