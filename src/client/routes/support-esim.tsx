import { pageTitle } from '../../domain/store-config';
import type { Route } from './+types/support-esim';
import { helpArticle } from '~/features/help/articles';
import { HelpArticlePage } from '~/features/help/components/help-article';

const article = helpArticle('esim');

export const meta: Route.MetaFunction = () => [
  { title: pageTitle(article.title) },
  { name: 'description', content: article.description },
];

export default function SupportArticleRoute() {
  return <HelpArticlePage slug="esim" />;
}
