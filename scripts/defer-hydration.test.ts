import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The router's boot module as React Router writes it, over a small module graph.
const BOOT = [
  'import "/assets/manifest.js";',
  'import * as route0 from "/assets/root.js";',
  'import * as route1 from "/assets/home.js";',
  '  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};',
  'import("/assets/entry.js");',
].join('\n');
const MODULES: Record<string, string> = {
  'manifest.js': 'window.__reactRouterManifest={};',
  'root.js': 'import{a as t}from"./shared.js";export default t;',
  'shared.js': 'import"./icon.js";export const a=1;',
  'icon.js': 'export const i=1;',
  // The home route starts its panel's import as it runs, and its demo dialog's only when asked.
  'home.js':
    'import{a}from"./shared.js";var p=x(()=>import(`./panel.js`),[]),d=()=>x(()=>import(`./dialog.js`),[]);export default a;',
  'panel.js': 'import{f}from"./form.js";export const P=f;',
  'form.js': 'export const f=1;',
  'dialog.js': 'export const D=1;',
  'entry.js': 'import"./shared.js";import{r}from"./react-dom.js";r();',
  'react-dom.js': 'export const r=()=>{};',
};

const page = (body: string) =>
  `<!doctype html><html><head><link rel="modulepreload" href="/assets/entry.js"/></head><body>${body}<script type="module">${BOOT}</script></body></html>`;

describe('defer-hydration', () => {
  const dir = mkdtempSync(join(tmpdir(), 'openline-defer-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(join(dir, 'assets'));
  for (const [name, code] of Object.entries(MODULES)) writeFileSync(join(dir, 'assets', name), code);
  // The router's context and its loader data stream, as prerendering writes them.
  const ROUTER_SCRIPTS =
    '<script>window.__reactRouterContext = {"basename":"/"};window.__reactRouterContext.stream = 1</script>' +
    '<script>window.__reactRouterContext.streamController.enqueue("[]")</script>' +
    '<script>window.__reactRouterContext.streamController.close();</script>';
  writeFileSync(join(dir, 'index.html'), page(`<h1>Unlock your phone</h1>${ROUTER_SCRIPTS}`));
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/defer-hydration.mjs', dir], { encoding: 'utf8' });
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  const boot = /<script type="text\/plain" id="app-boot">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';

  // Each inline script is a hash in the page's Content-Security-Policy header (ADR 005): the
  // router's three took the home page's answer past the first round trip (ADR 019).
  it('runs the router’s inline scripts, in order, as the start of the loader’s', () => {
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');
    // React hydrates the document: the elements stay where they were, empty.
    expect(scripts.slice(0, 3)).toEqual(['', '', '']);
    scripts.splice(0, 3);
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toMatch(
      /^window\.__reactRouterContext = \{"basename":"\/"\};window\.__reactRouterContext\.stream = 1;window\.__reactRouterContext\.streamController\.enqueue\("\[\]"\);window\.__reactRouterContext\.streamController\.close\(\);\(function\(\)\{/,
    );
  });

  it('starts a prerendered page’s app after its first paint', () => {
    expect(run.status, run.stderr).toBe(0);
    expect(boot).not.toBe('');
    expect(html).toContain('first-contentful-paint');
    expect(html).not.toContain('<link rel="modulepreload"');
  });

  it('hands the boot one module that runs the route modules’ whole graph, one module per task, each after what it imports', () => {
    const graphFile = /import m from "\/assets\/(boot-graph-[\w-]{8}\.js)";/.exec(boot)?.[1] ?? '';
    expect(boot).toBe(
      `import "/assets/manifest.js";import m from "/assets/${graphFile}";window.__reactRouterRouteModules=m;import("/assets/entry.js");`,
    );
    const graph = readFileSync(join(dir, 'assets', graphFile), 'utf8');
    // Each module after the modules it imports; the panel the home route starts as it runs included.
    const order = JSON.parse(/^const o=(\[[^\]]*\])/.exec(graph)?.[1] ?? '[]') as string[];
    expect(order).toEqual(['icon.js', 'shared.js', 'root.js', 'home.js', 'form.js', 'panel.js'].map((name) => `/assets/${name}`));
    // All preloaded at once (one wave), then run one at a time with a task boundary after each.
    expect(graph).toContain('o.forEach(h=>{const l=d.createElement("link");l.rel="modulepreload"');
    expect(graph).toContain('for(const h of o){await import(h);await new Promise(r=>setTimeout(r))}');
    // The router's first sessionStorage read, done while the modules are still on their way.
    expect(graph.indexOf('try{sessionStorage.length}catch(e){}')).toBeGreaterThan(graph.indexOf('o.forEach('));
    expect(graph.indexOf('try{sessionStorage.length}catch(e){}')).toBeLessThan(graph.indexOf('for(const h of o)'));
    expect(graph).toContain('export default {"root":m[0],"routes/home":m[1]};');
    expect(graph).not.toContain('dialog.js');
  });

  it('preloads the client entry and what it adds, never running it early', () => {
    expect(html).toContain('["/assets/entry.js","/assets/react-dom.js"].forEach');
    expect(boot).not.toContain('import "/assets/entry.js"');
    expect(boot).not.toContain('dialog.js');
  });
});
