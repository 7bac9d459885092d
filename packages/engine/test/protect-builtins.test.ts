// The self-protection built-ins for what issue 16 added to the host's protect list: shell startup files, opencode's
// configuration folders (whole), this repository's git files as git finds them, and the files the host keeps
// writing. Each is checked with the spellings an agent uses (~, $HOME, a heredoc, cp, the write tool), and with
// the honest neighbours that must stay allowed.
import { describe, expect, it } from 'vitest';
import { compile, loadConfig, startState, step, type Event, type ProtectOptions } from '../src/index.js';

const home = '/home/dev';
const root = '/home/dev/shop/app';
const bash = (command: string): Event => ({ tool: 'bash', args: { command } });
const write = (filePath: string): Event => ({ tool: 'write', args: { filePath, content: 'x\n' } });

const protect: ProtectOptions = {
  home,
  contractFiles: [`${root}/.opencode/opencode-semantic-anchors.yaml`],
  hostFiles: [`${root}/opencode.json`],
  hostState: [`${home}/.local/share/opencode/**`],
  configDirs: [`${root}/.opencode`, `${home}/shop/.opencode`, `${home}/.config/opencode`],
  gitFiles: ['/srv/repos/shop.git/hooks/**', '/srv/repos/shop.git/config'],
  startupFiles: [`${home}/.bashrc`, `${home}/.profile`, `${home}/.zshenv`, `${home}/.config/fish/**`],
};

/** The ids of the built-ins that blocked each event (empty: allowed by them). */
function blockedBy(event: Event, options: ProtectOptions = protect): string[] {
  const policy = compile(loadConfig('version: 1\n', { file: 'x.yaml' }).config, { root, protect: options });
  const { verdict } = step(policy, startState(policy), event);
  return verdict.decision === 'BLOCK' ? [...new Set(verdict.matches.map((m) => m.id))].sort() : [];
}

describe('anchor-protect-startup-files', () => {
  const stopped: Record<string, Event> = {
    'OPENCODE_PURE=1 appended with ~': bash("echo 'export OPENCODE_PURE=1' >> ~/.bashrc"),
    'appended with $HOME': bash('echo "alias git=/tmp/g" >> $HOME/.bashrc'),
    'appended with ${HOME}': bash('printf "export PATH=/tmp/bin:$PATH\\n" >> "${HOME}/.profile"'),
    'the absolute path': bash('tee -a /home/dev/.zshenv <<< "OPENCODE_PURE=1"'),
    'a fish function': bash(
      "mkdir -p ~/.config/fish/conf.d && echo 'set -x OPENCODE_PURE 1' > ~/.config/fish/conf.d/x.fish",
    ),
    'cp over it': bash('cp /tmp/evil ~/.bashrc'),
    'the write tool': write(`${home}/.profile`),
    deleted: bash('rm ~/.zshenv'),
  };
  it.each(Object.entries(stopped))('stops it when %s', (_name, event) => {
    expect(blockedBy(event)).toContain('anchor-protect-startup-files');
  });
  const honest: Record<string, Event> = {
    'reading it': bash('cat ~/.bashrc'),
    "a dotfiles repository's own .bashrc in the project": write(`${root}/dotfiles/.bashrc`),
    'a file named like it elsewhere': bash('echo x > /tmp/.bashrc'),
  };
  it.each(Object.entries(honest))('leaves %s alone', (_name, event) => {
    expect(blockedBy(event)).toEqual([]);
  });
  it('is bypassable (the human decides) and absent when the host names no startup file', () => {
    const policy = compile(loadConfig('version: 1\n', { file: 'x.yaml' }).config, { root, protect });
    expect(policy.contracts.find((c) => c.id === 'anchor-protect-startup-files')?.bypassable).toBe(true);
    expect(blockedBy(stopped['cp over it']!, { ...protect, startupFiles: [] })).toEqual([]);
  });
});

describe('anchor-protect-config-dirs', () => {
  const stopped: Record<string, Event> = {
    'a command template with !`…` in the project': write(`${root}/.opencode/command/deploy.md`),
    'a custom tool written by a script': bash('mkdir -p .opencode/tool && cp /tmp/t.ts .opencode/tool/t.ts'),
    'an agent in a .opencode above the project': write(`${home}/shop/.opencode/agent/x.md`),
    'the user config folder through ~': bash("echo '{}' > ~/.config/opencode/tui.json"),
    'the whole folder removed': bash('rm -rf .opencode'),
  };
  it.each(Object.entries(stopped))('stops it when %s', (_name, event) => {
    expect(blockedBy(event)).toContain('anchor-protect-config-dirs');
  });
  it('leaves the contract file inside it to its own built-in, so a bypass scoped to that one lets it through', () => {
    expect(blockedBy(write(`${root}/.opencode/opencode-semantic-anchors.yaml`))).toEqual([
      'anchor-protect-contract-files',
    ]);
  });
  it('leaves reads and the rest of the project alone', () => {
    expect(blockedBy(bash('cat .opencode/command/deploy.md'))).toEqual([]);
    expect(blockedBy(write(`${root}/src/opencode.ts`))).toEqual([]);
  });
});

