// Observe mode: a BLOCK contract in observe mode lets the call through, keeps the agent out of it, and says in the
// verdict what would have happened.
import { describe, expect, it } from 'vitest';
import { compile, evaluate, loadConfig, startState, step } from '@semantic-anchors/engine';
import { bash, policyOf, replay } from './helpers.js';

const contracts = `
contracts:
  - id: no-force-push
    description: Force-pushing rewrites shared history.
    mode: BLOCK
    when: { tool: { name: bash, command: '--force' } }
    message: Push a new commit.
  - id: no-rm-rf
    description: Deleting the tree loses work.
    mode: BLOCK
    when: { tool: { name: bash, command: 'rm -rf' } }
    message: Delete single files.
  - id: push-note
    description: Pushing shares work.
    mode: WARN
    when: { tool: { name: bash, command: '\\bgit push\\b' } }
    message: Say what you pushed.
`;

describe('observe mode', () => {
  it('settings.observe: true lets a would-be BLOCK through, tells the verdict, keeps the agent out of it', () => {
    const policy = policyOf(`version: 1\nsettings: { observe: true }\n${contracts}`);
    const v = evaluate(policy, startState(policy), bash('git push --force origin main'));
    expect(v.decision).toBe('WARN'); // the WARN contract still warns
    expect(v.observed).toEqual({ decision: 'BLOCK', contracts: ['no-force-push'] });
    expect(v.matches.map((m) => [m.id, m.effect])).toEqual([
      ['no-force-push', 'observed'],
      ['push-note', 'warn'],
    ]);
    expect(v.agentMessage).toContain('push-note');
    expect(v.agentMessage).not.toContain('no-force-push');
  });

  it('an observed contract matching alone gives ALLOW and no agent message', () => {
    const policy = policyOf(`version: 1\nsettings: { observe: true }\n${contracts}`);
    const v = evaluate(policy, startState(policy), bash('rm -rf build'));
    expect(v.decision).toBe('ALLOW');
    expect(v.agentMessage).toBeUndefined();
    expect(v.observed).toEqual({ decision: 'BLOCK', contracts: ['no-rm-rf'] });
  });

  it('a list in settings.observe observes only those contracts', () => {
    const policy = policyOf(`version: 1\nsettings: { observe: [no-rm-rf] }\n${contracts}`);
    expect(evaluate(policy, startState(policy), bash('rm -rf build')).decision).toBe('ALLOW');
    expect(evaluate(policy, startState(policy), bash('git push --force')).decision).toBe('BLOCK');
  });

  it("a contract's own observe: true observes it alone", () => {
    const policy = policyOf(`version: 1\n${contracts.replace('mode: BLOCK\n', 'mode: BLOCK\n    observe: true\n')}`);
    const force = evaluate(policy, startState(policy), bash('git push --force'));
    expect(force.observed?.contracts).toEqual(['no-force-push']);
    expect(evaluate(policy, startState(policy), bash('rm -rf build')).decision).toBe('BLOCK');
  });

  it('an enforced BLOCK still blocks beside an observed one, which the agent is not told about', () => {
    const policy = policyOf(`version: 1\nsettings: { observe: [no-rm-rf] }\n${contracts}`);
    const v = evaluate(policy, startState(policy), bash('rm -rf build && git push --force'));
    expect(v.decision).toBe('BLOCK');
    expect(v.observed).toEqual({ decision: 'BLOCK', contracts: ['no-rm-rf'] });
    expect(v.agentMessage).toContain('no-force-push');
    expect(v.agentMessage).not.toContain('no-rm-rf');
  });

  it('an observed call ran: it counts, and a pending bypass is not spent on it', () => {
    const policy = policyOf(`version: 1\nsettings: { observe: [no-rm-rf] }\n${contracts}`);
    const { verdicts, state } = replay(policy, [{ bypass: 'ok' }, bash('rm -rf build'), bash('git push --force')]);
    expect(verdicts[1]!.bypass.used).toBe(false);
    expect(verdicts[2]!.bypass.used).toBe(true);
    expect(state.toolCalls).toBe(2);
  });

  it('says what a pending bypass would have done', () => {
    const policy = policyOf(`version: 1\nsettings: { observe: true }\n${contracts}`);
    const { verdicts } = replay(policy, [{ bypass: 'ok' }, bash('rm -rf build')]);
    expect(verdicts[1]!.observed?.decision).toBe('WARN');
  });

  it('never observes the built-in self-protection', () => {
    const loaded = loadConfig(`version: 1\nsettings: { observe: true }\n${contracts}`, { file: 'inline.yaml' });
    const policy = compile(loaded.config, { root: '/p', protect: { contractFiles: ['/p/rules.yaml'] } });
    const v = step(policy, startState(policy), { tool: 'write', args: { filePath: '/p/rules.yaml', content: 'x' } });
    expect(v.verdict.decision).toBe('BLOCK');
    expect(v.verdict.observed).toBeUndefined();
  });

  it('warns, with its position, about an id in settings.observe that names no contract', () => {
    const loaded = loadConfig(`version: 1\nsettings:\n  observe: [no-rm-rff]\n${contracts}`, { file: 'x.yaml' });
    const d = loaded.diagnostics.find((x) => x.code === 'observe-unknown');
    expect(d?.severity).toBe('warning');
    expect(d?.position?.line).toBe(3);
    expect(d?.hint).toBe('did you mean "no-rm-rf"?');
  });

  it('WARN contracts are untouched by observe mode', () => {
    const policy = policyOf(`version: 1\nsettings: { observe: true }\n${contracts}`);
    const v = evaluate(policy, startState(policy), bash('git push origin topic'));
    expect(v.decision).toBe('WARN');
    expect(v.observed).toBeUndefined();
  });
});
