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

interface Leaf {
  readonly segments: readonly string[];
  readonly chain: readonly ManifestRoute[];
  /** Static segments count most, a parameter less, a splat least. */
  readonly rank: number;
}

/** Every route a URL can end on, with its full path split into segments and its chain from the root. */
function leavesOf(manifest: RouterManifest): Leaf[] {
  const routes = Object.values(manifest.routes);
  const chainOf = (route: ManifestRoute): ManifestRoute[] => {
    const parent = route.parentId ? manifest.routes[route.parentId] : undefined;
    return parent ? [...chainOf(parent), route] : [route];
  };
  const parents = new Set(routes.flatMap((route) => (route.parentId ? [route.parentId] : [])));
  return routes
    .filter((route) => !parents.has(route.id) || route.index)
    .map((route) => {
      const chain = chainOf(route);
      const segments = chain.flatMap((part) => (part.path ?? '').split('/').filter(Boolean));
      const rank = segments.reduce((sum, segment) => sum + (segment === '*' ? 0 : segment.startsWith(':') ? 2 : 3), 0);
      return { segments, chain, rank };
    })
    .sort((a, b) => b.rank - a.rank);
}

function matches(segments: readonly string[], parts: readonly string[]): boolean {
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    if (segment === '*') return true;
    const part = parts[i];
    if (part === undefined) return false;
    if (!segment.startsWith(':') && segment !== part) return false;
  }
  return segments.length === parts.length;
}

/** Data every page under the route `under` asks for as it first renders (the store's frame: `/api/me`). */
export interface DataPreloads {
  readonly under: string;
  readonly paths: readonly string[];
}

/**
 * A function from a page's path to its `Link` header: `modulepreload` for each script of its
 * route chain the app shell does not already name (`shellScripts`), and `preload` for the data
 * its frame asks for first. Null for a path no route takes.
 */
export function routePreloads(
  manifest: RouterManifest,
  shellScripts: ReadonlySet<string>,
  data: DataPreloads,
): (pathname: string) => string | null {
  const leaves = leavesOf(manifest);
  const cache = new Map<Leaf, string>();
  const header = (leaf: Leaf) => {
    const scripts = new Set<string>();
    for (const route of leaf.chain) for (const file of [route.module, ...(route.imports ?? [])]) scripts.add(file);
    const links = [...scripts]
      .filter((file) => !shellScripts.has(file))
      .map((file) => `<${file}>; rel=modulepreload`)
      .concat(
        leaf.chain.some((route) => route.id === data.under)
          ? data.paths.map((path) => `<${path}>; rel=preload; as=fetch; crossorigin=anonymous`)
          : [],
      );
    return links.join(', ');
  };
  return (pathname) => {
    const parts = pathname.split('/').filter(Boolean);
    const leaf = leaves.find((candidate) => matches(candidate.segments, parts));
    if (!leaf) return null;
    let value = cache.get(leaf);
    if (value === undefined) cache.set(leaf, (value = header(leaf)));
    return value || null;
  };
}

/** The scripts a built page already names as `modulepreload` links or module imports. */
export function scriptsNamedIn(html: string): Set<string> {
  return new Set([...html.matchAll(/["'](\/assets\/[^"']+\.js)["']/g)].map((match) => match[1]!));
}
