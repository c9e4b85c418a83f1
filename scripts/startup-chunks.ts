// The start-up JavaScript in a few chunks (ADR 062). Left to the bundler, every module shared by a
// different set of routes became a chunk of its own: the home page started 73 scripts, many of
// them 150-byte icons, and on a mobile connection each costs a round trip on one of the browser's
// six connections. This plugin groups the modules the prerendered pages start with by what needs
// them: the shell every store page starts with, each landing page's own part, and what those
// pages share. Everything else (routes reached later, parts loaded on first use) is split as before.
import type { ESTree, Plugin } from 'vite';

/** The client entry and the layout routes every store page starts with. */
const SHELL_ROOTS = ['/entry.client.tsx', '/root.tsx', '/routes/store-layout.tsx'];
/** The prerendered pages people land on, each with a chunk of what it starts with beyond the shell. */
const PAGES = [
  { chunk: 'home-start', root: '/routes/home.tsx' },
  { chunk: 'shop-start', root: '/routes/esim-shop.tsx' },
] as const;
/** What more than one of those pages starts with. */
const PAGES_SHARED = 'pages-start';
/** React, React DOM and the router: one chunk, which changes only with their versions. */
const REACT = /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/;
/** Stylesheets stay with the module that imports them, in the chunk the build names after it. */
const STYLES = /\.css($|\?)/;

/** Which of a module's exports are asked for: some names, or all of them. */
export type Wanted = ReadonlySet<string> | 'all';

/** A static import or re-export: where from, which of its names, and (re-exports) under which names. */
export interface ImportEdge {
  readonly source: string;
  readonly names: Wanted;
  /** For a re-export, the names its own importers ask for; `*` for `export * from`. */
  readonly exported?: readonly string[];
}

export interface ParsedModule {
  readonly edges: readonly ImportEdge[];
  /**
   * Nothing but imports and re-exports (`radix-ui`, `lucide-react`): only the names asked for are
   * followed. Followed whole, one icon or one primitive named the whole library's graph.
   */
  readonly barrel: boolean;
  /** Dynamic imports started as the module runs (a top-level `const m = import(...)`): the unlock panel. */
  readonly eager: readonly string[];
}

const nameOf = (node: ESTree.IdentifierName | ESTree.IdentifierReference | ESTree.StringLiteral | ESTree.ModuleExportName) =>
  node.type === 'Literal' ? node.value : node.name;

/** Reads a module's imports, re-exports and eagerly started dynamic imports from its syntax tree. */
export function parseModule(program: ESTree.Program): ParsedModule {
  const edges: ImportEdge[] = [];
  const eager: string[] = [];
  /** Local names bound by imports, so that `export { local }` can be followed to its source. */
  const imported = new Map<string, { source: string; name: string }>();
  let barrel = true;
  for (const node of program.body) {
    if (node.type === 'ImportDeclaration') {
      if (node.importKind === 'type') continue;
      const source = node.source.value;
      const specifiers = node.specifiers ?? [];
      // A bare import runs the module for its effects: a module with one is not a barrel.
      if (specifiers.length === 0) barrel = false;
      const names = new Set<string>();
      let all = false;
      for (const specifier of specifiers) {
        if (specifier.type === 'ImportNamespaceSpecifier') all = true;
        const name =
          specifier.type === 'ImportNamespaceSpecifier'
            ? '*'
            : specifier.type === 'ImportDefaultSpecifier'
              ? 'default'
              : nameOf(specifier.imported);
        names.add(name);
        imported.set(specifier.local.name, { source, name });
      }
      edges.push({ source, names: all ? 'all' : names });
    } else if (node.type === 'ExportAllDeclaration') {
      edges.push({ source: node.source.value, names: 'all', exported: [node.exported ? nameOf(node.exported) : '*'] });
    } else if (node.type === 'ExportNamedDeclaration' && node.source) {
      const source = node.source.value;
      for (const specifier of node.specifiers) {
        edges.push({ source, names: new Set([nameOf(specifier.local)]), exported: [nameOf(specifier.exported)] });
      }
    } else if (node.type === 'ExportNamedDeclaration' && !node.declaration) {
      for (const specifier of node.specifiers) {
        const from = imported.get(nameOf(specifier.local));
        if (!from) barrel = false;
        else
          edges.push({
            source: from.source,
            names: from.name === '*' ? 'all' : new Set([from.name]),
            exported: [nameOf(specifier.exported)],
          });
      }
    } else {
      barrel = false;
      const declaration = node.type === 'ExportNamedDeclaration' ? node.declaration : node;
      if (declaration?.type !== 'VariableDeclaration') continue;
      for (const declarator of declaration.declarations) {
        const init = declarator.init;
        if (init?.type === 'ImportExpression' && init.source.type === 'Literal' && typeof init.source.value === 'string')
          eager.push(init.source.value);
      }
    }
  }
  return { edges, barrel, eager };
}

