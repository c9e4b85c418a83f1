// Critical CSS for prerendered pages (ADR 019): the rules a page's own HTML uses go inline, and
// the whole stylesheet is fetched once the page has painted.
import type Beasties from 'beasties';
import postcss, { type Root } from 'postcss';

/**
 * States only a visitor's pointer or keyboard can bring about, by which time the whole stylesheet
 * has arrived. Disabled, invalid, placeholder and data-state styles stay: they show at first paint.
 */
const INTERACTION = /:(?:hover|focus|focus-visible|focus-within|active)(?![\w-])/;
/**
 * The inlined rules target the browsers Tailwind v4 supports (Chrome 111, Safari 16.4, Firefox
 * 128); older ones get the page's full styling a moment later, with the whole stylesheet. So they
 * leave out Tailwind's starting values of its custom properties for browsers without `@property`
 * (a layer behind an `@supports` test that is false in every supported browser), and the plain
 * colours written before each `@supports (color: color-mix(...))` rule, keeping only the mix.
 */
const FALLBACK_LAYER = 'properties';
const COLOR_MIX_TEST = /^\(\s*color\s*:\s*color-mix\(\s*in lab,\s*red,\s*red\s*\)\s*\)$/;

const VAR_USE = /var\(\s*(--[\w-]+)/g;
const readProperties = (text: string) => [...text.matchAll(VAR_USE)].map((use) => use[1]);

/** Cascade layer names in the order the stylesheet first names them, which is their priority. */
export function layerOrder(css: string): string[] {
  const names: string[] = [];
  postcss.parse(css).each((node) => {
    if (node.type !== 'atrule' || node.name !== 'layer') return;
    for (const name of node.params.split(',').map((part) => part.trim()))
      if (name && !names.includes(name)) names.push(name);
  });
  return names;
}

/** Keeps only the colour-mix side of each fallback pair whose plain rule has the same selector. */
function keepColorMixOnly(root: Root): void {
  root.walkAtRules('supports', (supports) => {
    if (!COLOR_MIX_TEST.test(supports.params)) return;
    const plain = supports.prev();
    const mixed = supports.first;
    if (supports.nodes?.length !== 1 || plain?.type !== 'rule' || mixed?.type !== 'rule') return;
    if (plain.selector !== mixed.selector) return;
    const overridden = new Set<string>();
    mixed.walkDecls((decl) => {
      overridden.add(decl.prop);
    });
    plain.walkDecls((decl) => {
      if (overridden.has(decl.prop)) decl.remove();
    });
    supports.replaceWith(mixed);
    if (plain.nodes.length === 0) plain.remove();
  });
}

/** Interaction-only rules, and transitions: those animate changes, and first paint has none. */
function dropInteractionStyles(root: Root): void {
  root.walkDecls(/^transition/, (decl) => {
    decl.remove();
  });
  root.walkRules((rule) => {
    const kept = rule.selectors.filter((selector) => !INTERACTION.test(selector));
    if (kept.length === 0) rule.remove();
    else if (kept.length < rule.selectors.length) rule.selectors = kept;
  });
}

/** Removes custom properties nothing reads; a removal can leave another unread, so it repeats. */
function dropUnreadProperties(root: Root, readByPage: readonly (string | undefined)[]): void {
  for (let removed = true; removed; ) {
    removed = false;
    const read = new Set([...readByPage, ...readProperties(root.toString())]);
    root.walkDecls(/^--/, (decl) => {
      if (read.has(decl.prop)) return;
      decl.remove();
      removed = true;
    });
    root.walkAtRules('property', (atRule) => {
      if (read.has(atRule.params.trim())) return;
      atRule.remove();
      removed = true;
    });
    root.walk((node) => {
      if ((node.type === 'rule' || node.type === 'atrule') && node.nodes?.length === 0) {
        node.remove();
        removed = true;
      }
    });
  }
}

/**
 * Shrinks a page's critical CSS to fit the first round trip with its HTML: drops interaction-only
 * selectors and transitions, fallbacks for browsers Tailwind v4 does not support, and every custom property (declaration or `@property`)
 * that neither the remaining rules nor the page's inline styles (`html`) read. It opens with the
 * whole stylesheet's layer order, so a layer it lacks keeps its priority when that sheet arrives.
 */
export function pruneCriticalCss(css: string, options: { html: string; layers: readonly string[] }): string {
  const root = postcss.parse(css);
  root.each((node) => {
    if (node.type === 'atrule' && node.name === 'layer' && node.params === FALLBACK_LAYER) node.remove();
  });
  keepColorMixOnly(root);
  dropInteractionStyles(root);
  dropUnreadProperties(root, readProperties(options.html));
  root.each((node) => {
    if (node.type === 'atrule' && node.name === 'layer' && !node.nodes) node.remove();
  });
  const order = options.layers.length > 0 ? `@layer ${options.layers.join(',')};` : '';
  return order + root.toString();
}

const ATTRIBUTE_ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&#x27;': "'",
  '&#39;': "'",
  '&gt;': '>',
  '&lt;': '<',
};

/**
 * The page as beasties should match it: in either theme (the theme class is only set in the
 * browser), and with its attribute values decoded, since beasties matches selectors against the
 * undecoded HTML and Tailwind's arbitrary variants hold `&`, `>` and `'`
 * (`[&>svg]:size-3`, `[&_svg:not([class*='size-'])]:size-4`).
 */
export function matchingProbe(html: string): string {
  return html
    .replace(/<html\b/, '<html class="light dark"')
    .replace(
      /="([^"]*)"/g,
      (_attribute, value: string) =>
        `="${value.replace(/&(?:amp|#x27|#39|gt|lt);/g, (entity) => ATTRIBUTE_ENTITIES[entity] ?? entity)}"`,
    );
}

/** The rules of `stylesheet` that the page's HTML uses, pruned (see pruneCriticalCss). */
export async function criticalCss(html: string, stylesheet: string, beasties: Beasties): Promise<string> {
  const probe = matchingProbe(html);
  const style = /<style>([\s\S]*?)<\/style>/.exec(await beasties.process(probe));
  if (!style?.[1]) throw new Error('No CSS rule of the stylesheet matches this page');
  return pruneCriticalCss(style[1], { html, layers: layerOrder(stylesheet) });
}

// Shared with the pages the server renders per request (ADR 102).
export { deferStylesheet, stylesheetHref } from '../src/server/http/deferred-boot.ts';
