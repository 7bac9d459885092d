// Next to a second plugin, with the config given as the plugin option `config` (a path relative to the project):
// both plugins act on the same calls and neither switches the other off.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anchorsPlugin, fixturePlugin, startHarness, type Harness } from './support/harness.js';
import { bash, callDirective, expectBlocked, expectRan, turn } from './support/turns.js';

describe('coexistence with a second plugin (config from the plugin option)', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness({
      plugins: [fixturePlugin('second-plugin'), anchorsPlugin({ config: 'team/anchors.yaml' })],
      projectFiles: { 'team/anchors.yaml': 'configs/coexistence.yaml' },
    });
  });
  afterAll(async () => h?.stop());

  it('still blocks with the config named in the plugin options', async () => {
    const session = await h.client.createSession();
    const [part] = await turn(h, session, [bash('git push --force origin main')]);
    expectBlocked(part, 'e2e-no-force-push');
  });

  it("keeps both plugins' additions to a tool result", async () => {
    const session = await h.client.createSession();
    const [part] = await turn(h, session, [bash('echo E2E-WARN-MARKER twice')]);
    expectRan(part);
    expect(part?.output).toContain('[second-plugin saw bash]');
    expect(part?.output).toContain('NOTE from semantic-anchors');
  });

  it("leaves the other plugin's tool and our status tool both working", async () => {
    const session = await h.client.createSession();
    const parts = await turn(h, session, [callDirective('second_ping'), callDirective('anchor_status')]);
    expectRan(parts[0]);
    expect(parts[0]?.output).toContain('pong from second-plugin');
    expectRan(parts[1]);
    expect(parts[1]?.output).toContain('e2e-no-force-push');
  });
});
