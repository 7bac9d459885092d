import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { step } from '@semantic-anchors/engine';
import { readPresets } from '../lib/presets.js';
import { repoRoot } from '../lib/paths.js';
// lines: "command" (all presets) or "role: command" (that preset only)
const presets = readPresets(join(repoRoot, 'presets'));
const lines = readFileSync(process.argv[2], 'utf8').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
let n = 0;
for (const raw of lines) {
  const m = /^([a-z-]+): (.*)$/.exec(raw);
  const only = m && presets.some((p) => p.id === m[1]) ? m[1] : undefined;
  const line = only ? m![2]! : raw;
  const out: string[] = [];
  for (const p of presets) {
    if (only && p.id !== only) continue;
    const v = step(p.policy('/home/dev/shop'), p.start(), { tool: 'bash', args: { command: line } } as never).verdict;
    if (v.decision !== 'ALLOW') out.push(`${p.id}:${v.decision}:${v.matches.filter((x) => x.effect !== 'allow').map((x) => x.id).join('+')}`);
  }
  n++;
  if (out.length) console.log(`${line}\n    ${out.join('  ')}`);
}
console.log(`${n} lines`);
