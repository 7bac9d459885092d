// The run-later built-in guards files inside node_modules and site-packages. A copy whose names the engine cannot know
// (`cp notebooks/* rendered_notebooks/`) writes one level into its folder: it cannot put a file inside a node_modules
// below it, so it is not held (blind round 44's course rebuild was); a copy into node_modules is.
import { describe, expect, it } from 'vitest';
import { compile, loadConfig, startState, step } from '../src/index.js';

const policy = compile(loadConfig('version: 1\ncontracts: []\n', { file: 'c.yaml' }).config, {
  root: '/p',
  protect: { runLater: true },
});
const held = (command: string): string[] =>
  step(policy, startState(policy), { tool: 'bash', args: { command } })
    .verdict.matches.map((m) => m.id)
    .filter((id) => id === 'anchor-protect-run-later');

describe('the run-later built-in on names the engine cannot know', () => {
  it('leaves a copy of unknown names into an ordinary folder alone', () => {
    expect(held('cp notebooks/* rendered_notebooks/')).toEqual([]);
    expect(held('mkdir -p out && cp build/*.js out/')).toEqual([]);
  });

  it('holds a copy into node_modules or site-packages, known names or not', () => {
    expect(held('cp patch/* node_modules/left-pad/')).toEqual(['anchor-protect-run-later']);
    expect(held('echo x > node_modules/left-pad/index.js')).toEqual(['anchor-protect-run-later']);
    expect(held('cp hack.py .venv/lib/python3.12/site-packages/')).toEqual(['anchor-protect-run-later']);
  });
});
