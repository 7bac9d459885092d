// `semantic-anchors doctor`, run as the user runs it (the built bin, a real project folder, real opencode).
import { afterEach, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { fixturesDir, pluginDist, repoRoot, requireOpencodeBinary } from './support/harness.js';

const cli = join(repoRoot, 'packages/plugin/dist/cli.js');
// The folder of the real binary (the platform package's bin/), so the doctor finds opencode on PATH as a user's
// global install would be found, even where npm skipped opencode-ai's postinstall.
const withOpencode = `${dirname(requireOpencodeBinary())}:${process.env.PATH ?? '/usr/bin:/bin'}`;
const temps: string[] = [];

interface Project {
  readonly dir: string;
  readonly xdg: string;
}

function project(files: Record<string, string>): Project {
  const root = mkdtempSync(join(tmpdir(), 'semantic-anchors-doctor-'));
  temps.push(root);
  const dir = join(root, 'project');
  const xdg = join(root, 'xdg');
  mkdirSync(dir, { recursive: true });
  mkdirSync(xdg, { recursive: true });
  for (const [relative, content] of Object.entries(files)) {
    const target = relative.startsWith('~/') ? join(xdg, relative.slice(2)) : join(dir, relative);
    mkdirSync(dirname(target), { recursive: true });
    if (content.startsWith('fixture:')) copyFileSync(join(fixturesDir, content.slice('fixture:'.length)), target);
    else writeFileSync(target, content);
  }
  return { dir, xdg };
}

function doctor(p: Project, args: string[], path: string): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [cli, 'doctor', '--project', p.dir, ...args],
      { env: { PATH: path, HOME: join(p.xdg, '..'), XDG_CONFIG_HOME: p.xdg, NO_COLOR: '1' }, timeout: 150_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, out: `${stdout}${stderr}` }),
    );
  });
}

const loadsPlugin = JSON.stringify({ plugin: [pathToFileURL(pluginDist).href] });

afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('semantic-anchors doctor', () => {
  it("passes and shows a real opencode blocking the team's own example call", async () => {
    const p = project({
      'opencode.json': loadsPlugin,
      '.opencode/opencode-semantic-anchors.yaml': 'fixture:doctor/team-rules.yaml',
    });
    const { code, out } = await doctor(p, [], withOpencode);
    expect(out).toMatch(/✓ opencode config: .*opencode\.json loads file:/);
    expect(out).toMatch(/✓ contract file: .*opencode-semantic-anchors\.yaml \(project\) is valid: 1 contract/);
    expect(out).toMatch(/✓ opencode: .*1\.18\.33/);
    expect(out).toMatch(
      /✓ live check: a real opencode blocked "bash git push --force origin main" as agent build \(team-no-force-push\)/,
    );
    expect(out).toContain('BLOCKED by semantic-anchors');
    expect(out).toMatch(/✓ OS sandbox setting: on with the defaults/);
    expect(out).toMatch(
      /✓ OS sandbox live: a real sandboxed bash call could not write into \.opencode\/ \(through a link\) nor connect to a service on 127\.0\.0\.1, and the agent was told why/,
    );
    expect(code, out).toBe(0);
  });

  it('warns, without failing, when the contract file switches the OS sandbox off, and the live opencode says the same', async () => {
    const p = project({
      'opencode.json': loadsPlugin,
      '.opencode/opencode-semantic-anchors.yaml':
        'version: 1\nextends: [software-developer]\nsettings:\n  sandbox: off\n',
    });
    const { code, out } = await doctor(p, [], withOpencode);
    expect(out).toMatch(
      /! OS sandbox setting: switched off by settings\.sandbox: off in \S+opencode-semantic-anchors\.yaml/,
    );
    expect(out).toContain('→ remove "sandbox: off"');
    expect(out).toMatch(/! OS sandbox live: OFF \(settings\.sandbox: off in /);
    expect(out).toMatch(/warning\(s\) above: read them before you rely on this setup/);
    expect(code, out).toBe(0);
  });

  // The default preset is proven live by the fallback case below (the plugin enforces the same default there); this
  // case pins the static half — an opencode.jsonc with comments read, the default named — without a fifth opencode.
  it('names the default preset when the project has no contract file, from an opencode.jsonc with comments', async () => {
    const p = project({
      'opencode.jsonc': `// comments and trailing commas are fine\n{ "plugin": ["${pathToFileURL(pluginDist).href}",], }\n`,
    });
    const { code, out } = await doctor(p, ['--no-run'], withOpencode);
    expect(out).toMatch(/✓ opencode config: .*opencode\.jsonc loads file:/);
    expect(out).toMatch(/✓ contract file: none found, so the plugin uses the default \(extends software-developer/);
    expect(out).toContain('– live check: skipped (--no-run)');
    expect(code, out).toBe(0);
  });

  it('fails with file:line:col and a remedy when a contract is broken', async () => {
    const p = project({
      'opencode.json': loadsPlugin,
      '.opencode/opencode-semantic-anchors.yaml': 'fixture:configs/invalid.yaml',
    });
    const { code, out } = await doctor(p, ['--no-run'], withOpencode);
    expect(out).toMatch(/✗ contract file: .*1 error\(s\); 1 contract\(s\) still enforced, skipped: e2e-broken-pattern/);
    expect(out).toMatch(/opencode-semantic-anchors\.yaml:9:36: error: pattern "git \(\?=push\)" does not compile/);
    expect(out).toContain('→ fix the lines above');
    expect(code).toBe(1);
  });

  it("reports the plugin's own fallback when the file's only contract is broken, and proves the default live", async () => {
    const p = project({
      'opencode.json': loadsPlugin,
      '.opencode/opencode-semantic-anchors.yaml': 'fixture:configs/only-broken.yaml',
    });
    const { code, out } = await doctor(p, [], withOpencode);
    expect(out).toMatch(
      /✗ contract file: .*opencode-semantic-anchors\.yaml \(project\) cannot be used: the plugin enforces the default instead \(extends software-developer: \d+ contracts\)/,
    );
    expect(out).not.toContain('0 contract(s) still enforced');
    expect(out).toMatch(/opencode-semantic-anchors\.yaml:10:\d+: error: pattern "git \(\?=push\)" does not compile/);
    // The plugin, given the same file, blocks with the default preset: the live check shows it.
    expect(out).toMatch(/✓ live check: a real opencode blocked "[\s\S]+" as agent \w+ \(dev-[a-z0-9-]+/);
    expect(code).toBe(1);
  });

  it("never loads a project's own index.js beside a downloaded CLI as the plugin", async () => {
    const p = project({ 'opencode.json': loadsPlugin, 'index.js': 'console.log("the user\'s own app");\n' });
    // The CLI as the site serves it: one file (the package's dist/cli.js shares a chunk with the plugin).
    const cliCopy = join(p.dir, 'semantic-anchors-cli.mjs');
    copyFileSync(join(repoRoot, 'packages/plugin/standalone/semantic-anchors-cli.mjs'), cliCopy);
    const { code, out } = await new Promise<{ code: number; out: string }>((resolve) => {
      execFile(
        process.execPath,
        [cliCopy, 'doctor', '--project', p.dir],
        {
          env: { PATH: withOpencode, HOME: join(p.xdg, '..'), XDG_CONFIG_HOME: p.xdg, NO_COLOR: '1' },
          timeout: 60_000,
        },
        (error, stdout, stderr) =>
          resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, out: `${stdout}${stderr}` }),
      );
    });
    expect(out).toMatch(/✗ live check: no plugin bundle to load/);
    expect(out).not.toContain("the user's own app");
    expect(code).toBe(1);
  });

  it('fails when no opencode configuration loads the plugin, and says what to add', async () => {
    const p = project({ 'opencode.json': JSON.stringify({ plugin: ['some-other-plugin@1.0.0'] }) });
    const { code, out } = await doctor(p, ['--no-run'], withOpencode);
    expect(out).toMatch(/✗ opencode config: none of .*opencode\.json loads opencode-semantic-anchors/);
    expect(out).toContain('→ add "plugin": ["opencode-semantic-anchors"]');
    expect(code).toBe(1);
  });

  it("follows the config option of the entry in the user's opencode config, as the plugin does", async () => {
    const p = project({
      '~/opencode/opencode.json': JSON.stringify({
        plugin: [['opencode-semantic-anchors@0.1.0', { config: 'team/rules.yaml' }]],
      }),
      'team/rules.yaml': 'fixture:doctor/team-rules.yaml',
    });
    const { code, out } = await doctor(p, ['--no-run'], withOpencode);
    expect(out).toMatch(
      /✓ opencode config: .*xdg\/opencode\/opencode\.json loads opencode-semantic-anchors@0\.1\.0 with config team\/rules\.yaml/,
    );
    expect(out).toMatch(/✓ contract file: .*team\/rules\.yaml \(option\) is valid/);
    expect(out).toContain('– live check: skipped (--no-run)');
    expect(code, out).toBe(0);
  });

  it('warns, without failing, about a server with no password and an OPENCODE_PURE line appended to ~/.bashrc', async () => {
    const p = project({ 'opencode.json': loadsPlugin });
    writeFileSync(join(p.xdg, '..', '.bashrc'), 'export PATH="$HOME/bin:$PATH"\nexport OPENCODE_PURE=1\n');
    const { code, out } = await doctor(p, ['--no-run'], withOpencode);
    expect(code).toBe(0);
    expect(out).toMatch(/! opencode's server password: OPENCODE_SERVER_PASSWORD is not set in this environment/);
    expect(out).toContain('~/.bashrc:2: OPENCODE_PURE — opencode then starts without external plugins');
    expect(out).toContain('warning(s) above');
  });

  it('skips the live check, without failing, where no opencode is installed', async () => {
    const p = project({ 'opencode.json': loadsPlugin });
    const { code, out } = await doctor(p, [], '/usr/bin:/bin');
    expect(out).toMatch(/– opencode: no opencode binary/);
    expect(out).toContain('→ install it');
    expect(code, out).toBe(0);
  });
});
