// The JavaScript budget of every route (issue 28 §3): after `npm run build`, the Brotli bytes of
// the scripts a route needs to start (the router's entry, and the module of the route and of each
// of its parents, with what each imports statically) are compared with `js-budget.json`. A route
// past its budget by more than the tolerance fails the build, so a later change cannot silently
// undo the work on the phone figures. `npm run budget:update` writes today's sizes as the budgets.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { chainScripts, readRouterManifest, routeChain, type RouterManifest } from './router-manifest.ts';

export type { RouterManifest };

export interface Budgets {
  /** How far past its budget a route may grow before the build fails: 0.1 is 10 %. */
  readonly tolerance: number;
  /** Kilobytes (1,000 bytes) of Brotli-compressed JavaScript per route id. */
  readonly routes: Record<string, number>;
}

export interface RouteWeight {
  readonly route: string;
  readonly kb: number;
  readonly budgetKb: number | null;
  readonly over: boolean;
}

export const BUDGET_FILE = 'js-budget.json';

/** Brotli bytes of one built file as served: its precompressed copy when the build wrote one. */
function brotliBytes(clientDir: string, path: string): number {
  const file = join(clientDir, path);
  if (existsSync(`${file}.br`)) return readFileSync(`${file}.br`).length;
  return brotliCompressSync(readFileSync(file), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
}

/** The scripts a route needs to start: the entry's, then each route's from the root down. */
export function routeScripts(manifest: RouterManifest, routeId: string): string[] {
  const entry = [manifest.entry.module, ...(manifest.entry.imports ?? [])];
  return [...new Set([...entry, ...chainScripts(routeChain(manifest, routeId))])];
}

/** Every route's compressed JavaScript beside its budget. */
export function weighRoutes(clientDir: string, budgets: Budgets): RouteWeight[] {
  const manifest = readRouterManifest(clientDir);
  if (!manifest) throw new Error(`no router manifest in ${clientDir}/assets: run the client build first`);
  // Most scripts start many routes: each is read (or compressed) once.
  const sizes = new Map<string, number>();
  const sizeOf = (file: string) => sizes.get(file) ?? sizes.set(file, brotliBytes(clientDir, file)).get(file)!;
  return Object.keys(manifest.routes)
    .sort()
    .map((route) => {
      const bytes = routeScripts(manifest, route).reduce((sum, file) => sum + sizeOf(file), 0);
      const kb = Math.round(bytes / 100) / 10;
      const budgetKb = budgets.routes[route] ?? null;
      return { route, kb, budgetKb, over: budgetKb === null || kb > budgetKb * (1 + budgets.tolerance) };
    });
}

/** Today's sizes as budgets, the tolerance kept. */
export function budgetsOf(weights: readonly RouteWeight[], tolerance: number): Budgets {
  return { tolerance, routes: Object.fromEntries(weights.map((weight) => [weight.route, weight.kb])) };
}

/** `--client=DIR` and `--budgets=FILE` name others than build/client and js-budget.json (tests). */
function argument(name: string, fallback: string): string {
  const given = process.argv.find((arg) => arg.startsWith(`--${name}=`));
  return given ? given.slice(name.length + 3) : fallback;
}

function main() {
  const clientDir = argument('client', 'build/client');
  const budgetFile = argument('budgets', BUDGET_FILE);
  const update = process.argv.includes('--update');
  const budgets = JSON.parse(readFileSync(budgetFile, 'utf8')) as Budgets;
  const weights = weighRoutes(clientDir, budgets);
  if (update) {
    writeFileSync(budgetFile, `${JSON.stringify(budgetsOf(weights, budgets.tolerance), null, 2)}\n`);
    process.stdout.write(`js-budget: ${weights.length} routes' budgets written to ${budgetFile}\n`);
    return;
  }
  const over = weights.filter((weight) => weight.over);
  if (over.length === 0) {
    const largest = weights.reduce((a, b) => (b.kb > a.kb ? b : a));
    process.stdout.write(
      `js-budget: ${weights.length} routes within their budgets (largest ${largest.route}, ${largest.kb} KB Brotli)\n`,
    );
    return;
  }
  for (const weight of over) {
    process.stderr.write(
      weight.budgetKb === null
        ? `js-budget: ${weight.route} has no budget in ${budgetFile} (${weight.kb} KB): add one (npm run budget:update)\n`
        : `js-budget: ${weight.route} needs ${weight.kb} KB of JavaScript, past its budget of ${weight.budgetKb} KB by more than ${budgets.tolerance * 100} %\n`,
    );
  }
  process.exit(1);
}

if (process.argv[1]?.endsWith('js-budget.ts')) main();
