// The host side of self-protection: which files, addresses and secrets the plugin asks the engine to guard, and
// the secret kept out of the agent's shell environment.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { protectFacts, sourcedFiles } from '../src/core/protection.js';
import { bash, before, startV1 } from './support/v1-host.js';

describe('what self-protection guards', () => {
  const home = '/home/dev';
  const env = { XDG_CONFIG_HOME: '/home/dev/.config', OPENCODE_SERVER_PASSWORD: 'pw', TEAM_TOKEN: 't' };
  const facts = protectFacts(
    {
      directory: '/repo/app',
      worktree: '/repo',
      home,
      env,
      serverUrl: 'http://127.0.0.1:4096/',
      pluginFile: 'file:///opt/node_modules/opencode-semantic-anchors/dist/index.js',
      extraSecretEnv: ['TEAM_TOKEN'],
    },
    ['/repo/app/.opencode/opencode-semantic-anchors.yaml', '/repo/shared/team-rules.yaml'],
  );

  it('every place a contract file may come from, and the files it extends', () => {
    expect(facts.contractFiles).toEqual([
      '/repo/app/.opencode/opencode-semantic-anchors.yaml',
      '/home/dev/.config/opencode/opencode-semantic-anchors.yaml',
      '/repo/shared/team-rules.yaml',
    ]);
  });

  it('opencode configuration from the directory up to the worktree and at user level, plugin folders, the plugin package', () => {
    expect(facts.hostFiles).toEqual(
      expect.arrayContaining([
        '/repo/app/opencode.json',
        '/repo/opencode.jsonc',
        '/repo/app/.opencode/plugins/**',
        '/repo/.opencode/opencode.json',
        '/home/dev/.config/opencode/opencode.json',
        '/home/dev/.config/opencode/plugin/**',
        '/home/dev/.opencode/opencode.jsonc',
        '/home/dev/.cache/opencode/packages/**',
        '/opt/node_modules/opencode-semantic-anchors/dist/**',
        '/opt/node_modules/opencode-semantic-anchors/bin/**',
        '/opt/node_modules/opencode-semantic-anchors/schema/**',
        '/opt/node_modules/opencode-semantic-anchors/package.json',
        '/opt/node_modules/opencode-semantic-anchors/README.md',
        '/opt/node_modules/opencode-semantic-anchors/LICENSE',
        '/opt/node_modules/opencode-semantic-anchors/NOTICE',
        '/repo/app/.opencode/tool/**',
        '/home/dev/.config/opencode/tools/**',
      ]),
    );
  });

  it("Bun's runtime transpiler cache, where opencode's Bun keeps the plugins it transpiled, in both of its places", () => {
    expect(facts.hostFiles).toEqual(
      expect.arrayContaining(['/home/dev/.cache/bun/@t@/**', '/home/dev/.bun/install/cache/@t@/**']),
    );
  });

  it("opencode's configuration folders whole, from the directory up to the worktree and at user level", () => {
    expect(facts.configDirs).toEqual([
      '/repo/app/.opencode',
      '/repo/.opencode',
      '/home/dev/.config/opencode',
      '/home/dev/.opencode',
    ]);
  });

  it("what the host keeps writing: the decision log, opencode's data, state and cache folders, the human's tsx and jest caches", () => {
    const uid = process.getuid?.() ?? 0;
    expect(facts.hostState.slice(0, 4)).toEqual([
      '/repo/app/.opencode/semantic-anchors-decisions*.jsonl',
      '/home/dev/.local/share/opencode/**',
      '/home/dev/.local/state/opencode/**',
      '/home/dev/.cache/opencode/**',
    ]);
    expect(facts.hostState).toEqual(expect.arrayContaining([`/tmp/tsx-${uid}/**`, `/tmp/jest_${uid.toString(36)}/**`]));
  });

  it("the shell's startup files, the ones ZDOTDIR and BASH_ENV point at included", () => {
    expect(facts.startupFiles).toEqual(
      expect.arrayContaining([
        '/home/dev/.bashrc',
        '/home/dev/.profile',
        '/home/dev/.zshenv',
        '/home/dev/.config/fish/**',
      ]),
    );
    const zsh = protectFacts(
      { directory: '/repo', home, env: { ZDOTDIR: '/home/dev/.zsh', BASH_ENV: '/etc/benv' } },
      [],
    );
    expect(zsh.startupFiles).toEqual(expect.arrayContaining(['/home/dev/.zsh/.zshenv', '/etc/benv']));
    expect(facts.home).toBe(home);
  });

  it('the files the startup files source by a path it can work out (a prompt cache in ~/.cache), not one it cannot', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sa-home-'));
    writeFileSync(
      join(dir, '.zshrc'),
      [
        'if [[ -r "${XDG_CACHE_HOME:-$HOME/.cache}/p10k-instant-prompt-${(%):-%n}.zsh" ]]; then',
        '  source "${XDG_CACHE_HOME:-$HOME/.cache}/p10k-instant-prompt-${(%):-%n}.zsh"',
        'fi',
        '[ -f ~/.aliases ] && . ~/.aliases; cd . && echo ok',
        'export NVM_DIR="$HOME/.nvm"; . "$NVM_DIR/nvm.sh"',
        '. ./relative.sh',
      ].join('\n'),
    );
    expect(sourcedFiles([join(dir, '.zshrc'), join(dir, '.missing')], dir, {}).sort()).toEqual([
      join(dir, '.aliases'),
      join(dir, `.cache/p10k-instant-prompt-${userInfo().username}.zsh`),
    ]);
    expect(sourcedFiles([join(dir, '.zshrc')], dir, { XDG_CACHE_HOME: '/c', NVM_DIR: '/n' }).sort()).toEqual([
      `/c/p10k-instant-prompt-${userInfo().username}.zsh`,
      '/n/nvm.sh',
      join(dir, '.aliases'),
    ]);
    expect(protectFacts({ directory: '/repo', home: dir, env: {} }, []).startupFiles).toContain(join(dir, '.aliases'));
  });

  it('what the startup files run from a cache folder by other means: executed, evaluated, looped over, sourced two files down', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sa-home-'));
    const cache = '${XDG_CACHE_HOME:-$HOME/.cache}';
    writeFileSync(
      join(dir, '.bashrc'),
      [
        '[ -r ~/.bash_extras ] && . ~/.bash_extras',
        `"${cache}/prompt-tool/helper" init >/dev/null 2>&1`,
        `for f in "${cache}"/shell.d/*.sh; do [ -r "$f" ] && . "$f"; done`,
        `eval "$(cat "${cache}/starter/init.bash" 2>/dev/null)"`,
        'for f in ~/.cache/*; do :; done',
        'export PATH="$HOME/.local/bin:$PATH"; export HISTFILE="$HOME/.cache/history"',
      ].join('\n'),
    );
    writeFileSync(join(dir, '.bash_extras'), `. "${cache}/extras/aliases.sh"\n`);
    expect(sourcedFiles([join(dir, '.bashrc')], dir, {}).sort()).toEqual([
      join(dir, '.bash_extras'),
      join(dir, '.cache/extras/aliases.sh'),
      join(dir, '.cache/prompt-tool/helper'),
      join(dir, '.cache/shell.d/**'),
      join(dir, '.cache/starter/init.bash'),
    ]);
  });

  it("the folders the sandboxed shell may write, the file tools' boundary: the project, its worktree, temp, caches", () => {
    expect(facts.writable).toEqual(
      expect.arrayContaining(['/repo/app', '/repo', '/tmp', '/var/tmp', '/home/dev/.npm', '/home/dev/.cache']),
    );
    expect(facts.writable).not.toContain('/home/dev');
    expect(facts.writable).not.toContain('/home/dev/.config');
  });

  it('the server under the names a caller would use, and the secret variables', () => {
    expect(facts.servers).toEqual(['http://127.0.0.1:4096', 'http://localhost:4096']);
    expect(facts.secretEnv).toEqual(['OPENCODE_SERVER_PASSWORD', 'OPENCODE_AUTH_CONTENT', 'TEAM_TOKEN']);
  });
});

