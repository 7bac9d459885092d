// The paths a file tool opens, resolved through links before the engine judges them: writes, and reads too.
import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { realPathsOf } from './tool-paths.js';

const folder = () => realpathSync(mkdtempSync(join(tmpdir(), 'sa-tool-paths-')));
const quiet = () => undefined;

describe('the real paths of a file tool call', () => {
  it("a read through a link is judged at the link's target (a link the shell made to a process's environment)", () => {
    const d = folder();
    writeFileSync(join(d, 'secret.txt'), 'x');
    symlinkSync(join(d, 'secret.txt'), join(d, 'notes.txt'));
    expect(realPathsOf('read', { filePath: join(d, 'notes.txt') }, d, quiet)).toEqual({
      [join(d, 'notes.txt')]: join(d, 'secret.txt'),
    });
  });
  it("a read through /proc/<pid>/root leads back to the path it names (opencode's own environ)", () => {
    const given = `/proc/${process.pid}/root/proc/${process.pid}/environ`;
    expect(realPathsOf('read', { filePath: given }, '/', quiet)).toEqual({ [given]: `/proc/${process.pid}/environ` });
  });
  it('a plain read, and a tool that opens no file, give nothing to add', () => {
    const d = folder();
    writeFileSync(join(d, 'a.txt'), 'x');
    expect(realPathsOf('read', { filePath: join(d, 'a.txt') }, d, quiet)).toBeUndefined();
    expect(realPathsOf('webfetch', { url: 'http://example.com' }, d, quiet)).toBeUndefined();
  });
  it('a shell write through a link already on disk is judged where it lands; one with no link on the way is not', () => {
    const d = folder();
    mkdirSync(join(d, 'src', 'pricing'), { recursive: true });
    mkdirSync(join(d, 'docs'));
    symlinkSync('../src/pricing', join(d, 'docs', 'pricing-src'));
    expect(realPathsOf('bash', { command: 'tee docs/pricing-src/discount.ts < /tmp/d.ts' }, d, quiet)).toEqual({
      [join(d, 'docs', 'pricing-src', 'discount.ts')]: join(d, 'src', 'pricing', 'discount.ts'),
    });
    expect(realPathsOf('bash', { command: 'echo x > docs/notes.md && rm -rf docs/*.tmp' }, d, quiet)).toBeUndefined();
  });
});
