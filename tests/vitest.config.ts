import { defineConfig } from 'vitest/config';
import { presetsRegistry } from '../apps/configurator/scripts/browser-presets.mjs';

// End-to-end suites start real processes (opencode, Chromium, a static server): give them time. Three workers on the
// two cores: a suite spends about two fifths of its time waiting (opencode answering, a page settling), which a third
// file fills; measured on a mix of browser and opencode suites, 212 s with two workers, 180 s with three, 207 s with
// four (more contention, and a one-second poll timed out). A poll waits up to 15 s, not vitest's default of one: a
// page under load may take longer than a second to settle, and a poll that is never satisfied still fails.
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
    maxWorkers: 3,
  },
});
