// Licences: every package a shipped bundle contains has its licence text in the bundle's THIRD-PARTY-LICENSES.txt,
// and every package carries the Apache-2.0 text and a NOTICE that credits the pinned Semantic Anchors catalogue.
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { built, engineDir, packagesInBundle, pluginDir, repoRoot } from './support.js';

const bundles = [
  {
    licences: join(pluginDir, 'dist/THIRD-PARTY-LICENSES.txt'),
    // The package's two entries (each with the shared chunk it imports) and the site's single-file downloads.
    files: [
      join(pluginDir, 'dist/index.js'),
      join(pluginDir, 'dist/cli.js'),
      join(pluginDir, 'standalone/opencode-semantic-anchors.mjs'),
      join(pluginDir, 'standalone/semantic-anchors-cli.mjs'),
    ],
  },
  { licences: join(engineDir, 'dist/THIRD-PARTY-LICENSES.txt'), files: [join(engineDir, 'dist/cli.js')] },
];

describe.each(bundles)('$licences', ({ licences, files }) => {
  const packages = files.flatMap(packagesInBundle);

  it('lists the packages every bundle is known to contain', () => {
    const ids = packages.map((p) => p.id.replace(/@[^@]+$/, ''));
    for (const name of ['zod', 'yaml', 'picomatch', 're2js']) expect(ids).toContain(name);
  });

  it.each(files.flatMap((file) => packagesInBundle(file).map((p) => ({ ...p, file }))))(
    '$id (in $file) has its heading and licence text',
    ({ dir, id }) => {
      const text = readFileSync(built(licences), 'utf8');
      expect(text).toContain(`\n${id}\nLicense: `);
      const own = readdirSync(dir).filter((f) => /^licen[cs]e/i.test(f));
      expect(own.length, `${dir} ships no LICENSE file`).toBeGreaterThan(0);
      for (const file of own) expect(text).toContain(readFileSync(join(dir, file), 'utf8').trimEnd());
    },
  );
});

describe.each(bundles)('$licences: derived work', ({ licences }) => {
  it("carries secretlint's MIT notice: the engine's secret rules, bundled here, are derived from its preset", () => {
    const text = readFileSync(built(licences), 'utf8');
    const notice = readFileSync(join(engineDir, 'THIRD-PARTY-secrets.md'), 'utf8').trimEnd();
    expect(text).toContain('Derived from third-party work: packages/engine/THIRD-PARTY-secrets.md');
    expect(text).toContain(notice);
    expect(text).toContain('Copyright (c) 2020 azu');
  });
});

describe('LICENSE and NOTICE', () => {
  const folders = ['.', 'packages/engine', 'packages/plugin', 'presets', 'apps/configurator'];
  const apache = readFileSync(join(repoRoot, 'LICENSE'), 'utf8');
  const meta = JSON.parse(readFileSync(join(repoRoot, 'presets/catalogue/meta.json'), 'utf8')) as { commit: string };

  it('the root LICENSE is the full Apache-2.0 text', () => {
    expect(apache).toMatch(/^\s+Apache License\s+Version 2\.0, January 2004/);
    expect(apache).toContain('END OF TERMS AND CONDITIONS');
  });

  it.each(folders)('%s carries the same LICENSE and a NOTICE naming the pinned catalogue commit', (folder) => {
    expect(readFileSync(join(repoRoot, folder, 'LICENSE'), 'utf8')).toBe(apache);
    const notice = readFileSync(join(repoRoot, folder, 'NOTICE'), 'utf8');
    expect(notice).toContain('https://github.com/LLM-Coding/Semantic-Anchors');
    // INVARIANT: re-pinning the catalogue (presets/catalogue/meta.json) means updating every NOTICE too.
    expect(notice).toContain(meta.commit);
  });
});
