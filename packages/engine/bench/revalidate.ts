// What the site's editor pays after a keystroke on a 500-line contract file: loadConfig alone, loadConfig + compile
// (the quick check on every keystroke) and validate (once typing pauses), as median and p95 in milliseconds. Each
// iteration gets fresh text (one comment character changes), so no cache keyed by the whole text can serve it;
// caches of what does not change (bundled presets, accepted contracts, compiled patterns) may.
// `npm run bench -w @semantic-anchors/engine` runs it first; alone: `npx tsx bench/revalidate.ts [--lines 500]
// [--runs 200] [--json]`.
import { availableParallelism, loadavg } from 'node:os';
import { compile, loadConfig, validate } from '@semantic-anchors/engine';

// The site benchmark's own file, so both benchmarks measure the same text. It is plain JavaScript without types:
// imported by URL (TypeScript leaves a computed specifier alone) and given its signature here.
const largeFile = new URL('../../../apps/configurator/bench/large-file.mjs', import.meta.url).href;
const { largeContractFile } = (await import(largeFile)) as { largeContractFile: (lines?: number) => string };

interface Options {
  readonly lines: number;
  readonly runs: number;
  readonly json: boolean;
}

function parseArgs(argv: readonly string[]): Options {
  let lines = 500;
  let runs = 200;
  let json = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const value = () => Number(a.includes('=') ? a.slice(a.indexOf('=') + 1) : argv[++i]);
    if (a === '--json') json = true;
    else if (a.startsWith('--lines')) lines = value();
    else if (a.startsWith('--runs')) runs = value();
    else throw new Error(`unknown option "${a}"; use --lines 500, --runs 200 or --json`);
  }
  if (!Number.isInteger(lines) || lines < 20 || !Number.isInteger(runs) || runs < 10)
    throw new Error('--lines must be a whole number ≥ 20 and --runs one ≥ 10, e.g. --lines 500 --runs 200');
  return { lines, runs, json };
}

/** The file with its last padding comment changed, as a keystroke would: a new text on every call. */
function keystrokes(base: string): (i: number) => string {
  const at = base.lastIndexOf('# padding line');
  if (at < 0)
    throw new Error('the large file has no padding comment to edit; see apps/configurator/bench/large-file.mjs');
  return (i) => `${base.slice(0, at)}# ${String.fromCharCode(97 + (i % 26))}${i}${base.slice(at + 1)}`;
}

interface Figures {
  readonly median: number;
  readonly p95: number;
  readonly max: number;
}

const rank = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;

function measure(runs: number, text: (i: number) => string, fn: (text: string) => unknown): Figures {
  // Warm-up on other texts: the JIT settles and the caches of unchanging data fill, as after the editor's first check.
  for (let i = 0; i < 20; i++) fn(text(100_000 + i));
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const input = text(i);
    const t0 = process.hrtime.bigint();
    const result = fn(input);
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
    if (result === undefined) throw new Error('the measured call returned nothing');
  }
  times.sort((a, b) => a - b);
  return { median: rank(times, 0.5), p95: rank(times, 0.95), max: times[times.length - 1]! };
}

function main(): void {
  const options = parseArgs(process.argv.slice(2));
  const text = keystrokes(largeContractFile(options.lines));
  // The figures are only meaningful for a file that loads: say so rather than time a failure.
  const check = validate(text(0));
  if (!check.ok) {
    const first = check.diagnostics.find((d) => d.severity === 'error');
    throw new Error(`the benchmark file does not validate: ${first?.message ?? 'unknown error'}`);
  }
  const load = loadConfig(text(0));
  const results = {
    loadConfig: measure(options.runs, text, (t) => loadConfig(t)),
    'loadConfig+compile': measure(options.runs, text, (t) => compile(loadConfig(t).config)),
    validate: measure(options.runs, text, (t) => validate(t)),
  };
  const meta = {
    node: process.version,
    cpus: availableParallelism(),
    loadAverage: loadavg()[0] ?? 0,
    lines: options.lines,
    runs: options.runs,
    contracts: load.config.contracts.length,
  };
  if (options.json) {
    console.log(JSON.stringify({ meta, results }, null, 2));
    return;
  }
  console.log(
    `re-validation of a ${meta.lines}-line file (${meta.contracts} contracts with the extended presets'), ` +
      `${meta.runs} runs, node ${meta.node}, ${meta.cpus} cpus, load ${meta.loadAverage.toFixed(2)}`,
  );
  for (const [name, f] of Object.entries(results))
    console.log(
      `${name.padEnd(20)} median ${f.median.toFixed(2).padStart(7)} ms   p95 ${f.p95.toFixed(2).padStart(7)} ms   max ${f.max.toFixed(2).padStart(7)} ms`,
    );
}

main();
