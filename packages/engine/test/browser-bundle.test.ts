// The engine core must run in the browser: bundle it for the browser and fail if a Node built-in slips in.
import { describe, expect, it } from 'vitest';
import { build, type Plugin } from 'esbuild';
import { builtinModules } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const entry = join(dirname(fileURLToPath(import.meta.url)), '../src/index.ts');
const builtins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);

describe('the engine core', () => {
  it('bundles for the browser without any Node built-in', async () => {
    const imported: string[] = [];
    const catchBuiltins: Plugin = {
      name: 'catch-node-builtins',
      setup(b) {
        b.onResolve({ filter: /.*/ }, (args) => {
          if (builtins.has(args.path) || args.path.startsWith('node:')) {
            imported.push(`${args.path} (from ${args.importer})`);
            return { path: args.path, external: true };
          }
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
      logLevel: 'silent',
      plugins: [catchBuiltins],
    });
    expect(imported).toEqual([]);
    expect(result.errors).toEqual([]);
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.some((i) => i.includes('src/node/'))).toBe(false);
    expect(inputs.some((i) => i.includes('re2js'))).toBe(true);
  });
});
