// Blind round 10 (issue 17): idiomatic multi-line shell that assembles the action, followed by behaviour. Each with
// the honest use beside it.
import { describe, expect, it } from 'vitest';
import { runs } from './follow-helpers.js';

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
  it('an interpolation that is not a known name leaves the string unknown', () => {
    const src = 'node -e \'const { execSync } = require("child_process"); execSync(`git ${process.argv[1]}`)\'';
    expect(runs(src).some((r) => r.startsWith('git '))).toBe(false);
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
