import { compile, loadConfig, startState, step, type SessionState } from '@semantic-anchors/engine';
import { obtainGc, settledHeap } from './measure.js';
import { contractsYaml, syntheticContracts } from './contracts.js';
import { sessionEvents } from './events.js';
const { gc } = obtainGc();
const n = Number(process.argv[2] ?? 10);
const policy = compile(loadConfig(contractsYaml(syntheticContracts(n), { stateful: true, anchor: 'definition-of-done' })).config, { root: '/work/project' });
const total = Number(process.argv[3] ?? 50000); const events = sessionEvents(total, n, 3);
let s: SessionState = startState(policy);
let h = settledHeap(gc);
const h0 = h; for (let chunk = 0; chunk < total / 5000; chunk++) {
  for (let i = chunk * 5000; i < (chunk + 1) * 5000; i++) s = step(policy, s, events[i]!).state;
  const h2 = settledHeap(gc);
  if (chunk % 8 === 7) console.log(`total ${h2 - h0} after ${(chunk + 1) * 5000}: ${h2 - h > 0 ? '+' : ''}${h2 - h} B, keys ${Object.keys(s.seen).length + Object.keys(s.counts).length}`);
  h = h2;
}
