// The sandbox policy is derived from the real protect facts (the same list the engine's built-ins get): a real
// project folder with a git repository and a linked worktree, a real home folder, the facts protectFacts() finds.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  agentGoCacheEnv,
  agentNpmCacheEnv,
  goBuildCache,
  isTempCodeCache,
  linkAgentNpmContent,
  npmCacheIndex,
  protectFacts,
  tempCodeCaches,
} from '../../src/core/protection.js';
import { findRepository } from '../../src/core/git-files.js';
import {
  CACHE_DIRS,
  NO_PLACEHOLDER,
  protectedPaths,
  sandboxPolicy,
  unreadableFiles,
  type SandboxHost,
} from '../../src/sandbox/policy.js';

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd, stdio: 'ignore' });

/** A machine in a folder: /srv (outside every writable place), a home, a temp folder, a project repository. */
function machine() {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'sa-policy-')));
  const home = join(root, 'home');
  const tmp = join(root, 'tmp');
  const project = join(root, 'srv', 'shop');
  for (const d of [home, tmp, join(home, '.npm'), join(home, '.cache', 'opencode'), project])
    mkdirSync(d, { recursive: true });
  git(project, 'init', '-q', '.');
  git(project, 'commit', '-q', '--allow-empty', '-m', 'init');
  mkdirSync(join(project, '.opencode'));
  writeFileSync(join(project, '.opencode', 'opencode-semantic-anchors.yaml'), 'version: 1\n');
  writeFileSync(join(home, '.bashrc'), '# the human\n');
  return { root, home, tmp, project };
}

const real = { real: (p: string) => (existsSync(p) ? realpathSync(p) : undefined) };

function policyFor(m: ReturnType<typeof machine>, directory = m.project, settings = {}) {
  const env = { XDG_CONFIG_HOME: join(m.home, '.config') };
  const facts = protectFacts(
    { directory, worktree: m.project, home: m.home, env, serverUrl: 'http://127.0.0.1:4096' },
    [join(m.project, '.opencode', 'opencode-semantic-anchors.yaml')],
  );
  const repo = findRepository(directory);
  const host: SandboxHost = {
    directory,
    worktree: repo?.workTree ?? m.project,
    home: m.home,
    tempDirs: [m.tmp],
    gitDirs: repo?.dotGitFile !== undefined ? [repo.gitDir, repo.commonDir] : [],
    env: { npm_config_cache: join(m.root, 'npm-cache'), CARGO_HOME: join(m.root, 'cargo') },
  };
  const on = { mode: 'on' as const, writable: [], network: undefined, localPorts: [], ...settings };
  return { facts, policy: sandboxPolicy(facts, on, host, real) };
}

