// `/anchor reload` after the YAML changed on disk: the new contracts apply in the running session, the old ones go.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anchorsPlugin, startHarness, type Harness } from './support/harness.js';
import { anchor, bash, expectBlocked, expectRan, turn } from './support/turns.js';

const CONFIG = '.opencode/opencode-semantic-anchors.yaml';

describe('/anchor reload', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness({ plugins: [anchorsPlugin()], projectFiles: { [CONFIG]: 'configs/reload-before.yaml' } });
  });
  afterAll(async () => h?.stop());

  it('applies the edited YAML to a running session', async () => {
    const session = await h.client.createSession();
    const before = await turn(h, session, [
      bash('git push --force origin main'),
      bash('mkdir -p scratch && rm -rf scratch'),
    ]);
    expectBlocked(before[0], 'e2e-no-force-push');
    expectRan(before[1]);

    h.placeProjectFile(CONFIG, 'configs/reload-after.yaml');
    const answer = await anchor(h, session, 'reload');
    expect(answer).toMatch(/^\[semantic-anchors\]/);
    expect(answer).toMatch(/reload/i);

    const after = await turn(h, session, [
      bash('mkdir -p scratch && rm -rf scratch'),
      bash('git push --force origin main'),
    ]);
    expectBlocked(after[0], 'e2e-no-rm-rf');
    expectRan(after[1]); // git itself fails (no remote), but the plugin no longer stops the call
  });
});
