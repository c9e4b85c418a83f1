// Runs after `react-router build`: in every built HTML page, start the app's JavaScript (and
// fetch the whole stylesheet, ADR 019) once the first contentful paint has been presented, so the
// prerendered content paints first (ADR 008). The router's bootstrap module is kept word for word
// (its CSP hash is unchanged) and started by a small loader; its modulepreload links are dropped
// (ADR 018).
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deferBoot } from '../src/server/http/deferred-boot.ts';

const CLIENT_DIR = process.argv[2] ?? 'build/client';

function htmlFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'assets' ? [] : htmlFiles(path);
    return name.endsWith('.html') ? [path] : [];
  });
}

// A module's static imports, as the bundler writes them: `import{a}from"./x.js"` and `import"./x.js"`.
const STATIC_IMPORT = /import\s*(?:[^"'`();]*?from\s*)?["'`]\.\/([^"'`]+\.js)["'`]/g;
const assetsDir = join(CLIENT_DIR, 'assets');
const importsOf = new Map();
function staticImports(name) {
  if (!importsOf.has(name)) {
    const code = readFileSync(join(assetsDir, name), 'utf8');
    importsOf.set(
      name,
      [...code.matchAll(STATIC_IMPORT)].map((match) => match[1]),
    );
  }
  return importsOf.get(name);
}
/** Every module the given ones import, directly or not, in first-seen order (the given ones excluded). */
function closure(names) {
  const seen = new Set(names);
  const queue = [...names];
  for (let name = queue.shift(); name; name = queue.shift()) {
    for (const next of staticImports(name)) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return [...seen].filter((name) => !names.includes(name));
}

// A dynamic import a module starts as it runs (`const m = import(...)`, wrapped by Vite's preload helper
// as `=x(()=>import(...))`), unlike one started later (`() => x(() => import(...))`): the home page's
// unlock panel, which people reach for first.
const EAGER_IMPORT = /[=,;(]\s*[\w$]+\(\(\)=>import\(["'`]\.\/([^"'`]+\.js)["'`]\)/g;
function eagerImports(name) {
  return [...readFileSync(join(assetsDir, name), 'utf8').matchAll(EAGER_IMPORT)].map((match) => match[1]);
}

/** The given modules and everything they import, each after what it imports (the order they run in). */
function runOrder(names) {
  const order = [];
  const seen = new Set();
  const visit = (name) => {
    if (seen.has(name)) return;
    seen.add(name);
    for (const next of staticImports(name)) visit(next);
    order.push(name);
  };
  names.forEach(visit);
  return order;
}

// The browser finds a module's imports only once it has fetched and parsed the module, so the route
// modules' graph arrived in six waves, and a module graph runs in one task: the home page's took
// 35 ms (140 ms on Lighthouse's 4x slower CPU, after its last script arrived). The boot module now
// imports one small module that preloads every module of that graph in one wave, then runs them one
// at a time, each after what it imports, each in a task of its own, and hands the boot module the
// route modules (ADR 063). The list lives in that file, not in the page, whose answer must fit the
// first round trip (ADR 019). The loader preloads the client entry and what it imports, in the first wave.
// While the modules download, the graph module loads the page's sessionStorage (ADR 065).
function stageBoot(body) {
  const routes = [...body.matchAll(/^import \* as (\w+) from "\/assets\/([^"]+\.js)";$/gm)].map((m) => ({
    variable: m[1],
    name: m[2],
  }));
  const ids = /window\.__reactRouterRouteModules = (\{[^}]*\});/.exec(body)?.[1];
  const manifest = /^import "\/assets\/([^"]+\.js)";$/m.exec(body)?.[1];
  const entry = /import\("\/assets\/([^"]+\.js)"\)/.exec(body)?.[1];
  if (routes.length === 0 || !ids || !manifest || !entry)
    throw new Error('defer-hydration: the router boot module changed shape');
  const routeNames = routes.map((route) => route.name);
  // The modules a route starts importing as it runs are run too: running them early changes nothing.
  const order = runOrder([...routeNames, ...routeNames.flatMap(eagerImports)]).map((name) => `/assets/${name}`);
  const modules = ids.replace(/:(\w+)/g, (_, variable) => `:m[${routes.findIndex((route) => route.variable === variable)}]`);
  const graphCode =
    `const o=${JSON.stringify(order)},d=document;` +
    `o.forEach(h=>{const l=d.createElement("link");l.rel="modulepreload";l.href=h;d.head.appendChild(l)});` +
    // The router reads sessionStorage as it starts (its view transitions), and a page's first read
    // waits for the browser to load that storage: 12 ms of the router's start under Lighthouse.
    // Read once here, it loads while the modules are still downloading (ADR 065).
    `try{sessionStorage.length}catch(e){}` +
    `for(const h of o){await import(h);await new Promise(r=>setTimeout(r))}` +
    `const m=await Promise.all(${JSON.stringify(routeNames.map((name) => `/assets/${name}`))}.map(h=>import(h)));` +
    `export default ${modules};`;
  const graphFile = `boot-graph-${createHash('sha256').update(graphCode).digest('base64url').slice(0, 8)}.js`;
  writeFileSync(join(assetsDir, graphFile), graphCode);
  const staged =
    `import "/assets/${manifest}";import m from "/assets/${graphFile}";` +
    `window.__reactRouterRouteModules=m;import("/assets/${entry}");`;
  const graph = new Set(order.map((href) => href.slice('/assets/'.length)));
  const preloads = [entry, ...closure([entry]).filter((name) => !graph.has(name))];
  return { staged, preloads };
}

let changed = 0;
for (const file of htmlFiles(CLIENT_DIR)) {
  const html = readFileSync(file, 'utf8');
  const deferred = deferBoot(html, (boot) => {
    const { staged, preloads } = stageBoot(boot);
    return { staged, preloads: preloads.map((name) => `/assets/${name}`) };
  });
  if (deferred === html) continue;
  writeFileSync(file, deferred);
  changed++;
}
console.log(`defer-hydration: ${changed} page(s) start their scripts after the first paint`);
