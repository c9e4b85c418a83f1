import { pageTitle } from '../../domain/store-config';
import type { Route } from './+types/support-esim-travel';
import { EsimHelp } from '~/features/esim/components/esim-help';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Travel eSIM help') },
  {
    name: 'description',
    content: 'Which phones take an eSIM, how to install it on iPhone and Android, and what to do when you land.',
  },
];

export default function EsimHelpPage() {
  return <EsimHelp />;
}
