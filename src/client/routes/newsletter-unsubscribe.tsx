import { useSearchParams } from 'react-router';
import { pageTitle } from '../../domain/store-config';
import type { Route } from './+types/newsletter-unsubscribe';
import { UnsubscribeScreen } from '~/features/newsletter/components/unsubscribe-screen';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Unsubscribe') },
  { name: 'description', content: 'Unsubscribe from the newsletter with the link from our email.' },
  // A personal link: nothing for search engines.
  { name: 'robots', content: 'noindex' },
];

export default function NewsletterUnsubscribePage() {
  const [params] = useSearchParams();
  return <UnsubscribeScreen token={params.get('token')} />;
}