/** What a barrel passes on when `asked` of its names are wanted: the edges to follow, and with which names. */
export function barrelEdges(module: ParsedModule, asked: Wanted): { source: string; names: Wanted }[] {
  const followed: { source: string; names: Wanted }[] = [];
  for (const edge of module.edges) {
    // Its imports are followed through the re-exports that name them.
    if (!edge.exported) continue;
    const passesAll = edge.exported.includes('*');
    if (asked !== 'all' && !passesAll && !edge.exported.some((name) => asked.has(name))) continue;
    followed.push({ source: edge.source, names: passesAll ? asked : edge.names });
  }
  return followed;
}

/** Which chunk a module of a start-up graph goes to: the shell's first, then the one page's, else the shared one. */
export function assignChunks(
  shell: ReadonlySet<string>,
  pages: readonly { readonly chunk: string; readonly graph: ReadonlySet<string> }[],
  grouped: (id: string) => boolean,
): Map<string, string> {
  const chunkOf = new Map<string, string>();
  for (const id of shell) if (grouped(id)) chunkOf.set(id, 'shell');
  for (const page of pages) {
    for (const id of page.graph) {
      if (!grouped(id) || chunkOf.has(id)) continue;
      const startedBy = pages.filter((other) => other.graph.has(id));
      chunkOf.set(id, startedBy.length === 1 ? page.chunk : PAGES_SHARED);
    }
  }
  return chunkOf;
}

const pathOf = (id: string) => id.split('?')[0] ?? id;
const NOTHING: ParsedModule = { edges: [], barrel: false, eager: [] };

export function startupChunks(): Plugin {
  let chunkOf = new Map<string, string>();
  return {
    name: 'openline:startup-chunks',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    async buildEnd() {
      const ids = [...this.getModuleIds()];
      // Entries (the route modules) and what is imported on first use keep chunks of their own.
      const kept = new Set<string>();
      for (const id of ids) {
        const info = this.getModuleInfo(id);
        if (info?.isEntry) kept.add(id);
        for (const target of info?.dynamicallyImportedIds ?? []) kept.add(target);
      }
      const parsed = new Map<string, ParsedModule>();
      const parse = (id: string): ParsedModule => {
        let module = parsed.get(id);
        if (!module) {
          const code = this.getModuleInfo(id)?.code;
          try {
            module = code ? parseModule(this.parse(code)) : NOTHING;
          } catch {
            // Not JavaScript (a stylesheet's stub): it imports nothing.
            module = NOTHING;
          }
          parsed.set(id, module);
        }
        return module;
      };
      const resolved = new Map<string, string | null>();
      const resolve = async (source: string, importer: string) => {
        const key = `${importer}\0${source}`;
        if (!resolved.has(key)) resolved.set(key, (await this.resolve(source, importer))?.id ?? null);
        return resolved.get(key) ?? null;
      };

      const startGraph = async (roots: readonly string[]) => {
        const starts = ids.filter((id) => roots.some((root) => pathOf(id).endsWith(root)));
        // A route's own module stays in its chunk, with the stylesheet it imports.
        for (const id of starts) kept.add(id);
        const graph = new Set<string>();
        const askedOfBarrel = new Map<string, Set<string> | 'all'>();
        const queue: { id: string; names: Wanted }[] = starts.map((id) => ({ id, names: 'all' }));
        for (let item = queue.pop(); item; item = queue.pop()) {
          const { id, names } = item;
          const module = parse(id);
          let next: { source: string; names: Wanted }[];
          if (module.barrel) {
            const asked = askedOfBarrel.get(id) ?? new Set<string>();
            if (asked === 'all') continue;
            const fresh: Wanted = names === 'all' ? 'all' : new Set([...names].filter((name) => !asked.has(name)));
            if (fresh !== 'all' && fresh.size === 0) continue;
            if (fresh === 'all') askedOfBarrel.set(id, 'all');
            else askedOfBarrel.set(id, new Set([...asked, ...fresh]));
            next = barrelEdges(module, fresh);
          } else {
            if (graph.has(id)) continue;
            next = [...module.edges, ...module.eager.map((source) => ({ source, names: 'all' as const }))];
          }
          graph.add(id);
          for (const edge of next) {
            const target = await resolve(edge.source, id);
            if (target) queue.push({ id: target, names: edge.names });
          }
        }
        return graph;
      };

      const shell = await startGraph(SHELL_ROOTS);
      const pages = [];
      for (const page of PAGES) pages.push({ chunk: page.chunk, graph: await startGraph([page.root]) });
      chunkOf = assignChunks(shell, pages, (id) => !kept.has(id) && !REACT.test(id) && !STYLES.test(id));
    },
    outputOptions(options) {
      const names = ['shell', PAGES_SHARED, ...PAGES.map((page) => page.chunk)];
      return {
        ...options,
        codeSplitting: {
          groups: [
            { name: 'react', test: REACT, priority: names.length + 1 },
            ...names.map((name, index) => ({
              name,
              test: (id: string) => chunkOf.get(id) === name,
              priority: names.length - index,
            })),
          ],
        },
      };
    },
  };
}
