import { defineConfig } from 'vitest/config';

// Unit tests only: the adapters against recorded host payloads, the core against real YAML files.
// The end-to-end suites against real opencode live in /tests.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: ['**/node_modules/**', 'test/fixtures/**'],
  },
});
