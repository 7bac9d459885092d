// A config with one broken contract: the plugin still loads, the valid contract still blocks, and the error is
// shown to the human (log and toast) instead of switching the policy off in silence.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anchorsPlugin, startHarness, type Harness } from './support/harness.js';
import { anchor, bash, expectBlocked, expectRan, turn } from './support/turns.js';

describe('an invalid contract in the project config', () => {
  let h: Harness;

  beforeAll(async () => {
    // Readiness waits for the /anchor command: that alone proves the plugin loaded despite the broken contract.
    h = await startHarness({
      plugins: [anchorsPlugin()],
      projectFiles: { '.opencode/opencode-semantic-anchors.yaml': 'configs/invalid.yaml' },
    });
  });
  afterAll(async () => h?.stop());

  it('still enforces the valid contract next to the broken one', async () => {
    const session = await h.client.createSession();
    const [part] = await turn(h, session, [bash('git push --force origin main')]);
    expectBlocked(part, 'e2e-still-enforced');
  });

  it('skips the broken contract instead of blocking everything', async () => {
    const session = await h.client.createSession();
    const [part] = await turn(h, session, [bash('echo git push origin feature')]);
    expectRan(part);
  });

  it('logs the error with its position in the YAML', () => {
    const records = h.opencode.log().split(/\n(?=timestamp=)/);
    const logged = records.filter(
      (r) => r.includes('e2e-broken-pattern') || r.includes('opencode-semantic-anchors.yaml:9:36'),
    );
    expect(logged.join('\n')).toContain('opencode-semantic-anchors.yaml:9:36');
    expect(logged.join('\n')).toContain('e2e-broken-pattern');
  });

  it('reports the skipped contract in /anchor status', async () => {
    const session = await h.client.createSession();
    const status = await anchor(h, session, 'status');
    expect(status).toContain('e2e-broken-pattern');
  });

  it('shows the configuration error to the human as a toast', async () => {
    await expect
      .poll(
        () =>
          h.events
            .toasts()
            .some((t) => /e2e-broken-pattern|opencode-semantic-anchors\.yaml/.test(`${t.title ?? ''} ${t.message}`)),
        { timeout: 10_000 },
      )
      .toBe(true);
  });
});
