/**
 * The legal pages' Markdown (content/legal), turned into HTML when the site is built: the route's
 * loader runs only while prerendering, so neither the texts' source nor the Markdown parser reaches
 * the browser's bundle (ADR 056).
 */
import { Marked, type Tokens } from 'marked';
import { fillStoreFacts } from '../../../domain/info-pages';

const SOURCES = import.meta.glob<string>('/content/legal/*.md', { query: '?raw', import: 'default', eager: true });

export interface LegalSection {
  readonly id: string;
  readonly title: string;
}

export interface LegalText {
  readonly html: string;
  /** The second-level headings, in order: the page's table of contents. */
  readonly sections: readonly LegalSection[];
}

/** A heading's anchor: lower case words joined by hyphens ("3. Refunds & times" → "3-refunds-times"). */
export function headingId(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function escapeAttribute(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
}

export function renderLegalMarkdown(markdown: string): LegalText {
  const sections: LegalSection[] = [];
  const marked = new Marked({
    gfm: true,
    renderer: {
      heading({ tokens, depth, text }: Tokens.Heading) {
        const inner = this.parser.parseInline(tokens);
        const id = headingId(text);
        if (depth === 2) sections.push({ id, title: text });
        return `<h${depth} id="${id}">${inner}</h${depth}>\n`;
      },
      // Each cell carries its column's name, so a phone can show a row as a labelled card (legal-article.tsx).
      table({ header, rows }: Tokens.Table) {
        const head = header.map((cell) => `<th scope="col">${this.parser.parseInline(cell.tokens)}</th>`).join('');
        const body = rows
          .map((row) => {
            const cells = row.map(
              (cell, i) =>
                `<td data-label="${escapeAttribute(header[i]?.text ?? '')}">${this.parser.parseInline(cell.tokens)}</td>`,
            );
            return `<tr>${cells.join('')}</tr>`;
          })
          .join('\n');
        return `<table>\n<thead><tr>${head}</tr></thead>\n<tbody>\n${body}\n</tbody>\n</table>\n`;
      },
    },
  });
  const html = marked.parse(fillStoreFacts(markdown), { async: false });
  return { html, sections };
}

/** The rendered text of `content/legal/<slug>.md`; a missing file is a build error, not an empty page. */
export function legalText(slug: string): LegalText {
  const source = SOURCES[`/content/legal/${slug}.md`];
  if (source === undefined) throw new Error(`No legal text content/legal/${slug}.md`);
  return renderLegalMarkdown(source);
}
