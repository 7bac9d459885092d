// Paths and helpers the package suites share: the repository root and the packages bundled into a built file.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
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
 * The third-party packages (folder under node_modules, name@version) whose files a built file contains: from its
 * source map's `sources` where it has one (the engine's CLI), else from the metafile the plugin build writes beside its
 * single-file bundles (packages/plugin/standalone/metafile.json), following the chunks the file imports.
 */
export function packagesInBundle(bundle: string): { dir: string; id: string }[] {
  const dirs = new Set<string>();
  const add = (path: string) => {
    const match = /^(.*\/node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(path);
    if (match) dirs.add(match[1]!);
  };
  if (existsSync(`${bundle}.map`)) {
    const map = JSON.parse(readFileSync(`${bundle}.map`, 'utf8')) as { sources: string[] };
    for (const source of map.sources) add(resolve(dirname(bundle), source));
  } else {
    const meta = JSON.parse(readFileSync(built(join(pluginDir, 'standalone/metafile.json')), 'utf8')) as {
      outputs: Record<string, { imports: { path: string; external?: boolean }[]; inputs: string[] }>;
    };
    const seen = new Set<string>();
    const visit = (out: string) => {
      const output = meta.outputs[out];
      if (seen.has(out) || !output) return;
      seen.add(out);
      for (const input of output.inputs) add(resolve(pluginDir, input));
      for (const i of output.imports) if (!i.external) visit(i.path);
    };
    visit(relative(pluginDir, bundle));
    if (seen.size === 0) throw new Error(`${bundle}: not an output of the plugin build's metafile`);
  }
  return [...dirs].map((dir) => {
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name: string; version: string };
    return { dir, id: `${pkg.name}@${pkg.version}` };
  });
}