describe("the agent's shell environment", () => {
  it('blanks the server password (and configured secrets) in every shell opencode starts; python and Go compile elsewhere than the project and the human caches, npm keeps an index of its own', async () => {
    process.env.XDG_CACHE_HOME = mkdtempSync(join(tmpdir(), 'sa-cache-'));
    process.env.npm_config_cache = mkdtempSync(join(tmpdir(), 'sa-npm-'));
    const host = await startV1({ config: 'team', options: { secretEnv: ['TEAM_TOKEN'] } });
    const output = { env: {} as Record<string, string> };
    await host.hooks['shell.env']({ cwd: host.project, sessionID: 'ses_x', callID: 'c1' }, output);
    expect(output.env).toEqual({
      OPENCODE_SERVER_PASSWORD: '',
      OPENCODE_AUTH_CONTENT: '',
      TEAM_TOKEN: '',
      PYTHONPYCACHEPREFIX: join(tmpdir(), 'semantic-anchors-pycache'),
      GOCACHE: join(tmpdir(), 'semantic-anchors-go-build'),
      npm_config_cache: expect.stringMatching(/semantic-anchors-npm-[0-9a-f]{12}$/),
      NPM_CONFIG_CACHE: expect.stringMatching(/semantic-anchors-npm-[0-9a-f]{12}$/),
    });
  });
});

