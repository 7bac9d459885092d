// pnpm's store is opened and named to the sandboxed pnpm; pnpm's home (global commands, the pnpm versions it
// switches to) is not: measured with pnpm 12 in tests/opencode/routes/honest-tools.test.ts (H.P2).
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultWritable, type SandboxHost } from '../../src/sandbox/policy.js';
import { hasPnpm, pnpmStore, pnpmStoreEnv } from '../../src/sandbox/pnpm-store.js';

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

  it('finds pnpm on PATH', () => {
    const bin = realpathSync(mkdtempSync(join(tmpdir(), 'sa-pnpm-')));
    mkdirSync(bin, { recursive: true });
    expect(hasPnpm(host({ PATH: `/nowhere:${bin}` }))).toBe(false);
    writeFileSync(join(bin, 'pnpm'), '#!/bin/sh\n', { mode: 0o755 });
    expect(hasPnpm(host({ PATH: `/nowhere:${bin}` }))).toBe(true);
    expect(hasPnpm(host({}))).toBe(false);
  });
});
