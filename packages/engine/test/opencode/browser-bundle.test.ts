// The opencode mapping, the export reader and the replay core run in the site's page: bundled for the browser,
// they pull in no Node built-in.
import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { bundleForBrowser } from '../bundle.js';

const entry = fileURLToPath(new URL('../../src/hosts/opencode/index.ts', import.meta.url));

describe('the opencode host entry', () => {
  it('bundles for the browser without any Node built-in', async () => {
    const bundle = await bundleForBrowser(entry);
    expect(bundle.builtinImports).toEqual([]);
    expect(bundle.errors).toEqual([]);
    expect(bundle.inputs.some((i) => i.includes('src/node/'))).toBe(false);
    expect(bundle.inputs.some((i) => i.includes('@streamparser/json'))).toBe(true);
  });
});
