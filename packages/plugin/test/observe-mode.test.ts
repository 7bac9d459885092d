// Observe mode in the plugin: a contract in observe mode lets the call run, tells the agent nothing, leaves the
// human a quiet note (log + info toast) and the decision log an `observed` record; /anchor status says it is on;
// `log` sums the observations per contract.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { logCommand } from '../src/log/index.js';
import { ROOT_SESSION, afterRun, anchor, before, bash, decisionLogLines, startV1 } from './support/v1-host.js';

describe('observe mode', () => {
  it('lets the observed call run, says nothing to the agent, notes it for the human and records it as observed', async () => {
    const host = await startV1({ config: 'observe', options: { decisionLog: true } });
    const call = bash(host, 'git push --force origin main', 'call_observed');
    expect(await before(host, call)).toBeUndefined();
    const after = { title: '', output: 'pushed', metadata: {} };
    await afterRun(host, call.input as never, call.output.args, after);
    expect(after.output).toBe('pushed'); // no note for the agent
    expect(host.logs.find((l) => l.message.startsWith('OBSERVED'))).toMatchObject({
      level: 'info',
      message: 'OBSERVED bash call: would block (no-force-push)',
    });
    // (The fake host runs no command, so the sandbox also says its launcher did not run: look for the observe note.)
    const note = host.toasts.find((t) => t.message.includes('would have blocked'));
    expect(note).toMatchObject({ variant: 'info' });
    expect(note?.message).toContain('no-force-push would have blocked');
    // The contract that is not observed still blocks.
    expect(await before(host, bash(host, 'rm -rf build'))).toMatch(/^BLOCKED.*no-rm-rf/s);
    await decisionLogLines(host.project, 2);
    const records = readFileSync(join(host.project, '.opencode', 'semantic-anchors-decisions.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(records.map((r) => [r.kind, r.verdict, r.observed])).toEqual([
      ['observed', 'ALLOW', ['no-force-push']],
      ['block', 'BLOCK', undefined],
    ]);
  });

  it('/anchor status says observe mode is on, and for which contracts', async () => {
    const host = await startV1({ config: 'observe' });
    const [answer] = await anchor(host, 'status', ROOT_SESSION);
    expect(String(answer?.text)).toContain('Observe mode: on (1: no-force-push)');
  });

  it('`log` counts the calls each observed contract would have blocked, and in how many sessions', async () => {
    const host = await startV1({ config: 'observe', options: { decisionLog: true } });
    await before(host, bash(host, 'git push --force origin main'));
    await before(host, bash(host, 'git push --force origin topic', 'call_2', 'ses_other'));
    await decisionLogLines(host.project, 2);
    const out: string[] = [];
    const code = await logCommand.run(['--project', host.project], {
      out: (l) => out.push(l),
      err: (l) => out.push(l),
      color: false,
    });
    expect(code).toBe(0);
    const text = out.join('\n');
    expect(text).toContain('Observe mode — calls a contract would have blocked (they went ahead): 2');
    expect(text).toMatch(/ {6}2 {9}2 {2}no-force-push/);
  });
});
