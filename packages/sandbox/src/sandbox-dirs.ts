// A throw-away world for one opencode process: takes an optional parent dir; returns fresh HOME/XDG dirs, a
// git-initialised project folder, the environment that isolates opencode from the machine, and a remover.

import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface SandboxDirs {
  readonly root: string;
  readonly home: string;
  readonly configHome: string;
  readonly dataHome: string;
  readonly cacheHome: string;
  readonly stateHome: string;
  /** The project opencode runs in (its cwd): a git repository with one empty commit. */
  readonly project: string;
  /** `$XDG_CONFIG_HOME/opencode`: where the user's opencode.json and opencode-semantic-anchors.yaml live. */
  readonly userConfigDir: string;
  remove(): void;
}

/** Everything that keeps opencode from updating, fetching, downloading or reading the machine's own set-up. */
export const ISOLATION_ENV: Readonly<Record<string, string>> = {
  OPENCODE_DISABLE_AUTOUPDATE: '1',
  OPENCODE_DISABLE_MODELS_FETCH: '1',
  OPENCODE_DISABLE_LSP_DOWNLOAD: '1',
  OPENCODE_DISABLE_DEFAULT_PLUGINS: '1',
  OPENCODE_DISABLE_SHARE: '1',
  OPENCODE_DISABLE_CLAUDE_CODE: '1',
  OPENCODE_DISABLE_EXTERNAL_SKILLS: '1',
  // Without it opencode's embedded npm retries the registry for ~70 s before loading plugins.
  npm_config_offline: 'true',
};

export function createSandboxDirs(parent: string = tmpdir()): SandboxDirs {
  const root = mkdtempSync(join(parent, 'semantic-anchors-sandbox-'));
  const dirs = {
    root,
    home: join(root, 'home'),
    configHome: join(root, 'config'),
    dataHome: join(root, 'data'),
    cacheHome: join(root, 'cache'),
    stateHome: join(root, 'state'),
    project: join(root, 'project'),
    userConfigDir: join(root, 'config', 'opencode'),
  };
  for (const dir of Object.values(dirs)) mkdirSync(dir, { recursive: true });
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd: dirs.project, stdio: 'ignore', env: gitEnv(dirs.home) });
  git('init', '-q', '.');
  git(
    '-c',
    'user.name=sandbox',
    '-c',
    'user.email=sandbox@localhost',
    'commit',
    '-q',
    '--allow-empty',
    '-m',
    'sandbox',
  );
  return { ...dirs, remove: () => rmSync(root, { recursive: true, force: true }) };
}

function gitEnv(home: string): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, GIT_CONFIG_NOSYSTEM: '1' };
}

/** The environment for the opencode process: only PATH, LANG and TZ of ours survive, so no token or config leaks in. */
export function sandboxEnv(dirs: SandboxDirs, extra: Readonly<Record<string, string>> = {}): Record<string, string> {
  const keep = ['PATH', 'LANG', 'TZ'] as const;
  const base: Record<string, string> = {};
  for (const key of keep) {
    const value = process.env[key];
    if (value !== undefined) base[key] = value;
  }
  return {
    ...base,
    HOME: dirs.home,
    XDG_CONFIG_HOME: dirs.configHome,
    XDG_DATA_HOME: dirs.dataHome,
    XDG_CACHE_HOME: dirs.cacheHome,
    XDG_STATE_HOME: dirs.stateHome,
    ...ISOLATION_ENV,
    ...extra,
  };
}
