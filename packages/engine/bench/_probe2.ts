import { compile, loadConfig, startState, step, type SessionState } from '@semantic-anchors/engine';
import { obtainGc, settledHeap } from './measure.js';
import { contractsYaml, syntheticContracts } from './contracts.js';
import { sessionEvents } from './events.js';
const { gc } = obtainGc();
const n = Number(process.argv[2] ?? 10);
const mode = process.argv[3] ?? 'step';
const policy = compile(loadConfig(contractsYaml(syntheticContracts(n), { stateful: true, anchor: 'definition-of-done' })).config, { root: '/work/project' });
const events = sessionEvents(5000, n, 3);
let s: SessionState = startState(policy);
let h = settledHeap(gc);
const h0 = h;
for (let chunk = 0; chunk < 20; chunk++) {
  for (const e of events) {
    if (mode === 'step') s = step(policy, s, e).state;
    else if (mode === 'eval') step(policy, s, e);
  }
  const h2 = settledHeap(gc);
  if (chunk % 4 === 3) console.log(`${mode} after ${(chunk + 1) * 5000}: total ${h2 - h0} B`);
  h = h2;
}
