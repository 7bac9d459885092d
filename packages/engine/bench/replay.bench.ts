// Replay throughput and memory: a generated 50,000-call export (~180 MB, the shape opencode 1.18.33 writes) replayed
// with the software-developer preset, in a child process under /usr/bin/time -v for its peak resident memory;
// beside it, the same file read with JSON.parse (what a non-streaming reader would hold), and a hostile 100 MB file
// that is one string. Prints figures; asserts nothing (speed and memory are read, not gated).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeLargeExport } from './replay-export.js';

const CALLS = Number(process.env.REPLAY_BENCH_CALLS ?? 50_000);
const dir = mkdtempSync(join(tmpdir(), 'sa-replay-bench-'));
const runner = fileURLToPath(new URL('./replay-run.ts', import.meta.url));
const tsx = fileURLToPath(new URL('../../../node_modules/.bin/tsx', import.meta.url));

/** One run in a child process; /usr/bin/time -v writes the child's peak resident memory to a file beside it. */
function measure(file: string, mode: 'stream' | 'parse') {
  const report = join(dir, 'time.txt');
  let out: string;
  try {
    out = execFileSync('/usr/bin/time', ['-v', '-o', report, tsx, runner, file, mode], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      maxBuffer: 1 << 26,
    });
  } catch (error) {
    const stderr = String((error as { stderr?: unknown }).stderr ?? '');
    return { failed: (stderr.split('\n').find((l) => /Error|heap/i.test(l)) ?? 'failed').trim() };
  }
  const result = JSON.parse(out.trim().split('\n').at(-1)!) as { calls: number; ms: number; peakHeapMB: number };
  const time = readFileSync(report, 'utf8');
  const kb = /Maximum resident set size \(kbytes\): (\d+)/.exec(time)?.[1];
  // CPU seconds as well as wall time: on a shared machine the wall clock says more about the neighbours.
  const cpu = ['User', 'System'].reduce(
    (n, k) => n + Number(new RegExp(`${k} time \\(seconds\\): ([\\d.]+)`).exec(time)?.[1] ?? 0),
    0,
  );
  return { ...result, rssMB: kb ? Number(kb) / 1024 : Number.NaN, cpu };
}

try {
  const file = join(dir, 'large.json');
  const bytes = await writeLargeExport(file, CALLS);
  const mb = bytes / 1048576;
  console.log(
    `\nreplay bench — ${CALLS.toLocaleString('en')} tool calls, ${mb.toFixed(0)} MB export, preset software-developer (load average ${loadavg()[0]!.toFixed(1)} on ${cpus().length} cores)`,
  );
  const streamed = measure(file, 'stream');
  if ('failed' in streamed) console.log(`  replay (streaming): failed: ${streamed.failed}`);
  else
    console.log(
      `  replay (streaming):     ${Math.round((streamed.calls / streamed.ms) * 1000).toLocaleString('en')} calls/s, ${(mb / (streamed.ms / 1000)).toFixed(1)} MB/s, ${(streamed.ms / 1000).toFixed(1)} s (${Math.round(streamed.calls / streamed.cpu).toLocaleString('en')} calls per CPU second, start-up included); peak RSS ${streamed.rssMB.toFixed(0)} MB, peak heap ${streamed.peakHeapMB.toFixed(0)} MB`,
    );
  const parsed = measure(file, 'parse');
  if ('failed' in parsed) console.log(`  JSON.parse baseline:    failed: ${parsed.failed}`);
  else
    console.log(
      `  JSON.parse baseline:    ${(parsed.ms / 1000).toFixed(1)} s to read it whole; peak RSS ${parsed.rssMB.toFixed(0)} MB, peak heap ${parsed.peakHeapMB.toFixed(0)} MB (no judging)`,
    );
  const half = join(dir, 'half.json');
  await writeLargeExport(half, Math.floor(CALLS / 2));
  const h = measure(half, 'stream');
  if (!('failed' in h))
    console.log(
      `  replay, half the calls: peak RSS ${h.rssMB.toFixed(0)} MB, peak heap ${h.peakHeapMB.toFixed(0)} MB (the same replay on a file half the size)`,
    );
  rmSync(half);
  // A hostile file: one 100 MB string where a tool's output would be (cut at MAX_STRING_BYTES before the tokenizer).
  const hostile = join(dir, 'hostile.json');
  writeFileSync(
    hostile,
    `{"info":{"id":"ses_h"},"messages":[{"info":{"role":"assistant"},"parts":[{"type":"tool","tool":"bash","state":{"status":"completed","input":{"command":"ls"},"output":"${'x'.repeat(100 * 1048576)}"}}]}]}`,
  );
  const hs = measure(hostile, 'stream');
  if (!('failed' in hs))
    console.log(
      `  hostile (${(statSync(hostile).size / 1048576).toFixed(0)} MB, one string): ${(hs.ms / 1000).toFixed(1)} s, peak RSS ${hs.rssMB.toFixed(0)} MB — strings are cut at 8 MiB before the tokenizer holds them`,
    );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
