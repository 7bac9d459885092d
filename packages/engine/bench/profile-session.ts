// A driver for profiling the mixed session events of `npm run bench` at one policy size (default 1000 contracts):
//   node --cpu-prof --import tsx bench/profile-session.ts [contracts] [rounds]
// Prints the CPU µs per decision, overall and by event kind, so the growth from 100 to 1000 contracts can be traced.
import { compile, loadConfig, startState, step, type Event } from '@semantic-anchors/engine';
import { contractsYaml, syntheticContracts } from './contracts.js';
import { sessionEvents } from './events.js';

const count = Number(process.argv[2] ?? 1000);
const rounds = Number(process.argv[3] ?? 50);
const policy = compile(
  loadConfig(contractsYaml(syntheticContracts(count), { stateful: false, anchor: 'definition-of-done' }), {
    file: 'bench.yaml',
  }).config,
  { root: '/work/project' },
);
let state = startState(policy);
for (const e of sessionEvents(1000, count, 1)) state = step(policy, state, e).state;
const pool = sessionEvents(1000, count, 2);
const kindOf = (e: Event): string => ('tool' in e ? e.tool : 'message');
const cpu = new Map<string, { us: number; n: number }>();
for (let r = 0; r < rounds; r++) {
  for (const e of pool) {
    const t0 = process.cpuUsage();
    step(policy, state, e);
    const t = process.cpuUsage(t0);
    const k = cpu.get(kindOf(e)) ?? { us: 0, n: 0 };
    cpu.set(kindOf(e), { us: k.us + t.user + t.system, n: k.n + 1 });
  }
}
let us = 0;
let n = 0;
for (const [kind, v] of cpu) {
  us += v.us;
  n += v.n;
  console.log(`${kind.padEnd(8)} ${(v.us / v.n).toFixed(2)} CPU µs per call (${v.n / rounds} of ${pool.length})`);
}
console.log(`all      ${(us / n).toFixed(2)} CPU µs per call at ${count} contracts`);
