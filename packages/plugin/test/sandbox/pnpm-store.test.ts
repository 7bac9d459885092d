// pnpm's store is opened and named to the sandboxed pnpm; pnpm's home (global commands, the pnpm versions it
// switches to) is not: measured with pnpm 12 in tests/opencode/routes/honest-tools.test.ts (H.P2).
import { mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultWritable, type SandboxHost } from '../../src/sandbox/policy.js';
import { firstUseCaches, onPath, pnpmStore, pnpmStoreEnv } from '../../src/sandbox/pnpm-store.js';

const host = (env: Record<string, string | undefined>): SandboxHost => ({
  directory: '/srv/shop',
  worktree: '/srv/shop',
  home: '/home/dev',
  tempDirs: ['/tmp'],
  gitDirs: [],
  env,
});

describe("pnpm's store in the sandbox", () => {
  it('is <PNPM_HOME>/store, else under XDG_DATA_HOME, else ~/.local/share/pnpm/store', () => {
    expect(pnpmStore(host({ PNPM_HOME: '/opt/pnpm' }))).toBe('/opt/pnpm/store');
    expect(pnpmStore(host({ XDG_DATA_HOME: '/data' }))).toBe('/data/pnpm/store');
    expect(pnpmStore(host({}))).toBe('/home/dev/.local/share/pnpm/store');
    expect(pnpmStore(host({ PNPM_HOME: 'relative' }))).toBe('/home/dev/.local/share/pnpm/store');
  });

  it("opens the store and never pnpm's home, whose global commands are on the human's PATH", () => {
    const writable = defaultWritable(host({}));
    expect(writable).toContain('/home/dev/.local/share/pnpm/store');
    expect(writable).not.toContain('/home/dev/.local/share/pnpm');
  });

  it('names the store to pnpm 11+ and to pnpm 10 and earlier, unless the environment names one already', () => {
    expect(pnpmStoreEnv(host({}))).toEqual({
      pnpm_config_store_dir: '/home/dev/.local/share/pnpm/store',
      npm_config_store_dir: '/home/dev/.local/share/pnpm/store',
      pnpm_config_update_notifier: 'false',
    });
    expect(pnpmStoreEnv(host({ pnpm_config_store_dir: '/srv/store' }))).toEqual({});
    expect(pnpmStoreEnv(host({ NPM_CONFIG_STORE_DIR: '/srv/store' }))).toEqual({});
  });

  it("makes pnpm's store and Go's module cache at first use only when the program is installed", () => {
    const bin = realpathSync(mkdtempSync(join(tmpdir(), 'sa-pnpm-')));
    expect(onPath(host({ PATH: `/nowhere:${bin}` }), 'pnpm')).toBe(false);
    expect(firstUseCaches(host({ PATH: bin }))).toEqual([]);
    for (const program of ['pnpm', 'go']) writeFileSync(join(bin, program), '#!/bin/sh\n', { mode: 0o755 });
    expect(onPath(host({ PATH: `/nowhere:${bin}` }), 'pnpm')).toBe(true);
    expect(firstUseCaches(host({ PATH: bin }))).toEqual(['/home/dev/.local/share/pnpm/store', '/home/dev/go/pkg/mod']);
    // A moved Go cache is opened where the variable points (CACHE_ENV), never made here.
    expect(firstUseCaches(host({ PATH: bin, GOPATH: '/srv/go' }))).toEqual(['/home/dev/.local/share/pnpm/store']);
  });
});
