import { defineConfig } from 'vitest/config';
import { presetsRegistry } from '../apps/configurator/scripts/browser-presets.mjs';

// End-to-end suites start real processes (opencode, Chromium, a static server): give them time, and keep the
// machine's two cores from being oversubscribed.
export default defineConfig({
  // The editor's modules read the bundled presets' index from the registry the site's build generates
  // (apps/configurator/scripts/browser-presets.mjs); the browser-free tests of those modules get the same module.
  plugins: [presetsRegistry()],
  test: {
    include: ['**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/fixtures/**'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
