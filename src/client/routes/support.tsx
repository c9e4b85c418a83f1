import { HELP_TEXTS } from '../../domain/help';
import { pageTitle } from '../../domain/store-config';
import type { Route } from './+types/support';
import { HelpCentre } from '~/features/help/components/help-centre';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle(HELP_TEXTS.title) },
  {
    name: 'description',
    content:
      'Search our help articles on carrier unlocks and travel eSIMs, ask the assistant, track an order or write to support.',
  },
];

export default function SupportRoute() {
  return <HelpCentre />;
}
