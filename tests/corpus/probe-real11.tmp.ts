import { readFileSync } from 'node:fs';
import { step } from '@semantic-anchors/engine';
import { readPresets } from './lib/presets.js';
import { defaultPresetsDir } from './lib/paths.js';
const presets = readPresets(defaultPresetsDir);
const lines = readFileSync(process.argv[2]!, 'utf8').split('\n').filter((l) => l.trim() && !l.startsWith('#'));
for (const l of lines) {
  const { cmd } = JSON.parse(l);
  const out: string[] = [];
  for (const p of presets) {
    const v = step(p.policy('/home/dev/proj'), p.start(), { tool: 'bash', args: { command: cmd, description: 'Run it' } } as never).verdict;
    if (v.decision !== 'ALLOW') out.push(`${p.id.split('-').map((s) => s.slice(0, 2)).join('')}:${v.decision[0]}(${v.matches.filter(m=>m.effect!=='allow').map((m) => m.id.replace(/^[a-z]+-/, '')).join(',')})`);
  }
  console.log(JSON.stringify(cmd).slice(0, 90).padEnd(90), '|', out.join(' ') || 'ALLOW-all');
}
