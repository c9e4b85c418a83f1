import { SUPPORT_PROMISE } from '../../../../domain/store-config';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '~/components/ui/card';
import { useConversationList } from '../api/conversations';
import { ContactSupportButton } from './contact-support-button';
import { ConversationLinks } from './conversation-list';

/** The dashboard's support card: the signed-in customer's conversations and a way to start one. */
export function AccountConversations({ email }: { email: string }) {
  const list = useConversationList(null);
  const conversations = list.data?.conversations ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Support</CardTitle>
        <CardDescription>{SUPPORT_PROMISE}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {list.isError ? <p role="alert">{list.error.message}</p> : null}
        {conversations.length > 0 ? (
          <ConversationLinks conversations={conversations} label="Your conversations with support" />
        ) : list.isSuccess ? (
          <p className="text-muted-foreground">No conversations yet.</p>
        ) : null}
        <div>
          <ContactSupportButton email={email} />
        </div>
      </CardContent>
    </Card>
  );
}
