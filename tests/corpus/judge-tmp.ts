// temp: judge lines from a JSON file [{cmd, src}] through all presets
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { step } from '@semantic-anchors/engine';
import { readPresets } from './lib/presets.js';
import { repoRoot } from './lib/paths.js';
const presets = readPresets(join(repoRoot, 'presets'));
const lines = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as { cmd: string; src: string }[];
for (const [i, l] of lines.entries()) {
  const out: string[] = [];
  for (const p of presets) {
    const policy = p.policy('/home/dev/proj');
    const v = step(policy, p.start(), { tool: 'bash', args: { command: l.cmd, description: 'Run it' } } as never).verdict;
    if (v.decision !== 'ALLOW') out.push(`${p.id.replace(/-.*/, '').slice(0, 6)}:${v.decision[0]}:${v.matches.filter(m => m.effect !== 'allow').map(m => m.id).join('+')}`);
  }
  console.log(`${i}\t${JSON.stringify(l.cmd).slice(0, 150)}\n\t${out.join(' ') || 'ALLOW-ALL'}`);
}