describe('the sandbox policy, from the real protect facts', () => {
  it('writes: the project, the temp folder and the caches that exist; nothing else of the home folder', () => {
    const m = machine();
    const { policy } = policyFor(m);
    expect(policy.writable).toEqual(
      expect.arrayContaining([m.project, m.tmp, join(m.home, '.npm'), join(m.home, '.cache')]),
    );
    expect(policy.writable).not.toContain(m.home);
    expect(policy.writable).not.toContain(join(m.home, '.cargo/registry')); // not there: not opened
    expect(CACHE_DIRS).not.toContain('.config');
  });

  it("the program folders on the human's PATH inside opened tool homes and caches are read-only; the project's and /tmp stay open", () => {
    const m = machine();
    for (const d of ['.yarn/bin', '.deno/bin', '.npm/_npx/abc/node_modules/.bin', '.cache/tool/bin'])
      mkdirSync(join(m.home, d), { recursive: true });
    const PATH = [
      join(m.home, '.npm/_npx/abc/node_modules/.bin'),
      join(m.home, '.cache/tool/bin'),
      join(m.project, '.venv/bin'),
      m.tmp,
      '/usr/bin',
    ].join(':');
    const env = { XDG_CONFIG_HOME: join(m.home, '.config'), TMPDIR: m.tmp, PATH };
    const facts = protectFacts({ directory: m.project, worktree: m.project, home: m.home, env }, []);
    const host: SandboxHost = {
      directory: m.project,
      worktree: m.project,
      home: m.home,
      tempDirs: [m.tmp],
      gitDirs: [],
      env,
    };
    const on = { mode: 'on' as const, writable: [], network: undefined, localPorts: [] };
    const policy = sandboxPolicy(facts, on, host, real);
    expect(policy.writable).toEqual(expect.arrayContaining([join(m.home, '.yarn'), join(m.home, '.npm'), m.tmp]));
    expect(policy.readOnly).toEqual(
      expect.arrayContaining([
        join(m.home, '.yarn/bin'),
        join(m.home, '.deno/bin'),
        join(m.home, '.npm/_npx/abc/node_modules/.bin'),
        join(m.home, '.cache/tool/bin'),
      ]),
    );
    expect(policy.readOnly).not.toContain(m.tmp);
    expect(policy.readOnly).not.toContain(join(m.project, '.venv/bin'));
    expect(policy.readOnly.filter((p) => p.startsWith('/usr'))).toEqual([]);
  });

  it("a cache moved by a variable is opened where it is; a tool home's bin/ is not", () => {
    const m = machine();
    for (const d of ['npm-cache', 'cargo/registry', 'cargo/bin']) mkdirSync(join(m.root, d), { recursive: true });
    const { policy } = policyFor(m);
    expect(policy.writable).toEqual(
      expect.arrayContaining([join(m.root, 'npm-cache'), join(m.root, 'cargo/registry')]),
    );
    expect(policy.writable).not.toContain(join(m.root, 'cargo/bin'));
    expect(policy.writable).not.toContain(join(m.root, 'cargo'));
  });

  it('read-only inside them: the contract file, .opencode, git config and hooks, opencode.json to be, the opencode cache', () => {
    const m = machine();
    const { policy } = policyFor(m);
    expect(policy.readOnly).toEqual(
      expect.arrayContaining([
        join(m.project, '.opencode'),
        join(m.project, 'opencode.json'),
        join(m.project, 'opencode.jsonc'),
        join(m.project, '.git', 'config'),
        join(m.project, '.git', 'hooks'),
        join(m.home, '.cache', 'opencode'),
      ]),
    );
    // Inside .opencode already: not listed twice.
    expect(policy.readOnly).not.toContain(join(m.project, '.opencode', 'opencode-semantic-anchors.yaml'));
    // Outside every writable folder (the home folder itself): read-only anyway, no mount needed.
    expect(policy.readOnly).not.toContain(join(m.home, '.bashrc'));
  });

  it('every path the protect facts name that lies in a writable folder is read-only: one list, nothing left out', () => {
    const m = machine();
    const { facts, policy } = policyFor(m, m.project, { writable: ['~'] });
    for (const p of protectedPaths(facts)) {
      if (!policy.writable.some((w) => p === w || p.startsWith(`${w}/`))) continue;
      // A missing `commondir` is left to the result check (an empty stand-in would stop git).
      if (NO_PLACEHOLDER.has(basename(p)) && !existsSync(p)) continue;
      expect(
        policy.readOnly.some((r) => p === r || p.startsWith(`${r}/`)),
        p,
      ).toBe(true);
    }
    // ~ opened by the team: the startup files stay read-only inside it.
    expect(policy.readOnly).toEqual(expect.arrayContaining([join(m.home, '.bashrc'), join(m.home, '.profile')]));
  });

  it("a linked worktree: its gitdir and the common dir are writable (a commit needs them), the common dir's hooks and config are not", () => {
    const m = machine();
    const linked = join(m.root, 'srv', 'linked');
    git(m.project, 'worktree', 'add', '-q', linked);
    const { policy } = policyFor(m, linked);
    expect(policy.writable).toEqual(expect.arrayContaining([linked, join(m.project, '.git')]));
    expect(policy.readOnly).toEqual(
      expect.arrayContaining([
        join(m.project, '.git', 'hooks'),
        join(m.project, '.git', 'config'),
        join(linked, '.git'),
      ]),
    );
  });

  it("git's commondir: a main repository's, missing, gets no stand-in (an empty one stops git); each linked worktree's is read-only", () => {
    const m = machine();
    const linked = join(m.root, 'srv', 'hotfix');
    git(m.project, 'worktree', 'add', '-q', linked);
    const { facts, policy } = policyFor(m);
    expect(facts.gitFiles).toEqual(
      expect.arrayContaining([
        join(m.project, '.git', 'commondir'),
        join(m.project, '.git', 'worktrees', 'hotfix', 'commondir'),
      ]),
    );
    expect(policy.readOnly).not.toContain(join(m.project, '.git', 'commondir'));
    expect(policy.readOnly).toContain(join(m.project, '.git', 'worktrees', 'hotfix', 'commondir'));
  });

  it("git's config.worktree, missing, gets no stand-in (with extensions.worktreeConfig git stops at an unreadable one); an existing one is read-only", () => {
    const m = machine();
    const { policy } = policyFor(m);
    expect(policy.readOnly).not.toContain(join(m.project, '.git', 'config.worktree'));
    writeFileSync(join(m.project, '.git', 'config.worktree'), '[core]\n\tsparseCheckout = true\n');
    expect(policyFor(m).policy.readOnly).toContain(join(m.project, '.git', 'config.worktree'));
  });

  it("the human's tsx and jest caches in the temp folder are host state: read-only to the shell, never watched", () => {
    const m = machine();
    const { facts } = policyFor(m);
    const uid = process.getuid?.() ?? 0;
    expect(facts.hostState).toEqual(expect.arrayContaining([`/tmp/tsx-${uid}/**`, `/tmp/jest_${uid.toString(36)}/**`]));
  });

  it("Node's compile cache in the temp folder (tsc turns it on), or where NODE_COMPILE_CACHE puts it, is host state", () => {
    const m = machine();
    const { facts } = policyFor(m);
    expect(facts.hostState).toContain('/tmp/node-compile-cache/**');
    expect(isTempCodeCache('/tmp/node-compile-cache/**')).toBe(true);
    expect(tempCodeCaches({ NODE_COMPILE_CACHE: '/srv/ncc' })).toContain('/srv/ncc');
    expect(tempCodeCaches({ TMPDIR: '/work/tmp' })).toContain('/work/tmp/node-compile-cache');
  });

  it("the human's PYTHONPYCACHEPREFIX (python loads any module's compiled form from there) is host state; the agent's own is not", () => {
    expect(tempCodeCaches({ PYTHONPYCACHEPREFIX: '/home/dev/.cache/pycache' })).toContain('/home/dev/.cache/pycache');
    expect(tempCodeCaches({ PYTHONPYCACHEPREFIX: 'relative/pycache' })).not.toContain('relative/pycache');
    const agents = join(tmpdir(), 'semantic-anchors-pycache');
    expect(tempCodeCaches({ PYTHONPYCACHEPREFIX: agents })).not.toContain(agents);
  });

  it("npm's cache index is host state: read-only inside ~/.npm (its content stays writable), where npm_config_cache moves it", () => {
    const m = machine();
    mkdirSync(join(m.home, '.npm/_cacache/index-v5'), { recursive: true });
    const { facts, policy } = policyFor(m);
    expect(facts.hostState).toContain(join(m.home, '.npm/_cacache/index-v5/**'));
    expect(policy.readOnly).toContain(join(m.home, '.npm/_cacache/index-v5'));
    expect(policy.readOnly).not.toContain(join(m.home, '.npm/_cacache/content-v2'));
    expect(isTempCodeCache(join(m.home, '.npm/_cacache/index-v5/**'))).toBe(true);
    expect(npmCacheIndex({ npm_config_cache: '/srv/npm' }, m.home)).toBe('/srv/npm/_cacache/index-v5');
    // The agent's npm keeps an index of its own and reads the human's content (checked by hash) through a link.
    const own = agentNpmCacheEnv(m.home, {}).npm_config_cache!;
    expect(own).not.toBe(agentNpmCacheEnv(m.root, {}).npm_config_cache);
    linkAgentNpmContent(m.home, {});
    linkAgentNpmContent(m.home, {});
    expect(realpathSync(join(own, '_cacache/content-v2'))).toBe(join(m.home, '.npm/_cacache/content-v2'));
  });

  it("the human's Go build cache is host state: read-only inside ~/.cache, a GOCACHE the human set too, never opened", () => {
    const m = machine();
    mkdirSync(join(m.home, '.cache/go-build'), { recursive: true });
    const { facts, policy } = policyFor(m);
    expect(facts.hostState).toContain(join(m.home, '.cache/go-build/**'));
    expect(policy.readOnly).toContain(join(m.home, '.cache/go-build'));
    expect(isTempCodeCache(join(m.home, '.cache/go-build/**'))).toBe(true);
    expect(goBuildCache({ GOCACHE: '/srv/gocache' }, m.home)).toBe('/srv/gocache');
    expect(goBuildCache({ XDG_CACHE_HOME: '/c' }, m.home)).toBe('/c/go-build');
    // The agent's shells build with a cache of their own.
    expect(agentGoCacheEnv()).toEqual({ GOCACHE: join(tmpdir(), 'semantic-anchors-go-build') });
    const host: SandboxHost = {
      directory: m.project,
      worktree: m.project,
      home: m.home,
      tempDirs: [m.tmp],
      gitDirs: [],
      env: { GOCACHE: join(m.root, 'gocache') },
    };
    mkdirSync(join(m.root, 'gocache'));
    const opened = sandboxPolicy(facts, { mode: 'on', writable: [], network: undefined, localPorts: [] }, host, real);
    expect(opened.writable).not.toContain(join(m.root, 'gocache'));
  });

  it("opencode's credentials and database are unreadable to the shell where they exist; its data folder is not hidden (a session may run in a worktree opencode made there)", () => {
    const m = machine();
    const data = join(m.home, '.local/share/opencode');
    mkdirSync(join(data, 'worktree', 'shop'), { recursive: true });
    for (const f of ['auth.json', 'opencode.db', 'opencode.db-wal']) writeFileSync(join(data, f), '{}');
    const host = { home: m.home, env: {} };
    const unreadable = unreadableFiles(host, real);
    expect(unreadable).toEqual(
      expect.arrayContaining([join(data, 'auth.json'), join(data, 'opencode.db'), join(data, 'opencode.db-wal')]),
    );
    expect(unreadable).not.toContain(join(data, 'mcp-auth.json')); // missing: nothing to mask
    expect(unreadable.some((p) => p === data || p.startsWith(join(data, 'worktree')))).toBe(false);
    // Found at every call: the file opencode writes when the human logs in to an MCP server mid-session.
    writeFileSync(join(data, 'mcp-auth.json'), '{}');
    expect(unreadableFiles(host, real)).toContain(join(data, 'mcp-auth.json'));
    // XDG_DATA_HOME moves it.
    const moved = join(m.root, 'xdg-data');
    mkdirSync(join(moved, 'opencode'), { recursive: true });
    writeFileSync(join(moved, 'opencode', 'auth.json'), '{}');
    expect(unreadableFiles({ home: m.home, env: { XDG_DATA_HOME: moved } }, real)).toEqual([
      join(moved, 'opencode', 'auth.json'),
    ]);
  });

  it('a protected path behind a symbolic link is denied where it really is, too', () => {
    const m = machine();
    const elsewhere = join(m.tmp, 'real-opencode');
    mkdirSync(elsewhere);
    const project = join(m.root, 'srv', 'linkproj');
    mkdirSync(project);
    symlinkSync(elsewhere, join(project, '.opencode'));
    const { policy } = policyFor(m, project);
    expect(policy.readOnly).toEqual(expect.arrayContaining([join(project, '.opencode'), elsewhere]));
  });

  it('settings: writable paths resolved (~, relative to the project), a list of hosts, local ports without the server', () => {
    const m = machine();
    mkdirSync(join(m.home, 'pw-browsers'));
    mkdirSync(join(m.project, 'out'));
    const { policy } = policyFor(m, m.project, {
      writable: ['~/pw-browsers', 'out'],
      network: ['registry.npmjs.org'],
      localPorts: [3000, 4096],
    });
    expect(policy.writable).toEqual(expect.arrayContaining([join(m.home, 'pw-browsers')]));
    expect(policy.opened).toEqual([join(m.home, 'pw-browsers'), join(m.project, 'out')]);
    expect(policy).toMatchObject({ publicHosts: false, hosts: ['registry.npmjs.org'] });
    expect(policyFor(m, m.project, { network: ['public', '169.254.169.254:80'] }).policy).toMatchObject({
      publicHosts: true,
      hosts: ['169.254.169.254:80'],
    });
    expect(policyFor(m).policy).toMatchObject({ publicHosts: true, hosts: [] });
    expect(policy.localPorts).toEqual([3000]);
    expect(policy.serverPorts).toEqual([4096]);
    expect(policy.refusedLocalPorts).toEqual([4096]);
  });

  it('a folder opened inside .opencode does not open .opencode: the protected folder above it is denied', () => {
    const m = machine();
    mkdirSync(join(m.project, '.opencode', 'scratch'));
    const { policy } = policyFor(m, m.project, { writable: ['.opencode/scratch'] });
    expect(policy.readOnly).toContain(join(m.project, '.opencode'));
  });
});
