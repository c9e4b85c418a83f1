// Runs after `react-router build`: every prerendered page paints with the rules it uses inlined,
// and its stylesheet is fetched after the first contentful paint (ADR 019).
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Beasties from 'beasties';
import { criticalCss, deferStylesheet, stylesheetHref } from './critical-css.ts';

const CLIENT_DIR = process.argv[2] ?? 'build/client';

function htmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'assets' ? [] : htmlFiles(path);
    return name.endsWith('.html') ? [path] : [];
  });
}

// Only its <style> output is used: the link is rewritten by deferStylesheet, not by beasties.
const beasties = new Beasties({ path: CLIENT_DIR, publicPath: '/', compress: true, logLevel: 'warn' });
let changed = 0;
for (const file of htmlFiles(CLIENT_DIR)) {
  const html = readFileSync(file, 'utf8');
  const href = stylesheetHref(html);
  if (!href) continue;
  const stylesheet = readFileSync(join(CLIENT_DIR, href), 'utf8');
  writeFileSync(file, deferStylesheet(html, await criticalCss(html, stylesheet, beasties)));
  changed++;
}
console.log(`inline-critical-css: ${changed} page(s) carry their own rules inline`);
