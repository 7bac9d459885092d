// Marks each assembled-action variant by what the engine of this checkout does with it: `class: X` when it already
// passes (blocked, or left alone, as wanted: it joins the gate), `pending: X` when it does not yet or cannot run.
// Run it after the engine work of a class lands to move the variants that now pass into the gate.
//   npx tsx tests/corpus/mark-pending.ts [--dry-run]
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ASSEMBLED_CLASSES, evasionFiles, readEvasion, type CorpusProblem } from './lib/files.js';
import { assembledDir, defaultPresetsDir, repoRoot } from './lib/paths.js';
import { readPresets } from './lib/presets.js';
import { judgeContract } from './lib/replay.js';

const dryRun = process.argv.includes('--dry-run');
const presets = new Map(readPresets(defaultPresetsDir).map((p) => [p.id, p]));
// A preset that does not load would judge every variant by the contracts that did: say so, and mark nothing.
const broken = [...presets.values()].filter((p) => p.diagnostics.length > 0);
for (const p of broken) for (const d of p.diagnostics) console.error(d);
if (broken.length > 0) {
  console.error(`${broken.map((p) => p.id).join(', ')}: fix the preset first (npm run gen shows the same errors)`);
  process.exit(1);
}
const problems: CorpusProblem[] = [];
let moved = 0;
for (const path of evasionFiles(assembledDir)) {
  const corpus = readEvasion(path, problems);
  const preset = corpus && presets.get(corpus.preset);
  if (!corpus || !preset) continue;
  // contract id → variant name → passes on this checkout
  const passes = new Map<string, Map<string, boolean>>();
  for (const c of corpus.contracts) {
    if (!preset.blockIds.includes(c.id)) continue;
    const f = judgeContract(preset, corpus, c, new Set(ASSEMBLED_CLASSES));
    passes.set(c.id, new Map([...f.block, ...f.allow].map((r) => [r.variant.name, r.ok])));
  }
  let contract = '';
  const lines = readFileSync(path, 'utf8').split('\n').map((line) => {
    const id = /^\s+- id: (\S+)/.exec(line);
    if (id) contract = id[1]!;
    // Flow style (`{ name: "…", pending: x`) or JSON style (`{"name":"…","pending":"x"`, with or without a blank
    // after the colons and commas: the blind files).
    const m =
      /^(\s+- \{ name: "((?:[^"\\]|\\.)*)", )(pending|class): (\w+)/.exec(line) ??
      /^(\s+- \{ ?"name": ?"((?:[^"\\]|\\.)*)", ?)"(pending|class)": ?("\w+")/.exec(line);
    const ok = m && passes.get(contract)?.get(JSON.parse(`"${m[2]}"`));
    if (!m || ok === undefined) return line;
    const want = ok ? 'class' : 'pending';
    if (m[3] === want) return line;
    moved++;
    console.log(`${want === 'class' ? 'now passes' : 'fails    '}  ${contract}: ${m[2]}`);
    const key = m[4]!.startsWith('"') ? `"${want}":` : `${want}: `;
    return `${m[1]}${key}${m[4]}${line.slice(m[0].length)}`;
  });
  if (!dryRun) writeFileSync(path, lines.join('\n'));
}
for (const p of problems) console.error(`${p.file}: ${p.at}: ${p.message}`);
console.log(`${moved} variants ${dryRun ? 'would move' : 'moved'} (${join(repoRoot, 'tests/corpus/assembled')})`);
