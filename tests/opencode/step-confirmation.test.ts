// Step Confirmation with the config found in the user's config dir ($XDG_CONFIG_HOME/opencode/…): the third tool
// call since the human last confirmed is blocked; "continue" from the human lets work go on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anchorsPlugin, startHarness, type Harness } from './support/harness.js';
import { bash, expectBlocked, expectRan, projectFileExists, turn } from './support/turns.js';

describe('Step Confirmation (user-level config)', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness({
      plugins: [anchorsPlugin()],
      userFiles: { 'opencode-semantic-anchors.yaml': 'configs/step-confirmation.yaml' },
    });
  });
  afterAll(async () => h?.stop());

  it('blocks the third call and allows it after the human says "continue"', async () => {
    const session = await h.client.createSession();
    const parts = await turn(h, session, [bash('echo one'), bash('echo two'), bash('touch three.marker')]);
    expectRan(parts[0]);
    expectRan(parts[1]);
    expectBlocked(parts[2], 'e2e-step-confirmation');
    expect(projectFileExists(h, 'three.marker')).toBe(false);

    // The confirmation is the human's whole message (a message that also carries the scripted calls is not one).
    await turn(h, session, ['continue']);
    const [after] = await turn(h, session, [bash('touch three.marker')]);
    expectRan(after);
    expect(projectFileExists(h, 'three.marker')).toBe(true);
  });

  it('does not count a message that is not a confirmation', async () => {
    const session = await h.client.createSession();
    const first = await turn(h, session, [bash('echo one'), bash('echo two')]);
    first.forEach(expectRan);
    const [third] = await turn(h, session, ['please carry on with the next step', bash('touch unconfirmed.marker')]);
    expectBlocked(third, 'e2e-step-confirmation');
    expect(projectFileExists(h, 'unconfirmed.marker')).toBe(false);
  });

  it('keeps the count per session: a fresh session starts at zero', async () => {
    const session = await h.client.createSession();
    const parts = await turn(h, session, [bash('echo fresh-one'), bash('echo fresh-two')]);
    parts.forEach(expectRan);
  });
});
