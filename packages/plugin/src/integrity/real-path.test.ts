// Where a path really leads, on real links: a linked folder, a dangling link, a file still to be created under a
// linked folder, and a loop (which cannot be told, and says so).
import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { realTarget } from './real-path.js';

const project = () => {
  const d = realpathSync(mkdtempSync(join(tmpdir(), 'sa-real-')));
  mkdirSync(join(d, '.opencode'));
  writeFileSync(join(d, '.opencode/opencode-semantic-anchors.yaml'), 'version: 1\n');
  return d;
};

describe('the real path of a tool path', () => {
  it('leads through a link to a folder', () => {
    const d = project();
    symlinkSync('.opencode', join(d, 'cfg'));
    expect(realTarget('cfg/opencode-semantic-anchors.yaml', d)).toBe(
      join(d, '.opencode/opencode-semantic-anchors.yaml'),
    );
  });
  it('leads to a file still to be created under a linked folder', () => {
    const d = project();
    symlinkSync(join(d, '.opencode'), join(d, 'cfg'));
    expect(realTarget(join(d, 'cfg/plugins/evil.js'), d)).toBe(join(d, '.opencode/plugins/evil.js'));
  });
  it('follows a dangling link to where it points, as a write would', () => {
    const d = project();
    symlinkSync(join(d, '.opencode/plugins/new.js'), join(d, 'notes.js'));
    expect(realTarget('notes.js', d)).toBe(join(d, '.opencode/plugins/new.js'));
  });
  it('is undefined for a path that is already real', () => {
    const d = project();
    expect(realTarget('src/app.ts', d)).toBeUndefined();
  });
  it('cannot tell through a loop of links, and says so', () => {
    const d = project();
    symlinkSync(join(d, 'b'), join(d, 'a'));
    symlinkSync(join(d, 'a'), join(d, 'b'));
    const problems: string[] = [];
    expect(realTarget('a/x', d, (p) => problems.push(p))).toBeUndefined();
    expect(problems[0]).toContain('cannot tell where');
  });
});
