// Side by side on the destructive-command ground cc-safety-net covers: which evasion variants each tool stops, and
// how many harmless bash calls of the role corpora each one denies.   npm run bench -w @semantic-anchors/tests
//   [--presets DIR] [--list]  (--list prints every variant where the two disagree)
//
// cc-safety-net judges a command against a real working directory (it fails closed when the directory does not
// exist), so each corpus root is mirrored as an empty folder under a temporary directory and the root's absolute
// path in the command text is pointed at the mirror: both tools then see the same command relative to the same root.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { checkCommand } from 'cc-safety-net/api';
import { step, type Event } from '@semantic-anchors/engine';
import { defaultPresetsDir, evasionDir, harmlessDir } from './lib/paths.js';
import { evasionFiles, harmlessFiles, readEvasion, readHarmless, type CorpusProblem } from './lib/files.js';
import { readPresets } from './lib/presets.js';
import { runVariant } from './lib/replay.js';

const args = process.argv.slice(2);
const at = args.indexOf('--presets');
const presetsDir = at >= 0 && args[at + 1] ? resolve(args[at + 1]!) : defaultPresetsDir;
const presets = new Map(readPresets(presetsDir).map((p) => [p.id, p]));
const problems: CorpusProblem[] = [];
const sandbox = mkdtempSync(join(tmpdir(), 'safety-net-bench-'));

const commandOf = (e: Event): string | undefined =>
  'tool' in e && e.tool === 'bash' && typeof e.args?.command === 'string' ? e.args.command : undefined;

function safetyNetDenies(command: string, root: string): boolean {
  const mirror = join(sandbox, root);
  mkdirSync(mirror, { recursive: true });
  return checkCommand({ command: command.split(root).join(mirror), cwd: mirror }).kind === 'deny';
}

/** Contracts tagged `scope: destructive`: the part of our presets that does cc-safety-net's job. */
const destructiveIds = new Set<string>();
interface Row { file: string; contract: string; name: string; command: string; kind: 'block' | 'allow'; net: boolean; ours: boolean }
const rows: Row[] = [];
for (const corpus of evasionFiles(evasionDir).flatMap((f) => readEvasion(f, problems) ?? [])) {
  const preset = presets.get(corpus.preset);
  if (!preset) continue;
  for (const c of corpus.contracts) {
    if (c.scope === 'destructive') destructiveIds.add(c.id);
    for (const kind of ['block', 'allow'] as const) {
      for (const v of c[kind]) {
        const command = commandOf(v.event);
        if (command === undefined || (c.scope ?? v.scope) !== 'destructive') continue;
        const verdict = runVariant(preset, corpus.root, v);
        const ours = kind === 'block'
          ? verdict.decision === 'BLOCK' && verdict.matches.some((m) => m.id === c.id)
          : verdict.decision === 'BLOCK';
        rows.push({ file: corpus.file, contract: c.id, name: v.name, command, kind, net: safetyNetDenies(command, corpus.root), ours });
      }
    }
  }
}

// Harmless bash calls: cc-safety-net per call; ours replayed in the session with the role's own preset (a Step
// Confirmation stop is not a denial of the command) and, per call, with the destructive-scope contracts of the
// software-developer preset (its other contracts, commit style for one, are no part of cc-safety-net's job).
let calls = 0, netDenied = 0, roleBlocked = 0, devBlocked = 0;
const harmlessDenials: string[] = [];
const dev = presets.get('software-developer');
for (const corpus of harmlessFiles(harmlessDir).flatMap((f) => readHarmless(f, problems) ?? [])) {
  const preset = presets.get(corpus.role);
  for (const session of corpus.sessions) {
    let state = preset?.start();
    for (const event of session.events) {
      const s = preset && state ? step(preset.policy(session.root), state, event) : undefined;
      if (s) state = s.state;
      const command = commandOf(event);
      if (command === undefined) continue;
      calls++;
      const net = safetyNetDenies(command, session.root);
      const own = s !== undefined && s.verdict.decision === 'BLOCK' && !s.verdict.matches.every((m) => preset!.stepIds.has(m.id));
      const devVerdict = dev === undefined ? undefined : step(dev.policy(session.root), dev.start(), event).verdict;
      const asDev = devVerdict?.decision === 'BLOCK' && devVerdict.matches.some((m) => m.effect === 'block' && destructiveIds.has(m.id));
      if (net) netDenied++;
      if (own) roleBlocked++;
      if (asDev) devBlocked++;
      if (net || asDev) harmlessDenials.push(`  ${net ? 'net' : '   '} ${asDev ? 'dev' : '   '} ${corpus.role}: ${command.replace(/\n/g, '\\n').slice(0, 110)}`);
    }
  }
}
rmSync(sandbox, { recursive: true, force: true });

const pct = (n: number, d: number) => (d === 0 ? '—' : `${((100 * n) / d).toFixed(1)} %`);
const blockRows = rows.filter((r) => r.kind === 'block');
const allowRows = rows.filter((r) => r.kind === 'allow');
const count = (list: Row[], f: (r: Row) => boolean) => list.filter(f).length;
console.log(`cc-safety-net vs our presets (${presetsDir})\n`);
console.log('destructive-scope evasion variants (should be stopped):');
console.log(`  variants                      ${blockRows.length}`);
console.log(`  denied by cc-safety-net       ${count(blockRows, (r) => r.net)} (${pct(count(blockRows, (r) => r.net), blockRows.length)})`);
console.log(`  blocked by our presets        ${count(blockRows, (r) => r.ours)} (${pct(count(blockRows, (r) => r.ours), blockRows.length)})`);
console.log(`  both / only net / only ours / neither   ${count(blockRows, (r) => r.net && r.ours)} / ${count(blockRows, (r) => r.net && !r.ours)} / ${count(blockRows, (r) => !r.net && r.ours)} / ${count(blockRows, (r) => !r.net && !r.ours)}`);
console.log('destructive-scope look-alikes (should pass):');
console.log(`  look-alikes                   ${allowRows.length}`);
console.log(`  denied by cc-safety-net       ${count(allowRows, (r) => r.net)}`);
console.log(`  blocked by our presets        ${count(allowRows, (r) => r.ours)}`);
console.log('harmless bash calls of the role corpora (should pass):');
console.log(`  calls                         ${calls}`);
console.log(`  denied by cc-safety-net       ${netDenied} (${pct(netDenied, calls)})`);
console.log(`  blocked by the role's preset  ${roleBlocked} (${pct(roleBlocked, calls)})  (Step Confirmation stops not counted)`);
console.log(`  blocked by our destructive-scope contracts ${devBlocked} (${pct(devBlocked, calls)})  (software-developer, each call alone)`);
if (args.includes('--list')) {
  console.log('\nvariants where the two disagree (net = cc-safety-net denies, ours = our preset blocks):');
  for (const r of rows.filter((x) => x.net !== x.ours)) {
    console.log(`  ${r.kind.padEnd(5)} ${r.net ? 'net ' : '    '}${r.ours ? 'ours' : '    '} ${r.contract}: ${r.name}: ${r.command.replace(/\n/g, '\\n').slice(0, 100)}`);
  }
  console.log('\nharmless calls denied (net = cc-safety-net, dev = software-developer preset):', ...harmlessDenials.map((l) => `\n${l}`));
}
if (problems.length > 0) console.log(`\n${problems.length} corpus problems: run tests/corpus/report.ts for the list`);
