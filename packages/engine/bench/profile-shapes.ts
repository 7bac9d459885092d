// The bench's typical 1 KB bash call is three shapes (a heredoc commit, a curl with a JSON body, a docker run) whose
// costs differ by 2×: the row's tail is the slowest shape's. This driver times each shape on its own, in a session
// whose ledger is full, so a change can be checked on the shape it targets. For figures as shipped, run it bundled,
// and compare two builds in alternating fresh processes (the machine is shared: thread CPU moves less than wall time):
//   node bench/shipped.mjs bench/profile-shapes.ts [synthetic|presets] [calls per shape]
import { step, type Event } from '@semantic-anchors/engine';
import { fullLedgerState, presetsBenchPolicy, shellBenchPolicy, typical1k } from './shell.js';

const which = process.argv[2] ?? 'synthetic';
if (which !== 'synthetic' && which !== 'presets') throw new Error(`"${which}": give synthetic or presets`);
const calls = Number(process.argv[3] ?? 3000);
const policy = which === 'presets' ? presetsBenchPolicy() : shellBenchPolicy();
const state = fullLedgerState(policy);
const event = (i: number): Event => ({ tool: 'bash', args: { command: typical1k(i), description: 'Run it' } });

/** CPU µs the calling thread has used (the whole process before Node 23.9). */
function cpuMicros(): number {
  const perThread = (process as { threadCpuUsage?: () => NodeJS.CpuUsage }).threadCpuUsage;
  const u = perThread !== undefined ? perThread.call(process) : process.cpuUsage();
  return u.user + u.system;
}

// Warm-up on other texts (each text is fresh: never a parse-cache hit).
for (let i = 0; i < 6000; i++) step(policy, state, event(900_000 + i));
const SHAPES = ['heredoc commit', 'curl with JSON', 'docker run'];
const lines: string[] = [];
for (let shape = 0; shape < 3; shape++) {
  // typical1k(n) is shape n % 3 (300,000 is a multiple of 3).
  const events = Array.from({ length: calls }, (_, i) => event(300_000 + 3 * i + shape));
  const wall = new Float64Array(calls);
  const cpu0 = cpuMicros();
  for (let i = 0; i < calls; i++) {
    const t0 = process.hrtime.bigint();
    step(policy, state, events[i]!);
    wall[i] = Number(process.hrtime.bigint() - t0) / 1e3;
  }
  const cpu = (cpuMicros() - cpu0) / calls;
  wall.sort();
  const at = (p: number) => wall[Math.min(calls - 1, Math.ceil(p * calls) - 1)]!.toFixed(1);
  lines.push(`${SHAPES[shape]}: CPU ${cpu.toFixed(1)} µs/call, wall p50 ${at(0.5)} p99 ${at(0.99)} µs`);
}
console.log(`${which} policy, full ledger, ${calls} calls per shape — ${lines.join(' | ')}`);
