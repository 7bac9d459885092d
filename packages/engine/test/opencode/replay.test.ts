// Replaying real opencode 1.18.33 exports: the order of events (a subagent inline where its task call started it,
// on its parent's rule state), the human's recorded acts (a bypass, a confirmation), the engine's host rules, and
// damaged inputs skipped and counted rather than fatal.
import { describe, expect, it } from 'vitest';
import { compile, loadConfig, type CompiledPolicy } from '@semantic-anchors/engine';
import { blobSource, replayExports, type ReplayCall, type ReplaySession } from '@semantic-anchors/engine/opencode';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { exportsDir, sessionText, subagentText, textSource, variant } from './exports.js';

const DEFAULT = 'version: 1\nextends: [software-developer]\n';

function policyOf(yaml: string): CompiledPolicy {
  return compile(loadConfig(yaml, { file: 'inline.yaml' }).config, { root: '/SANDBOX/project' });
}

async function run(yaml: string, files: Record<string, string>, role?: string) {
  const calls: ReplayCall[] = [];
  const sessions: ReplaySession[] = [];
  const policy = policyOf(yaml);
  await replayExports(
    Object.entries(files).map(([name, text]) => textSource(name, text)),
    { policy: () => policy, role, onCall: (c) => calls.push(c), onSession: (s) => sessions.push(s) },
  );
  return { calls, sessions };
}

describe('replaying the recorded session', () => {
  it('blocks the force push the preset forbids, and replays the bypass the human granted for the second one', async () => {
    const { calls } = await run(DEFAULT, { 'session.json': sessionText, 'subagent.json': subagentText });
    const pushes = calls.filter((c) => c.subject === 'git push --force origin main');
    expect(pushes.map((c) => [c.decision, c.bypassUsed, c.recorded])).toEqual([
      ['BLOCK', false, 'blocked'],
      ['WARN', true, 'ran'],
    ]);
    expect(pushes[0]!.contracts).toEqual(['dev-no-force-push-main']);
    expect(pushes[0]!.bypass).toBe('possible');
    expect(pushes[0]!.next).toEqual({ tool: 'bash', subject: 'git status' });
    const marked = pushes[0]!.spans!.spans.map((s) => pushes[0]!.spans!.texts[s.field]!.slice(s.start, s.end));
    expect(marked).toEqual(expect.arrayContaining(['git', 'push', '--force']));
  });

  it("replays the subagent's call right after the task call that started it, on the parent's state", async () => {
    const { calls, sessions } = await run(DEFAULT, { 'subagent.json': subagentText, 'session.json': sessionText });
    const task = calls.findIndex((c) => c.tool === 'task');
    const child = calls[task + 1]!;
    expect(child).toMatchObject({ subagent: true, subject: 'echo from-subagent', decision: 'ALLOW' });
    expect(child.root).toBe(calls[task]!.session);
    expect(child.seq).toBe(calls[task]!.seq! + 2); // the child's own prompt (from the subagent) came in between
    expect(sessions.map((s) => s.subagent)).toEqual([true, false]); // the child ends first, inside its parent
  });

  it('the status tool is allowed and not judged, like in the plugin', async () => {
    const { calls } = await run(DEFAULT, { 'session.json': sessionText });
    expect(calls.find((c) => c.tool === 'anchor_status')).toMatchObject({ decision: 'ALLOW', contracts: [] });
  });

  it('a human\'s "continue" resets Step Confirmation; the same word from a subagent does not', async () => {
    const stepConfirmation = `version: 1
contracts:
  - id: step-confirmation
    description: A human confirms every fourth call.
    mode: BLOCK
    when: { tool: {}, state: { toolCalls: 4 } }
    message: Wait for the human to confirm.
`;
    const child = variant(subagentText, 'CALL bash', 'continue');
    const { calls } = await run(stepConfirmation, { 'session.json': sessionText, 'subagent.json': child });
    // The child's "continue" (a task prompt) did not reset the count: calls after it are blocked until the
    // human's own "continue" later in the session.
    expect(calls.some((c) => c.decision === 'BLOCK')).toBe(true);
    const human = calls.findIndex((c) => c.tool === 'read');
    expect(calls[human]!.decision).toBe('ALLOW');
  });

  it('observe mode: the force push would have been blocked, and goes through', async () => {
    const { calls } = await run(`${DEFAULT}settings: { observe: true }\n`, { 'session.json': sessionText });
    const push = calls.find((c) => c.subject === 'git push --force origin main')!;
    expect(push.decision).toBe('ALLOW');
    expect(push.observed).toEqual({ decision: 'BLOCK', contracts: ['dev-no-force-push-main'] });
  });
});

