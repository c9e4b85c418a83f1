import { legalPageAt } from '../../domain/info-pages';
import type { Route } from './+types/legal-page';
import { LegalArticle } from '~/features/info/components/legal-article';
import { legalText } from '~/features/info/legal-text.server';
import { infoPageMeta } from '~/features/info/meta';

/** Runs only while the site is built (every legal page is prerendered): the Markdown becomes HTML there. */
export function loader({ request }: Route.LoaderArgs) {
  const page = legalPageAt(new URL(request.url).pathname);
  if (!page) throw new Response('Not found', { status: 404 });
  return { page, ...legalText(page.slug) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? infoPageMeta(loaderData.page) : []);

export default function LegalPage({ loaderData }: Route.ComponentProps) {
  return <LegalArticle page={loaderData.page} html={loaderData.html} sections={loaderData.sections} />;
}
