// usage: tsx /tmp/sess.mts preset "cmd1" "cmd2" ... (last is judged; prints verdicts of each)
import { step } from '@semantic-anchors/engine';
import { readPreset } from './lib/presets.js';
const [preset, ...cmds] = process.argv.slice(2);
const p = readPreset(`/work/main/presets/${preset}.yaml`);
const policy = p.policy('/home/dev/shop');
let state = p.start();
for (const c of cmds) {
  const s = step(policy, state, { tool: 'bash', args: { command: c } });
  state = s.state;
  console.log(`${s.verdict.decision} [${s.verdict.matches.map((m) => m.id).join(',')}] ${c.slice(0, 80)}`);
}
