import { describe, expect, it } from 'vitest';
import { BOOT_ID, deferBoot } from './deferred-boot.ts';

const BOOT = 'import "/assets/manifest.js";import("/assets/entry.js");';
const CONTEXT = 'window.__reactRouterContext = {"basename":"/"};';
const DATA = 'window.__reactRouterContext.streamController.enqueue("[]");';

/** A page as the router renders it per request: preloads in the head, its inline scripts in the body. */
const rendered =
  '<!doctype html><html><head><link rel="modulepreload" href="/assets/entry.js"/>' +
  '<link rel="modulepreload" href="/assets/root.js"/><script>theme()</script></head>' +
  `<body><h1>Your orders</h1><script>${CONTEXT}</script><script type="module" async="">${BOOT}</script>` +
  `<script>${DATA}</script></body></html>`;

describe('deferBoot', () => {
  const page = deferBoot(rendered);

  it('keeps the page and its own inline scripts, and takes the preloads out of the head', () => {
    expect(page).toContain('<h1>Your orders</h1>');
    expect(page).toContain('<script>theme()</script>');
    expect(page).not.toContain('<link rel="modulepreload"');
  });

  it('keeps the boot module word for word, as text that does not run', () => {
    expect(page).toContain(`<script type="text/plain" id="${BOOT_ID}">${BOOT}</script>`);
    expect(page).not.toContain('<script type="module"');
  });

  it('runs the router’s inline code first in one loader, which preloads the same modules after the first paint', () => {
    expect(page.match(/<script><\/script>/g)).toHaveLength(2);
    const loader = /<script>(window[\s\S]*?)<\/script><\/body>/.exec(page)?.[1] ?? '';
    expect(loader.startsWith(`${CONTEXT}${DATA}(function(){`)).toBe(true);
    expect(loader).toContain('["/assets/entry.js","/assets/root.js"].forEach');
    expect(loader).toContain('getEntriesByName("first-contentful-paint")');
  });

  it.each([
    ['a page without a boot module', '<!doctype html><html><body><p>Hi</p></body></html>'],
    ['a page already deferred', page],
  ])('leaves %s as it is', (_, html) => {
    expect(deferBoot(html)).toBe(html);
  });
});
