import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const page = (body: string) =>
  `<!doctype html><html><head><link rel="modulepreload" href="/assets/entry.js"/></head><body>${body}<script type="module">import("/assets/entry.js")</script></body></html>`;

describe('defer-hydration', () => {
  const dir = mkdtempSync(join(tmpdir(), 'openline-defer-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, 'index.html'), page('<h1>Unlock your phone</h1>'));
  const shell = page('');
  writeFileSync(join(dir, '__spa-fallback.html'), shell);
  const run = spawnSync(process.execPath, ['scripts/defer-hydration.mjs', dir], { encoding: 'utf8' });

  it('starts a prerendered page’s app after its first paint', () => {
    expect(run.status, run.stderr).toBe(0);
    const html = readFileSync(join(dir, 'index.html'), 'utf8');
    expect(html).toContain('<script type="text/plain" id="app-boot">');
    expect(html).toContain('first-contentful-paint');
    expect(html).not.toContain('rel="modulepreload"');
  });

  it('starts the app of a page that is not prerendered at once', () => {
    expect(readFileSync(join(dir, '__spa-fallback.html'), 'utf8')).toBe(shell);
  });
});
