import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { assignChunks, barrelEdges, parseModule } from './startup-chunks.ts';

const parse = (code: string) => parseModule(parseAst(code));
const names = (wanted: ReadonlySet<string> | 'all') => (wanted === 'all' ? 'all' : [...wanted].sort());

describe('reading a module for the start-up graph (ADR 062)', () => {
  it('names what each import takes', () => {
    const module = parse(
      `import React, { useState as useS, useEffect } from 'react';\nimport * as Dialog from 'radix';\nimport './polyfill';\nexport const x = 1;`,
    );
    expect(module.barrel).toBe(false);
    expect(module.edges.map((edge) => [edge.source, names(edge.names)])).toEqual([
      ['react', ['default', 'useEffect', 'useState']],
      ['radix', 'all'],
      ['./polyfill', []],
    ]);
  });

  it('finds a dynamic import started as the module runs, not one started on first use', () => {
    const module = parse(`const panel = import('./panel');\nexport const open = () => import('./dialog');`);
    expect(module.eager).toEqual(['./panel']);
  });

  it('tells a barrel (imports and re-exports only) from a module with code or a bare import', () => {
    expect(parse(`export { default as Bug } from './icons/bug.js';\nexport * from './types.js';`).barrel).toBe(true);
    expect(parse(`import * as Dialog from '@radix/dialog';\nexport { Dialog };`).barrel).toBe(true);
    expect(parse(`import './side-effect';\nexport { a } from './a';`).barrel).toBe(false);
    expect(parse(`export { a } from './a';\nexport const b = 2;`).barrel).toBe(false);
  });

  // Followed whole, the one icon or primitive asked of `lucide-react` or `radix-ui` named every one
  // the app uses anywhere, and the shell chunk carried dialogs and tabs loaded only on first use.
  it('follows only the re-exports a barrel is asked for', () => {
    const barrel = parse(
      `import * as Dialog from '@radix/dialog';\nimport * as Slot from '@radix/slot';\nexport { Dialog, Slot };\n` +
        `export { default as Bug, default as BugIcon } from './icons/bug.js';\nexport { default as Star } from './icons/star.js';\n` +
        `export * from './shared.js';`,
    );
    const followed = (asked: ReadonlySet<string> | 'all') =>
      barrelEdges(barrel, asked).map((edge) => [edge.source, names(edge.names)]);
    expect(followed(new Set(['Slot', 'BugIcon']))).toEqual([
      ['@radix/slot', 'all'],
      ['./icons/bug.js', ['default']],
      ['./shared.js', ['BugIcon', 'Slot']],
    ]);
    expect(followed('all').map(([source]) => source)).toEqual([
      '@radix/dialog',
      '@radix/slot',
      './icons/bug.js',
      './icons/bug.js',
      './icons/star.js',
      './shared.js',
    ]);
  });
});

describe('which chunk a start-up module goes to', () => {
  it('puts the shell first, then a page part of its own, and what several pages start with in a shared one', () => {
    const chunks = assignChunks(
      new Set(['button', 'router', 'styles.css']),
      [
        { chunk: 'home-start', graph: new Set(['button', 'form', 'combobox']) },
        { chunk: 'shop-start', graph: new Set(['button', 'cart', 'combobox']) },
      ],
      (id) => !id.endsWith('.css'),
    );
    expect(Object.fromEntries(chunks)).toEqual({
      button: 'shell',
      router: 'shell',
      form: 'home-start',
      combobox: 'pages-start',
      cart: 'shop-start',
    });
  });
});
