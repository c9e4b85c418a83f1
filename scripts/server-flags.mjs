// How `npm start` (and the end-to-end tests and the footprint benchmark) run the compiled server:
// source maps for stack traces, and V8 tuned for a small resident size (ADR 090). A young
// generation of 4 MB semi-spaces instead of 16 and V8's optimize-for-size mode keep the heap near
// its working set (about 75 MB) instead of letting it grow past 200 MB under load, for about a
// quarter of the throughput of a busy moment (docs/performance.md, `npm run bench:footprint`).
// `--expose-gc` lets the store collect once it is quiet after large uploads, which V8 alone left
// for a minute or more (ADR 093).
// SERVER_NODE_FLAGS in the environment replaces them (e.g. `--enable-source-maps` alone).
export const DEFAULT_SERVER_NODE_FLAGS = [
  '--enable-source-maps',
  '--max-semi-space-size=4',
  '--optimize-for-size',
  '--expose-gc',
];

export const SERVER_NODE_FLAGS = process.env.SERVER_NODE_FLAGS?.trim()
  ? process.env.SERVER_NODE_FLAGS.trim().split(/\s+/)
  : DEFAULT_SERVER_NODE_FLAGS;

export const SERVER_ENTRY = 'build/server/main.js';

// glibc's allocator, set so that memory freed after large bodies goes back to the system (ADR 099):
// two arenas instead of up to eight per core, and blocks of 128 KB or more each mapped on their own
// (glibc's default threshold, held fixed: by default it rises to the largest block freed, up to
// 32 MB, and uploads' buffers then stay in arenas that are not given back). A variable already in
// the environment wins.
export const SERVER_ALLOCATOR_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' };

/** The allocator settings `env` does not set itself, for the server's environment. */
export function allocatorEnv(env = process.env) {
  return Object.fromEntries(Object.entries(SERVER_ALLOCATOR_ENV).filter(([name]) => env[name] === undefined));
}
