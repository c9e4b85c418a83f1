import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The client's `~/` imports, as in vite.config.ts.
  resolve: { tsconfigPaths: true },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    globalSetup: ['src/server/testing/global-setup.ts'],
    setupFiles: ['src/testing/fail-on-console-error.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
