// Builds the package: dist/index.js (the plugin, one ESM bundle: engine, zod, yaml, picomatch and re2js inside, no
// runtime import of the host's packages; the one package it loads at run time is the OS sandbox's, a dependency), dist/cli.js (the `semantic-anchors` bin),
// dist/index.d.ts (types of the entry only), dist/THIRD-PARTY-LICENSES.txt (the licence texts of every package the two
// bundles contain, from esbuild's metafile) and schema/v1.json (the engine's JSON Schema).
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type BuildOptions, type Metafile } from 'esbuild';
import { toJsonSchema } from '@semantic-anchors/engine';
import { PLUGIN_BUNDLE_MARK } from '../src/doctor/plugin-bundle.js';
import { writeThirdPartyLicenses } from '../../../scripts/third-party-licenses.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
rmSync(dist, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });

/**
 * The one package the bundles load at run time instead of carrying it: the OS sandbox. Its helper binaries
 * (seccomp filters, ~10 MB) are found relative to its own files, so it is a dependency of the package, imported with
 * a dynamic import() when the plugin starts.
 */
export const RUNTIME_EXTERNALS = ['@anthropic-ai/sandbox-runtime'] as const;

const common: BuildOptions = {
  bundle: true,
  external: [...RUNTIME_EXTERNALS],
  format: 'esm',
  platform: 'node',
  // opencode 1.18 runs plugins in Bun 1.3; the CLI runs in Node >= 20.19. Both understand ES2022.
  target: ['node20', 'es2022'],
  legalComments: 'none',
  // Minified: parsing a third less code is most of the import time opencode waits for at start-up. The linked
  // source map keeps stack traces readable.
  minify: true,
  // Maps without sourcesContent: stack traces still name our files and lines, but the tarball does not carry a
  // second copy of every bundled package's source (4.3 MB of the 6 MB it used to be).
  sourcemap: 'linked',
  sourcesContent: false,
  // The metafile lists every input file; the third-party licence texts are generated from it.
  metafile: true,
  absWorkingDir: root,
  logLevel: 'warning',
  // Prefer packages' ES module builds: jsonc-parser's "main" is a UMD file with dynamic requires a bundle cannot follow.
  mainFields: ['module', 'main'],
  // Bundled CommonJS dependencies (picomatch) may call require(); give ESM output one.
  banner: {
    js: "import { createRequire as __saCreateRequire } from 'node:module'; const require = __saCreateRequire(import.meta.url);",
  },
};