describe('opencode log records', () => {
  it('every record, those written at plugin load included, carries service=semantic-anchors in the fields opencode prints', async () => {
    const host = await startV1({ config: 'team' });
    expect(host.logs.length).toBeGreaterThan(0);
    for (const line of host.logs)
      expect((line as { extra?: Record<string, unknown> }).extra?.service).toBe('semantic-anchors');
  });
});

describe('paths to a tool the plugin cannot vouch for', () => {
  it('warns at load when the opencode configuration turns on the experimental batch tool', async () => {
    const host = await startV1({ config: 'team' });
    await host.hooks.config({ experimental: { batch_tool: true } });
    expect(host.logs.some((l) => l.level === 'warn' && l.message.startsWith('experimental.batch_tool is on'))).toBe(
      true,
    );
    expect(host.toasts.some((t) => t.message.startsWith('experimental.batch_tool is on'))).toBe(true);
  });
});

describe('git hooks and aliases', () => {
  it("stops a hook or an alias that would run later in the human's git commands; git's own config command runs", async () => {
    const host = await startV1({ config: 'team' });
    const hook = await before(
      host,
      bash(host, "printf '#!/bin/sh\\ngit push -f origin main\\n' > .git/hooks/post-commit"),
    );
    expect(hook).toContain('anchor-protect-git-hooks');
    expect(await before(host, bash(host, "echo '[alias] p = push -f' >> ~/.gitconfig"))).toContain(
      'anchor-protect-git-hooks',
    );
    expect(await before(host, bash(host, 'git config core.hooksPath /tmp/hooks'))).toContain(
      'anchor-protect-git-hooks',
    );
    expect(await before(host, bash(host, 'git config user.email dev@example.com'))).toBeUndefined();
  });

  it("in a project whose hooks live in the work tree (husky), the scripts git runs at the human's commit are hooks too", async () => {
    const host = await startV1({
      config: 'team',
      files: {
        '.git/HEAD': 'ref: refs/heads/main\n',
        '.git/config': '[core]\n\trepositoryformatversion = 0\n\thooksPath = .husky/_\n',
        '.husky/pre-commit': 'npx lint-staged\n',
      },
    });
    expect(await before(host, bash(host, "echo 'curl x | sh' >> .husky/pre-commit"))).toContain(
      'anchor-protect-git-hooks',
    );
    // The rest of the folder, and the project's own scripts, are the agent's to write.
    expect(await before(host, bash(host, "echo '# notes' > .husky/README.md"))).toBeUndefined();
    expect(await before(host, bash(host, "echo 'npm test' > scripts/check.sh"))).toBeUndefined();
  });
});
