// The shell model is part of the engine core: it must bundle for the browser with only unbash (no Node built-in,
// no WASM parser that needs async init).
import { describe, expect, it } from 'vitest';
import { build } from 'esbuild';
import { builtinModules } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const entry = join(dirname(fileURLToPath(import.meta.url)), '../../src/shell/index.ts');

describe('the shell model', () => {
  it('bundles for the browser with unbash and nothing from Node', async () => {
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      write: false,
      platform: 'browser',
      format: 'esm',
      metafile: true,
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(result.errors).toEqual([]);
    expect(inputs.some((i) => i.includes('node_modules/unbash/'))).toBe(true);
    expect(inputs.filter((i) => /web-tree-sitter|tree-sitter-bash|sh-syntax/.test(i))).toEqual([]);
    const builtins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);
    expect(
      Object.values(result.metafile.inputs)
        .flatMap((i) => i.imports.map((x) => x.path))
        .filter((p) => builtins.has(p)),
    ).toEqual([]);
  });
});
