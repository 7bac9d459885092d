// `node bench/shipped.mjs <bench file> [args…]`: runs a bench against the engine as it ships, not as tsx runs it.
// The plugin and the site run the engine from an esbuild bundle (packages/plugin/scripts/build.ts: minified, ES2022,
// no kept names); tsx transforms each source file with esbuild's keepNames, which wraps every function and class
// made at run time in a `__name(…)` call that defines a property on it. On the hot path that is measurable: the
// closures the shell walk makes per command cost ~20 % more CPU per decision under tsx (bench/profile-step.ts ledger,
// side by side: 64 against 50 µs). So the figures a target is checked against come from the same kind of bundle the
// user runs: this script bundles the bench with the plugin's options and runs it with this Node.
// cedar-wasm stays external: it loads its .wasm from beside its own files.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const [entry, ...args] = process.argv.slice(2);
if (entry === undefined) {
  console.error('usage: node bench/shipped.mjs <bench file, e.g. bench/engine.bench.ts> [its options]');
  process.exit(2);
}
const input = resolve(entry);
// Inside the package, so the external packages resolve from its node_modules; node_modules/ is never committed.
const outDir = join(here, '../node_modules/.bench-shipped');
mkdirSync(outDir, { recursive: true });
const outfile = join(outDir, `${basename(input).replace(/\.ts$/, '')}.mjs`);
await build({
  entryPoints: [input],
  outfile,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: ['node20', 'es2022'],
  minify: true,
  legalComments: 'none',
  mainFields: ['module', 'main'],
  external: ['@cedar-policy/cedar-wasm', '@cedar-policy/cedar-wasm/*'],
  // Bundled CommonJS dependencies of the bench (not of the engine) may call require().
  banner: {
    js: "import { createRequire as __benchRequire } from 'node:module'; const require = __benchRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
const run = spawnSync(process.execPath, [...process.execArgv, outfile, ...args], {
  stdio: 'inherit',
  env: {
    ...process.env,
    SEMANTIC_ANCHORS_BENCH_BUILD: 'an esbuild bundle made as the plugin is built (bench/shipped.mjs)',
  },
});
process.exit(run.status ?? 1);
