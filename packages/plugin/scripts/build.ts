// Builds the package:
// - dist/index.js (the plugin) and dist/cli.js (the `semantic-anchors` bin), ESM, split by esbuild so the engine and
//   its libraries (zod, yaml, picomatch, re2js, unbash) sit once in a shared chunk both import (dist/shared-*.js);
//   the shell model and unbash in a chunk of their own that the plugin imports after its start (deferred-shell.ts);
//   no runtime import of the host's packages; the one package loaded at run time is the OS sandbox's, a dependency;
// - standalone/: the same two as single files, for the site's downloads (a file saved on its own has no chunk
//   beside it), and metafile.json (which inputs went into which output) — not part of the npm package;
// - dist/index.d.ts (types of the entry only), dist/THIRD-PARTY-LICENSES.txt (the licence texts of every package the
//   bundles contain, from esbuild's metafile) and schema/v1.json (the engine's JSON Schema).
// No source maps: maps without the sources they name help nobody, and with them the package was three times larger.
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
import { BUN_PRAGMA, PLUGIN_BUNDLE_MARK } from '../src/doctor/plugin-bundle.js';
import { writeThirdPartyLicenses } from '../../../scripts/third-party-licenses.mjs';
import { packedPresets, packedPresetsPlugin } from './packed-presets.js';
import { programNotesPlugin } from './program-notes.js';
import { deferredShellPlugin } from './deferred-shell.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const standalone = join(root, 'standalone');
for (const dir of [dist, standalone]) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
}

/**
 * The one package the bundles load at run time instead of carrying it: the OS sandbox. Its helper binaries
 * (seccomp filters, ~10 MB) are found relative to its own files, so it is a dependency of the package, imported with
 * a dynamic import() when the plugin starts.
 */
export const RUNTIME_EXTERNALS = ['@anthropic-ai/sandbox-runtime'] as const;

/** What the CLI's first lines are: a shebang, and a require() for bundled CommonJS code that calls one. */
const CLI_HEAD = '#!/usr/bin/env node\n';
const REQUIRE_SHIM =
  "import { createRequire as __saCreateRequire } from 'node:module'; const require = __saCreateRequire(import.meta.url);\n";

const common: BuildOptions = {
  bundle: true,
  external: [...RUNTIME_EXTERNALS],
  format: 'esm',
  platform: 'node',
  // opencode 1.18 runs plugins in Bun 1.3; the CLI runs in Node >= 20.19. Both understand ES2022.
  target: ['node20', 'es2022'],
  legalComments: 'none',
  // Minified: parsing a third less code is most of the import time opencode waits for at start-up.
  minify: true,
  // The metafile lists every input file; the third-party licence texts are generated from it.
  metafile: true,
  write: false,
  absWorkingDir: root,
  logLevel: 'warning',
  // Prefer packages' ES module builds: jsonc-parser's "main" is a UMD file with dynamic requires a bundle cannot follow.
  mainFields: ['module', 'main'],
  alias: {
    // yaml's ES module build needs no require('process'/'buffer'), so the plugin needs no createRequire shim.
    yaml: join(root, '../../node_modules/yaml/browser/index.js'),
  },
};

/** esbuild's helper for a require() it could not resolve at build time: the file needs the shim. */
const needsRequire = (text: string) => text.includes('Dynamic require of "');

/** Writes esbuild's outputs, each with the head its role needs; returns the written texts by path. */
function writeOutputs(
  files: readonly { path: string; text: string }[],
  head: (path: string, text: string) => string,
): Map<string, string> {
  const written = new Map<string, string>();
  for (const file of files) {
    const text = head(file.path, file.text) + file.text;
    writeFileSync(file.path, text);
    written.set(file.path, text);
  }
  return written;
}

// The presets and catalogue, compressed: enforcement data at import, the YAML texts on first use. The package's
// chunks read them from two files beside them; the single files for the site carry them inline.
const packageData = packedPresets('files');
const metafiles: Metafile[] = [];
const split = await build({
  ...common,
  plugins: [packedPresetsPlugin(packageData.source), programNotesPlugin(), deferredShellPlugin()],
  entryPoints: { index: join(root, 'src/index.ts'), cli: join(root, 'src/cli.ts') },
  outdir: dist,
  splitting: true,
  // Beside the entries, not in a folder: code that finds files relative to its own module (doctor finds the plugin
  // bundle as ./index.js) works from whichever chunk it lands in.
  chunkNames: 'shared-[hash]',
});
metafiles.push(split.metafile!);
const packaged = writeOutputs(split.outputFiles!, (path, text) => {
  const name = relative(dist, path);
  // The first line says what the file is: doctor finds the bundle by this, never by a bare file name. Every file the
  // plugin loads starts with Bun's pragma (plugin-bundle.ts); the CLI runs in Node.
  if (name === 'index.js') return `${BUN_PRAGMA}${PLUGIN_BUNDLE_MARK}\n`;
  if (name === 'cli.js') return CLI_HEAD + (needsRequire(text) ? REQUIRE_SHIM : '');
  return BUN_PRAGMA + (needsRequire(text) ? REQUIRE_SHIM : '');
});
chmodSync(join(dist, 'cli.js'), 0o755);
for (const f of packageData.files) writeFileSync(join(dist, f.name), f.bytes);