describe('git files found by following the repository (anchor-protect-git-hooks)', () => {
  it("stops a write into the common dir's hooks and config of a worktree", () => {
    expect(blockedBy(bash('cp /tmp/h /srv/repos/shop.git/hooks/pre-commit'))).toContain('anchor-protect-git-hooks');
    expect(blockedBy(write('/srv/repos/shop.git/config'))).toContain('anchor-protect-git-hooks');
  });
  it('holds even for a host that asks for the concrete files only', () => {
    expect(blockedBy(write('/srv/repos/shop.git/hooks/post-merge'), { gitFiles: protect.gitFiles })).toEqual([
      'anchor-protect-git-hooks',
    ]);
  });
  it("leaves git's own objects alone", () => {
    expect(blockedBy(write('/srv/repos/shop.git/objects/ab/cdef'))).toEqual([]);
  });
});

describe('files the host keeps writing (anchor-protect-host-files)', () => {
  it("stops a write into opencode's data folder, never bypassable", () => {
    expect(blockedBy(bash('sqlite3 x && echo x > ~/.local/share/opencode/auth.json'))).toContain(
      'anchor-protect-host-files',
    );
    const policy = compile(loadConfig('version: 1\n', { file: 'x.yaml' }).config, { root, protect });
    expect(policy.contracts.find((c) => c.id === 'anchor-protect-host-files')?.bypassable).toBe(false);
  });
});

describe('explanations of a built-in that guards many paths', () => {
  it('name the glob that held, not the whole list', () => {
    const policy = compile(loadConfig('version: 1\n', { file: 'x.yaml' }).config, { root, protect });
    const { verdict } = step(policy, startState(policy), bash("echo 'OPENCODE_PURE=1' >> ~/.bashrc"));
    const held = verdict.matches.find((m) => m.id === 'anchor-protect-startup-files')?.held.join('; ') ?? '';
    expect(held).toMatch(/path matches ~\/\.bashrc(;|$)/);
    expect(held).not.toContain('.zshenv');
  });
});

describe('anchor-protect-write-boundary (the file tools held to the sandbox folders)', () => {
  const bounded: ProtectOptions = { ...protect, writable: [root, '/tmp', `${home}/.npm`, `${home}/.cache`] };
  const withSettings = (settings: string) => (event: Event) => {
    const config = loadConfig(`version: 1\nsettings:\n${settings}`, { file: 'x.yaml' }).config;
    const policy = compile(config, { root, protect: bounded });
    const { verdict } = step(policy, startState(policy), event);
    return verdict.decision === 'BLOCK' ? [...new Set(verdict.matches.map((m) => m.id))].sort() : [];
  };
  const stopped: Record<string, Event> = {
    "the user's .npmrc (node-options runs in every npm)": write(`${home}/.npmrc`),
    "python's user site (usercustomize runs in every python)": write(
      `${home}/.local/lib/python3.12/site-packages/usercustomize.py`,
    ),
    'a program on PATH before the real one': write(`${home}/.local/bin/git`),
    "ssh's config (a ProxyCommand)": { tool: 'edit', args: { filePath: `${home}/.ssh/config`, newString: 'x' } },
    "another repository's git hooks": write(`${home}/shop/other/.git/hooks/pre-commit`),
    'a program in ~/bin': write(`${home}/bin/git`),
    'a system file outside the home folder': write('/etc/profile.d/x.sh'),
    'a path that climbs out of the project': write(`${root}/../../.npmrc`),
  };
  it.each(Object.entries(stopped))('stops a write to %s', (_name, event) => {
    expect(blockedBy(event, bounded)).toContain('anchor-protect-write-boundary');
  });
  const honest: Record<string, Event> = {
    'the project (relative path)': write('src/app.ts'),
    'the project (absolute path)': write(`${root}/src/app.ts`),
    'a temp file': write('/tmp/notes.md'),
    'a cache folder': write(`${home}/.cache/tool/x.json`),
    'a read outside': { tool: 'read', args: { filePath: `${home}/.npmrc` } },
    "a visible file beside the project (an estimate next to the client's repository)": write(
      `${home}/shop/estimate.md`,
    ),
    'the shell writing outside (the OS sandbox holds the shell)': bash('echo x > ~/notes.txt'),
  };
  it.each(Object.entries(honest))('leaves %s alone', (_name, event) => {
    expect(blockedBy(event, bounded)).toEqual([]);
  });
  it('opens what settings.sandbox.writable opens, and is gone with the sandbox off or no folders given', () => {
    const outside = write(`${home}/.fixtures/a.json`);
    expect(withSettings('  sandbox:\n    writable: ["~/.fixtures"]\n')(outside)).toEqual([]);
    expect(withSettings('  sandbox:\n    writable: ["~/.elsewhere"]\n')(outside)).toEqual([
      'anchor-protect-write-boundary',
    ]);
    expect(withSettings('  sandbox: "off"\n')(outside)).toEqual([]);
    expect(blockedBy(outside, protect)).toEqual([]);
  });
  it('leaves a path another built-in guards to that one, so a bypass scoped to it is enough', () => {
    expect(
      blockedBy(write(`${home}/.config/opencode/opencode-semantic-anchors.yaml`), {
        ...bounded,
        contractFiles: [`${home}/.config/opencode/opencode-semantic-anchors.yaml`],
      }),
    ).toEqual(['anchor-protect-contract-files']);
    expect(blockedBy(write(`${home}/.bashrc`), bounded)).toEqual(['anchor-protect-startup-files']);
    expect(blockedBy(write(`${home}/.config/opencode/command/x.md`), bounded)).toEqual(['anchor-protect-config-dirs']);
  });
  it('is bypassable (the human decides)', () => {
    const policy = compile(loadConfig('version: 1\n', { file: 'x.yaml' }).config, { root, protect: bounded });
    expect(policy.contracts.find((c) => c.id === 'anchor-protect-write-boundary')?.bypassable).toBe(true);
  });
});
