import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Most integration files wait on sockets, settle windows and injected latency rather than the
    // CPU; vitest's default of one fork per core less one leaves a 2-core machine running them in series.
    maxWorkers: 2,
  },
});
