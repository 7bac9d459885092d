// Blind round 10 (issue 17): idiomatic multi-line shell that assembles the action, followed by behaviour. Each with
// the honest use beside it.
import { describe, expect, it } from 'vitest';
import { parseShell } from '../../src/shell/index.js';
import { files, runs } from './follow-helpers.js';

describe('the first command of an a || b list assigns for sure', () => {
  it("read -r -d '' of a heredoc, kept by || true, is the heredoc's text", () => {
    const src = "read -r -d '' CMD <<'EOF' || true\ngit branch -D feat/old\nEOF\neval \"$CMD\"";
    expect(runs(src)).toContain('git branch -D feat/old');
  });
  it('what a later command of the list assigns stays unknown', () => {
    expect(runs('false && B=main || true; git push -f origin "$B"')).not.toContain('git push -f origin main');
    expect(runs('B=feat || B=main; git push -f origin "$B"')).not.toContain('git push -f origin main');
    expect(runs('B=feat || B=main; git push -f origin "$B"')).not.toContain('git push -f origin feat');
  });
});

describe('a template literal or an f-string of known names is the literal it spells', () => {
  it('node -e: a template string into execSync, its ${name} a const given a literal', () => {
    const src =
      'node -e \'const { execSync } = require("child_process"); const rest = "reset --hard"; execSync(`git ${rest}`)\'';
    expect(runs(src)).toContain('git reset --hard');
  });
  it('python: an f-string of a name given a literal, run by subprocess', () => {
    const src = 'python3 -c \'import subprocess; b = "main"\nsubprocess.run(f"git push -f origin {b}", shell=True)\'';
    expect(runs(src)).toContain('git push -f origin main');
  });
  it('an interpolation that is not a known name is a value not known (round 40: the rest of the command is)', () => {
    const src = 'node -e \'const { execSync } = require("child_process"); execSync(`git ${process.argv[1]}`)\'';
    expect(runs(src)).toContain('git $__one_liner_value');
    const py = 'python3 -c \'import subprocess, sys\nsubprocess.run(f"git push -f origin {sys.argv[1]}", shell=True)\'';
    expect(runs(py)).not.toContain('git push -f origin main');
  });
});

describe("a function's input is the call's", () => {
  it("append() { cat >> f; }; append <<'EOF': the body's cat reads the heredoc", () => {
    const src = "run() { sh; }\nrun <<'EOF'\ngit push -f origin main\nEOF";
    expect(runs(src)).toContain('git push -f origin main');
    expect(runs('run() { sh; }\necho "git push -f origin main" | run')).toContain('git push -f origin main');
  });
  it('a function whose first command does not read keeps the input from the rest', () => {
    expect(runs("run() { echo hi; sh; }\nrun <<'EOF'\ngit push -f origin main\nEOF")).not.toContain(
      'git push -f origin main',
    );
  });
});

describe('a positional parameter with a default is read when the words are known', () => {
  it('${1:?msg} and ${1:-d} of a known argument, ${1:-d} of a missing one', () => {
    expect(runs('set -- production\nns="${1:?namespace}"\necho "$ns"')).toContain('echo production');
    expect(runs('set --\necho "${1:-production}"')).toContain('echo production');
    expect(runs('set -- staging\necho "${1:-production}"')).toContain('echo staging');
  });
  it('${1:+x} gives x only when the argument is there; no colon and an empty argument stay unknown', () => {
    expect(runs('set -- a\necho "${1:+yes}"')).toContain('echo yes');
    expect(runs('set --\necho "${1:+yes}"')).toContain('echo ');
    expect(runs('set --\necho "${1-production}"')).not.toContain('echo production');
  });
});

describe("an interpreter's program read from stdin or a written file is its input", () => {
  const input = (source: string, context = {}) =>
    parseShell(source, undefined, context).commands.find((c) => c.program === 'python3' || c.program === 'node')?.input;
  const CODE = "import boto3\nboto3.client('s3').delete_bucket(Bucket='b')\n";
  it('python3 - <<PY and node < f: the code, for run.text', () => {
    expect(input(`python3 - <<'PY'\n${CODE}PY`)?.text).toContain('delete_bucket(');
    expect(input('node < /tmp/x.js', { file: files({ '/tmp/x.js': 'fetch("https://x.io")\n' }) })?.text).toContain(
      'fetch(',
    );
  });
  it('python3 f.py of a file the session wrote; of one it did not, nothing', () => {
    expect(input('python3 /tmp/x.py', { file: files({ '/tmp/x.py': CODE }) })?.text).toContain('delete_bucket(');
    expect(input('python3 /tmp/other.py', { file: files({ '/tmp/x.py': CODE }) })).toBeUndefined();
  });
  it('python3 -c keeps its code among the words, not as input', () => {
    expect(input(`python3 -c "print(1)" <<< 'data'`)).toBeUndefined();
  });
});

