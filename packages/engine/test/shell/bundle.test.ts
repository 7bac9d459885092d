// The shell model is part of the engine core: it must bundle for the browser with only unbash (no Node built-in,
// no WASM parser that needs async init).
import { describe, expect, it } from 'vitest';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleForBrowser } from '../bundle.js';

const entry = join(dirname(fileURLToPath(import.meta.url)), '../../src/shell/index.ts');

describe('the shell model', () => {
  it('bundles for the browser with unbash and nothing from Node', async () => {
    const bundle = await bundleForBrowser(entry);
    expect(bundle.errors).toEqual([]);
    expect(bundle.inputs.some((i) => i.includes('node_modules/unbash/'))).toBe(true);
    expect(bundle.inputs.filter((i) => /web-tree-sitter|tree-sitter-bash|sh-syntax/.test(i))).toEqual([]);
    expect(bundle.builtinImports).toEqual([]);
  });
});
