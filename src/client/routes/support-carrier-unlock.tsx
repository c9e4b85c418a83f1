import { pageTitle } from '../../domain/store-config';
import type { Route } from './+types/support-carrier-unlock';
import { helpArticle } from '~/features/help/articles';
import { HelpArticlePage } from '~/features/help/components/help-article';

const article = helpArticle('carrier-unlock');

export const meta: Route.MetaFunction = () => [
  { title: pageTitle(article.title) },
  { name: 'description', content: article.description },
];

export default function SupportArticleRoute() {
  return <HelpArticlePage slug="carrier-unlock" />;
}
