// The harness itself, proven without the plugin under test: a recording plugin loads, a scripted tool call runs
// in real opencode, a throwing tool.execute.before reaches the model as the tool result.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callDirective } from '@semantic-anchors/sandbox';
import { fixturePlugin, startHarness, type Harness } from './support/harness.js';

describe('the headless opencode harness (no plugin under test)', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness({ plugins: [fixturePlugin('recorder')], readyCommand: 'recorder', record: true });
  });
  afterAll(async () => h?.stop());

  it('plays a scripted bash call through real opencode and returns its output to the model', async () => {
    const session = await h.client.createSession();
    await h.client.prompt(
      session,
      `run it\n${callDirective('bash', { command: 'echo scripted-$((40+2))', description: 'echo' })}`,
    );
    const tools = await h.client.toolParts(session);
    expect(tools).toHaveLength(1);
    expect(tools[0]).toMatchObject({ tool: 'bash', status: 'completed' });
    expect(tools[0]?.output).toContain('scripted-42');
    expect(h.model.toolResults().some((t) => t.includes('scripted-42'))).toBe(true);
  });

  it('turns a throw in tool.execute.before into an error tool result the model receives', async () => {
    const session = await h.client.createSession();
    await h.client.prompt(
      session,
      callDirective('bash', { command: 'echo RECORDER-BLOCK > marker.txt', description: 'marker' }),
    );
    const tools = await h.client.toolParts(session);
    expect(tools[0]).toMatchObject({ status: 'error' });
    expect(tools[0]?.error).toContain('BLOCKED by recorder: test marker');
    expect(h.model.toolResults().some((t) => t.includes('BLOCKED by recorder: test marker'))).toBe(true);
  });
});
