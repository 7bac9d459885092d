// The plugin under test, copied into a throw-away folder laid out like an installed package
// (`<dir>/opencode-semantic-anchors/dist/index.js`): a route that rewrites "the plugin's own files" must find
// them, and if it goes through it ruins the copy, never the build the other suites load.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PluginEntry } from '@semantic-anchors/sandbox';
import { pluginDist } from '../../support/harness.js';

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
  return { entry: pathToFileURL(file).href, file, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
