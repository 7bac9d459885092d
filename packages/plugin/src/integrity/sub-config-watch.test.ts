// opencode configuration in sub-folders of the project: existing ones are protect facts (found at load), a new one is
// removed after the call unless the human's bypass keeps it, node_modules, .git and build output are not searched,
// and a file tool's path tells whether a search is worth it. Real folders, no mocks.
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { protectFacts } from '../core/protection.js';
import { namesSubConfig, SubConfigFinder } from '../core/sub-configs.js';
import { SubConfigWatch } from './sub-config-watch.js';

function put(path: string, text = ''): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

function project(): string {
  const dir = mkdtempSync(join(tmpdir(), 'sa-sub-'));
  put(join(dir, '.opencode/opencode-semantic-anchors.yaml'), 'version: 1\n');
  put(join(dir, 'opencode.json'), '{}');
  put(join(dir, 'packages/app/src/index.ts'), 'export {};\n');
  put(join(dir, 'packages/api/.opencode/command/deploy.md'), 'Deploy\n');
  put(join(dir, 'packages/api/opencode.json'), '{}');
  put(join(dir, 'node_modules/pkg/.opencode/plugins/x.js'), '');
  put(join(dir, 'target/debug/build/.opencode/plugins/x.js'), '');
  return dir;
}

describe("opencode configuration in the project's sub-folders", () => {
  it("finds the sub-folders' .opencode and opencode.json, never the project's own, never inside node_modules or build output", () => {
    const dir = project();
    expect(new SubConfigFinder(dir).find().places.sort()).toEqual([
      join(dir, 'packages/api/.opencode'),
      join(dir, 'packages/api/opencode.json'),
    ]);
  });

  it('the ones that exist at load are protected like the project’s own (config folder, host file)', () => {
    const dir = project();
    const facts = protectFacts({ directory: dir, worktree: dir, home: join(dir, 'home'), env: {} }, []);
    expect(facts.configDirs).toContain(join(dir, 'packages/api/.opencode'));
    expect(facts.hostFiles).toContain(join(dir, 'packages/api/opencode.json'));
    expect(facts.hostFiles).toContain(join(dir, 'packages/api/.opencode/plugins/**'));
  });

  it('a new .opencode folder or opencode.json in a sub-folder is removed; the human’s bypass keeps it', () => {
    const dir = project();
    const watch = new SubConfigWatch(dir);
    watch.accept();
    put(join(dir, 'packages/app/.opencode/plugins/x.js'), 'export const X = async () => ({});\n');
    put(join(dir, 'packages/app/deep/er/opencode.jsonc'), '{ "plugin": ["./x.js"] }');
    put(join(dir, 'packages/app/src/more.ts'), 'export {};\n');
    const found = watch.check(() => false);
    expect(found.map((f) => [f.path, f.result]).sort()).toEqual([
      [join(dir, 'packages/app/.opencode'), 'restored'],
      [join(dir, 'packages/app/deep/er/opencode.jsonc'), 'restored'],
    ]);
    expect(existsSync(join(dir, 'packages/app/.opencode'))).toBe(false);
    expect(existsSync(join(dir, 'packages/app/src/more.ts'))).toBe(true);
    expect(existsSync(join(dir, 'packages/api/.opencode/command/deploy.md'))).toBe(true);
    put(join(dir, 'packages/web/opencode.json'), '{}');
    expect(watch.check(() => true)).toEqual([expect.objectContaining({ result: 'approved' })]);
    expect(watch.check(() => false)).toEqual([]);
  });

  it("a file tool's path names a sub-folder's configuration, or does not", () => {
    expect(namesSubConfig('/p/packages/app/.opencode/plugins/x.js', '/p')).toBe(true);
    expect(namesSubConfig('/p/packages/app/opencode.json', '/p')).toBe(true);
    expect(namesSubConfig('/p/packages/app/src/index.ts', '/p')).toBe(false);
    expect(namesSubConfig('/p/.opencode/x.md', '/p')).toBe(false);
    expect(namesSubConfig('/elsewhere/a/.opencode/x', '/p')).toBe(false);
  });
});
