// The secret detector is part of the engine core: it must bundle for the browser with no Node built-in and no
// secretlint runtime (we derive rule data from secretlint; we do not bundle its modules).
import { describe, expect, it } from 'vitest';
import { build, type Plugin } from 'esbuild';
import { builtinModules } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const entry = join(dirname(fileURLToPath(import.meta.url)), '../../src/secrets/index.ts');
const builtins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);

describe('the secret detector', () => {
  it('bundles for the browser on its own, without Node built-ins or other packages', async () => {
    const imported: string[] = [];
    const catchImports: Plugin = {
      name: 'catch-imports',
      setup(b) {
        b.onResolve({ filter: /.*/ }, (args) => {
          if (builtins.has(args.path) || args.path.startsWith('node:') || !args.path.startsWith('.')) {
            if (args.kind !== 'entry-point') imported.push(`${args.path} (from ${args.importer})`);
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
      minify: true,
      logLevel: 'silent',
      plugins: [catchImports],
    });
    expect(imported).toEqual([]);
    expect(result.errors).toEqual([]);
    const bytes = result.outputFiles[0]!.contents.length;
    console.log(`secrets: browser bundle ${(bytes / 1024).toFixed(1)} KiB minified`);
    expect(bytes).toBeLessThan(64 * 1024);
  });
});
