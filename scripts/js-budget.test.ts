import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { budgetsOf, routeScripts, weighRoutes, type RouterManifest } from './js-budget.ts';

const MANIFEST: RouterManifest = {
  entry: { module: '/assets/entry.js', imports: ['/assets/react.js'] },
  routes: {
    root: { id: 'root', module: '/assets/root.js', imports: ['/assets/react.js', '/assets/shell.js'] },
    'routes/home': { id: 'routes/home', module: '/assets/home.js', parentId: 'root', imports: ['/assets/shell.js'] },
    'routes/admin': { id: 'routes/admin', module: '/assets/admin.js', parentId: 'root', imports: ['/assets/table.js'] },
  },
};

/** Random bytes do not compress: a file of `kb` kilobytes weighs about that much in Brotli too. */
const incompressible = (kb: number) => randomBytes(Math.round(kb * 1000));

let dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

/** A built client: the router's manifest and its scripts, each `kb` big (admin.js as given). */
function client(adminKb: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'openline-budget-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'assets', 'manifest-abc123.js'), `window.__reactRouterManifest=${JSON.stringify(MANIFEST)};`);
  for (const name of ['entry', 'react', 'root', 'shell', 'home', 'table'])
    writeFileSync(join(dir, 'assets', `${name}.js`), incompressible(10));
  writeFileSync(join(dir, 'assets', 'admin.js'), incompressible(adminKb));
  return dir;
}

describe('the JavaScript budget of each route', () => {
  it('counts the entry and the route with its parents, each shared file once', () => {
    expect(routeScripts(MANIFEST, 'routes/home').sort()).toEqual(
      ['/assets/entry.js', '/assets/home.js', '/assets/react.js', '/assets/root.js', '/assets/shell.js'].sort(),
    );
  });

  it('passes routes within budget and tolerance, and fails one that grew past it', () => {
    const budgets = budgetsOf(weighRoutes(client(10), { tolerance: 0.1, routes: {} }), 0.1);
    expect(budgets.routes['routes/admin']).toBeGreaterThan(55);
    expect(budgets.routes['routes/admin']).toBeLessThan(65);

    // 5 % more JavaScript on the admin route: within the tolerance.
    const grown = weighRoutes(client(13), budgets);
    expect(grown.filter((weight) => weight.over)).toEqual([]);

    // An oversized route: 20 KB more than its budget of about 60.
    const oversized = weighRoutes(client(30), budgets);
    expect(oversized.filter((weight) => weight.over).map((weight) => weight.route)).toEqual(['routes/admin']);
  });

  it('fails a route that has no budget', () => {
    const weights = weighRoutes(client(10), { tolerance: 0.1, routes: { root: 100, 'routes/home': 100 } });
    expect(weights.filter((weight) => weight.over).map((weight) => weight.route)).toEqual(['routes/admin']);
  });

  it('ends the build with an error naming the route and its budget', () => {
    const dir = client(30);
    const budgets = budgetsOf(weighRoutes(client(10), { tolerance: 0.1, routes: {} }), 0.1);
    const budgetFile = join(dir, 'js-budget.json');
    writeFileSync(budgetFile, JSON.stringify(budgets));
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/js-budget.ts', `--client=${dir}`, `--budgets=${budgetFile}`],
      { encoding: 'utf8' },
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(
      /routes\/admin needs \d+(\.\d)? KB of JavaScript, past its budget of \d+(\.\d)? KB by more than 10 %/,
    );
  });
});
