import { defineConfig } from 'vitest/config';

// Unit tests of the harness pieces that need no opencode (the script player); the harness itself is exercised by
// the end-to-end suites in /tests/opencode.
export default defineConfig({
  test: { include: ['src/**/*.test.ts'] },
});
