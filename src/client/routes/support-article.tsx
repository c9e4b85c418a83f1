import { useLocation } from 'react-router';
import { pageTitle } from '../../domain/store-config';
import type { Route } from './+types/support-article';
import { helpArticleAt } from '~/features/help/articles';
import { HelpArticlePage } from '~/features/help/components/help-article';

// One module for every help article page: the path says which article (src/domain/help.ts).
export const meta: Route.MetaFunction = ({ location }) => {
  const article = helpArticleAt(location.pathname);
  return [{ title: pageTitle(article.title) }, { name: 'description', content: article.description }];
};

export default function SupportArticleRoute() {
  return <HelpArticlePage slug={helpArticleAt(useLocation().pathname).slug} />;
}
