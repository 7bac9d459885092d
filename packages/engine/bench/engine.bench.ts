// `npm run bench`: evaluate/compile/load times and heap per session for 10, 100 and 1,000 contracts, and the same
// decisions made by Cedar (cedar-wasm) on an equivalent policy set. Prints a table, or JSON with --json.
// Options: --json, --sizes 10,100 (default 10,100,1000), --quick (smaller sample budgets, for a smoke run).
import { availableParallelism, cpus, loadavg } from 'node:os';
import { findAnchor } from '@semantic-anchors/engine';
import { cedarVersion } from './cedar.js';
import { obtainGc } from './measure.js';
import { renderJson, renderText } from './report.js';
import { measureSize, warmProcess, type Budgets, type SizeResult } from './size.js';
import { measureShell } from './shell.js';

interface Options {
  readonly json: boolean;
  readonly sizes: readonly number[];
  readonly quick: boolean;
}

function parseArgs(argv: readonly string[]): Options {
  let json = false;
  let quick = false;
  let sizes: number[] = [10, 100, 1000];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--json') json = true;
    else if (a === '--quick') quick = true;
    else if (a === '--sizes' || a.startsWith('--sizes=')) {
      const value = a.includes('=') ? a.slice(a.indexOf('=') + 1) : argv[++i];
      sizes = (value ?? '').split(',').map((s) => Number(s.trim()));
      if (sizes.length === 0 || sizes.some((n) => !Number.isInteger(n) || n < 1 || n > 5000)) {
        throw new Error(
          `--sizes "${value ?? ''}": give contract counts between 1 and 5000, comma-separated, e.g. --sizes 10,100,1000`,
        );
      }
    } else if (a === '--help' || a === '-h') {
      console.log('usage: npm run bench -w @semantic-anchors/engine -- [--json] [--sizes 10,100,1000] [--quick]');
      process.exit(0);
    } else {
      throw new Error(`unknown option "${a}"; use --json, --sizes 10,100,1000 or --quick`);
    }
  }
  return { json, sizes, quick };
}

// Sample budgets keep the whole run under about two minutes on a 2-core machine.
const FULL: Budgets = {
  ours: { warmup: 3000, minSamples: 3000, maxSamples: 30_000, maxMs: 3000 },
  cedarStateful: { warmup: 500, minSamples: 1000, maxSamples: 20_000, maxMs: 3000 },
  cedarStateless: { warmup: 20, minSamples: 100, maxSamples: 5000, maxMs: 2500 },
};
const QUICK: Budgets = {
  ours: { warmup: 300, minSamples: 300, maxSamples: 2000, maxMs: 300 },
  cedarStateful: { warmup: 50, minSamples: 100, maxSamples: 1000, maxMs: 300 },
  cedarStateless: { warmup: 5, minSamples: 20, maxSamples: 200, maxMs: 300 },
};

function main(): void {
  const options = parseArgs(process.argv.slice(2));
  const started = process.hrtime.bigint();
  // Other work on the machine inflates the tails: the load average is printed with the figures.
  const loadBefore = loadavg()[0] ?? 0;
  const { gc, source } = obtainGc();
  // A real catalogue anchor, so loading checks anchorRefs as it does for users.
  const anchor = findAnchor('definition-of-done')?.id;
  if (anchor === undefined)
    throw new Error('the catalogue has no "definition-of-done" anchor; pick another id in bench/engine.bench.ts');
  warmProcess(anchor);
  const results: SizeResult[] = [];
  for (const n of options.sizes) {
    if (!options.json) process.stderr.write(`measuring ${n} contracts…\n`);
    results.push(measureSize(n, anchor, options.quick ? QUICK : FULL, gc));
  }
  if (!options.json) process.stderr.write('measuring the shell model…\n');
  const shell = measureShell(options.quick ? QUICK.ours : FULL.ours);
  const meta = {
    node: `node ${process.version}`,
    platform: `${process.platform} ${process.arch}`,
    cpus: `${availableParallelism()} × ${cpus()[0]?.model.trim() ?? 'unknown cpu'}`,
    cedar: cedarVersion(),
    // bench/shipped.mjs sets it; `tsx bench/engine.bench.ts` times the sources as tsx transforms them (with __name).
    build:
      process.env.SEMANTIC_ANCHORS_BENCH_BUILD ??
      'the TypeScript sources through tsx (slower than shipped: see bench/shipped.mjs)',
    gc: source,
    loadAverage: `${loadBefore.toFixed(2)} at start, ${(loadavg()[0] ?? 0).toFixed(2)} at end (1-minute)`,
    seconds: Number(process.hrtime.bigint() - started) / 1e9,
  };
  console.log(options.json ? renderJson(results, meta, shell) : renderText(results, meta, shell));
}

main();
