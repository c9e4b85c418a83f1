import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';

/** Where the React floor page is written in a copy of the built client: the home page's HTML starting only React DOM and one button (ADR 065). */
export const FLOOR_DIR = 'bench-react-floor';

/**
 * The React floor page: the built home page, its prerendered content and its start after the first
 * paint unchanged, with the store's start-up modules replaced by `bench/react-floor.ts` built alone.
 * `root` is a copy of `build/client` that the benchmark's server serves.
 */
export async function writeReactFloor(root: string): Promise<void> {
  const dir = join(root, FLOOR_DIR);
  await build({
    configFile: false,
    logLevel: 'error',
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      outDir: dir,
      emptyOutDir: true,
      lib: { entry: 'bench/react-floor.ts', formats: ['es'], fileName: () => 'react-floor.js' },
    },
  });
  const home = readFileSync(join(root, 'index.html'), 'utf8');
  const boot = /(<script type="text\/plain" id="app-boot">)[^<]*(<\/script>)/;
  const preloads = /\[("\/assets\/[^"]+\.js",?)+\]/;
  if (!boot.test(home) || !preloads.test(home))
    throw new Error("the home page's start-up loader has changed: update writeReactFloor");
  const script = `/${FLOOR_DIR}/react-floor.js`;
  writeFileSync(
    join(dir, 'index.html'),
    home.replace(boot, `$1import(${JSON.stringify(script)});$2`).replace(preloads, JSON.stringify([script])),
  );
  // Compressed as the store's own files are, so both pages travel at the same cost.
  execFileSync(process.execPath, ['scripts/precompress.mjs', dir]);
}