describe('sed -i -f of a script file the session wrote writes its replacements', () => {
  const content = (source: string, context = {}) =>
    parseShell(source, undefined, context).effects.find((e) => e.path.endsWith('t.test.ts'))?.content;
  it('the script file written in the same call or earlier', () => {
    expect(content("printf '%s\\n' 's/it(/it.only(/' > /tmp/f.sed && sed -i -f /tmp/f.sed t.test.ts")).toContain(
      'it.only(',
    );
    expect(content('sed -i -f /tmp/f.sed t.test.ts', { file: files({ '/tmp/f.sed': 's/a/fit(/\n' }) })).toContain(
      'fit(',
    );
  });
  it('a script file not known gives no content', () => {
    expect(content('sed -i -f /tmp/none.sed t.test.ts')).toBeUndefined();
  });
});

describe('ruby -pi writes the replacement strings of its sub/gsub', () => {
  const content = (source: string) => parseShell(source).effects.find((e) => e.path === 't.test.ts')?.content;
  it('gsub with a regex or a string pattern, single or double quoted replacement', () => {
    expect(content(`ruby -pi -e 'gsub(/\\bit\\(/, "it.only(")' t.test.ts`)).toBe('it.only(');
    expect(content(`ruby -pi -e "\\$_.sub!('it(', 'fit(')" t.test.ts`)).toBe('fit(');
  });
  it('code with no sub/gsub gives no content', () => {
    expect(content(`ruby -pi -e 'puts 1' t.test.ts`)).toBeUndefined();
  });
});

describe('git rev-parse --show-toplevel where the call starts is the top: .', () => {
  it('a variable set to it, then rm -rf "${ROOT:?}"/* removes ./*', () => {
    expect(runs('ROOT="$(git rev-parse --show-toplevel)"\nrm -rf "${ROOT:?}"/*')).toContain('rm -rf ./*');
    expect(runs('ROOT="$(git rev-parse --show-toplevel)"\nrm -rf "$ROOT"/dist')).toContain('rm -rf ./dist');
  });
  it('after a cd elsewhere the top is not known', () => {
    expect(runs('cd /tmp && ROOT="$(git rev-parse --show-toplevel)" && rm -rf "$ROOT"/*')).not.toContain('rm -rf ./*');
  });
});

describe('a Python read-replace-write through a Path held by a name writes the replacement texts', () => {
  const write = (source: string) => parseShell(source).effects.find((e) => e.kind === 'write');
  it("p = Path('f'); p.write_text(p.read_text().replace('a', 'b')): f is written with b", () => {
    const e = write(
      `python3 -c "import pathlib; p=pathlib.Path('t.test.ts'); p.write_text(p.read_text().replace('it(', 'it.only('))"`,
    );
    expect(e?.path).toBe('t.test.ts');
    expect(e?.content).toBe('it.only(');
  });
  it('a name bound twice is not known', () => {
    const src = `python3 -c "from pathlib import Path; p=Path('a.ts'); p=Path('b.ts'); p.write_text('x')"`;
    expect(write(src)?.path).toBeUndefined();
  });
});

describe('a function the same source calls later is judged at its calls only', () => {
  it('its parameters are the call words: no walk of the body with $1 unknown', () => {
    expect(runs('f() { cp t "docs/adr/0014-$1.md"; }\nf use-kafka')).toEqual([
      'f use-kafka',
      'cp t docs/adr/0014-use-kafka.md',
    ]);
  });
  it('still read where written when never called, when only named in a string, or when functions are exported', () => {
    expect(runs('f() { git push -f origin main; }\necho f')).toContain('git push -f origin main');
    expect(runs('f() { git push -f origin main; }; bash -c "f"')).toContain('git push -f origin main');
    expect(runs("f() { git push -f origin main; }\nexport -f f\nbash <<'EOF'\nf\nEOF")).toContain(
      'git push -f origin main',
    );
  });
});
