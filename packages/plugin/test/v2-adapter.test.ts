// The opencode 2 adapter against a fake host built from the documented V2 API and documented payloads
// (test/fixtures/v2). opencode 2 is not installable here; these tests pin the adapter to the docs.
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { V2Prompt, V2ToolAfter, V2ToolBefore } from '../src/v2/host-types.js';
import { startV2, type FakeV2Host } from './support/v2-fake-host.js';

const configs = join(import.meta.dirname, 'fixtures', 'configs');

async function withConfig(name: string) {
  const started = await startV2({ config: 'anchors.yaml' });
  copyFileSync(join(configs, `${name}.yaml`), join(started.host.project, 'anchors.yaml'));
  await started.host.command('anchor', 'ses_v2root0000000000000000001', 'reload');
  return started;
}

const ROOT = 'ses_v2root0000000000000000001';
const CHILD = 'ses_v2child000000000000000001';
const lastAnswer = (host: FakeV2Host) => host.synthetic.at(-1)?.text ?? '';

describe('opencode 2 adapter (fake host from the documented API)', () => {
  it('registers the hooks, the read-only status tool and the /anchor command, and disposes them on cleanup', async () => {
    const { host, cleanup } = await startV2();
    expect([...host.hooks.keys()].sort()).toEqual([
      'command:transform',
      'session:prompt',
      'tool:execute.after',
      'tool:execute.before',
      'tool:transform',
    ]);
    expect(host.tools.map((t) => [t.name, t.options?.codemode])).toEqual([['anchor_status', false]]);
    expect(host.commands.map((c) => c.name)).toEqual(['anchor']);
    await cleanup();
    expect(host.disposed).toBe(5);
  });

  it('blocks a `shell` call (the V2 name of bash) by throwing the contract message', async () => {
    const { host } = await withConfig('team');
    const message = await host.before(host.payload<V2ToolBefore>('execute.before.shell'));
    expect(message).toMatch(/^BLOCKED by semantic-anchors/);
    expect(message).toContain('contract "no-force-push"');
  });

  it('reads the agent from the tool event and matches `path` (V2) like `filePath` (V1)', async () => {
    const { host } = await withConfig('team');
    expect(await host.before(host.payload<V2ToolBefore>('execute.before.edit'))).toContain('architect-writes-no-code');
    const asBuild = host.payload<V2ToolBefore>('execute.before.edit', (j) =>
      j.replace('"agent": "plan"', '"agent": "build"'),
    );
    expect(await host.before(asBuild)).toBeUndefined();
  });

  it('appends a WARN note to the tool result content', async () => {
    const { host } = await withConfig('team');
    const edit = (j: string) => j.replaceAll('src/app.ts', 'config/app.json');
    expect(
      await host.before(
        host.payload<V2ToolBefore>('execute.before.edit', (j) =>
          edit(j).replace('"agent": "plan"', '"agent": "build"'),
        ),
      ),
    ).toBeUndefined();
    const after = await host.after(host.payload<V2ToolAfter>('execute.after.edit', edit));
    if (after.status !== 'completed') throw new Error('expected a completed result');
    expect(after.result.content).toEqual([
      { type: 'text', text: 'Edit applied successfully.' },
      { type: 'text', text: expect.stringMatching(/^NOTE from semantic-anchors[\s\S]*review-config-edits/) },
    ]);
  });

  it("withholds a webfetch result that holds opencode's own session list (route 7.07)", async () => {
    const { host } = await withConfig('team');
    const list = JSON.stringify([{ id: ROOT, projectID: 'p', directory: '/x', title: 'canary 7f3a' }]);
    const fetched = host.payload<V2ToolAfter>('execute.after.edit', (j) =>
      j.replace('"tool": "edit"', '"tool": "webfetch"').replace('"Edit applied successfully."', JSON.stringify(list)),
    );
    const after = await host.after(fetched);
    if (after.status !== 'completed') throw new Error('expected a completed result');
    expect(JSON.stringify(after.result)).not.toContain('canary 7f3a');
    expect(after.result.content).toEqual([
      {
        type: 'text',
        text: expect.stringMatching(/^BLOCKED by anchor-protect-host-server: the webfetch result held a session id/),
      },
    ]);
  });

  it('a subagent session (session.created with a parent) shares the role and the budget', async () => {
    const { host } = await withConfig('team');
    await host.before(host.payload<V2ToolBefore>('execute.before.edit')); // learns agent plan → software-architect
    await host.emit(host.payload('event.session.created.child'));
    const childEdit = host.payload<V2ToolBefore>('execute.before.edit', (j) =>
      j.replace(ROOT, CHILD).replace('"agent": "plan"', '"agent": "general"'),
    );
    expect(await host.before(childEdit)).toContain('architect-writes-no-code');
    await host.command('anchor', ROOT, 'bypass reviewed');
    expect(lastAnswer(host)).toContain('1 of 2 left');
    expect(await host.before(childEdit)).toBeUndefined();
    await host.command('anchor', CHILD, 'status');
    expect(lastAnswer(host)).toContain('Bypasses: 1 of 2 left this session');
  });

  it('withholds a blocked attached file from the prompt and says so in the prompt text', async () => {
    const { host } = await withConfig('team');
    const event = await host.prompt(host.payload<V2Prompt>('session.prompt.with-file'));
    expect(event.prompt.files).toEqual([]);
    expect(event.prompt.text).toMatch(
      /^look at this file\n\n\[semantic-anchors\] The attached file .*\.env was withheld/,
    );
  });

  it('a confirmation prompt resets the Step Confirmation count', async () => {
    const { host } = await withConfig('step-confirmation');
    const call = (i: number) =>
      host.payload<V2ToolBefore>('execute.before.shell', (j) =>
        j.replace('git push --force origin main', 'ls').replace('call_v2_1', `call_${i}`),
      );
    expect(await host.before(call(1))).toBeUndefined();
    expect(await host.before(call(2))).toBeUndefined();
    expect(await host.before(call(3))).toContain('step-confirmation');
    await host.prompt({ sessionID: ROOT, messageID: 'msg_c', prompt: { text: 'weiter' }, delivery: 'queue' });
    expect(await host.before(call(4))).toBeUndefined();
  });

  it('the status tool returns the status; the model has no tool that grants a bypass', async () => {
    const { host } = await withConfig('team');
    const result = await host.tools[0]!.execute({ bypass: 'myself' }, { sessionID: ROOT });
    expect(result.content).toContain('Bypasses: 2 of 2 left this session');
    expect(await host.before(host.payload<V2ToolBefore>('execute.before.shell'))).toMatch(/^BLOCKED/);
  });

  it('/anchor answers in the session without a model turn', async () => {
    const { host } = await withConfig('team');
    await host.command('anchor', ROOT, 'status');
    expect(lastAnswer(host)).toMatch(
      /^\[semantic-anchors\] \/anchor status\nBypasses: .*\nOpen bypass: .*\nConfig: .*anchors\.yaml \(option\)/,
    );
    // The opencode 2 adapter does not sandbox shell calls yet, and says so instead of staying silent.
    expect(lastAnswer(host)).toMatch(/\nSandbox: UNAVAILABLE \(not wired in the opencode 2 adapter yet\)/);
  });

  it('an internal error fails open', async () => {
    const { host } = await withConfig('team');
    const hostile = {
      ...host.payload<V2ToolBefore>('execute.before.shell'),
      input: Object.defineProperty({}, 'command', {
        enumerable: true,
        get: () => {
          throw new Error('boom');
        },
      }),
    };
    expect(await host.before(hostile)).toBeUndefined();
  });

  it("with settings.onError: block, a failure in the adapter's own argument parsing blocks the call (fail closed)", async () => {
    const { host } = await withConfig('fail-closed');
    const hostile = {
      ...host.payload<V2ToolBefore>('execute.before.shell'),
      input: Object.defineProperty({}, 'command', {
        enumerable: true,
        get: () => {
          throw new Error('boom');
        },
      }),
    };
    expect(await host.before(hostile)).toMatch(
      /^BLOCKED by semantic-anchors: the plugin failed while checking this call/,
    );
  });
});
