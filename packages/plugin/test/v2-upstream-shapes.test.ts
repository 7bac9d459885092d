// The opencode 2 adapter driven with payloads in the shapes opencode's own promise API declares upstream
// (test/fixtures/v2-upstream/README.md names each file and commit). The fake host runs the hooks as documented;
// what is asserted is the adapter's real verdict or answer for each upstream-shaped payload.
import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { V2Prompt, V2ToolBefore } from '../src/v2/host-types.js';
import { startV2 } from './support/v2-fake-host.js';

const fixtures = join(import.meta.dirname, 'fixtures');

async function withTeamConfig() {
  const started = await startV2({ config: 'anchors.yaml' });
  copyFileSync(join(fixtures, 'configs', 'team.yaml'), join(started.host.project, 'anchors.yaml'));
  await started.host.command('anchor', 'ses_up0000000000000000000001', 'reload');
  return started;
}

function upstream<T>(name: string, project: string): T {
  const text = readFileSync(join(fixtures, 'v2-upstream', `${name}.json`), 'utf8');
  return JSON.parse(text.replaceAll('/SANDBOX/project', project)) as T;
}

describe("the opencode 2 adapter on upstream's declared payload shapes", () => {
  it('execute.before (tool.ts: id, agent, messageID, input) blocks a force push by throwing the contract message', async () => {
    const { host } = await withTeamConfig();
    const message = await host.before(upstream<V2ToolBefore>('execute.before.shell', host.project));
    expect(message).toMatch(
      /^BLOCKED by semantic-anchors: a contract stopped this tool call[\s\S]*contract "no-force-push"/,
    );
  });

  it('a prompt file as upstream declares it ({ uri, name, mime }) is withheld when a contract blocks reading it', async () => {
    const { host } = await withTeamConfig();
    const event = await host.prompt(upstream<V2Prompt>('session.prompt.with-file', host.project));
    expect(event.prompt.files).toEqual([]);
    expect(event.prompt.text).toMatch(
      /^look at this file\n\n\[semantic-anchors\] The attached file .*\.env was withheld/,
    );
  });

  it('a command invocation (command.ts: sessionID, messageID, prompt, delivery) gets its answer without a model turn', async () => {
    const { host } = await withTeamConfig();
    const command = host.commands.find((c) => c.name === 'anchor');
    const outcome = await command?.execute(upstream('command.invocation', host.project));
    expect(outcome).toBeUndefined(); // upstream: `void` finishes the command now, no prompt is admitted
    expect(host.synthetic.at(-1)).toMatchObject({
      sessionID: 'ses_up0000000000000000000001',
      text: expect.stringMatching(/^\[semantic-anchors\] \/anchor status\n/),
    });
  });
});
