import type { InfoPage } from '../../../domain/info-pages';
import { STORE, pageTitle } from '../../../domain/store-config';

/** An information page's tab title, description, social preview and canonical address. */
export function infoPageMeta(page: InfoPage) {
  const url = `${STORE.url}${page.path}`;
  const title = pageTitle(page.heading);
  return [
    { title },
    { name: 'description', content: page.description },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: STORE.name },
    { property: 'og:title', content: title },
    { property: 'og:description', content: page.description },
    { property: 'og:url', content: url },
    { tagName: 'link', rel: 'canonical', href: url },
  ];
}
