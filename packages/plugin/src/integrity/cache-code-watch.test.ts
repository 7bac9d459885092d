// The code caches the sandbox opens for honest installs (npx, corepack, the Gradle wrapper, Playwright, pre-commit,
// cargo, Go, Maven): an
// entry a call created or whose files it changed is removed after the call (the tool fetches it again, checked),
// a data file the tool trusts (pre-commit's db.db) is put back to its bytes, and what an honest run rewrites every
// time (npm's lock files, the wrapper's .lck) is not a change. Real folders in a throw-away home, no mocks.
import { execFileSync, spawnSync } from 'node:child_process';
import {
  appendFileSync,
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CacheCodeWatch, firstDifference, removeTree } from './cache-code-watch.js';
import { codeCaches, goModCacheDir, goZipHashOf, npmCacheDir, pipCacheDir } from './code-caches.js';

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
  // Go: a module extracted read-only, its download (zip, ziphash, the files Go rewrites on every run).
  put(join(h, 'go/pkg/mod/github.com/!burnt!sushi/toml@v1.3.2/decode.go'), 'package toml\n');
  put(join(h, 'go/pkg/mod/cache/download/github.com/!burnt!sushi/toml/@v/v1.3.2.zip'), 'PK zip');
  put(join(h, 'go/pkg/mod/cache/download/github.com/!burnt!sushi/toml/@v/v1.3.2.ziphash'), 'h1:abc=');
  put(join(h, 'go/pkg/mod/cache/download/github.com/!burnt!sushi/toml/@v/v1.3.2.lock'), '');
  put(join(h, 'go/pkg/mod/cache/download/github.com/!burnt!sushi/toml/@v/list'), 'v1.3.2\n');
  put(join(h, 'go/pkg/mod/cache/download/sumdb/sum.golang.org/tile/8/0/001'), 'tile');
  chmodSync(join(h, 'go/pkg/mod/github.com/!burnt!sushi/toml@v1.3.2/decode.go'), 0o444);
  chmodSync(join(h, 'go/pkg/mod/github.com/!burnt!sushi/toml@v1.3.2'), 0o555);
  return h;
}

/** The go command is installed here (Debian's golang-go): the real-tool test runs only then. */
const hasGo = (): boolean => spawnSync('go', ['version'], { stdio: 'ignore' }).status === 0;

/** The system's Node (20 here, the oldest the plugin supports), which `nobody` may run. */
const SYSTEM_NODE = '/usr/bin/node';
/**
 * Root with runuser (this machine's tests run as root): a child can then run as `nobody`, whom folder modes stop —
 * when `nobody` can also read this checkout (a clone under /root cannot be read by anyone else).
 */
