import { ASSISTANT_TEXTS } from '../../domain/assistant';
import { pageTitle } from '../../domain/store-config';
import type { Route } from './+types/support-assistant';
import { AssistantChat } from '~/features/assistant/components/assistant-chat';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle(ASSISTANT_TEXTS.title) },
  { name: 'description', content: ASSISTANT_TEXTS.lead },
];

export default function SupportAssistantRoute() {
  return <AssistantChat />;
}
