// Builds dist/cli.js: the CLI bundled with its dependencies, runnable with plain Node, and
// dist/THIRD-PARTY-LICENSES.txt: the licence texts of every package the bundle contains, from esbuild's metafile.
import { build } from 'esbuild';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeThirdPartyLicenses } from '../../../scripts/third-party-licenses.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const result = await build({
  entryPoints: [join(root, 'src/node/bin.ts')],
  outfile: join(root, 'dist/cli.js'),
  absWorkingDir: root,
  bundle: true,
  platform: 'node',
  format: 'esm',
  // The CLI keeps running on Node >= 20.19 (test/node20.test.ts runs it there).
  target: 'node20',
  // yaml's CommonJS build requires 'process'; give the ESM bundle a real require for Node built-ins.
  banner: {
    js: "#!/usr/bin/env node\nimport { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  // A map for readable stack traces, without a second copy of every dependency's source.
  sourcemap: 'linked',
  sourcesContent: false,
  metafile: true,
  logLevel: 'warning',
});
const bundled = writeThirdPartyLicenses({
  metafiles: [result.metafile],
  workingDir: root,
  bundles: ['@semantic-anchors/engine dist/cli.js'],
  outfile: join(root, 'dist/THIRD-PARTY-LICENSES.txt'),
});
console.log(
  `built packages/engine/dist/cli.js and THIRD-PARTY-LICENSES.txt (${bundled.map((p) => p.name).join(', ')})`,
);
