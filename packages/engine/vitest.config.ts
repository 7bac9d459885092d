import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: 2,
    // Property tests run thousands of cases; on a loaded 2-core machine they need more than the default 5 s.
    testTimeout: 60_000,
  },
});
