// Runs after `react-router build`: in every built HTML page, start the app's JavaScript one
// frame after the first paint instead of racing it, so the prerendered content paints first
// (ADR 008). The router's bootstrap module is kept word for word (its CSP hash is unchanged)
// and started by a small loader; its modulepreload links are dropped (ADR 018).
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const CLIENT_DIR = process.argv[2] ?? 'build/client';
const BOOT_ID = 'app-boot';

function htmlFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'assets' ? [] : htmlFiles(path);
    return name.endsWith('.html') ? [path] : [];
  });
}

// No modulepreload links: adding some forty of them in one task blocked the main thread for
// 30 ms (120 ms on Lighthouse's 4x slower CPU), and the boot module's imports fetch the same
// files in a few parallel waves (ADR 018).
const loader =
  `<script>requestAnimationFrame(function(){setTimeout(function(){` +
  `var boot=document.createElement("script");boot.type="module";boot.textContent=document.getElementById("${BOOT_ID}").textContent;document.body.appendChild(boot)` +
  `},0)})</script>`;

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
