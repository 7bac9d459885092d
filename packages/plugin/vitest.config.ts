import { defineConfig } from 'vitest/config';

// Unit tests only: the adapters against recorded host payloads, the core against real YAML files.
// The end-to-end suites against real opencode live in /tests.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: ['**/node_modules/**', 'test/fixtures/**'],
    // The first test of a file that starts the plugin pays its cold start under tsx (the runtime imported, every
    // preset compiled): ~1-3 s here, over vitest's default 5 s on a loaded CI machine (seen once in CI).
    testTimeout: 20_000,
    // Vitest's default is one worker fewer than the cores: on CI's two cores that ran the 47 files one after another
    // (219 s); two workers keep both cores busy, as the engine's and the end-to-end suites do.
    pool: 'forks',
    maxWorkers: 2,
  },
});
