// Undoing changes on real files: old bytes and mode back, new files removed, links put back or removed, and a
// clear reason when the content was not kept.
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { restore } from './restore.js';
import { WatchSet } from './watch-set.js';

const setUp = (files: Record<string, string>, patterns: string[]) => {
  const d = mkdtempSync(join(tmpdir(), 'sa-restore-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(d, name), text);
  const set = new WatchSet(patterns.map((p) => ({ pattern: join(d, p), from: 'test', rank: 0 })));
  const undo = () => set.changes().map((c) => restore(c, set.recordOf(c.path) ?? c.before));
  return { d, undo };
};

describe('restoring a protected file', () => {
  it('puts the old bytes back', () => {
    const { d, undo } = setUp({ 'rules.yaml': 'old' }, ['rules.yaml']);
    writeFileSync(join(d, 'rules.yaml'), 'new');
    expect(undo()).toEqual([{ ok: true, did: 'old bytes back' }]);
    expect(readFileSync(join(d, 'rules.yaml'), 'utf8')).toBe('old');
  });

  it('recreates a deleted file, even one whose write permission was taken away first', () => {
    const { d, undo } = setUp({ 'a.yaml': 'old', 'b.yaml': 'keep' }, ['a.yaml', 'b.yaml']);
    rmSync(join(d, 'a.yaml'));
    writeFileSync(join(d, 'b.yaml'), 'changed');
    chmodSync(join(d, 'b.yaml'), 0o444);
    expect(undo().every((r) => r.ok)).toBe(true);
    expect(readFileSync(join(d, 'a.yaml'), 'utf8')).toBe('old');
    expect(readFileSync(join(d, 'b.yaml'), 'utf8')).toBe('keep');
    expect(statSync(join(d, 'b.yaml')).mode & 0o777).toBe(0o644);
  });

  it('removes a new file from a protected folder', () => {
    const { d, undo } = setUp({}, ['**/*.js']);
    writeFileSync(join(d, 'evil.js'), 'x');
    expect(undo()).toEqual([{ ok: true, did: 'removed' }]);
    expect(existsSync(join(d, 'evil.js'))).toBe(false);
  });

  it('replaces a link put where the file was by the file, without touching what the link led to', () => {
    const { d, undo } = setUp({ 'rules.yaml': 'old', 'evil.yaml': 'evil' }, ['rules.yaml']);
    rmSync(join(d, 'rules.yaml'));
    symlinkSync(join(d, 'evil.yaml'), join(d, 'rules.yaml'));
    expect(undo()[0]?.ok).toBe(true);
    expect(lstatSync(join(d, 'rules.yaml')).isSymbolicLink()).toBe(false);
    expect(readFileSync(join(d, 'rules.yaml'), 'utf8')).toBe('old');
    expect(readFileSync(join(d, 'evil.yaml'), 'utf8')).toBe('evil');
  });

  it('says why when the content was not kept', () => {
    const d = mkdtempSync(join(tmpdir(), 'sa-restore-'));
    writeFileSync(join(d, 'big.bin'), 'x'.repeat(100));
    const set = new WatchSet([{ pattern: join(d, 'big.bin'), from: 'test', rank: 0 }], {
      files: 10,
      hashBytes: 1000,
      keepBytes: 10,
      keepEach: 10,
    });
    writeFileSync(join(d, 'big.bin'), 'y'.repeat(100));
    const [change] = set.changes();
    const r = restore(change!, set.recordOf(change!.path)!);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.why).toContain('not kept');
  });
});

describe('a protected folder bent out of shape', () => {
  it('a folder made unreadable and unwritable does not stop the check, and the file is restored', () => {
    const d = mkdtempSync(join(tmpdir(), 'sa-restore-'));
    mkdirSync(join(d, '.opencode'));
    writeFileSync(join(d, '.opencode/rules.yaml'), 'old');
    const set = new WatchSet([{ pattern: join(d, '.opencode/rules.yaml'), from: 'test', rank: 0 }]);
    writeFileSync(join(d, '.opencode/rules.yaml'), 'new');
    chmodSync(join(d, '.opencode'), 0o000);
    try {
      const [change] = set.changes();
      expect(change?.kind).toBe('modified');
      expect(restore(change!, set.recordOf(change!.path)!)).toMatchObject({ ok: true });
      expect(readFileSync(join(d, '.opencode/rules.yaml'), 'utf8')).toBe('old');
    } finally {
      chmodSync(join(d, '.opencode'), 0o755);
    }
  });
  it('a folder replaced by a file does not stop the check; the file is moved aside and the folder comes back', () => {
    const d = mkdtempSync(join(tmpdir(), 'sa-restore-'));
    mkdirSync(join(d, '.opencode'));
    writeFileSync(join(d, '.opencode/rules.yaml'), 'old');
    const set = new WatchSet([{ pattern: join(d, '.opencode/rules.yaml'), from: 'test', rank: 0 }]);
    rmSync(join(d, '.opencode'), { recursive: true });
    writeFileSync(join(d, '.opencode'), 'not a folder');
    const [change] = set.changes();
    expect(change?.kind).toBe('deleted');
    const r = restore(change!, set.recordOf(change!.path)!);
    expect(r.ok && r.did).toMatch(
      /^recreated \(.*\.opencode was not a folder any more: moved to .*\.opencode\.moved-by-semantic-anchors-\d+\)$/,
    );
    expect(readFileSync(join(d, '.opencode/rules.yaml'), 'utf8')).toBe('old');
  });
});
