// The router's manifest as the client build writes it: each route's module, its parent and what it
// imports. The JavaScript budget (`js-budget.ts`) weighs a route's chain of modules with it.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export interface ManifestRoute {
  readonly id: string;
  readonly parentId?: string;
  readonly path?: string;
  readonly index?: boolean;
  readonly module: string;
  readonly imports?: readonly string[];
}

export interface RouterManifest {
  readonly entry: { readonly module: string; readonly imports?: readonly string[] };
  readonly routes: Record<string, ManifestRoute>;
}

/** The router's manifest the client build wrote (`assets/manifest-<hash>.js`), or null without one. */
export function readRouterManifest(clientDir: string): RouterManifest | null {
  const assets = join(clientDir, 'assets');
  if (!existsSync(assets)) return null;
  const file = readdirSync(assets).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) return null;
  const text = readFileSync(join(assets, file), 'utf8');
  return JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1)) as RouterManifest;
}

/** A route and its parents, the root first. */
export function routeChain(manifest: RouterManifest, routeId: string): ManifestRoute[] {
  const chain: ManifestRoute[] = [];
  for (
    let route = manifest.routes[routeId];
    route;
    route = route.parentId ? manifest.routes[route.parentId] : undefined
  )
    chain.unshift(route);
  return chain;
}

/** The scripts of a route chain: each route's module and its static imports, each once. */
export function chainScripts(chain: readonly ManifestRoute[]): string[] {
  return [...new Set(chain.flatMap((route) => [route.module, ...(route.imports ?? [])]))];
}
