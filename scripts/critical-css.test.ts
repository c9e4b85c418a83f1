import Beasties from 'beasties';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  criticalCss,
  deferStylesheet,
  layerOrder,
  matchingProbe,
  pruneCriticalCss,
  stylesheetHref,
} from './critical-css.ts';

const prune = (css: string, html = '', layers: string[] = []) => pruneCriticalCss(css, { html, layers });

describe('pruneCriticalCss', () => {
  it.each([
    { name: 'keeps a plain rule', css: '.a{color:red}', expected: '.a{color:red}' },
    { name: 'drops hover-only rules', css: '.a:hover{color:red}', expected: '' },
    { name: 'keeps the other selectors of a list', css: '.a,.b:focus-visible{color:red}', expected: '.a{color:red}' },
    {
      name: 'keeps disabled and placeholder styles',
      css: '.a:disabled,.b::placeholder{opacity:.5}',
      expected: '.a:disabled,.b::placeholder{opacity:.5}',
    },
    { name: 'drops an emptied media query', css: '@media (width>=40rem){.a:active{color:red}}', expected: '' },
    { name: 'drops transitions', css: '.a{transition-property:color;color:red}', expected: '.a{color:red}' },
    {
      name: 'drops custom properties nothing reads',
      css: ':root{--a:1px;--b:2px}.x{width:var(--a)}',
      expected: ':root{--a:1px}.x{width:var(--a)}',
    },
    { name: 'drops chains of unread properties', css: ':root{--a:var(--b);--b:1px}', expected: '' },
    {
      name: 'drops unread @property rules',
      css: '@property --tw-x{syntax:"*";inherits:false}.a{color:red}',
      expected: '.a{color:red}',
    },
    {
      name: 'keeps read @property rules',
      css: '@property --tw-x{syntax:"*";inherits:false}.a{width:var(--tw-x)}',
      expected: '@property --tw-x{syntax:"*";inherits:false}.a{width:var(--tw-x)}',
    },
    {
      name: 'drops the fallback layer',
      css: '@layer properties{@supports (x:y){*{--tw-a:0}}}.a{color:red}',
      expected: '.a{color:red}',
    },
    {
      name: 'keeps only the colour mix of a fallback pair',
      css: '.a{color:var(--p)}@supports (color:color-mix(in lab, red, red)){.a{color:color-mix(in oklab,var(--p) 40%,transparent)}}',
      expected: '.a{color:color-mix(in oklab,var(--p) 40%,transparent)}',
    },
    {
      name: 'leaves a fallback pair whose selectors differ',
      css: '.a,.b{color:var(--p)}@supports (color:color-mix(in lab, red, red)){.b{color:color-mix(in oklab,var(--p) 40%,transparent)}}',
      expected:
        '.a,.b{color:var(--p)}@supports (color:color-mix(in lab, red, red)){.b{color:color-mix(in oklab,var(--p) 40%,transparent)}}',
    },
  ])('$name', ({ css, expected }) => {
    expect(prune(css)).toBe(expected);
  });

  it('keeps custom properties the page reads in its inline styles', () => {
    expect(prune(':root{--bar:4px}', '<div style="width:var(--bar)"></div>')).toBe(':root{--bar:4px}');
  });

  it('opens with the whole stylesheet layer order, so a missing layer keeps its priority', () => {
    expect(prune('@layer utilities{.a{color:red}}', '', ['properties', 'theme', 'utilities'])).toBe(
      '@layer properties,theme,utilities;@layer utilities{.a{color:red}}',
    );
  });
});

describe('layerOrder', () => {
  it('lists layers in the order the stylesheet first names them', () => {
    expect(layerOrder('@layer properties{}@layer theme,base;@layer base{}@layer utilities{}')).toEqual([
      'properties',
      'theme',
      'base',
      'utilities',
    ]);
  });
});

describe('deferStylesheet', () => {
  const page = '<html><head><link rel="stylesheet" href="/assets/root-1.css"/></head><body></body></html>';

  it('inlines the rules and moves the link address to data-href', () => {
    expect(stylesheetHref(page)).toBe('/assets/root-1.css');
    expect(deferStylesheet(page, '.a{color:red}')).toBe(
      '<html><head><style>.a{color:red}</style><link rel="stylesheet" data-href="/assets/root-1.css"/></head><body></body></html>',
    );
  });

  it('keeps `$` sequences in the CSS as they are', () => {
    expect(deferStylesheet(page, '.a:before{content:"$&"}')).toContain('<style>.a:before{content:"$&"}</style>');
  });

  it('refuses a page without a stylesheet', () => {
    expect(stylesheetHref('<html></html>')).toBeUndefined();
    expect(() => deferStylesheet('<html></html>', '')).toThrow('The page links no stylesheet');
  });
});

describe('matchingProbe', () => {
  it('sets both theme classes and decodes attribute values only', () => {
    expect(
      matchingProbe('<html lang="en"><p class="[&amp;&gt;svg]:x [&amp;_a]:y" title="&#x27;">&lt;b&gt;</p></html>'),
    ).toBe(`<html class="light dark" lang="en"><p class="[&>svg]:x [&_a]:y" title="'">&lt;b&gt;</p></html>`);
  });
});

describe('criticalCss', () => {
  const dir = mkdtempSync(join(tmpdir(), 'openline-critical-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps the rules the page uses, in both themes, and leaves the rest to the stylesheet', async () => {
    const stylesheet =
      '@layer theme,utilities;@layer theme{:root{--bg:white}.dark{--bg:black}}' +
      '@layer utilities{.used{background:var(--bg)}.unused{color:red}.used:hover{color:blue}' +
      String.raw`.\[\&_svg\:not\(\[class\*\=\'size-\'\]\)\]\:size-4 svg:not([class*=size-]){width:1rem}` +
      String.raw`.\[\&\>svg\]\:size-3>svg{width:.75rem}}`;
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'assets', 'root.css'), stylesheet);
    const html =
      '<!DOCTYPE html><html lang="en"><head><link rel="stylesheet" href="/assets/root.css"/></head><body><p class="used">Hi</p>' +
      '<button class="[&amp;_svg:not([class*=&#x27;size-&#x27;])]:size-4"><svg></svg></button>' +
      '<span class="[&amp;&gt;svg]:size-3"><svg></svg></span></body></html>';
    const css = await criticalCss(html, stylesheet, new Beasties({ path: dir, publicPath: '/', logLevel: 'silent' }));
    expect(css).toContain('.used{');
    expect(css).toContain('.dark{');
    expect(css).toContain('svg:not([class*=size-]){width:1rem}');
    expect(css).toContain('>svg{width:.75rem}');
    expect(css).not.toContain('.unused');
    expect(css).not.toContain(':hover');
    expect(css.startsWith('@layer theme,utilities;')).toBe(true);
  });
});
