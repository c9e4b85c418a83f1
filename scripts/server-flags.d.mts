/** Types of server-flags.mjs, which plain `node` runs (scripts/start.mjs) and TypeScript imports. */
export declare const DEFAULT_SERVER_NODE_FLAGS: readonly string[];
export declare const SERVER_NODE_FLAGS: readonly string[];
export declare const SERVER_ENTRY: string;
export declare const SERVER_ALLOCATOR_ENV: Readonly<Record<'MALLOC_ARENA_MAX' | 'MALLOC_MMAP_THRESHOLD_', string>>;
export declare function allocatorEnv(env?: NodeJS.ProcessEnv): Record<string, string>;