/** The files the plugin loads: dist/index.js and the chunks it imports, from the metafile. */
function pluginFiles(metafile: Metafile, entry: string): string[] {
  const seen = new Set<string>();
  const visit = (out: string) => {
    if (seen.has(out)) return;
    seen.add(out);
    for (const i of metafile.outputs[out]?.imports ?? []) if (!i.external) visit(i.path);
  };
  visit(entry);
  return [...seen].map((p) => join(root, p));
}

// INVARIANT: the plugin loads nothing at run time but its own chunks, Node built-ins and the sandbox runtime, and
// that one only through a dynamic import() (never at module load: opencode's start waits for the plugin's import).
function checkPluginImports(files: readonly string[], texts: ReadonlyMap<string, string>) {
  const all = { statics: [] as string[], dynamics: [] as string[] };
  for (const file of files) {
    const text = texts.get(file) ?? readFileSync(file, 'utf8');
    const name = relative(root, file);
    if (/\brequire\(|@opencode-ai\/plugin/.test(text))
      throw new Error(`${name} (loaded by the plugin) must not require() anything nor import @opencode-ai/plugin`);
    // Static imports (`import{a}from"x"`, `import*as b from"x"`, `import"x"`) and dynamic ones (`import("x")`), as
    // esbuild writes them in minified output.
    const statics = [...text.matchAll(/(?<![.\w$])import\s*(?:[\w$*{][^;"'`]*?from\s*)?["']([@\w./:-]+)["']/g)].map(
      (m) => m[1]!,
    );
    const dynamics = [...text.matchAll(/(?<![.\w$])import\s*\(\s*["']([@\w./:-]+)["']\s*\)/g)].map((m) => m[1]!);
    const foreign = [...statics, ...dynamics].filter(
      (spec) => !spec.startsWith('node:') && !spec.startsWith('./') && !RUNTIME_EXTERNALS.includes(spec as never),
    );
    if (foreign.length > 0)
      throw new Error(
        `${name} imports ${foreign.join(', ')} at run time; only its own chunks, node: built-ins and ${RUNTIME_EXTERNALS.join(', ')} may be`,
      );
    all.statics.push(...statics);
    all.dynamics.push(...dynamics);
  }
  for (const spec of RUNTIME_EXTERNALS) {
    if (all.statics.includes(spec))
      throw new Error(`the plugin imports ${spec} statically; it must be a dynamic import() when the plugin starts`);
    if (!all.dynamics.includes(spec))
      throw new Error(`the plugin no longer loads ${spec}: the sandbox would never start`);
  }
}
checkPluginImports(pluginFiles(split.metafile!, 'dist/index.js'), packaged);

// The site's downloads: each a single file (no chunk), the plugin with the same first line.
const single = await build({
  ...common,
  plugins: [packedPresetsPlugin(packedPresets('inline').source), programNotesPlugin(), deferredShellPlugin()],
  entryPoints: {
    'opencode-semantic-anchors': join(root, 'src/index.ts'),
    'semantic-anchors-cli': join(root, 'src/cli.ts'),
  },
  outdir: standalone,
  outExtension: { '.js': '.mjs' },
});
metafiles.push(single.metafile!);
const standaloneTexts = writeOutputs(single.outputFiles!, (path, text) =>
  relative(standalone, path).startsWith('opencode-semantic-anchors')
    ? `${BUN_PRAGMA}${PLUGIN_BUNDLE_MARK}\n`
    : CLI_HEAD + (needsRequire(text) ? REQUIRE_SHIM : ''),
);
checkPluginImports([join(standalone, 'opencode-semantic-anchors.mjs')], standaloneTexts);
chmodSync(join(standalone, 'semantic-anchors-cli.mjs'), 0o755);

const bundled = writeThirdPartyLicenses({
  metafiles,
  workingDir: root,
  bundles: ['opencode-semantic-anchors dist/index.js', 'dist/cli.js and their shared chunk'],
  outfile: join(dist, 'THIRD-PARTY-LICENSES.txt'),
});
copyFileSync(join(dist, 'THIRD-PARTY-LICENSES.txt'), join(standalone, 'THIRD-PARTY-LICENSES.txt'));
// Both builds' metafiles, merged: which input went into which output file (the package suites read it).
writeFileSync(
  join(standalone, 'metafile.json'),
  `${JSON.stringify({ outputs: Object.fromEntries(metafiles.flatMap((m) => Object.entries(m.outputs).map(([path, o]) => [path, { imports: o.imports, inputs: Object.keys(o.inputs) }]))) })}\n`,
);

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
// Unindented: editors and validators read it, people read the reference generated from the same schema.
writeFileSync(join(root, 'schema/v1.json'), `${JSON.stringify(toJsonSchema())}\n`);
console.log(
  `built ${relative(process.cwd(), dist)}/index.js, cli.js, ${[...packaged.keys()]
    .filter((p) => /shared-/.test(p))
    .map((p) => relative(dist, p))
    .join(
      ', ',
    )}, index.d.ts, THIRD-PARTY-LICENSES.txt (${bundled.map((p) => p.name).join(', ')}), schema/v1.json and standalone/ (single files for the site)`,
);