const canRunAsNobody = (): boolean =>
  process.getuid?.() === 0 &&
  spawnSync(
    'runuser',
    [
      '-u',
      'nobody',
      '--',
      SYSTEM_NODE,
      '--import',
      'tsx',
      '-e',
      `import('${join(import.meta.dirname, 'cache-code-watch.ts')}')`,
    ],
    { stdio: 'ignore', cwd: join(import.meta.dirname, '../..') },
  ).status === 0;

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

  it('a changed entry names the first file that differs and which of its stats changed', () => {
    const h = home();
    const watch = watchOf(h);
    appendFileSync(join(h, '.npm/_npx/abc123/node_modules/hello-tool/bin.js'), '// more\n');
    const [finding] = watch.check(() => false);
    expect(finding?.detail).toMatch(
      /\(hello-tool\/bin\.js: size, mtime, ctime changed\)|\(hello-tool\/bin\.js: size, ctime changed\)/,
    );
    expect(firstDifference('a:1:2:3:4:5\nb:1:2:3:4:5', 'a:1:2:3:4:5')).toBe('b is gone');
    expect(firstDifference('a:1:2:3:4:5', 'a:1:2:3:4:5\nc:1:2:3:4:5')).toBe('c is new');
    expect(firstDifference('1:2:3:4:5', '1:2:9:4:5')).toBe('the file: inode changed');
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

  it("Playwright: a browser's executable replaced removes the browser; a new download is kept and compared from then on; a launch's marker file is no change", () => {
    const h = home();
    const headless = join(h, '.cache/ms-playwright/chromium_headless_shell-1255');
    put(join(headless, 'chrome-headless-shell-linux64/chrome-headless-shell'), 'ELF');
    put(join(headless, 'INSTALLATION_COMPLETE'), '');
    put(join(h, '.cache/ms-playwright/.links/abc'), '/work/app/node_modules/playwright-core');
    const watch = watchOf(h);
    // A launch validates the host and leaves its marker; an install rewrites .links.
    put(join(headless, 'DEPENDENCIES_VALIDATED'), '');
    put(join(h, '.cache/ms-playwright/.links/def'), '/work/other/node_modules/playwright-core');
    // The agent's `npx playwright install` of another browser: kept (its tests at the next call need it).
    const firefox = join(h, '.cache/ms-playwright/firefox-1572');
    put(join(firefox, 'firefox/firefox'), 'ELF');
    expect(watch.check(() => false)).toEqual([]);
    expect(existsSync(firefox)).toBe(true);
    writeFileSync(join(headless, 'chrome-headless-shell-linux64/chrome-headless-shell'), '#!/bin/sh\ntouch /tmp/m\n');
    appendFileSync(join(firefox, 'firefox/firefox'), 'planted');
    expect(
      watch
        .check(() => false)
        .map((f) => [f.path, f.cache, f.result])
        .sort(),
    ).toEqual([
      [headless, 'playwright', 'restored'],
      [firefox, 'playwright', 'restored'],
    ]);
    expect(existsSync(headless)).toBe(false);
    expect(existsSync(join(h, '.cache/ms-playwright/.links/abc'))).toBe(true);
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

  it('pip: a wheel it keeps for a link, replaced, removes the entry; a wheel planted for another link is removed', () => {
    const h = home();
    const entry = join(h, '.cache/pip/wheels/3b/95/aa/98626ed0f3b5beb16abaac797c32f32871ead97cf6a4a0b26e');
    put(join(entry, 'mytool-1.0-py3-none-any.whl'), 'PK wheel');
    put(join(entry, 'origin.json'), '{}');
    const watch = watchOf(h);
    writeFileSync(join(entry, 'mytool-1.0-py3-none-any.whl'), 'PK planted wheel');
    const planted = join(h, '.cache/pip/wheels/0c/11/de/aaaa');
    put(join(planted, 'othertool-1.0-py3-none-any.whl'), 'PK');
    expect(watch.check(() => false)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: entry, cache: 'pip-wheels', created: false, result: 'restored' }),
        expect.objectContaining({ path: planted, cache: 'pip-wheels', created: true, result: 'restored' }),
      ]),
    );
    expect(existsSync(entry) || existsSync(planted)).toBe(false);
    expect(pipCacheDir(h, { PIP_CACHE_DIR: '/srv/pip' })).toBe('/srv/pip');
    expect(pipCacheDir(h, { XDG_CACHE_HOME: '/srv/cache' })).toBe('/srv/cache/pip');
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

  it('Go: a module folder a call changed goes with its ziphash; the files Go rewrites on every run are no change', () => {
    const h = home();
    const watch = watchOf(h);
    const mod = join(h, 'go/pkg/mod/github.com/!burnt!sushi/toml@v1.3.2');
    const dl = join(h, 'go/pkg/mod/cache/download/github.com/!burnt!sushi/toml/@v');
    writeFileSync(join(dl, 'v1.3.2.lock'), '');
    writeFileSync(join(dl, 'list'), 'v1.3.2\nv1.4.0\n');
    put(join(h, 'go/pkg/mod/cache/download/sumdb/sum.golang.org/tile/8/0/002'), 'tile');
    expect(watch.check(() => false)).toEqual([]);
    // As an agent does: the read-only folder made writable, a file edited.
    chmodSync(mod, 0o755);
    chmodSync(join(mod, 'decode.go'), 0o644);
    appendFileSync(join(mod, 'decode.go'), 'func init() { /* run at every build */ }\n');
    chmodSync(mod, 0o555);
    const found = watch.check(() => false);
    expect(found).toEqual([
      expect.objectContaining({ path: mod, cache: 'go-modules', created: false, result: 'restored' }),
    ]);
    expect(found[0]?.detail).toMatch(/checks against go\.sum/);
    expect(existsSync(mod)).toBe(false);
    // Without its ziphash Go hashes the zip again, checked against go.sum, before it extracts the folder again.
    expect(existsSync(join(dl, 'v1.3.2.ziphash'))).toBe(false);
    expect(existsSync(join(dl, 'v1.3.2.zip'))).toBe(true);
    expect(watch.check(() => false)).toEqual([]);
  });

  it('Go: a zip replaced beside its ziphash, and a new module with its own ziphash, lose their ziphash and folder', () => {
    const h = home();
    const watch = watchOf(h);
    const dl = join(h, 'go/pkg/mod/cache/download');
    writeFileSync(join(dl, 'github.com/!burnt!sushi/toml/@v/v1.3.2.zip'), 'PK planted');
    put(join(dl, 'example.com/evil/@v/v0.1.0.zip'), 'PK');
    put(join(dl, 'example.com/evil/@v/v0.1.0.ziphash'), 'h1:forged=');
    put(join(h, 'go/pkg/mod/example.com/evil@v0.1.0/evil.go'), 'package evil\n');
    const found = watch.check(() => false);
    expect(found.map((f) => [f.cache, f.path.slice(h.length + 1), f.created])).toEqual([
      ['go-zip-hash', 'go/pkg/mod/cache/download/example.com/evil/@v/v0.1.0.ziphash', true],
      ['go-zip-hash', 'go/pkg/mod/cache/download/github.com/!burnt!sushi/toml/@v/v1.3.2.ziphash', false],
      ['go-modules', 'go/pkg/mod/example.com/evil@v0.1.0', true],
    ]);
    expect(existsSync(join(dl, 'github.com/!burnt!sushi/toml/@v/v1.3.2.ziphash'))).toBe(false);
    expect(existsSync(join(h, 'go/pkg/mod/example.com/evil@v0.1.0'))).toBe(false);
    // The zips stay: the next build hashes them and checks them against go.sum (an honest one is extracted offline).
    expect(existsSync(join(dl, 'example.com/evil/@v/v0.1.0.zip'))).toBe(true);
    expect(goZipHashOf(join(h, 'go/pkg/mod'), join(h, 'go/pkg/mod/github.com/!burnt!sushi/toml@v1.3.2'))).toBe(
      join(dl, 'github.com/!burnt!sushi/toml/@v/v1.3.2.ziphash'),
    );
  });

  it('Go: folder names kept between checks are read again when a folder changes (a module added, a link put in)', () => {
    const h = home();
    // Keep every listing, however recent (the default waits until a folder is 2 s old).
    const watch = new CacheCodeWatch(codeCaches(h, {}), undefined, -1);
    watch.accept();
    expect(watch.check(() => false)).toEqual([]);
    put(join(h, 'go/pkg/mod/github.com/!burnt!sushi/toml@v1.4.0/decode.go'), 'package toml\n');
    put(join(h, 'go/pkg/mod/cache/download/github.com/!burnt!sushi/toml/@v/v1.4.0.ziphash'), 'h1:x=');
    expect(watch.check(() => false).map((f) => f.path.slice(h.length + 1))).toEqual([
      'go/pkg/mod/cache/download/github.com/!burnt!sushi/toml/@v/v1.4.0.ziphash',
      'go/pkg/mod/github.com/!burnt!sushi/toml@v1.4.0',
    ]);
    // An owner folder replaced by a link to a folder of the agent's: what is below it is read through the link.
    const elsewhere = mkdtempSync(join(tmpdir(), 'sa-caches-go-link-'));
    put(join(elsewhere, 'evil@v0.1.0/evil.go'), 'package evil\n');
    symlinkSync(elsewhere, join(h, 'go/pkg/mod/example.com'));
    expect(watch.check(() => false).map((f) => f.path.slice(h.length + 1))).toEqual([
      'go/pkg/mod/example.com/evil@v0.1.0',
    ]);
    put(join(elsewhere, 'evil@v0.2.0/evil.go'), 'package evil\n');
    expect(watch.check(() => false).map((f) => f.path.slice(h.length + 1))).toEqual([
      'go/pkg/mod/example.com/evil@v0.2.0',
    ]);
  });

  it("Maven: a downloaded jar changed removes its version folder; metadata rewrites, the project's own installs and new downloads are no change", () => {
    const h = home();
    const repo = join(h, '.m2/repository');
    const surefire = join(repo, 'org/apache/maven/plugins/maven-surefire-plugin/3.5.2');
    put(join(surefire, 'maven-surefire-plugin-3.5.2.jar'), 'PK jar');
    put(join(surefire, 'maven-surefire-plugin-3.5.2.pom'), '<project/>');
    put(
      join(surefire, '_remote.repositories'),
      'maven-surefire-plugin-3.5.2.jar>central=\nmaven-surefire-plugin-3.5.2.pom>central=\n',
    );
    put(join(repo, 'org/apache/maven/plugins/maven-surefire-plugin/maven-metadata-central.xml'), '<metadata/>');
    // A seeded repository (no _remote.repositories, as on this machine), and the project's own installed artifact.
    const seeded = join(repo, 'junit/junit/4.13.2');
    put(join(seeded, 'junit-4.13.2.jar'), 'PK junit');
    put(join(seeded, 'junit-4.13.2.pom'), '<project/>');
    const own = join(repo, 'com/acme/app/1.0');
    put(join(own, 'app-1.0.jar'), 'PK app');
    put(join(own, 'app-1.0.pom'), '<project/>');
    put(join(own, '_remote.repositories'), 'app-1.0.jar>=\napp-1.0.pom>=\n');
    // A snapshot dependency downloaded from a team repository: a newer one is downloaded into the same folder.
    const snapshot = join(repo, 'com/acme/shared/2.0-SNAPSHOT');
    put(join(snapshot, 'shared-2.0-20240101.120000-1.jar'), 'PK shared');
    put(join(snapshot, 'shared-2.0-SNAPSHOT.pom'), '<project/>');
    put(join(snapshot, '_remote.repositories'), 'shared-2.0-20240101.120000-1.jar>team=\n');
    const watch = watchOf(h);
    // An honest build: metadata and resolver files rewritten, the project installed again, a new dependency downloaded.
    writeFileSync(join(repo, 'org/apache/maven/plugins/maven-surefire-plugin/maven-metadata-central.xml'), '<m2/>');
    writeFileSync(join(surefire, '_remote.repositories'), '#updated\nmaven-surefire-plugin-3.5.2.jar>central=\n');
    put(join(surefire, 'maven-surefire-plugin-3.5.3.jar.lastUpdated'), 'x');
    writeFileSync(join(own, 'app-1.0.jar'), 'PK app, built again');
    put(join(snapshot, 'shared-2.0-20240102.120000-2.jar'), 'PK shared, newer');
    const fresh = join(repo, 'org/slf4j/slf4j-api/2.0.9');
    put(join(fresh, 'slf4j-api-2.0.9.jar'), 'PK slf4j');
    put(join(fresh, 'slf4j-api-2.0.9.pom'), '<project/>');
    expect(watch.check(() => false)).toEqual([]);
    expect(existsSync(fresh)).toBe(true);
    // The plugin's jar replaced, with its _remote.repositories made to look installed: removed all the same.
    writeFileSync(join(surefire, 'maven-surefire-plugin-3.5.2.jar'), 'PK planted');
    writeFileSync(join(surefire, '_remote.repositories'), 'maven-surefire-plugin-3.5.2.jar>=\n');
    // The seeded jar and the newly downloaded one changed too: compared from the check that first saw them.
    appendFileSync(join(seeded, 'junit-4.13.2.jar'), ' planted');
    appendFileSync(join(fresh, 'slf4j-api-2.0.9.jar'), ' planted');
    const found = watch.check(() => false);
    expect(found.map((f) => [f.cache, f.path, f.created, f.result])).toEqual([
      ['maven', seeded, false, 'restored'],
      ['maven', surefire, false, 'restored'],
      ['maven', fresh, false, 'restored'],
    ]);
    expect(found[0]?.detail).toMatch(/downloads it again/);
    for (const gone of [surefire, seeded, fresh]) expect(existsSync(gone)).toBe(false);
    expect(existsSync(join(own, 'app-1.0.jar'))).toBe(true);
    expect(existsSync(snapshot)).toBe(true);
    expect(watch.check(() => false)).toEqual([]);
  });

  it.skipIf(!hasGo())(
    'Go, with the real go command: a planted module does not run, and the honest build works again offline',
    () => {
      const h = mkdtempSync(join(tmpdir(), 'sa-caches-go-'));
      const proxy = join(h, 'proxy/example.com/greet/@v');
      put(join(h, 'z/example.com/greet@v1.0.0/go.mod'), 'module example.com/greet\n\ngo 1.19\n');
      put(join(h, 'z/example.com/greet@v1.0.0/greet.go'), 'package greet\n\nfunc Hello() string { return "hello" }\n');
      mkdirSync(proxy, { recursive: true });
      execFileSync('python3', [
        '-c',
        'import sys, zipfile, os\nz = zipfile.ZipFile(sys.argv[1], "w")\nfor f in ("go.mod", "greet.go"): z.write(os.path.join(sys.argv[2], f), "example.com/greet@v1.0.0/" + f)\nz.close()',
        join(proxy, 'v1.0.0.zip'),
        join(h, 'z/example.com/greet@v1.0.0'),
      ]);
      writeFileSync(join(proxy, 'v1.0.0.mod'), 'module example.com/greet\n\ngo 1.19\n');
      writeFileSync(join(proxy, 'v1.0.0.info'), '{"Version":"v1.0.0","Time":"2024-01-01T00:00:00Z"}');
      writeFileSync(join(proxy, 'list'), 'v1.0.0\n');
      const app = join(h, 'app');
      put(join(app, 'go.mod'), 'module example.com/app\n\ngo 1.19\n\nrequire example.com/greet v1.0.0\n');
      put(
        join(app, 'main.go'),
        'package main\n\nimport "example.com/greet"\n\nfunc main() { println(greet.Hello()) }\n',
      );
      const env = {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: h,
        GOPATH: join(h, 'go'),
        GOCACHE: join(h, 'go-build'),
        GOTOOLCHAIN: 'local',
      };
      /** `go run .`: what it printed (println writes to stderr), or `failed:` and why. */
      const run = (more: Record<string, string>) => {
        const r = spawnSync('go', ['run', '.'], { cwd: app, env: { ...env, ...more }, encoding: 'utf8' });
        return r.status === 0 ? `${r.stdout}${r.stderr}` : `failed: ${r.stderr}`;
      };
      // The human's first build fills the module cache (go.sum written); later builds are offline.
      expect(run({ GOFLAGS: '-mod=mod', GOSUMDB: 'off', GOPROXY: `file://${join(h, 'proxy')}` })).toContain('hello');
      const offline = () => run({ GOPROXY: 'off' });
      const watch = new CacheCodeWatch(codeCaches(h, env));
      watch.accept();
      const mod = join(goModCacheDir(h, env), 'example.com/greet@v1.0.0');
      chmodSync(mod, 0o755);
      chmodSync(join(mod, 'greet.go'), 0o644);
      writeFileSync(join(mod, 'greet.go'), 'package greet\n\nfunc Hello() string { return "PLANTED" }\n');
      // The route is real: the next build compiles the planted file as it is.
      expect(offline()).toMatch(/^PLANTED$/m);
      expect(watch.check(() => false).map((f) => f.cache)).toEqual(['go-modules']);
      // Extracted again from the zip, which Go hashed and checked against go.sum: the human's code, offline.
      expect(offline()).toMatch(/^hello$/m);
      watch.accept();
      // The zip itself replaced by one that holds the planted code: Go refuses it once its ziphash is gone.
      const zip = join(goModCacheDir(h, env), 'cache/download/example.com/greet/@v/v1.0.0.zip');
      const honestZip = readFileSync(zip);
      writeFileSync(
        join(h, 'z/example.com/greet@v1.0.0/greet.go'),
        'package greet\n\nfunc Hello() string { return "PLANTED" }\n',
      );
      execFileSync('python3', [
        '-c',
        'import sys, zipfile, os\nz = zipfile.ZipFile(sys.argv[1], "w")\nfor f in ("go.mod", "greet.go"): z.write(os.path.join(sys.argv[2], f), "example.com/greet@v1.0.0/" + f)\nz.close()',
        zip,
        join(h, 'z/example.com/greet@v1.0.0'),
      ]);
      removeTree(mod);
      expect(offline()).toMatch(/^PLANTED$/m);
      removeTree(mod);
      expect(watch.check(() => false).map((f) => f.cache)).toEqual(['go-zip-hash']);
      const refused = offline();
      expect(refused).toMatch(/SECURITY ERROR|checksum mismatch/);
      expect(refused).not.toMatch(/PLANTED\n/);
      // The honest zip back: the human's build works again, offline.
      writeFileSync(zip, honestZip);
      expect(offline()).toMatch(/^hello$/m);
      removeTree(h);
    },
    60_000,
  );

  it('a same-size edit whose mtime is set back (touch -r) is still a change', async () => {
    const h = home();
    const watch = watchOf(h);
    const buildRs = join(h, '.cargo/registry/src/index.crates.io-6f17d22bba15001f/serde-1.0.0/build.rs');
    const before = statSync(buildRs);
    const ref = join(h, 'ref');
    execFileSync('touch', ['-r', buildRs, ref]);
    // The ctime a write leaves is in whole clock ticks: let one pass so that the write's ctime differs.
    await new Promise((r) => setTimeout(r, 20));
    writeFileSync(buildRs, 'fn main(){}\n\n'.slice(0, before.size));
    execFileSync('touch', ['-r', ref, buildRs]);
    expect(statSync(buildRs).size).toBe(before.size);
    expect(statSync(buildRs).mtimeMs).toBe(before.mtimeMs);
    expect(watch.check(() => false).map((f) => f.cache)).toEqual(['cargo-src']);
  });

  it.skipIf(!canRunAsNobody())(
    "a read-only tree (Go's 0555 folders) is removed by a user who is not root, where a plain rm fails",
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'sa-caches-ro-'));
      put(join(dir, 't/example.com/greet@v1.0.0/sub/greet.go'), 'package greet\n');
      execFileSync('chown', ['-R', 'nobody', dir]);
      chmodSync(dir, 0o777);
      for (const d of ['t/example.com/greet@v1.0.0/sub', 't/example.com/greet@v1.0.0']) chmodSync(join(dir, d), 0o555);
      const target = join(dir, 't/example.com/greet@v1.0.0');
      const code = `import('${join(import.meta.dirname, 'cache-code-watch.ts')}').then((m) => { const fs = require('node:fs'); try { fs.rmSync('${target}', { recursive: true, force: true }); console.log('rm: removed'); } catch (e) { console.log('rm: ' + e.code); } m.removeTree('${target}'); console.log('removeTree: ' + (fs.existsSync('${target}') ? 'left' : 'removed')); })`;
      const r = spawnSync('runuser', ['-u', 'nobody', '--', SYSTEM_NODE, '--import', 'tsx', '-e', code], {
        cwd: join(import.meta.dirname, '../..'),
        encoding: 'utf8',
      });
      expect(`${r.stdout}${r.stderr}`).toContain('rm: EACCES');
      expect(r.stdout).toContain('removeTree: removed');
      removeTree(dir);
    },
  );

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
      playwright: '/home/dev/.cache/ms-playwright',
    });
    // PLAYWRIGHT_BROWSERS_PATH=0 keeps the browsers inside node_modules (with the installed packages): no cache here.
    expect(roots({ PLAYWRIGHT_BROWSERS_PATH: '/opt/pw' }).playwright).toBe('/opt/pw');
    expect(roots({ PLAYWRIGHT_BROWSERS_PATH: '0' }).playwright).toBeUndefined();
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
      playwright: '/c/ms-playwright',
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
