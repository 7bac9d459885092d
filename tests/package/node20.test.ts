// Development runs on Node 24, but the published plugin and CLI promise Node >= 20.19 (`engines`): run the built
// CLIs and load the plugin bundle under the machine's Node 20. NODE20 names that node (.ci/run and
// scripts/with-node24.sh set it before switching); opencode's Bun is proven by the real-opencode suites.
import { describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { built, engineDir, pluginDir } from './support.js';

const node20 = process.env.NODE20 ?? (process.version.startsWith('v20.') ? process.execPath : undefined);
const team = join(import.meta.dirname, 'fixtures/team.yaml');
const broken = join(import.meta.dirname, 'fixtures/broken.yaml');

// Without a Node 20 a developer's machine skips this suite; CI (.ci/run always sets NODE20) never does.
describe.skipIf(!node20 && !process.env.CI)('the published code on Node 20', () => {
  const node = () => {
    if (!node20) throw new Error('no Node 20 to test with: set NODE20 to its binary (scripts/with-node24.sh does)');
    return node20;
  };
  const run = (...args: string[]) => {
    const result = spawnSync(node(), args, { encoding: 'utf8', timeout: 60_000 });
    return { code: result.status, out: `${result.stdout}${result.stderr}` };
  };

  it('NODE20 is a Node 20 at or above the engines floor 20.19', () => {
    const [major, minor] = execFileSync(node(), ['-p', 'process.versions.node'], { encoding: 'utf8' })
      .trim()
      .split('.')
      .map(Number);
    expect(major).toBe(20);
    expect(minor).toBeGreaterThanOrEqual(19);
  });

  it.each([join(engineDir, 'dist/cli.js'), join(pluginDir, 'dist/cli.js')])(
    '%s validates a good and a broken file',
    (cli) => {
      built(cli);
      expect(run(cli, '--help')).toMatchObject({ code: 0, out: expect.stringContaining('validate') });
      expect(run(cli, 'validate', team)).toMatchObject({ code: 0, out: expect.stringContaining('0 error(s)') });
      expect(run(cli, 'validate', broken)).toMatchObject({
        code: 1,
        out: expect.stringMatching(/broken\.yaml:5:11: error/),
      });
    },
  );

  it('loads the plugin bundle, blocks a force-push with the default preset, and runs the OS sandbox', () => {
    const entry = pathToFileURL(built(join(pluginDir, 'dist/index.js'))).href;
    const project = mkdtempSync(join(tmpdir(), 'sa-node20-'));
    const script = `
      const plugin = (await import(${JSON.stringify(entry)})).default;
      const client = { app: { log: async () => ({ data: true }) }, tui: { showToast: async () => ({ data: true }) } };
      const hooks = await plugin.server({ directory: ${JSON.stringify(project)}, worktree: ${JSON.stringify(project)}, client }, {});
      const call = (command, callID) => hooks['tool.execute.before']({ tool: 'bash', sessionID: 's', callID }, { args: { command } });
      await call('ls', 'c1');
      console.log('ls allowed');
      await call('git push --force origin main', 'c2').then(() => console.log('push allowed'), (error) => console.log(error.message));
      console.log((await hooks.tool.anchor_status.execute({}, { sessionID: 's' })).split('\\n').find((l) => l.startsWith('Sandbox:')));
      // The sandbox's proxies keep a process alive; opencode lives on, this script ends here.
      process.exit(0);`;
    const out = execFileSync(node(), ['--input-type=module', '-e', script], {
      encoding: 'utf8',
      env: { ...process.env, XDG_CONFIG_HOME: join(project, '.xdg') },
    });
    expect(out).toContain('ls allowed');
    expect(out).toMatch(/BLOCKED by semantic-anchors[\s\S]*dev-no-force-push-main/);
    // The OS sandbox runs on Node 20 too (its own engines field says 22.12; the runtime does not need it).
    expect(out).toMatch(/Sandbox: on \(bubblewrap\)/);
  });
});
