// Observe mode in a real opencode 1.18.33: a call the preset forbids, under a contract in observe mode, runs (its
// file is written); the agent reads no block and no note; the human gets an info toast; the decision log records
// it as observed. A contract not observed still blocks beside it.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anchorsPlugin, startHarness, type Harness } from './support/harness.js';
import { anchor, bash, callDirective, expectBlocked, expectRan, pluginLogLines, turn } from './support/turns.js';
import { runCli } from './support/cli.js';

describe('observe mode in a real opencode', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness({
      plugins: [anchorsPlugin()],
      projectFiles: { '.opencode/opencode-semantic-anchors.yaml': 'configs/observe.yaml' },
    });
  });
  afterAll(async () => h?.stop());

  it('the observed call runs and is recorded as observed; the agent is told nothing', async () => {
    const session = await h.client.createSession();
    const target = join(h.dirs.project, 'dist/bundle.js');
    const [write, push] = await turn(h, session, [
      callDirective('write', { filePath: target, content: 'export const hand = "edited";\n' }),
      bash('git push --force origin main'),
    ]);
    expectRan(write);
    expect(readFileSync(target, 'utf8')).toContain('hand');
    expect(write?.output ?? '').not.toContain('semantic-anchors');
    expectBlocked(push, 'dev-no-force-push-main');

    expect(
      pluginLogLines(h).some((l) => l.includes('OBSERVED write call: would block (dev-no-edits-to-generated-files)')),
    ).toBe(true);
    // The toast arrives over the event stream, after the tool result the turn waited for.
    await expect
      .poll(() => h.events.toasts().some((t) => t.variant === 'info' && t.message.includes('would have blocked')), {
        timeout: 10_000,
      })
      .toBe(true);

    const log = join(h.dirs.project, '.opencode/semantic-anchors-decisions.jsonl');
    await expect.poll(() => existsSync(log) && readFileSync(log, 'utf8').includes('"observed"')).toBe(true);
    const records = readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(records.find((r) => r.kind === 'observed')).toMatchObject({
      tool: 'write',
      verdict: 'ALLOW',
      observed: ['dev-no-edits-to-generated-files'],
    });

    const summary = runCli(['log', '--project', h.dirs.project]);
    expect(summary.code).toBe(0);
    expect(summary.stdout).toMatch(/1 {9}1 {2}dev-no-edits-to-generated-files/);
  });

  it('/anchor status says observe mode is on, and for which contract', async () => {
    const session = await h.client.createSession();
    const answer = await anchor(h, session, 'status');
    expect(answer).toContain('Observe mode: on (1: dev-no-edits-to-generated-files)');
  });
});
