// temp: replays the assembled/evasion variants whose name contains argv[2] (optionally file filter argv[3])
import { join } from 'node:path';
import { readdirSync } from 'node:fs';
import { readEvasion, type CorpusProblem } from './lib/files.js';
import { readPreset } from './lib/presets.js';
import { runVariant } from './lib/replay.js';
import { repoRoot } from './lib/paths.js';
const needle = process.argv[2] ?? '';
const fileFilter = process.argv[3] ?? '';
for (const dir of ['assembled', 'evasion']) {
  for (const f of readdirSync(join(repoRoot, 'tests/corpus', dir)).filter((x) => x.endsWith('.yaml') && x.includes(fileFilter))) {
    const problems: CorpusProblem[] = [];
    const c = readEvasion(join(repoRoot, 'tests/corpus', dir, f), problems);
    if (!c) continue;
    const preset = readPreset(join(repoRoot, 'presets', `${c.preset}.yaml`));
    for (const k of c.contracts) for (const [want, list] of [['block', k.block], ['allow', k.allow]] as const)
      for (const v of list) {
        if (!v.name.includes(needle)) continue;
        if (process.env.GIVEN) {
          const { step } = await import('@semantic-anchors/engine');
          const policy = preset.policy(c.root); let st = preset.start();
          for (const e of v.given) { const r = step(policy, st, e); st = r.state; console.log(`   given ${r.verdict.decision} [${r.verdict.matches.map((m) => m.id)}] ${JSON.stringify(e).slice(0, 100)}`); }
        }
        const verdict = runVariant(preset, c.root, v);
        const ids = verdict.matches.map((m) => m.id);
        const ok = want === 'block' ? verdict.decision === 'BLOCK' && ids.includes(k.id) : !ids.includes(k.id);
        console.log(`${ok ? 'ok  ' : 'FAIL'} ${want} ${f} ${k.id}: ${v.name} → ${verdict.decision} [${ids.join(',')}]`);
      }
  }
}
// given verdicts too when GIVEN=1
