// A file rewritten through a computed text, the route round 9 left pending: awk's sub()/gsub() into a temp file then
// mv, perl -pe into a temp file then cp, and a python read-replace-write (through a name bound to a path). The text
// written is what the substitution makes of a known text, or at least the replacement it puts in.
import { describe, expect, it } from 'vitest';
import { COMPUTED_PIECE } from '../../src/shell/computed-piece.js';
import { parseShell } from '../../src/shell/index.js';
import { files } from './follow-helpers.js';

const TEST = "import { it } from 'vitest'\n  it('adds up', () => {})\n";
const ctx = { file: files({ '/w/t.test.ts': TEST }) };
const writes = (source: string) =>
  parseShell(`cd /w && ${source}`, undefined, ctx)
    .effects.filter((e) => e.kind === 'write' && e.path === '/w/t.test.ts')
    .map((e) => e.content);

describe('awk sub()/gsub() rewrites a known text line by line', () => {
  it('{sub(/re/,"x")}1 into a temp file, moved back', () => {
    expect(writes(`awk '{sub(/it\\(/,"it.only(")}1' t.test.ts > /tmp/x && mv /tmp/x t.test.ts`)).toEqual([
      "import { it } from 'vitest'\n  it.only('adds up', () => {})\n",
    ]);
  });
  it('gsub with print, & as the match, several calls in order', () => {
    expect(
      writes(
        `awk '{gsub(/adds/,"& and"); sub(/up/,"UP"); print}' t.test.ts > t.test.ts.new; mv t.test.ts.new t.test.ts`,
      ),
    ).toEqual(["import { it } from 'vitest'\n  it('adds and UP', () => {})\n"]);
  });
  it('any other awk program leaves the text unknown, but for the replacements its sub() puts in', () => {
    expect(writes(`awk '{print length($1)}' t.test.ts > /tmp/x && mv /tmp/x t.test.ts`)).toEqual([undefined]);
    // Not computed whole (the condition is not followed): the known piece among a computed one (computed-piece.ts).
    expect(writes(`awk 'NR>1{sub(/it/,"x")}1' t.test.ts > /tmp/x && mv /tmp/x t.test.ts`)).toEqual([
      `${COMPUTED_PIECE}\nx\n`,
    ]);
  });
  it('of a text not known, the replacements are known: awk and sed into a temp file, moved over', () => {
    const over = (source: string) =>
      parseShell(source)
        .effects.filter((e) => e.kind === 'write' && e.path === 'a.test.ts')
        .map((e) => e.content);
    expect(
      over(`awk '{ sub(/describe\\("x"/, "describe.only(\\"x\\"") } 1' a.test.ts > /tmp/a && mv /tmp/a a.test.ts`),
    ).toEqual([`${COMPUTED_PIECE}\ndescribe.only("x"\n`]);
    expect(over(`sed 's/it(/it.only(/' a.test.ts > /tmp/a && mv /tmp/a a.test.ts`)).toEqual([
      `${COMPUTED_PIECE}\nit.only(\n`,
    ]);
    // sed -n … p prints only the lines it changed: their replacement is what is known of them.
    expect(over(`sed -n 's/it(/x/p' a.test.ts > /tmp/a && mv /tmp/a a.test.ts`)).toEqual([`${COMPUTED_PIECE}\nx\n`]);
    expect(over(`awk '{print length($1)}' a.test.ts > /tmp/a && mv /tmp/a a.test.ts`)).toEqual([undefined]);
  });
});

describe('perl -pe prints its input with the substitution', () => {
  it('into a temp file, copied back; a pattern that matches nothing prints the text as it is', () => {
    expect(writes(`perl -pe 's/it\\(/it.only(/' t.test.ts > /tmp/y; cp /tmp/y t.test.ts`)).toEqual([
      "import { it } from 'vitest'\n  it.only('adds up', () => {})\n",
    ]);
    expect(writes(`perl -pe 's/nomatch/x/' t.test.ts > /tmp/y; cp /tmp/y t.test.ts`)).toEqual([TEST]);
  });
});

describe('a python read-replace-write keeps the replacement as the written content', () => {
  it('through a name bound to pathlib.Path', () => {
    expect(
      writes(
        `python3 -c "import pathlib; p=pathlib.Path('t.test.ts'); p.write_text(p.read_text().replace('it(', 'it.only(', 1))"`,
      ),
    ).toEqual(['it.only(']);
  });
  it('through open().write() and a with block', () => {
    expect(
      writes(`python3 -c "open('t.test.ts','w').write(open('t.test.ts').read().replace('it(', 'it.only('))"`),
    ).toEqual(['it.only(']);
    const heredoc =
      "python3 - <<'EOF'\nwith open('t.test.ts') as f: s = f.read()\nwith open('t.test.ts', 'w') as f:\n    f.write(s.replace('it(', 'it.only('))\nEOF";
    expect(writes(heredoc)).toEqual(['it.only(']);
  });
  it('a literal write through a bound name is that literal', () => {
    expect(writes(`python3 -c "from pathlib import Path; f = Path('t.test.ts'); f.write_text('x = 1')"`)).toEqual([
      'x = 1',
    ]);
  });
});
