import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The store's root (package.json, data/, content/, the migrations), found from this module's own
 * place whether it runs from src/server (through tsx, in tests) or bundled into build/server
 * (`npm start`, ADR 086): every file the server reads at run time is named from here.
 */
function findRoot(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'data'))) return dir;
    if (dirname(dir) === dir) throw new Error(`No store root (package.json beside data/) above ${start}`);
  }
}

export const ROOT = findRoot(import.meta.dirname);

/** A path under the store's root. */
export const rootPath = (...parts: string[]) => join(ROOT, ...parts);

/** A directory under the store's root as a file URL ending in a slash (for `new URL(name, dir)`). */
export const rootDirUrl = (...parts: string[]) => new URL(`${pathToFileURL(rootPath(...parts)).href}/`);
