// A driver for profiling one decision on the bash hot path: the bench's typical 1 KB commands and dense 1 KB chains,
// each a fresh text (never a parse-cache hit), through `step` at 100 contracts. Run it under a profiler, e.g.
//   node --cpu-prof --import tsx bench/profile-step.ts [typical|chain|ledger] [calls]
// (ledger: the typical commands in a session whose ledger of written files is full)
// and read the self time per function; it also prints the CPU µs per call and the heap allocated per call.
import { startState, step, type Event } from '@semantic-anchors/engine';
import { chain1k, fullLedgerState, shellBenchPolicy, typical1k } from './shell.js';

const which = process.argv[2] ?? 'typical';
const calls = Number(process.argv[3] ?? 100_000);
if (which !== 'typical' && which !== 'chain' && which !== 'ledger')
  throw new Error(`"${which}": give typical, chain or ledger`);
const make = which === 'chain' ? chain1k : typical1k;
const policy = shellBenchPolicy();
const state = which === 'ledger' ? fullLedgerState(policy) : startState(policy);
const commands = Array.from({ length: 5000 }, (_, i) => make(300_000 + i));
// Each round appends a different comment, so no text repeats within the parse cache's reach.
const fresh = (i: number): Event => {
  const command = `${commands[i % commands.length]!} # ${Math.floor(i / commands.length)}`;
  return { tool: 'bash', args: { command, description: 'Run it' } };
};
for (let i = 0; i < 5000; i++) step(policy, state, fresh(i));
const inputs = Array.from({ length: calls }, (_, i) => fresh(i + 5000));
const heap0 = process.memoryUsage().heapUsed;
const cpu0 = process.cpuUsage();
let blocked = 0;
for (const e of inputs) if (step(policy, state, e).verdict.decision === 'BLOCK') blocked++;
const cpu = process.cpuUsage(cpu0);
console.log(
  `${which}: ${((cpu.user + cpu.system) / calls).toFixed(2)} CPU µs per call over ${calls} calls (${blocked} blocked); heap delta ${((process.memoryUsage().heapUsed - heap0) / 1e6).toFixed(1)} MB`,
);
