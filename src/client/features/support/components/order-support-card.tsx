import { LifeBuoy } from 'lucide-react';
import { SUPPORT_PROMISE } from '../../../../domain/store-config';
import { Card, CardContent, CardHeader, CardTitle } from '~/components/ui/card';
import type { OrderAccess } from '~/lib/get-order';
import { useConversationList } from '../api/conversations';
import { ContactSupportButton } from './contact-support-button';
import { ConversationLinks } from './conversation-list';

/** On an order's page: write to a person about this order, and the conversations about it so far. */
export function OrderSupportCard({ access }: { access: OrderAccess }) {
  const list = useConversationList(access);
  const conversations = list.data?.conversations ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <LifeBuoy aria-hidden className="size-4 text-primary" />
          Questions about this order?
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <p className="text-muted-foreground">{SUPPORT_PROMISE}</p>
        {conversations.length > 0 ? (
          <ConversationLinks conversations={conversations} label="Your conversations about this order" />
        ) : null}
        <div>
          <ContactSupportButton order={access} />
        </div>
      </CardContent>
    </Card>
  );
}
