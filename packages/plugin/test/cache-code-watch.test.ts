// npx's cache of installed packages is writable for honest installs; an entry a call created or whose installed files
// it changed is removed after the call (npx installs it again from npm's checked store), while npm's own rewrite of
// an entry's lock files on every reuse is not a change. Real folders, no mocks.
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CacheCodeWatch, npmCacheDir } from '../src/integrity/cache-code-watch.js';

function npxCache(): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'sa-npx-')), '_npx');
  const entry = join(dir, 'abc123');
  mkdirSync(join(entry, 'node_modules/hello-tool'), { recursive: true });
  writeFileSync(join(entry, 'package-lock.json'), '{}');
  writeFileSync(join(entry, 'node_modules/.package-lock.json'), '{}');
  writeFileSync(join(entry, 'node_modules/hello-tool/bin.js'), 'console.log("hello");\n');
  return dir;
}

describe("npx's cache of installed packages", () => {
  it('an installed file changed by a call: the entry is removed', () => {
    const dir = npxCache();
    const watch = new CacheCodeWatch(dir);
    watch.accept();
    appendFileSync(join(dir, 'abc123/node_modules/hello-tool/bin.js'), 'require("fs").writeFileSync("/tmp/x", "");\n');
    const found = watch.check(() => false);
    expect(found).toEqual([expect.objectContaining({ path: join(dir, 'abc123'), created: false, result: 'restored' })]);
    expect(existsSync(join(dir, 'abc123'))).toBe(false);
  });

  it('a new entry made by a call is removed; npm rewriting its lock files on reuse is not a change', () => {
    const dir = npxCache();
    const watch = new CacheCodeWatch(dir);
    watch.accept();
    writeFileSync(join(dir, 'abc123/package-lock.json'), '{"again":true}');
    writeFileSync(join(dir, 'abc123/node_modules/.package-lock.json'), '{"again":true}');
    expect(watch.check(() => false)).toEqual([]);
    mkdirSync(join(dir, 'def456/node_modules/tool'), { recursive: true });
    writeFileSync(join(dir, 'def456/node_modules/tool/index.js'), '');
    expect(watch.check(() => false)).toEqual([expect.objectContaining({ path: join(dir, 'def456'), created: true })]);
    expect(existsSync(join(dir, 'def456'))).toBe(false);
    expect(existsSync(join(dir, 'abc123'))).toBe(true);
  });

  it("the human's bypass keeps it; npm's cache is found where npm_config_cache moves it", () => {
    const dir = npxCache();
    const watch = new CacheCodeWatch(dir);
    watch.accept();
    appendFileSync(join(dir, 'abc123/node_modules/hello-tool/bin.js'), '// more\n');
    expect(watch.check(() => true)).toEqual([expect.objectContaining({ result: 'approved' })]);
    expect(existsSync(join(dir, 'abc123'))).toBe(true);
    expect(npmCacheDir('/home/dev', {})).toBe('/home/dev/.npm');
    expect(npmCacheDir('/home/dev', { npm_config_cache: '/var/cache/npm' })).toBe('/var/cache/npm');
  });
});