// The plugin ships the lean preset bundle (enforcement data only: no preset text, no examples, no catalogue prose):
// less to import and to load at opencode's start-up. The CLI keeps the full one (it shows and tests presets).
const metafiles: Metafile[] = [];
const plugin = await build({
  ...common,
  entryPoints: [join(root, 'src/index.ts')],
  outfile: join(dist, 'index.js'),
  alias: {
    '@semantic-anchors/presets': join(root, '../../presets/generated/lean.ts'),
    // yaml's ES module build needs no require('process'/'buffer'), so the plugin needs no createRequire shim.
    yaml: join(root, '../../node_modules/yaml/browser/index.js'),
  },
  // The first line says what the file is: doctor finds the bundle by this, never by a bare file name.
  banner: { js: PLUGIN_BUNDLE_MARK },
});
metafiles.push(plugin.metafile!);
const pluginText = readFileSync(join(dist, 'index.js'), 'utf8').replace(/\/\/# sourceMappingURL=.*$/m, '');
// INVARIANT: the plugin bundle loads nothing at run time but Node built-ins and the sandbox runtime, and that one
// only through a dynamic import() (never at module load: opencode's start waits for the plugin's import).
if (/\brequire\(|@opencode-ai\/plugin/.test(pluginText)) {
  throw new Error('dist/index.js must not require() anything nor import @opencode-ai/plugin at run time');
}
// Static imports (`import{a}from"x"`, `import*as b from"x"`, `import"x"`) and dynamic ones (`import("x")`), as esbuild
// writes them in minified output.
const staticImports = [
  ...pluginText.matchAll(/(?<![.\w$])import\s*(?:[\w$*{][^;"'`]*?from\s*)?["']([@\w./:-]+)["']/g),
].map((m) => m[1]!);
const dynamicImports = [...pluginText.matchAll(/(?<![.\w$])import\s*\(\s*["']([@\w./:-]+)["']\s*\)/g)].map(
  (m) => m[1]!,
);
const foreign = [...staticImports, ...dynamicImports].filter(
  (spec) => !spec.startsWith('node:') && !RUNTIME_EXTERNALS.includes(spec as never),
);
if (foreign.length > 0)
  throw new Error(
    `dist/index.js imports ${foreign.join(', ')} at run time; only node: built-ins and ${RUNTIME_EXTERNALS.join(', ')} may be`,
  );
for (const spec of RUNTIME_EXTERNALS) {
  if (staticImports.includes(spec))
    throw new Error(`dist/index.js imports ${spec} statically; it must be a dynamic import() when the plugin starts`);
  if (!dynamicImports.includes(spec))
    throw new Error(`dist/index.js no longer loads ${spec}: the sandbox would never start`);
}
const cli = await build({
  ...common,
  entryPoints: [join(root, 'src/cli.ts')],
  outfile: join(dist, 'cli.js'),
  banner: { js: `#!/usr/bin/env node\n${common.banner!.js}` },
});
metafiles.push(cli.metafile!);
const bundled = writeThirdPartyLicenses({
  metafiles,
  workingDir: root,
  bundles: ['opencode-semantic-anchors dist/index.js', 'dist/cli.js'],
  outfile: join(dist, 'THIRD-PARTY-LICENSES.txt'),
});
chmodSync(join(dist, 'cli.js'), 0o755);

// Declarations: emit for the whole source, then ship only what dist/index.d.ts reaches. INVARIANT: nothing it
// reaches imports the engine, which is bundled and not published.
const types = mkdtempSync(join(tmpdir(), 'sa-plugin-types-'));
try {
  execFileSync(
    process.execPath,
    [join(root, '../../node_modules/typescript/bin/tsc'), '-p', join(root, 'tsconfig.types.json'), '--outDir', types],
    {
      stdio: 'inherit',
    },
  );
  // Without a rootDir, tsc mirrors the folders under the files' common root (packages/): find the entry's folder.
  const entryDir = [types, join(types, 'src'), join(types, 'plugin/src')].find((d) =>
    existsSync(join(d, 'index.d.ts')),
  );
  if (!entryDir) throw new Error(`tsc wrote no index.d.ts under ${types}`);
  const shipped = new Set<string>();
  const visit = (file: string) => {
    if (shipped.has(file)) return;
    shipped.add(file);
    const text = readFileSync(join(entryDir, file), 'utf8');
    if (/from ['"]@semantic-anchors\//.test(text))
      throw new Error(`${file} reaches the unpublished engine's types; keep the entry's types host-only`);
    for (const m of text.matchAll(/from ['"](\.{1,2}\/[^'"]+)\.js['"]/g))
      visit(relative(entryDir, resolve(dirname(join(entryDir, file)), `${m[1]}.d.ts`)));
  };
  visit('index.d.ts');
  for (const file of shipped) {
    mkdirSync(dirname(join(dist, file)), { recursive: true });
    copyFileSync(join(entryDir, file), join(dist, file));
  }
} finally {
  rmSync(types, { recursive: true, force: true });
}

mkdirSync(join(root, 'schema'), { recursive: true });
writeFileSync(join(root, 'schema/v1.json'), `${JSON.stringify(toJsonSchema(), null, 2)}\n`);
console.log(
  `built ${relative(process.cwd(), dist)}/index.js, cli.js, index.d.ts, THIRD-PARTY-LICENSES.txt (${bundled.map((p) => p.name).join(', ')}) and schema/v1.json`,
);
