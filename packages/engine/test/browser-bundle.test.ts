// The engine core must run in the browser: bundle it for the browser and fail if a Node built-in slips in.
import { describe, expect, it } from 'vitest';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleForBrowser } from './bundle.js';

const entry = join(dirname(fileURLToPath(import.meta.url)), '../src/index.ts');

describe('the engine core', () => {
  it('bundles for the browser without any Node built-in', async () => {
    const bundle = await bundleForBrowser(entry);
    expect(bundle.builtinImports).toEqual([]);
    expect(bundle.errors).toEqual([]);
    expect(bundle.inputs.some((i) => i.includes('src/node/'))).toBe(false);
    expect(bundle.inputs.some((i) => i.includes('re2js'))).toBe(true);
  });
});
