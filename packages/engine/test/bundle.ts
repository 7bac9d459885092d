// Bundles one engine entry for the browser, as the site does, and says what it pulled in: Node built-ins (which the
// core must never import; kept external so the build still finishes and reports them), bare package imports, every
// input file, and the size. The browser-bundle suites assert on it.
import { build, type Plugin } from 'esbuild';
import { builtinModules } from 'node:module';

const builtins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);

export interface BrowserBundle {
  readonly builtinImports: readonly string[];
  readonly packageImports: readonly string[];
  readonly inputs: readonly string[];
  readonly bytes: number;
  readonly errors: readonly unknown[];
}

export async function bundleForBrowser(entry: string, options: { minify?: boolean } = {}): Promise<BrowserBundle> {
  const builtinImports: string[] = [];
  const packageImports: string[] = [];
  const watch: Plugin = {
    name: 'watch-imports',
    setup(b) {
      b.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind === 'entry-point') return undefined;
        if (builtins.has(args.path) || args.path.startsWith('node:')) {
          builtinImports.push(`${args.path} (from ${args.importer})`);
          return { path: args.path, external: true };
        }
        if (!args.path.startsWith('.')) packageImports.push(`${args.path} (from ${args.importer})`);
        return undefined;
      });
    },
  };
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    platform: 'browser',
    format: 'esm',
    metafile: true,
    minify: options.minify ?? false,
    logLevel: 'silent',
    plugins: [watch],
  });
  return {
    builtinImports,
    packageImports,
    inputs: Object.keys(result.metafile.inputs),
    bytes: result.outputFiles[0]?.contents.length ?? 0,
    errors: result.errors,
  };
}
