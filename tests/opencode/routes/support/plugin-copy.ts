// The plugin under test, copied into a throw-away folder laid out like an installed package
// (`<dir>/opencode-semantic-anchors/dist/index.js`): a route that rewrites "the plugin's own files" must find
// them, and if it goes through it ruins the copy, never the build the other suites load. `<dir>/node_modules`
// links to the node_modules the original bundle resolves from, so what the bundle loads at run time (the OS
// sandbox's runtime) resolves as it does for an installed package — outside the plugin's own folder, which the
// plugin protects.
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
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
  // The bundle, the chunks it shares with the CLI (`shared-<hash>.js`, imported by relative path) and the presets'
  // data they read from beside them (`*.br`).
  const from = dirname(pluginDist);
  for (const name of readdirSync(from))
    if (name.endsWith('.js') || name.endsWith('.br')) copyFileSync(join(from, name), join(dirname(file), name));
  if (basename(pluginDist) !== 'index.js') copyFileSync(pluginDist, file);
  symlinkSync(nodeModulesOf(pluginDist), join(dir, 'node_modules'), 'dir');
  return { entry: pathToFileURL(file).href, file, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The first node_modules folder above a file (where its bare imports resolve), else the repository's. */
function nodeModulesOf(file: string): string {
  for (let dir = dirname(file); dir !== dirname(dir); dir = dirname(dir))
    if (existsSync(join(dir, 'node_modules'))) return join(dir, 'node_modules');
  return join(repoRoot, 'node_modules');
}
