import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The scripts a page that is not prerendered needs, named in its first answer (issue 28, ADR 092):
 * the app shell starts the entry and the root; without help the browser learns of the page's own
 * route modules only once those have run, and of the signed-in state only once the route has
 * rendered. A `Link` header asks for both at once, in parallel with the shell's own scripts.
 */

interface ManifestRoute {
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

interface Leaf {
  readonly routeId: string;
  readonly segments: readonly string[];
  /** Static segments count most, a parameter less, a splat least. */
  readonly rank: number;
  /** The links every request for this route gets (empty when none). */
  readonly links: readonly string[];
}

/** Every route a URL can end on, with its full path split into segments, best match first. */
function leavesOf(manifest: RouterManifest, links: (chain: readonly ManifestRoute[]) => string[]): Leaf[] {
  const routes = Object.values(manifest.routes);
  const parents = new Set(routes.flatMap((route) => (route.parentId ? [route.parentId] : [])));
  return routes
    .filter((route) => !parents.has(route.id) || route.index)
    .map((route) => {
      const chain = routeChain(manifest, route.id);
      const segments = chain.flatMap((part) => (part.path ?? '').split('/').filter(Boolean));
      const rank = segments.reduce((sum, segment) => sum + (segment === '*' ? 0 : segment.startsWith(':') ? 2 : 3), 0);
      return { routeId: route.id, segments, rank, links: links(chain) };
    })
    .sort((a, b) => b.rank - a.rank);
}

/** The path's parameters when `segments` match it (`:name` takes one part, `*` the rest), else null. */
function match(segments: readonly string[], parts: readonly string[]): Record<string, string> | null {
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    if (segment === '*') return params;
    const part = parts[i];
    if (part === undefined) return null;
    if (segment.startsWith(':')) params[segment.slice(1)] = part;
    else if (segment !== part) return null;
  }
  return segments.length === parts.length ? params : null;
}

/** What the server knows of a page's request when it names the page's data. */
export interface PageRequest {
  readonly params: Readonly<Record<string, string>>;
  readonly query: URLSearchParams;
  /** The request carries a session cookie (whether it is still valid is the API's to say). */
  readonly signedIn: boolean;
}

/** The data pages ask for as they first render. */
export interface DataPreloads {
  /** Every page under this route (the store's frame) asks for `paths` (`/api/me`). */
  readonly under: string;
  readonly paths: readonly string[];
  /** One route's own first data, by its route id (the order page's order), from the request. */
  readonly pages?: Readonly<Record<string, (request: PageRequest) => readonly string[]>>;
}

const dataLink = (path: string) => `<${path}>; rel=preload; as=fetch; crossorigin=anonymous`;

/**
 * A function from a page's request to its `Link` header: `modulepreload` for each script of its
 * route chain the app shell does not already name (`shellScripts`), and `preload` for the data
 * its frame and the page ask for first. Null for a path no route takes.
 */
export function routePreloads(
  manifest: RouterManifest,
  shellScripts: ReadonlySet<string>,
  data: DataPreloads,
): (pathname: string, request?: Omit<PageRequest, 'params'>) => string | null {
  const leaves = leavesOf(manifest, (chain) =>
    chainScripts(chain)
      .filter((file) => !shellScripts.has(file))
      .map((file) => `<${file}>; rel=modulepreload`)
      .concat(chain.some((route) => route.id === data.under) ? data.paths.map(dataLink) : []),
  );
  return (pathname, request = { query: new URLSearchParams(), signedIn: false }) => {
    const parts = pathname.split('/').filter(Boolean);
    for (const leaf of leaves) {
      const params = match(leaf.segments, parts);
      if (!params) continue;
      const own = data.pages?.[leaf.routeId]?.({ ...request, params }) ?? [];
      const links = [...leaf.links, ...own.map(dataLink)];
      return links.length > 0 ? links.join(', ') : null;
    }
    return null;
  };
}

/** The scripts a built page already names as `modulepreload` links or module imports. */
export function scriptsNamedIn(html: string): Set<string> {
  return new Set([...html.matchAll(/["'](\/assets\/[^"']+\.js)["']/g)].map((match) => match[1]!));
}
