import { HELP_TEXTS } from '../../domain/help';
import { pageTitle } from '../../domain/store-config';
import type { Route } from './+types/support';
import { useMe } from '~/features/auth/api/get-me';
import { HelpCentre } from '~/features/help/components/help-centre';
import { ContactSupportButton } from '~/features/support/components/contact-support-button';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle(HELP_TEXTS.title) },
  {
    name: 'description',
    content:
      'Search our help articles on carrier unlocks and travel eSIMs, ask the assistant, track an order or write to support.',
  },
];

export default function SupportRoute() {
  const email = useMe().data?.user?.email;
  // The form starts again with the signed-in customer's address once it is known.
  return <HelpCentre contact={<ContactSupportButton key={email ?? ''} email={email} />} />;
}
