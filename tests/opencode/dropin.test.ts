// The one-file install the site offers, in a real headless opencode: the project holds only the plugin file the BUILT
// SITE serves (apps/configurator/dist/download/, copied into .opencode/plugins/) and a contract file as the site
// downloads it. No opencode config anywhere has a "plugin" entry: opencode's own auto-loading is all there is. Then
// `doctor`, run from the CLI file the site serves (alone in a folder, no package beside it), recognises the install.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { SCHEMA_ID } from '@semantic-anchors/engine';
import { ensureSiteBuilt, SITE_DIST } from '../site/support/build.js';
import { fixturesDir, repoRoot, requireOpencodeBinary, startHarness, type Harness } from './support/harness.js';
import { bash, expectBlocked, expectRan, projectFileExists, turn } from './support/turns.js';

const VERSION = (
  JSON.parse(readFileSync(join(repoRoot, 'packages/plugin/package.json'), 'utf8')) as { version: string }
).version;
const PLUGIN_FILE = `opencode-semantic-anchors-${VERSION}.js`;
const CLI_FILE = `semantic-anchors-cli-${VERSION}.mjs`;
const DROP_IN = `.opencode/plugins/${PLUGIN_FILE}`;
// Exactly what a role page's download button saves for the software-developer preset.
const DOWNLOADED_YAML = `# yaml-language-server: $schema=${SCHEMA_ID}\nversion: 1\nextends: [software-developer]\n`;

describe('the drop-in install from the site: one plugin file in .opencode/plugins/, no plugin entry', () => {
  let h: Harness;
  let cliDir: string;

  beforeAll(async () => {
    ensureSiteBuilt();
    const served = join(SITE_DIST, 'download', PLUGIN_FILE);
    if (!existsSync(served))
      throw new Error(
        `${served}: the built site serves no plugin file\n  hint: npm run build -w @semantic-anchors/configurator`,
      );
    // The CLI file alone in a folder of its own, as a user's download is: no dist/index.js beside it.
    cliDir = mkdtempSync(join(tmpdir(), 'semantic-anchors-cli-download-'));
    copyFileSync(join(SITE_DIST, 'download', CLI_FILE), join(cliDir, CLI_FILE));
    h = await startHarness({
      plugins: [],
      // `plugin: undefined` drops the key from the written opencode.json: not even an empty list is configured.
      extraConfig: { plugin: undefined },
      // The harness places fixtures by path under fixtures/; the served file is reached from there.
      projectFiles: { [DROP_IN]: relative(fixturesDir, served) },
      projectText: { '.opencode/opencode-semantic-anchors.yaml': DOWNLOADED_YAML },
    });
  });
  afterAll(async () => {
    await h?.stop();
    if (cliDir) rmSync(cliDir, { recursive: true, force: true });
  });

  it('has no "plugin" entry in any opencode config, and the served file is what opencode loaded', () => {
    const config = JSON.parse(readFileSync(join(h.dirs.project, 'opencode.json'), 'utf8')) as Record<string, unknown>;
    expect(config).not.toHaveProperty('plugin');
    // opencode writes a default user opencode.jsonc of its own on first start; it must not name a plugin either.
    for (const dir of [h.dirs.userConfigDir, join(h.dirs.project, '.opencode')]) {
      for (const name of ['opencode.json', 'opencode.jsonc']) {
        const file = join(dir, name);
        if (existsSync(file)) expect(readFileSync(file, 'utf8'), file).not.toMatch(/"plugins?"\s*:/);
      }
    }
    expect(readFileSync(join(h.dirs.project, DROP_IN))).toEqual(readFileSync(join(SITE_DIST, 'download', PLUGIN_FILE)));
    // startHarness waited for /anchor in GET /command: only the plugin registers it, so the drop-in file loaded.
  });

  it('blocks a force push to main by the scripted model: the command never runs', async () => {
    const session = await h.client.createSession();
    const [part] = await turn(h, session, [bash('touch pushed.marker && git push --force origin main')]);
    expectBlocked(part, 'dev-no-force-push-main');
    expect(projectFileExists(h, 'pushed.marker')).toBe(false);
    expect(
      h.model
        .toolResults()
        .some((t) => t.startsWith('BLOCKED by semantic-anchors') && t.includes('dev-no-force-push-main')),
    ).toBe(true);
  });

  it('lets an ordinary command run', async () => {
    const session = await h.client.createSession();
    const [part] = await turn(h, session, [bash('echo drop-in-$((20+1))')]);
    expectRan(part);
    expect(part?.output).toContain('drop-in-21');
  });

  it("doctor, run from the downloaded CLI file, recognises the drop-in and proves it blocks with the project's contracts", async () => {
    const withOpencode = `${dirname(requireOpencodeBinary())}:${process.env.PATH ?? '/usr/bin:/bin'}`;
    const { code, out } = await new Promise<{ code: number; out: string }>((resolve) => {
      execFile(
        process.execPath,
        [join(cliDir, CLI_FILE), 'doctor', '--project', h.dirs.project],
        {
          cwd: cliDir,
          env: { PATH: withOpencode, HOME: h.dirs.home, XDG_CONFIG_HOME: h.dirs.configHome, NO_COLOR: '1' },
          timeout: 150_000,
        },
        (error, stdout, stderr) =>
          resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, out: `${stdout}${stderr}` }),
      );
    });
    expect(out).toContain(`✓ opencode config: ${join(h.dirs.project, DROP_IN)} loads`);
    expect(out).toMatch(/✓ contract file: .*\.opencode\/opencode-semantic-anchors\.yaml \(project\) is valid/);
    expect(out).toMatch(/✓ opencode: .*1\.18\.33/);
    expect(out).toMatch(/✓ live check: a real opencode blocked "[\s\S]+" as agent \w+ \(dev-[a-z0-9-]+\)/);
    expect(out).toContain('BLOCKED by semantic-anchors');
    expect(code, out).toBe(0);
  });
});
