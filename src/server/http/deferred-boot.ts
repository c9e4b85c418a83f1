/**
 * A page's stylesheet inline and its scripts started once its first contentful paint is on screen
 * (ADR 008, 018, 019): the prerendered pages at build time (`scripts/inline-critical-css.ts`,
 * `scripts/defer-hydration.mjs`) and the pages the server renders per request (ADR 102), so the
 * page's own HTML paints before forty modules compete with it.
 */

const STYLESHEET = /<link rel="stylesheet" href="([^"]+)"\/?>/;

/** The address of the page's render-blocking stylesheet, if it has one. */
export const stylesheetHref = (html: string): string | undefined => STYLESHEET.exec(html)?.[1];

/**
 * Puts `css` inline and keeps the stylesheet link where React renders it (hydration matches it),
 * its address moved to `data-href` for the start-up loader.
 */
export function deferStylesheet(html: string, css: string): string {
  const link = STYLESHEET.exec(html);
  if (!link) throw new Error('The page links no stylesheet');
  return html.replace(link[0], () => `<style>${css}</style><link rel="stylesheet" data-href="${link[1]}"/>`);
}

export const BOOT_ID = 'app-boot';

// The loader waits for the 'first-contentful-paint' entry, which the browser queues once that frame
// is on screen (a frame after the paint task: starting at the first animation frame let forty
// module requests race the page's first paint). A timer starts the app where that entry never
// comes: a tab hidden while loading paints only when shown. Deferred stylesheets are fetched first.
const FALLBACK_MS = 1500;

/**
 * The one inline script that starts the app: the router's own inline code (its context and loader
 * data) first, then, after the first paint, the deferred stylesheets, the module preloads and the
 * boot module (kept word for word in a `text/plain` script, so its CSP hash is unchanged).
 */
export function bootLoader(preloads: readonly string[], routerCode: string): string {
  return (
    `<script>${routerCode}(function(){var d=document,s;function go(){if(s)return;s=1;` +
    `d.querySelectorAll("link[data-href]").forEach(function(l){l.href=l.dataset.href});` +
    `${JSON.stringify(preloads)}.forEach(function(h){var l=d.createElement("link");l.rel="modulepreload";l.href=h;d.head.appendChild(l)});` +
    `var b=d.createElement("script");b.type="module";b.textContent=d.getElementById("${BOOT_ID}").textContent;d.body.appendChild(b)}` +
    `new PerformanceObserver(function(l){l.getEntriesByName("first-contentful-paint").length&&setTimeout(go)}).observe({type:"paint",buffered:!0});` +
    `setTimeout(go,${FALLBACK_MS})})()</script>`
  );
}

const BOOT_MODULE = /<script type="module"[^>]*>([\s\S]*?)<\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"\/?>/g;
const ROUTER_SCRIPT = /<script>(window\.__reactRouterContext[\s\S]*?)<\/script>/g;

/** How the boot module starts: its code as the page keeps it, and the modules preloaded with it. */
export type StageBoot = (boot: string, linked: readonly string[]) => { staged: string; preloads: readonly string[] };

/** The page's own preloads, as the router named them, with its boot module as it is. */
const asRendered: StageBoot = (boot, linked) => ({ staged: boot, preloads: linked });

/**
 * The page with its scripts deferred past its first paint: the router's module preload links and
 * boot module out of the head and body, started by one loader at the end (the page unchanged when it
 * has no boot module, or already has the loader).
 */
export function deferBoot(html: string, stage: StageBoot = asRendered): string {
  const boot = BOOT_MODULE.exec(html);
  if (!boot || html.includes(`id="${BOOT_ID}"`)) return html;
  const linked = [...html.matchAll(MODULE_PRELOAD)].map((link) => link[1]!);
  let page = html.replace(MODULE_PRELOAD, '');
  const { staged, preloads } = stage(boot[1]!, linked);
  page = page.replace(boot[0], () => `<script type="text/plain" id="${BOOT_ID}">${staged}</script>`);
  const routerScripts = [...page.matchAll(ROUTER_SCRIPT)];
  // The elements stay, empty (an empty inline script runs nothing and needs no hash): React
  // hydrates the document and would find them missing.
  for (const script of routerScripts) page = page.replace(script[0], '<script></script>');
  const routerCode = routerScripts.map((script) => script[1]!.trim().replace(/;?$/, ';')).join('');
  return page.replace('</body>', () => `${bootLoader(preloads, routerCode)}</body>`);
}
