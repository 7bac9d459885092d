// The watched set on real files: stat first, content only when stat moved; new files in protected folders; links
// followed; git's own config writes told apart from settings that run later; the bounds said.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { globBase } from './walk.js';
import { WatchSet } from './watch-set.js';
import type { WatchPattern } from './watch-list.js';

const dir = () => mkdtempSync(join(tmpdir(), 'sa-watch-'));
const w = (pattern: string, rank = 0): WatchPattern => ({ pattern, from: 'test', rank });
const put = (path: string, text: string) => {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
};

describe('the watched set', () => {
  it('sees a changed file, and not a file rewritten with the same bytes or only touched', () => {
    const d = dir();
    const file = join(d, 'rules.yaml');
    put(file, 'version: 1\n');
    const set = new WatchSet([w(file)]);
    writeFileSync(file, 'version: 1\n');
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    expect(set.changes()).toEqual([]);
    writeFileSync(file, 'version: 1\ncontracts: []\n');
    const [change] = set.changes();
    expect(change).toMatchObject({ path: file, kind: 'modified' });
    expect(change!.before.bytes?.toString()).toBe('version: 1\n');
  });

  it('sees a file appear in a protected folder, also in a folder created after the set was built', () => {
    const d = dir();
    put(join(d, '.opencode/plugins/ours.js'), 'x');
    const set = new WatchSet([w(join(d, '.opencode/plugins/**')), w(join(d, '.opencode/tool/**'))]);
    put(join(d, '.opencode/plugins/evil.js'), 'evil');
    put(join(d, '.opencode/plugins/deep/er/evil.js'), 'evil');
    put(join(d, '.opencode/tool/evil.ts'), 'evil');
    const created = set
      .changes()
      .filter((c) => c.kind === 'created')
      .map((c) => c.path)
      .sort();
    expect(created).toEqual(
      [
        join(d, '.opencode/plugins/deep/er/evil.js'),
        join(d, '.opencode/plugins/evil.js'),
        join(d, '.opencode/tool/evil.ts'),
      ].sort(),
    );
  });

  it('sees a protected file that was deleted, or created where none was', () => {
    const d = dir();
    put(join(d, 'a.json'), '{}');
    const set = new WatchSet([w(join(d, 'a.json')), w(join(d, 'b.json'))]);
    rmSync(join(d, 'a.json'));
    put(join(d, 'b.json'), '{"plugin":[]}');
    expect(set.changes().map((c) => [c.path, c.kind])).toEqual([
      [join(d, 'a.json'), 'deleted'],
      [join(d, 'b.json'), 'created'],
    ]);
  });

  it('sees a file replaced by a link, even one that leads to the same bytes', () => {
    const d = dir();
    put(join(d, 'rules.yaml'), 'same');
    put(join(d, 'elsewhere.yaml'), 'same');
    const set = new WatchSet([w(join(d, 'rules.yaml'))]);
    rmSync(join(d, 'rules.yaml'));
    symlinkSync(join(d, 'elsewhere.yaml'), join(d, 'rules.yaml'));
    expect(set.changes().map((c) => c.kind)).toEqual(['modified']);
  });

  it('follows links: a write through the link to what a protected path leads to is a change', () => {
    const d = dir();
    put(join(d, 'dotfiles/gitconfig'), '[user]\n\tname = me\n');
    symlinkSync(join(d, 'dotfiles/gitconfig'), join(d, '.gitconfig'));
    const set = new WatchSet([w(join(d, '.gitconfig'))]);
    writeFileSync(join(d, 'dotfiles/gitconfig'), '[user]\n\tname = me\n[alias]\n\tx = !sh evil.sh\n');
    expect(set.changes().map((c) => c.path)).toEqual([join(d, '.gitconfig')]);
  });

  it("takes git's own config writes for no change, and a setting that runs later for one", () => {
    const d = dir();
    const config = join(d, '.git/config');
    put(config, '[core]\n\tbare = false\n');
    const set = new WatchSet([w(config)]);
    writeFileSync(config, '[core]\n\tbare = false\n[user]\n\temail = dev@example.com\n');
    expect(set.changes()).toEqual([]);
    writeFileSync(config, '[core]\n\tbare = false\n\thooksPath = /tmp/h\n[user]\n\temail = dev@example.com\n');
    expect(set.changes().map((c) => c.path)).toEqual([config]);
  });

  it('sees a mode change (a hook made executable)', () => {
    const d = dir();
    put(join(d, 'hooks/pre-commit.sample'), '#!/bin/sh\n');
    const set = new WatchSet([w(join(d, 'hooks/**'))]);
    chmodSync(join(d, 'hooks/pre-commit.sample'), 0o755);
    expect(set.changes().map((c) => c.kind)).toEqual(['modified']);
  });

  it("leaves the plugin's own decision log alone", () => {
    const d = dir();
    const set = new WatchSet([w(join(d, '.opencode/**'))]);
    put(join(d, '.opencode/semantic-anchors-decisions.jsonl'), '{}\n');
    put(join(d, '.opencode/semantic-anchors-decisions.1.jsonl'), '{}\n');
    expect(set.changes()).toEqual([]);
  });

  it('keeps within its bounds and says what it left out', () => {
    const d = dir();
    for (let i = 0; i < 12; i++) put(join(d, `pkg/f${i}.js`), 'x'.repeat(100));
    put(join(d, 'big.bin'), 'y'.repeat(5000));
    const set = new WatchSet([w(join(d, 'big.bin')), w(join(d, 'pkg/**'))], {
      files: 10,
      hashBytes: 1_000_000,
      keepBytes: 2000,
      keepEach: 1000,
    });
    expect(set.summary()).toMatchObject({ files: 10, skipped: 3, notKept: 1 });
  });

  it('looks at installed packages in turns: a change there is seen within a few checks, and at once by a full check', () => {
    const d = dir();
    for (let i = 0; i < 300; i++) put(join(d, `.opencode/node_modules/pkg/f${i}.js`), `export const x = ${i};\n`);
    const set = new WatchSet([w(join(d, '.opencode/node_modules/**'))]);
    writeFileSync(join(d, '.opencode/node_modules/pkg/f250.js'), 'evil();\n');
    let seenAfter = 0;
    for (let check = 1; check <= 4 && seenAfter === 0; check++) if (set.changes().length > 0) seenAfter = check;
    expect(seenAfter).toBeGreaterThan(0);
    const again = new WatchSet([w(join(d, '.opencode/node_modules/**'))]);
    writeFileSync(join(d, '.opencode/node_modules/pkg/f299.js'), 'evil();\n');
    expect(again.changes(true).map((c) => c.path)).toEqual([join(d, '.opencode/node_modules/pkg/f299.js')]);
  });

  it('reads nothing at the start when deferred, and everything before any check', () => {
    const d = dir();
    put(join(d, '.opencode/node_modules/pkg/index.js'), 'x');
    put(join(d, '.opencode/rules.yaml'), 'version: 1\n');
    const set = new WatchSet(
      [w(join(d, '.opencode/rules.yaml')), w(join(d, '.opencode/node_modules/**'))],
      undefined,
      true,
    );
    expect(set.building).toBe(true);
    // What the disk holds when the set is first used is the truth: a change before then is no change.
    put(join(d, '.opencode/rules.yaml'), 'version: 1\ncontracts: []\n');
    expect(set.changes()).toEqual([]);
    expect(set.building).toBe(false);
    expect(set.summary().files).toBe(2);
    put(join(d, '.opencode/rules.yaml'), 'version: 1\n');
    expect(set.changes().map((c) => c.kind)).toEqual(['modified']);
  });

  it('reads a deferred set before answering whether it watches a path', () => {
    const d = dir();
    put(join(d, '.opencode/rules.yaml'), 'version: 1\n');
    const set = new WatchSet([w(join(d, '.opencode/rules.yaml'))], undefined, true);
    expect(set.has(join(d, '.opencode/rules.yaml'))).toBe(true);
    expect(set.building).toBe(false);
  });

  it('finds the folder a glob lives under', () => {
    expect(globBase('/a/b/**')).toBe('/a/b');
    expect(globBase('/a/.opencode/semantic-anchors-decisions*.jsonl')).toBe('/a/.opencode');
    expect(globBase('/a/b/c.json')).toBe('/a/b/c.json');
  });
});
