// A quick look at how the presets take a list of command lines, before they go into a corpus: each line is judged as
// the first bash call of a fresh session, in every preset or in the one named before it, and the lines any preset
// warns on or blocks are printed with the contracts that matched (the rest only counted).
//
//   npx tsx tests/corpus/probe.ts <file>     # lines: `command` (every preset) or `<preset-id>: command`; # comments
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { step } from '@semantic-anchors/engine';
import { readPresets } from './lib/presets.js';
import { repoRoot } from './lib/paths.js';
const file = process.argv[2];
if (file === undefined) {
  console.error('usage: npx tsx tests/corpus/probe.ts <file of command lines>');
  process.exit(2);
}
const presets = readPresets(join(repoRoot, 'presets'));
const lines = readFileSync(file, 'utf8').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
let n = 0;
for (const raw of lines) {
  const m = /^([a-z-]+): (.*)$/.exec(raw);
  const only = m && presets.some((p) => p.id === m[1]) ? m[1] : undefined;
  const line = only ? m![2]! : raw;
  const out: string[] = [];
  for (const p of presets) {
    if (only && p.id !== only) continue;
    const v = step(p.policy('/home/dev/shop'), p.start(), { tool: 'bash', args: { command: line } }).verdict;
    if (v.decision !== 'ALLOW') out.push(`${p.id}:${v.decision}:${v.matches.map((x) => x.id).join('+')}`);
  }
  n++;
  if (out.length) console.log(`${line}\n    ${out.join('  ')}`);
}
console.log(`${n} lines`);
