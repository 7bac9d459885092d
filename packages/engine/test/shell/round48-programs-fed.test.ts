// Blind round 48 (issue 17): what a program reads and what it runs. A splat of a literal list is its words
// (`['kubectl', *['-n', 'payments'], 'set', 'env', …]`), a program run as the interpreter's own path
// (`[sys.executable, '-m', 'twine', 'upload', …]`) is that interpreter, and an ed script's command behind a regex
// address (`/^describe(/s/^describe(/fdescribe(/`) still writes its replacement. Each beside its honest neighbour.
import { describe, expect, it } from 'vitest';
import { parseShell } from '../../src/shell/index.js';
import { runs } from './follow-helpers.js';

describe('lists a one-liner runs', () => {
  it('spreads a splat of a literal list into the words, in Python and JavaScript', () => {
    const model = parseShell(
      `python3 -c "import subprocess; subprocess.run(['kubectl', *['-n', 'pay'], 'rollout', 'restart', 'deploy/api'])"`,
    );
    const kubectl = model.commands.find((c) => c.program === 'kubectl');
    expect(kubectl?.positionals).toEqual(['rollout', 'restart', 'deploy/api']);
    expect(kubectl?.globals).toEqual([expect.objectContaining({ name: '-n', value: 'pay' })]);
    expect(
      runs(`node -e "require('child_process').execFileSync('git', ['push', ...['--force', 'origin'], 'main'])"`),
    ).toContain('git push --force origin main');
  });

  it('keeps a splat of a name unknown', () => {
    const model = parseShell(`python3 -c "import subprocess; subprocess.run(['git', 'push', *args, 'main'])"`);
    const push = model.commands.find((c) => c.program === 'git');
    expect(push?.argv).toEqual(['push', '$__one_liner_value', 'main']);
  });

  it('reads the interpreter’s own path as the interpreter', () => {
    const py = `python3 - <<'PY'\nimport subprocess, sys\nsubprocess.check_call([sys.executable, '-m', 'twine', 'upload', 'dist/*'])\nPY`;
    expect(runs(py)).toContain('twine upload dist/*');
    expect(runs(`python3 -c "import subprocess; subprocess.run([exe, '-m', 'twine', 'upload'])"`)).not.toContain(
      'twine upload',
    );
  });
});

describe('an ed script behind an address', () => {
  const written = (script: string): string | undefined =>
    parseShell(`ed -s src/app.spec.ts <<'EOF'\n${script}\nw\nq\nEOF`).effects.find((e) => e.kind === 'write')?.content;

  it('writes the replacement of a substitution behind a regex address or a global command', () => {
    expect(written('/^describe(/s/^describe(/fdescribe(/')).toContain('fdescribe(');
    expect(written('g/^describe(/s//fdescribe(/')).toContain('fdescribe(');
    expect(written('1,/^$/s/old/new/')).toContain('new');
  });

  it('writes nothing it does not say when the script only moves or prints', () => {
    expect(written('/^describe(/p')).toBeUndefined();
  });
});

// Blind round 49: R's file.path joins its parts (a path call among them), and write(x, file =) is cat's front end.
describe('a file R writes', () => {
  const effect = (code: string) => parseShell(`Rscript -e '${code}'`).effects.find((e) => e.kind !== 'read');

  it('joins file.path parts, a path call among them', () => {
    const e = effect('cat("GITHUB_PAT=x\\n", file = file.path(normalizePath("~/"), ".Renviron"), append = TRUE)');
    expect(e).toMatchObject({ kind: 'append', path: '~/.Renviron' });
    expect(effect('cat("a", file = file.path("reports", "out.txt"))')).toMatchObject({ path: 'reports/out.txt' });
  });

  it('reads write(x, file =, append =) as cat does', () => {
    expect(effect('write("R_LIBS_USER=~/R", file = "~/.Renviron", append = TRUE)')).toMatchObject({
      kind: 'append',
      path: '~/.Renviron',
      content: 'R_LIBS_USER=~/R',
    });
  });

  it('leaves a path it cannot join unknown', () => {
    expect(effect('cat("a", file = file.path(dir, "out.txt"))')?.path).not.toBe('out.txt');
  });
});
