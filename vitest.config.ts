import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The client's `~/` imports, as in vite.config.ts.
  resolve: { tsconfigPaths: true },
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    globalSetup: ['src/server/testing/global-setup.ts'],
    setupFiles: ['src/testing/fail-on-console-error.ts', 'src/server/testing/log-scan-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // What a poll waits for is work of the job queue (a mail after an order event, a delivery):
    // seconds on a loaded 2-core machine, not the 1 s default (a fast answer still ends the poll at once).
    expect: { poll: { timeout: 10_000 } },
  },
});
