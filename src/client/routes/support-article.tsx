import { useLocation } from 'react-router';
import { pageTitle } from '../../domain/store-config';
import type { Route } from './+types/support-article';
import { helpArticleAt } from '~/features/help/articles';
import { useMe } from '~/features/auth/api/get-me';
import { HelpArticlePage } from '~/features/help/components/help-article';
import { ContactSupportButton } from '~/features/support/components/contact-support-button';

// One module for every help article page: the path says which article (src/domain/help.ts).
export const meta: Route.MetaFunction = ({ location }) => {
  const article = helpArticleAt(location.pathname);
  return [{ title: pageTitle(article.title) }, { name: 'description', content: article.description }];
};

export default function SupportArticleRoute() {
  const email = useMe().data?.user?.email;
  const slug = helpArticleAt(useLocation().pathname).slug;
  // The form starts again with the signed-in customer's address once it is known.
  return <HelpArticlePage slug={slug} contact={<ContactSupportButton key={email ?? ''} email={email} />} />;
}
