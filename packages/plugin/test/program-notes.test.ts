// The bundle leaves out the program declarations' notes for readers (scripts/program-notes.ts): every `about` string,
// whatever its quotes or joins, and nothing else.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withoutNotes } from '../scripts/program-notes.js';

const programs = join(import.meta.dirname, '../../engine/src/shell/programs');

describe('program notes left out of the bundle', () => {
  it('empties an about string in single or double quotes, or joined by +, and keeps the rest', () => {
    expect(withoutNotes("{ names: ['x'], about: 'x: it\\'s a runner', options: {} }")).toBe(
      "{ names: ['x'], about: '', options: {} }",
    );
    expect(withoutNotes('about:\n    "a" +\n    \'b\',\n  runs: []')).toBe("about:\n    '',\n  runs: []");
    expect(withoutNotes('about: `${n} CMD`, x: 1')).toBe('about: `${n} CMD`, x: 1');
  });
  it('leaves each declaration file as TypeScript that still names every program', () => {
    for (const f of readdirSync(programs).filter((n) => n.endsWith('.ts'))) {
      const source = readFileSync(join(programs, f), 'utf8');
      const out = withoutNotes(source);
      expect(out.match(/names: \[/g)?.length ?? 0, f).toBe(source.match(/names: \[/g)?.length ?? 0);
      expect(out.length, f).toBeLessThanOrEqual(source.length);
    }
  });
});
