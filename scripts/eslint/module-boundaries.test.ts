import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
// The project's own eslint.config.js: the test fails if the rule is dropped from it, not only if it breaks.
const eslint = new ESLint({ cwd: ROOT });

async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(ROOT, file) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'openline/module-boundaries')
    .map((message) => message.message);
}

describe('module boundaries lint rule', () => {
  it.each([
    ['src/server/modules/quotes/service.ts', "export { findOrder } from '../orders/repo.ts';", 'orders'],
    [
      'src/server/modules/quotes/service.ts',
      "import * as orders from '../orders/repo.ts';\nexport const o = orders;",
      'orders',
    ],
    ['src/server/modules/esim/service.ts', "export * from '../payments/repo-sandbox.ts';", 'payments'],
    ['src/server/http/orders.ts', "export { findOrder } from '../modules/orders/repo.ts';", 'orders'],
    ['src/server/jobs/esim.ts', "export { findOrder } from '../modules/orders/././repo.ts';", 'orders'],
    ['src/server/modules/quotes/service.ts', "export { findOrder } from '../quotes/../orders/repo';", 'orders'],
    ['src/server/modules/quotes/service.ts', "export const load = () => import('../orders/repo.ts');", 'orders'],
    ['src/server/modules/esim/fulfilment.test.ts', "export { findOrder } from '../orders/repo.ts';", 'orders'],
  ])("%s importing another module's repo (%s) is an error", async (file, code, owner) => {
    expect(await boundaryErrors(file, code)).toEqual([
      `Only the ${owner} module imports its repo: call the ${owner} module's service instead (docs/architecture.md, ADR 026).`,
    ]);
  });

  it.each([
    ['src/server/modules/quotes/service.ts', "export { findQuote } from './repo.ts';"],
    ['src/server/modules/payments/service.ts', "export { sandboxSessionStore } from './repo-sandbox.ts';"],
    ['src/server/modules/quotes/service.ts', "export { createCatalogService } from '../catalog/service.ts';"],
    ['src/server/http/quotes.ts', "export { createQuoteEngine } from '../modules/quotes/service.ts';"],
  ])('%s importing %s is allowed', async (file, code) => {
    expect(await boundaryErrors(file, code)).toEqual([]);
  });

  it('a client feature importing a sibling feature by a relative path or the ~ alias is an error', async () => {
    const file = 'src/client/features/esim/components/x.tsx';
    expect(await boundaryErrors(file, "export { Form } from '../../unlock/components/form.tsx';")).toEqual([
      'A feature does not import another feature (unlock): compose them in a route.',
    ]);
    expect(await boundaryErrors(file, "export { Form } from '~/features/unlock/components/form.tsx';")).toEqual([
      'A feature does not import another feature (unlock): compose them in a route.',
    ]);
    expect(await boundaryErrors(file, "export { Cart } from '../api/cart.ts';")).toEqual([]);
  });
});
