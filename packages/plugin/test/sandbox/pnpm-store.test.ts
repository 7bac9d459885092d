// pnpm's store is opened and named to the sandboxed pnpm; pnpm's home (global commands, the pnpm versions it
// switches to) is not: measured with pnpm 12 in tests/opencode/routes/honest-tools.test.ts (H.P2).
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultWritable, type SandboxHost } from '../../src/sandbox/policy.js';
import { firstUseCaches, onPath, pnpmStore, pnpmStoreEnv, vitestData } from '../../src/sandbox/pnpm-store.js';

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

  it("makes cargo's registry and git caches at first use, where CARGO_HOME puts them, never CARGO_HOME's bin/", () => {
    const bin = realpathSync(mkdtempSync(join(tmpdir(), 'sa-cargo-')));
    writeFileSync(join(bin, 'cargo'), '#!/bin/sh\n', { mode: 0o755 });
    expect(firstUseCaches(host({ PATH: bin }))).toEqual(['/home/dev/.cargo/registry', '/home/dev/.cargo/git']);
    expect(firstUseCaches(host({ PATH: bin, CARGO_HOME: '/opt/cargo' }))).toEqual([
      '/opt/cargo/registry',
      '/opt/cargo/git',
    ]);
    // Both are opened once they exist; the folder that holds the human's cargo commands never is.
    const writable = defaultWritable(host({ CARGO_HOME: '/opt/cargo' }));
    expect(writable).toEqual(expect.arrayContaining(['/opt/cargo/registry', '/opt/cargo/git']));
    expect(writable.filter((p) => p.startsWith('/opt/cargo'))).toEqual(['/opt/cargo/registry', '/opt/cargo/git']);
    expect(writable).not.toContain('/home/dev/.cargo');
  });

  it("makes vitest's token folder when the project has vitest installed, and opens it (XDG_DATA_HOME honoured)", () => {
    const project = realpathSync(mkdtempSync(join(tmpdir(), 'sa-vitest-')));
    const at = (env: Record<string, string | undefined>): SandboxHost => ({
      ...host(env),
      directory: project,
      worktree: project,
    });
    expect(firstUseCaches(at({}))).toEqual([]);
    mkdirSync(join(project, 'node_modules', '.bin'), { recursive: true });
    writeFileSync(join(project, 'node_modules', '.bin', 'vitest'), '#!/bin/sh\n', { mode: 0o755 });
    expect(firstUseCaches(at({}))).toEqual(['/home/dev/.local/share/vitest']);
    expect(vitestData(at({ XDG_DATA_HOME: '/data' }))).toBe('/data/vitest');
    expect(defaultWritable(at({}))).toContain('/home/dev/.local/share/vitest');
    expect(defaultWritable(at({ XDG_DATA_HOME: '/data' }))).toContain('/data/vitest');
    // Only vitest's own folder: the rest of the data folder (opencode's data, pnpm's home) stays closed.
    expect(defaultWritable(at({}))).not.toContain('/home/dev/.local/share');
  });

  it("makes npm CLIs' configstore when npm is installed (their update notices; opened once it exists)", () => {
    const bin = realpathSync(mkdtempSync(join(tmpdir(), 'sa-npm-')));
    expect(firstUseCaches(host({ PATH: bin }))).toEqual([]);
    writeFileSync(join(bin, 'npm'), '#!/bin/sh\n', { mode: 0o755 });
    expect(firstUseCaches(host({ PATH: bin }))).toEqual(['/home/dev/.config/configstore']);
    expect(defaultWritable(host({}))).toContain('/home/dev/.config/configstore');
  });
});