describe('in the page', () => {
  it('replays File objects (what the site gets from a picker or a drop) as it replays files', async () => {
    const policy = policyOf(DEFAULT);
    const calls: ReplayCall[] = [];
    const files = [new File([subagentText], 'subagent.json'), new File([sessionText], 'session.json')];
    await replayExports(
      files.map((f) => blobSource(f)),
      { policy: () => policy, onCall: (c) => calls.push(c) },
    );
    expect(calls.map((c) => c.decision)).toEqual(
      (await run(DEFAULT, { 'session.json': sessionText, 'subagent.json': subagentText })).calls.map((c) => c.decision),
    );
    expect(calls[0]!.file).toBe('session.json');
  });
});

describe('damaged and hostile exports', () => {
  it('a tool input of the wrong type is not judged, counted and reported, and the rest goes on', async () => {
    const input =
      '"input": {\n              "command": "echo one",\n              "description": "scripted"\n            }';
    const bad = variant(sessionText, input, '"input": "echo one"');
    const { calls, sessions } = await run(DEFAULT, { 'session.json': bad });
    expect(calls[0]).toMatchObject({
      tool: 'bash',
      decision: null,
      skipped: 'the tool input is a string, not an object',
    });
    expect(sessions[0]!.skipped['the tool input is a string, not an object']).toBe(1);
    expect(calls.filter((c) => c.decision === 'BLOCK')).toHaveLength(1);
  });

  it('an unknown part type is counted, never fatal', async () => {
    const bad = variant(sessionText, '"type": "step-start"', '"type": "hologram"');
    const { sessions } = await run(DEFAULT, { 'session.json': bad });
    expect(sessions[0]!.skipped['unknown part type "hologram"']).toBe(1);
  });

  it('a file cut short: the calls before the cut are replayed, the session says where it broke', async () => {
    const cut = sessionText.slice(0, sessionText.indexOf('"git status"'));
    const { calls, sessions } = await run(DEFAULT, { 'session.json': cut });
    expect(calls.some((c) => c.decision === 'BLOCK')).toBe(true);
    expect(sessions[0]!.damaged).toMatchObject({ code: 'export-syntax', file: 'session.json' });
    expect(sessions[0]!.damaged!.position!.line).toBe(cut.split('\n').length);
  });

  it('sessions whose parents point at each other are still replayed, once each', async () => {
    const one = (id: string, parentID: string) =>
      JSON.stringify({
        info: { id, parentID },
        messages: [{ info: { role: 'user' }, parts: [{ type: 'text', text: 'hi' }] }],
      });
    const { sessions } = await run(DEFAULT, { 'a.json': one('ses_a', 'ses_b'), 'b.json': one('ses_b', 'ses_a') });
    expect(sessions.map((s) => s.id).sort()).toEqual(['ses_a', 'ses_b']);
  });

  it('a sanitized export (opencode export --sanitize): its redacted calls and words are counted, never judged', async () => {
    const sanitized = readFileSync(join(exportsDir, 'sanitized.json'), 'utf8');
    const { calls, sessions } = await run(DEFAULT, { 'sanitized.json': sanitized });
    expect(calls.map((c) => [c.tool, c.decision, c.skipped])).toEqual([
      ['bash', null, 'tool input redacted (exported with --sanitize)'],
      ['read', null, 'tool input redacted (exported with --sanitize)'],
    ]);
    expect(sessions[0]!.skipped['message text redacted (exported with --sanitize)']).toBe(1);
  });

  it('a message that is not an object, a role nobody knows: counted', async () => {
    const text = JSON.stringify({
      info: { id: 'ses_x' },
      messages: [
        7,
        { info: { role: 'robot' }, parts: [] },
        { info: { role: 'user', agent: 'build' }, parts: [{ type: 'text', text: 'hi' }] },
      ],
    });
    const { sessions } = await run(DEFAULT, { 'x.json': text });
    expect(sessions[0]!.skipped).toEqual({ 'message role "robot"': 1, 'message without info and parts': 1 });
    expect(sessions[0]!.messages).toBe(3);
  });
});
