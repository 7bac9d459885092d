import { defineConfig } from 'vitest/config';
import { presetsRegistry } from '../apps/configurator/scripts/browser-presets.mjs';

// End-to-end suites start real processes (opencode, Chromium, a static server): give them time, and keep the
// machine's two cores from being oversubscribed. A third worker was measured (stop 47): on a sample of six suites
// alone it helped (212 s → 180 s), but in CI, where the two cores are busy all the time, the workspace took the same
// (1,542 s against 1,545 s), so two it stays. A poll waits up to 15 s, not vitest's default of one: a page on a busy
// machine may take longer than a second to settle, and a poll that is never satisfied still fails.
export default defineConfig({
  // The editor's modules read the bundled presets' index from the registry the site's build generates
  // (apps/configurator/scripts/browser-presets.mjs); the browser-free tests of those modules get the same module.
  plugins: [presetsRegistry()],
  test: {
    include: ['**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/fixtures/**'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    expect: { poll: { timeout: 15_000 } },
    pool: 'forks',
    maxWorkers: 2,
  },
});
