// The secret detector is part of the engine core: it must bundle for the browser with no Node built-in and no
// secretlint runtime (we derive rule data from secretlint; we do not bundle its modules).
import { describe, expect, it } from 'vitest';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleForBrowser } from '../bundle.js';

const entry = join(dirname(fileURLToPath(import.meta.url)), '../../src/secrets/index.ts');

describe('the secret detector', () => {
  it('bundles for the browser on its own, without Node built-ins or other packages', async () => {
    const bundle = await bundleForBrowser(entry, { minify: true });
    expect([...bundle.builtinImports, ...bundle.packageImports]).toEqual([]);
    expect(bundle.errors).toEqual([]);
    console.log(`secrets: browser bundle ${(bundle.bytes / 1024).toFixed(1)} KiB minified`);
    expect(bundle.bytes).toBeLessThan(64 * 1024);
  });
});
