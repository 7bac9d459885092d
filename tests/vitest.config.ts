import { defineConfig } from 'vitest/config';

// End-to-end suites start real processes (opencode, Chromium, a static server): give them time, and keep the
// machine's two cores from being oversubscribed.
export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/fixtures/**'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
