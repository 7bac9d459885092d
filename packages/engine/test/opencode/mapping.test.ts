// The opencode mapping shared by the plugin's adapter, `replay` and the site: payloads recorded from a real
// opencode 1.18.33 (tests/opencode/fixtures/recorded) → engine events.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startState, step } from '@semantic-anchors/engine';
import {
  ANSWER_PREFIX,
  agentSighting,
  answerMeaning,
  attachedPaths,
  fileUrlPath,
  humanChoseRole,
  messageText,
  newAgentTrack,
  recordedUserMessage,
  toolCallEvent,
  userMessageEvent,
  withheldInNote,
} from '@semantic-anchors/engine/opencode';
import { policyOf } from '../helpers.js';

const recorded = fileURLToPath(new URL('../../../../tests/opencode/fixtures/recorded/', import.meta.url));
const payload = (name: string) => JSON.parse(readFileSync(join(recorded, name), 'utf8'));

describe('tool calls', () => {
  it('maps a recorded tool.execute.before payload to a tool event (a copy of the arguments)', () => {
    const p = payload('tool.execute.before.bash.json');
    const mapped = toolCallEvent(p.input.tool, p.output.args);
    expect(mapped).toEqual({ event: { tool: 'bash', args: p.output.args } });
    if ('event' in mapped) expect(mapped.event.args).not.toBe(p.output.args);
  });

  it.each([
    ['a string', 'rm -rf /', 'a string'],
    ['a list', ['rm', '-rf'], 'a list'],
    ['a number', 7, 'a number'],
  ])('names the problem when the input is %s', (_what, input, said) => {
    const mapped = toolCallEvent('bash', input);
    expect(mapped).toEqual({ problem: `the tool input is ${said}, not an object` });
  });

  it('reads a missing input as an empty call', () => {
    expect(toolCallEvent('read', undefined)).toEqual({ event: { tool: 'read', args: {} } });
  });
});

describe('user messages', () => {
  it("reads the human's words and the attached file from a recorded chat.message", () => {
    const parts = payload('chat.message.with-file.build.json').output.parts;
    expect(messageText(parts)).toBe('look at this file');
    expect(attachedPaths(parts)).toEqual(['/SANDBOX/project/notes.txt']);
  });

  it('file: URLs become paths without Node (percent escapes decoded, remote hosts refused)', () => {
    expect(fileUrlPath('file:///tmp/a%20b.txt')).toBe('/tmp/a b.txt');
    expect(fileUrlPath('file://localhost/etc/hosts')).toBe('/etc/hosts');
    expect(fileUrlPath('file://server/share/x')).toBeUndefined();
    expect(fileUrlPath('file:///a%2Fb')).toBeUndefined();
    expect(fileUrlPath('https://example.com/x')).toBeUndefined();
  });

  it("a subagent session's message is from the subagent, and never confirms", () => {
    const policy = policyOf('version: 1\n');
    const event = userMessageEvent({ text: 'continue', attachments: [], child: true });
    expect(event).toEqual({ message: 'continue', from: 'subagent' });
    const state = { ...startState(policy), toolCalls: 4 };
    expect(step(policy, state, event).state.toolCalls).toBe(4);
    const human = userMessageEvent({ text: 'continue', attachments: [], child: false });
    expect(step(policy, state, human).state.toolCalls).toBe(0);
  });
});

describe('agents', () => {
  it('sends an agent event only when the answering agent really changes', () => {
    const track = newAgentTrack();
    expect(agentSighting(track, 'build', false)).toEqual({ agent: 'build' });
    expect(agentSighting(track, 'build', false)).toBeUndefined();
    expect(agentSighting(track, 'title', false)).toBeUndefined();
    expect(agentSighting(track, 'plan', false)).toEqual({ agent: 'plan' });
    expect(agentSighting(track, 'general', true)).toBeUndefined();
    expect(track.agent).toBe('plan');
  });

  it("keeps the human's role over the agent that was already answering", () => {
    const track = newAgentTrack();
    humanChoseRole(track);
    expect(agentSighting(track, 'build', false)).toBeUndefined();
    expect(agentSighting(track, 'plan', false)).toEqual({ agent: 'plan' });
  });
});

describe('recorded /anchor answers', () => {
  const policy = policyOf(`
version: 1
contracts:
  - id: no-force-push
    description: Force-pushing rewrites shared history.
    mode: BLOCK
    when: { tool: { name: bash, command: '--force' } }
    message: Push a new commit.
`);
  const answer = (event: Parameters<typeof step>[2], state = startState(policy)) =>
    `${ANSWER_PREFIX} ${step(policy, state, event).verdict.notice ?? ''}`;

  it("reads the engine's own bypass notices back into the bypass the human asked for", () => {
    expect(answerMeaning(answer({ bypass: 'hotfix approved' }))).toEqual({
      kind: 'event',
      event: { bypass: 'hotfix approved' },
    });
    expect(answerMeaning(answer({ bypass: 'hotfix', contract: 'no-force-push' }))).toEqual({
      kind: 'event',
      event: { bypass: 'hotfix', contract: 'no-force-push' },
    });
    expect(answerMeaning(answer({ bypass: 'x', contract: 'nope' }))).toEqual({
      kind: 'event',
      event: { bypass: '', contract: 'nope' },
    });
    const spent = { ...startState(policy), bypass: { spent: 3, pending: false } };
    expect(answerMeaning(answer({ bypass: 'again' }, spent))).toEqual({ kind: 'event', event: { bypass: '' } });
  });

  it('reads a role change and a reload; status and help change nothing', () => {
    const role = answerMeaning(answer({ role: 'qa-engineer' }));
    expect(role).toEqual({ kind: 'event', event: { role: 'qa-engineer' }, humanRole: true });
    expect(answerMeaning(`${ANSWER_PREFIX} Reloaded /p/.opencode/x.yaml. Configuration reloaded`)).toEqual({
      kind: 'event',
      event: { reload: true },
    });
    expect(answerMeaning(`${ANSWER_PREFIX} status\nConfig: x`)).toEqual({ kind: 'none' });
  });

  it("tells a command's record from a message that carries the plugin's note, and finds withheld files", () => {
    const note = `${ANSWER_PREFIX} The attached files /p/.env, /p/key.pem were withheld: a contract does not allow reading them, so their content was removed from this message.`;
    expect(withheldInNote(note)).toEqual(['/p/.env', '/p/key.pem']);
    expect(
      recordedUserMessage([
        { type: 'text', text: 'look' },
        { type: 'text', text: note },
      ]),
    ).toEqual({
      kind: 'message',
      text: 'look',
      attachments: ['/p/.env', '/p/key.pem'],
    });
    expect(recordedUserMessage([{ type: 'text', text: `${ANSWER_PREFIX} status` }]).kind).toBe('answer');
  });
});
