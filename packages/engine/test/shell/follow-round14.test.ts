// Blind round 14 (issue 17): what an ordinary agent writes. A branch its known test or argument decides, make's
// command-line variables, the files a listing command prints (xargs, $(…)), what printf writes from unknown words,
// a script's own arguments (sys.argv). Each with the honest use beside it.
import { describe, expect, it } from 'vitest';
import { parseShell } from '../../src/shell/index.js';
import { runs, written } from './follow-helpers.js';

const effects = (source: string, context?: Parameters<typeof parseShell>[2]) =>
  parseShell(source, undefined, context).effects.map((e) => `${e.kind} ${e.path}`);

describe('a branch a known value decides runs alone', () => {
  it("a script's case on its first argument runs the arm the argument picks", () => {
    const script = { 'scripts/pkg.sh': 'case "${1:-}" in\n  publish) npm publish ;;\n  pack) npm pack ;;\nesac\n' };
    expect(runs('bash scripts/pkg.sh pack', written(script))).toEqual(['bash scripts/pkg.sh pack', 'npm pack']);
    expect(runs('bash scripts/pkg.sh publish', written(script))).toContain('npm publish');
    // an argument not known: every arm is judged
    expect(runs('bash scripts/pkg.sh "$WHAT"', written(script))).toEqual(
      expect.arrayContaining(['npm publish', 'npm pack']),
    );
  });
});

describe("make's VAR=value words override the makefile's variables", () => {
  const makefile = { Makefile: 'BRANCH ?= main\n\npush:\n\tgit push --force origin $(BRANCH)\n' };
  it('the value on the command line is what the recipe gets; without it, the default', () => {
    expect(runs('make push BRANCH=feat/cart', written(makefile))).toContain('git push --force origin feat/cart');
    expect(runs('make push', written(makefile))).toContain('git push --force origin main');
  });
  it('?= keeps a value set before it; = and := are overridden by the command line too', () => {
    const mk = { Makefile: 'B := main\nB ?= other\n\npush:\n\tgit push -f origin $(B)\n' };
    expect(runs('make push', written(mk))).toContain('git push -f origin main');
    expect(runs('make push B=feat/x', written(mk))).toContain('git push -f origin feat/x');
  });
});

describe('the files a listing command prints are files below its folder', () => {
  it('xargs given grep -rl, find or git ls-files writes below the folder they list', () => {
    expect(effects("grep -rl old src/ | xargs sed -i 's/old/new/'")).toContain('write src/**');
    expect(effects("find src -name '*.ts' -print0 | xargs -0 sed -i 's/a/b/'")).toContain('write src/**/*.ts');
    expect(effects("git ls-files docs | xargs sed -i 's/a/b/'")).toContain('write docs/**');
  });
  it('$(grep -rl …) as the words of a command is the same', () => {
    expect(effects("sed -i 's/old/new/' $(grep -rl old src/)")).toContain('write src/**');
  });
  it('a grep that prints lines, not file names, lists nothing; nor does git ls-files --others', () => {
    expect(effects("grep -r old src/ | xargs sed -i 's/old/new/'")).not.toContain('write src/**');
    expect(effects('git ls-files --others | xargs rm -f')).not.toContain('delete ./**');
  });
});

describe('printf and echo into a file from unknown words', () => {
  it('the known text is written, each unknown word as a value computed at run time', () => {
    const [write] = parseShell(`printf 'machine h login %s password %s\\n' "$U" "$T" >> .netrc`).effects;
    expect(write?.content).toBe('machine h login $\u0000 password $\u0000\n');
  });
  it('what a pipe gives a shell stays unknown', () => {
    expect(runs(`printf 'git push -f origin %s\\n' "$B" | sh`)).not.toContain('git push -f origin $\u0000');
  });
});

describe("a script's own arguments", () => {
  it("Python's sys.argv[1] and Node's process.argv[2] are the words it was given", () => {
    const py = { 'ingest.py': "import sys\nopen(sys.argv[1], 'w').write('x')\n" };
    expect(effects('python3 ingest.py data/raw/e.csv', written(py))).toContain('write data/raw/e.csv');
    const js = { 'w.mjs': "import { writeFileSync } from 'node:fs';\nwriteFileSync(process.argv[2], 'x');\n" };
    expect(effects('node w.mjs data/raw/e.csv', written(js))).toContain('write data/raw/e.csv');
  });
});
