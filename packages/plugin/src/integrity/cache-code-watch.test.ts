// The code caches the sandbox opens for honest installs (npx, corepack, the Gradle wrapper, pre-commit, cargo): an
// entry a call created or whose files it changed is removed after the call (the tool fetches it again, checked),
// a data file the tool trusts (pre-commit's db.db) is put back to its bytes, and what an honest run rewrites every
// time (npm's lock files, the wrapper's .lck) is not a change. Real folders in a throw-away home, no mocks.
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CacheCodeWatch } from './cache-code-watch.js';
import { codeCaches, npmCacheDir } from './code-caches.js';

function put(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

/** A home with one entry in each cache, as the tools leave them. */
function home(): string {
  const h = mkdtempSync(join(tmpdir(), 'sa-caches-'));
  put(join(h, '.npm/_npx/abc123/package-lock.json'), '{}');
  put(join(h, '.npm/_npx/abc123/node_modules/.package-lock.json'), '{}');
  put(join(h, '.npm/_npx/abc123/node_modules/hello-tool/bin.js'), 'console.log("hello");\n');
  put(join(h, '.cache/node/corepack/v1/pnpm/9.15.0/.corepack'), '{"bin":{"pnpm":"bin/pnpm.cjs"}}');
  put(join(h, '.cache/node/corepack/v1/pnpm/9.15.0/bin/pnpm.cjs'), 'require("../dist/pnpm.cjs");\n');
  put(join(h, '.cache/node/corepack/lastKnownGood.json'), '{"pnpm":"9.15.0"}');
  put(join(h, '.gradle/wrapper/dists/gradle-8.5-bin/abc/gradle-8.5-bin.zip.ok'), '');
  put(join(h, '.gradle/wrapper/dists/gradle-8.5-bin/abc/gradle-8.5/bin/gradle'), '#!/bin/sh\n');
  put(join(h, '.cache/pre-commit/db.db'), 'SQLite format 3 rows');
  put(join(h, '.cache/pre-commit/repoxyz/.pre-commit-hooks.yaml'), '- id: black\n');
  put(join(h, '.cargo/registry/src/index.crates.io-6f17d22bba15001f/serde-1.0.0/build.rs'), 'fn main() {}\n');
  put(join(h, '.cargo/registry/cache/index.crates.io-6f17d22bba15001f/serde-1.0.0.crate'), 'gz');
  return h;
}

const watchOf = (h: string) => {
  const watch = new CacheCodeWatch(codeCaches(h, {}));
  watch.accept();
  return watch;
};

describe('the code caches the sandbox opens', () => {
  it("npx: an installed file changed by a call removes the entry; npm's lock-file rewrites on reuse are no change", () => {
    const h = home();
    const watch = watchOf(h);
    writeFileSync(join(h, '.npm/_npx/abc123/package-lock.json'), '{"again":true}');
    writeFileSync(join(h, '.npm/_npx/abc123/node_modules/.package-lock.json'), '{"again":true}');
    expect(watch.check(() => false)).toEqual([]);
    appendFileSync(
      join(h, '.npm/_npx/abc123/node_modules/hello-tool/bin.js'),
      'require("fs").writeFileSync("/tmp/x", "");\n',
    );
    expect(watch.check(() => false)).toEqual([
      expect.objectContaining({ path: join(h, '.npm/_npx/abc123'), cache: 'npx', created: false, result: 'restored' }),
    ]);
    expect(existsSync(join(h, '.npm/_npx/abc123'))).toBe(false);
  });

  it('corepack: a planted package-manager version is removed, the human’s own one left alone', () => {
    const h = home();
    const watch = watchOf(h);
    put(join(h, '.cache/node/corepack/v1/yarn/4.5.0/.corepack'), '{"bin":{"yarn":"yarn.js"}}');
    put(join(h, '.cache/node/corepack/v1/yarn/4.5.0/yarn.js'), 'require("child_process").execSync("touch /tmp/m");\n');
    const found = watch.check(() => false);
    expect(found).toEqual([
      expect.objectContaining({
        path: join(h, '.cache/node/corepack/v1/yarn/4.5.0'),
        cache: 'corepack',
        created: true,
      }),
    ]);
    expect(found[0]?.detail).toMatch(/downloads it again/);
    expect(existsSync(join(h, '.cache/node/corepack/v1/yarn/4.5.0'))).toBe(false);
    expect(existsSync(join(h, '.cache/node/corepack/v1/pnpm/9.15.0/bin/pnpm.cjs'))).toBe(true);
  });

  it("the Gradle wrapper: its lock file is no change; the distribution's script edited removes the distribution", () => {
    const h = home();
    const watch = watchOf(h);
    const dist = join(h, '.gradle/wrapper/dists/gradle-8.5-bin/abc');
    writeFileSync(join(dist, 'gradle-8.5-bin.zip.lck'), '');
    expect(watch.check(() => false)).toEqual([]);
    appendFileSync(join(dist, 'gradle-8.5/bin/gradle'), 'touch /tmp/m\n');
    expect(watch.check(() => false)).toEqual([expect.objectContaining({ path: dist, cache: 'gradle-wrapper' })]);
    expect(existsSync(dist)).toBe(false);
  });

  it('pre-commit: db.db rewritten is put back to its bytes; a new hook environment is removed', () => {
    const h = home();
    const watch = watchOf(h);
    const db = join(h, '.cache/pre-commit/db.db');
    writeFileSync(db, 'SQLite format 3 rows + a row pointing at /tmp/evil');
    put(join(h, '.cache/pre-commit/repoNEW/hook.sh'), 'touch /tmp/m\n');
    const found = watch.check(() => false);
    expect(found.map((f) => [f.path, f.result, f.created])).toEqual([
      [db, 'restored', false],
      [join(h, '.cache/pre-commit/repoNEW'), 'restored', true],
    ]);
    expect(readFileSync(db, 'utf8')).toBe('SQLite format 3 rows');
    expect(existsSync(join(h, '.cache/pre-commit/repoNEW'))).toBe(false);
    // Put back once: the next check finds nothing more.
    expect(watch.check(() => false)).toEqual([]);
    // A known hook environment changed: removed with db.db (whose row would name a folder no longer there).
    appendFileSync(join(h, '.cache/pre-commit/repoxyz/.pre-commit-hooks.yaml'), '- id: evil\n');
    expect(watch.check(() => false).map((f) => f.path)).toEqual([join(h, '.cache/pre-commit/repoxyz')]);
    expect(existsSync(join(h, '.cache/pre-commit/repoxyz'))).toBe(false);
    expect(existsSync(db)).toBe(false);
    expect(watch.check(() => false)).toEqual([]);
  });

  it("cargo: a crate's build.rs edited removes its source; a planted .crate is removed", () => {
    const h = home();
    const watch = watchOf(h);
    const src = join(h, '.cargo/registry/src/index.crates.io-6f17d22bba15001f/serde-1.0.0');
    appendFileSync(join(src, 'build.rs'), '// run at build time\n');
    put(join(h, '.cargo/registry/cache/index.crates.io-6f17d22bba15001f/evil-0.1.0.crate'), 'gz');
    const found = watch.check(() => false);
    expect(found.map((f) => [f.cache, f.created])).toEqual([
      ['cargo-crates', true],
      ['cargo-src', false],
    ]);
    expect(existsSync(src)).toBe(false);
  });

  it("the human's bypass keeps what changed; a path tells which cache it is in", () => {
    const h = home();
    const watch = watchOf(h);
    appendFileSync(join(h, '.npm/_npx/abc123/node_modules/hello-tool/bin.js'), '// more\n');
    expect(watch.check(() => true)).toEqual([expect.objectContaining({ result: 'approved' })]);
    expect(existsSync(join(h, '.npm/_npx/abc123'))).toBe(true);
    expect(watch.check(() => false)).toEqual([]);
    expect(watch.cacheOf(join(h, '.npm/_npx/abc123/node_modules/x.js'))?.id).toBe('npx');
    expect(watch.cacheOf(join(h, '.cache/node/corepack/v1/pnpm/x'))?.id).toBe('corepack');
    expect(watch.cacheOf(join(h, '.cache/pip/http/x'))).toBeUndefined();
  });

  it('the caches are found where their variables move them', () => {
    expect(npmCacheDir('/home/dev', {})).toBe('/home/dev/.npm');
    expect(npmCacheDir('/home/dev', { npm_config_cache: '/var/cache/npm' })).toBe('/var/cache/npm');
    const roots = (env: Record<string, string>) =>
      Object.fromEntries(codeCaches('/home/dev', env).map((c) => [c.id, c.root]));
    expect(roots({})).toMatchObject({
      corepack: '/home/dev/.cache/node/corepack/v1',
      'pre-commit': '/home/dev/.cache/pre-commit',
      'gradle-wrapper': '/home/dev/.gradle/wrapper/dists',
      'cargo-src': '/home/dev/.cargo/registry/src',
    });
    expect(
      roots({
        XDG_CACHE_HOME: '/c',
        COREPACK_HOME: '/cp',
        GRADLE_USER_HOME: '/g',
        CARGO_HOME: '/k',
        PRE_COMMIT_HOME: '/p',
      }),
    ).toMatchObject({
      corepack: '/cp/v1',
      'pre-commit': '/p',
      'gradle-wrapper': '/g/wrapper/dists',
      'cargo-src': '/k/registry/src',
      'cargo-git': '/k/git/checkouts',
    });
  });

  it('a walk beyond the bound is said, and an entry the bound cuts short is never read as changed', () => {
    const h = home();
    const watch = new CacheCodeWatch(codeCaches(h, {}), 3);
    watch.accept();
    expect(watch.summary().beyond).toBeGreaterThan(0);
    // A new entry is removed whatever the bound (it is not walked, so it cannot push the others out of the check).
    put(join(h, '.cache/node/corepack/v1/pnpm/9.16.0/.corepack'), '{}');
    for (let i = 0; i < 20; i++) put(join(h, `.cache/node/corepack/v1/pnpm/9.16.0/f${i}`), '');
    expect(watch.check(() => false).map((f) => [f.cache, f.created])).toEqual([['corepack', true]]);
    expect(existsSync(join(h, '.npm/_npx/abc123/node_modules/hello-tool/bin.js'))).toBe(true);
    // A known entry whole before and grown past the bound is read as changed.
    for (let i = 0; i < 5; i++) put(join(h, `.cache/node/corepack/v1/pnpm/9.15.0/f${i}`), '');
    expect(watch.check(() => false).map((f) => [f.path, f.created])).toEqual([
      [join(h, '.cache/node/corepack/v1/pnpm/9.15.0'), false],
    ]);
  });
});
