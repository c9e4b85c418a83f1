// Runs after `react-router build`: in every built HTML page, start the app's JavaScript (and
// fetch the whole stylesheet, ADR 019) once the first contentful paint has been presented, so the
// prerendered content paints first (ADR 008). The router's bootstrap module is kept word for word
// (its CSP hash is unchanged) and started by a small loader; its modulepreload links are dropped
// (ADR 018).
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const CLIENT_DIR = process.argv[2] ?? 'build/client';
const BOOT_ID = 'app-boot';
// The shell of the pages that are not prerendered paints nothing but the app: it starts at once,
// with the router's own module preloads (waiting for a first text paint it never makes cost 1.5 s).
const SHELL = '__spa-fallback.html';

function htmlFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'assets' ? [] : htmlFiles(path);
    return name.endsWith('.html') && name !== SHELL ? [path] : [];
  });
}

// No modulepreload links: adding some forty of them in one task blocked the main thread for
// 30 ms (120 ms on Lighthouse's 4x slower CPU), and the boot module's imports fetch the same
// files in a few parallel waves (ADR 018).
// The loader waits for the 'first-contentful-paint' entry, which the browser queues once that frame
// is on screen (a frame after the paint task: starting at the first animation frame let forty
// module requests race the page's first paint). A timer starts the app where that entry never
// comes: a tab hidden while loading paints only when shown. Deferred stylesheets are fetched first.
const FALLBACK_MS = 1500;
const loader =
  `<script>(function(){var d=document,s;function go(){if(s)return;s=1;` +
  `d.querySelectorAll("link[data-href]").forEach(function(l){l.href=l.dataset.href});` +
  `var b=d.createElement("script");b.type="module";b.textContent=d.getElementById("${BOOT_ID}").textContent;d.body.appendChild(b)}` +
  `new PerformanceObserver(function(l){l.getEntriesByName("first-contentful-paint").length&&setTimeout(go)}).observe({type:"paint",buffered:!0});` +
  `setTimeout(go,${FALLBACK_MS})})()</script>`;

let changed = 0;
for (const file of htmlFiles(CLIENT_DIR)) {
  let html = readFileSync(file, 'utf8');
  const boot = /<script type="module"[^>]*>([\s\S]*?)<\/script>/.exec(html);
  if (!boot || html.includes(`id="${BOOT_ID}"`)) continue;
  html = html.replace(/<link rel="modulepreload" href="[^"]+"\/?>/g, '');
  html = html.replace(boot[0], `<script type="text/plain" id="${BOOT_ID}">${boot[1]}</script>`);
  html = html.replace('</body>', `${loader}</body>`);
  writeFileSync(file, html);
  changed++;
}
console.log(`defer-hydration: ${changed} page(s) start their scripts after the first paint`);
