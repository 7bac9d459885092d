// Paths and helpers the package suites share: the repository root and the packages bundled into a built file.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const pluginDir = join(repoRoot, 'packages/plugin');
export const engineDir = join(repoRoot, 'packages/engine');

/** The built file, or a failure that says which build to run. */
export function built(file: string): string {
  if (!existsSync(file)) throw new Error(`${file} is missing; run "npm run build" first`);
  return file;
}

/**
 * The third-party packages (folder under node_modules, name@version) whose files a bundle contains, read from its
 * source map's `sources`: evidence independent of the metafile the licence file is generated from.
 */
export function packagesInBundle(bundle: string): { dir: string; id: string }[] {
  const map = JSON.parse(readFileSync(built(`${bundle}.map`), 'utf8')) as { sources: string[] };
  const dirs = new Set<string>();
  for (const source of map.sources) {
    const match = /^(.*\/node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(resolve(dirname(bundle), source));
    if (match) dirs.add(match[1]!);
  }
  return [...dirs].map((dir) => {
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name: string; version: string };
    return { dir, id: `${pkg.name}@${pkg.version}` };
  });
}
