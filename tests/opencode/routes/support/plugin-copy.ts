// The plugin under test, copied into a throw-away folder laid out like an installed package
// (`<dir>/opencode-semantic-anchors/dist/index.js`): a route that rewrites "the plugin's own files" must find
// them, and if it goes through it ruins the copy, never the build the other suites load. `<dir>/node_modules`
// links to the repository's, so what the bundle loads at run time (the OS sandbox's runtime) resolves as it does
// for an installed package — outside the plugin's own folder, which the plugin protects.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PluginEntry } from '@semantic-anchors/sandbox';
import { pluginDist, repoRoot } from '../../support/harness.js';

export interface PluginCopy {
  readonly entry: PluginEntry;
  readonly file: string;
  remove(): void;
}

export function copyPluginBundle(): PluginCopy {
  const dir = mkdtempSync(join(tmpdir(), 'semantic-anchors-plugin-copy-'));
  const file = join(dir, 'opencode-semantic-anchors', 'dist', 'index.js');
  mkdirSync(join(dir, 'opencode-semantic-anchors', 'dist'), { recursive: true });
  copyFileSync(pluginDist, file);
  symlinkSync(join(repoRoot, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return { entry: pathToFileURL(file).href, file, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
