// A subagent's prompt reaches the engine as what it is (`from: subagent`) instead of being dropped by the plugin:
// it never confirms a step, yet a contract written for subagent prompts sees it — as `explain` and `replay` do.
import { describe, expect, it } from 'vitest';
import { before, bash, startV1 } from './support/v1-host.js';

const CONFIG = `version: 1
contracts:
  - id: no-deploy-by-subagent
    description: Deploys are the human's call, not a task handed to a subagent.
    mode: WARN
    when: { message: { from: subagent, text: '(?i)\\bdeploy\\b' } }
    message: Ask the human before deploying.
`;

describe("a subagent's prompt", () => {
  it('is checked as a message from the subagent: the contract for subagent prompts notes it', async () => {
    const host = await startV1({ files: { '.opencode/opencode-semantic-anchors.yaml': CONFIG } });
    await host.hooks.event({ event: host.payload('event.session.created.child').event });
    expect(await before(host, bash(host, 'ls'))).toBeUndefined();
    const prompt = host.payload('chat.message.general');
    (prompt.output.parts as Array<{ text: string }>)[0]!.text = 'deploy the service to production';
    await host.hooks['chat.message'](prompt.input, prompt.output);
    const texts = (prompt.output.parts as Array<{ text?: string }>).map((p) => p.text ?? '');
    expect(texts.some((t) => t.includes('no-deploy-by-subagent'))).toBe(true);
  });

  it("the human's own message with the same words is not a subagent's", async () => {
    const host = await startV1({ files: { '.opencode/opencode-semantic-anchors.yaml': CONFIG } });
    const msg = host.payload('chat.message.build');
    (msg.output.parts as Array<{ text: string }>)[0]!.text = 'deploy the service to production';
    await host.hooks['chat.message'](msg.input, msg.output);
    const texts = (msg.output.parts as Array<{ text?: string }>).map((p) => p.text ?? '');
    expect(texts.some((t) => t.includes('no-deploy-by-subagent'))).toBe(false);
  });
});
