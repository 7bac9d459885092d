// The rules about the host's own machinery that the plugin core used to keep for itself: decided by the engine, so
// `explain`, `replay` and the simulator give the plugin's answers.
import { describe, expect, it } from 'vitest';
import { STATUS_TOOL, startState, step, type Event } from '@semantic-anchors/engine';
import { bash, policyOf, replay } from './helpers.js';

const POLICY = `
version: 1
roles:
  default: software-developer
  agents: { plan: software-architect, build: software-developer }
contracts:
  - id: every-tool-noted
    description: Every tool call is noted.
    mode: BLOCK
    when: { tool: { name: '*' } }
    message: Ask first.
  - id: step-confirmation
    description: A human confirms every second call.
    mode: BLOCK
    when: { tool: {}, state: { toolCalls: 2 } }
    message: Wait for the human to confirm.
`;

describe('the status tool is exempt', () => {
  const policy = policyOf(POLICY);

  it('is allowed although a contract matches every tool', () => {
    const { verdict } = step(policy, startState(policy), { tool: STATUS_TOOL, args: {} });
    expect(verdict.decision).toBe('ALLOW');
    expect(verdict.matches).toEqual([]);
    expect(verdict.exempt).toBe(STATUS_TOOL);
  });

  it('is never counted towards Step Confirmation', () => {
    const calm = policyOf('version: 1\n');
    const status: Event = { tool: STATUS_TOOL, args: {} };
    const { verdicts, state } = replay(calm, [bash('echo one'), status, status, status, bash('echo two')]);
    expect(verdicts.map((v) => v.decision)).toEqual(['ALLOW', 'ALLOW', 'ALLOW', 'ALLOW', 'ALLOW']);
    expect(state.toolCalls).toBe(2);
  });
});

describe('housekeeping agents do not change the role', () => {
  const policy = policyOf(POLICY);

  it.each(['title', 'summary', 'compaction'])('agent %s leaves the architect a architect', (agent) => {
    const { verdicts, state } = replay(policy, [{ agent: 'plan' }, { agent }]);
    expect(state.role).toBe('software-architect');
    expect(verdicts[1]!.notice).toMatch(/housekeeping/);
  });

  it('does not reset the step count either', () => {
    const calm = policyOf(POLICY.replace(/ {2}- id: every-tool-noted[\s\S]*?message: Ask first.\n/, ''));
    const { state } = replay(calm, [{ agent: 'plan' }, bash('echo one'), { agent: 'title' }]);
    expect(state.toolCalls).toBe(1);
  });

  it('an ordinary unmapped agent still changes the role to the default', () => {
    const { state } = replay(policy, [{ agent: 'plan' }, { agent: 'general' }]);
    expect(state.role).toBe('software-developer');
  });
});

describe("a subagent's message does not confirm", () => {
  const policy = policyOf(POLICY.replace(/ {2}- id: every-tool-noted[\s\S]*?message: Ask first.\n/, ''));

  it('a task prompt saying "continue" leaves the step count as it is; the human saying it resets it', () => {
    const sub = replay(policy, [bash('echo one'), { message: 'continue', from: 'subagent' }, bash('echo two')]);
    expect(sub.verdicts[2]!.decision).toBe('BLOCK');
    const human = replay(policy, [bash('echo one'), { message: 'continue' }, bash('echo two')]);
    expect(human.verdicts[2]!.decision).toBe('ALLOW');
  });
});
