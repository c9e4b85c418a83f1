import { describe, expect, it } from 'vitest';
import { LEGAL_PAGES } from '../../../domain/info-pages';
import {
  CARRIER_UNLOCK_SUPPORT_HREF,
  ESIM_TRAVEL_SUPPORT_HREF,
  FOOTER_COLUMNS,
  HEADER_LINKS,
  isPagePath,
} from '../../../domain/site-map';
import { STORE } from '../../../domain/store-config';
import { headingId, legalText, renderLegalMarkdown } from './legal-text.server';

/** Pages a text may link to: routed pages, and the header's, footer's and support topics' pages (built in issue 12). */
const LINKABLE = new Set([
  ...HEADER_LINKS.map((link) => link.href),
  ...FOOTER_COLUMNS.flatMap((column) => column.links.map((link) => link.href)),
  CARRIER_UNLOCK_SUPPORT_HREF,
  ESIM_TRAVEL_SUPPORT_HREF,
]);

describe.each(LEGAL_PAGES.map((page) => [page.slug, page] as const))('content/legal/%s.md', (_slug, page) => {
  const text = legalText(page.slug);

  it('has sections under the page heading, each with its own anchor', () => {
    expect(text.html).not.toMatch(/<h1/);
    expect(text.sections.length).toBeGreaterThanOrEqual(3);
    const ids = text.sections.map((section) => section.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(text.html).toContain(`<h2 id="${id}">`);
  });

  it('quotes the store config instead of leaving placeholders', () => {
    expect(text.html).not.toMatch(/\{\{|\}\}/);
    expect(text.html).toContain(STORE.supportEmail);
  });

  it('links only to pages the store has, and never to itself', () => {
    const hrefs = [...text.html.matchAll(/href="([^"]+)"/g)].map((match) => match[1] ?? '');
    for (const href of hrefs.filter((link) => link.startsWith('/'))) {
      expect(isPagePath(href) || LINKABLE.has(href), `${href} is a page`).toBe(true);
      expect(href).not.toBe(page.path);
    }
    for (const href of hrefs.filter((link) => !link.startsWith('/'))) {
      expect(href).toBe(`mailto:${STORE.supportEmail}`);
    }
  });
});

describe('the legal texts', () => {
  it('state the refund rules the orders carry out', () => {
    const refunds = legalText('refund-policy').html;
    expect(refunds).toContain('we move it there once, at no extra cost to you');
    expect(refunds).toContain('we refund you in full and email you to confirm');
    expect(refunds).toContain('If none can, we refund you in full');
  });

  it('say how long each kind of data is kept', () => {
    const privacy = legalText('privacy').html;
    expect(privacy).toContain('How long we keep it');
    for (const kept of ['7 years after the order', '90 days', '12 months after the report', '30 days', '1 minute']) {
      expect(privacy).toContain(kept);
    }
  });

  it('give the legal basis of unlocking', () => {
    expect(legalText('compliance').html).toContain('Unlocking Consumer Choice and Wireless Competition Act of 2014');
  });
});

describe('renderLegalMarkdown', () => {
  it('anchors headings and lists the second-level ones', () => {
    const text = renderLegalMarkdown('Intro.\n\n## 1. What we sell\n\nText.\n\n### Detail\n\n## Refunds & times\n');
    expect(text.sections).toEqual([
      { id: '1-what-we-sell', title: '1. What we sell' },
      { id: 'refunds-times', title: 'Refunds & times' },
    ]);
    expect(text.html).toContain('<h3 id="detail">Detail</h3>');
  });

  it('renders tables and fills store facts', () => {
    const { html } = renderLegalMarkdown('| a | b |\n|---|---|\n| {{storeName}} | 2 |\n');
    expect(html).toContain('<th scope="col">a</th><th scope="col">b</th>');
    expect(html).toContain(`<tr><td data-label="a">${STORE.name}</td><td data-label="b">2</td></tr>`);
  });

  it.each([
    ['Who is responsible', 'who-is-responsible'],
    ['  Children  ', 'children'],
    ['DMCA: § 512', 'dmca-512'],
  ])('headingId(%j) → %s', (heading, id) => {
    expect(headingId(heading)).toBe(id);
  });
});
