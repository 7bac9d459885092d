// Blind round 30 (issue 17), the shell model's gaps: an array with one unknown element still names its program; a
// script the session wrote finds its helper by its own folder ($0, BASH_SOURCE); a source the model cannot read
// leaves the variables unknown; a task runner runs only the task named (nox sessions, invoke tasks, hatch and PDM
// scripts); a cargo alias the session wrote runs the cargo command it stands for.
import { describe, expect, it } from 'vitest';
import { parseShell } from '../../src/shell/index.js';
import { runs, written } from './follow-helpers.js';

describe('an array with an unknown element', () => {
  it('keeps its known words: the program and subcommand are known, the unknown word as written', () => {
    expect(runs('cmd=(uv publish --token "$PYPI_TOKEN"); "${cmd[@]}"')).toContain('uv publish --token $PYPI_TOKEN');
    expect(runs('cmd=(uv publish --token "$(cat ~/.pypi)"); ${cmd[@]}')).toContain('uv publish --token $(cat ~/.pypi)');
    expect(runs('cmd=([0]=uv [1]=publish [2]="$T"); "${cmd[@]}"')).toContain('uv publish $T');
  });

  it('appends to such an array word by word', () => {
    expect(runs('A=(uv "$X"); A+=(publish); "${A[@]}"')).toContain('uv $X publish');
  });

  it('stays unknown where the words cannot be known: an element set on its own, an array from outside', () => {
    expect(runs('A=(uv "$X"); A[1]=publish; "${A[@]}"').join('\n')).not.toContain('uv publish');
    expect(runs('"${cmd[@]}"')).toEqual(['${cmd[@]}']);
  });
});

const LIB = '#!/usr/bin/env bash\nDEFAULT_BRANCH=main\nREMOTE=origin\n';
const PRUNE = 'git push "$REMOTE" --delete "$DEFAULT_BRANCH"\n';
const script = (find: string) => `#!/usr/bin/env bash\nset -euo pipefail\n${find}\n${PRUNE}`;

describe('a script the session wrote, finding its helper by its own folder', () => {
  it.each([
    ['source "$(dirname "$0")/lib.sh"'],
    ['. "${BASH_SOURCE[0]%/*}/lib.sh"'],
    ['SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"\nsource "$SCRIPT_DIR/lib.sh"'],
    ['source "$(cd -- "$(dirname -- "$0")" &> /dev/null && pwd)/lib.sh"'],
    ['here=$(dirname "$BASH_SOURCE"); . "$here/lib.sh"'],
  ])('reads the helper it sources by %s, run as bash FILE or ./FILE', (find) => {
    const ctx = written({ '/p/scripts/lib.sh': LIB, '/p/scripts/prune.sh': script(find) });
    expect(runs('cd /p && bash scripts/prune.sh', ctx)).toContain('git push origin --delete main');
    expect(runs('cd /p && ./scripts/prune.sh', ctx)).toContain('git push origin --delete main');
  });

  it('finds a helper one folder up, and a helper that sources its own neighbour by its own path', () => {
    const up = written({
      '/p/lib/common.sh': LIB,
      '/p/scripts/prune.sh': script('ROOT="$(cd "$(dirname "$0")/.." && pwd)"; source "$ROOT/lib/common.sh"'),
    });
    expect(runs('cd /p && bash scripts/prune.sh', up)).toContain('git push origin --delete main');
    // in a sourced file ${BASH_SOURCE[0]} is that file, while $0 stays the script
    const nested = written({
      '/p/scripts/lib/env.sh': '. "${BASH_SOURCE[0]%/*}/branch.sh"\nREMOTE=origin\n',
      '/p/scripts/lib/branch.sh': 'DEFAULT_BRANCH=main\n',
      '/p/scripts/prune.sh': script('source "$(dirname "$0")/lib/env.sh"'),
    });
    expect(runs('cd /p && bash scripts/prune.sh', nested)).toContain('git push origin --delete main');
  });

  it('knows no folder outside a script: $0 of the call itself stays unknown', () => {
    const ctx = written({ '/p/lib.sh': LIB });
    expect(runs('cd /p && source "$(dirname "$0")/lib.sh"; git push origin --delete "$DEFAULT_BRANCH"', ctx)).toContain(
      'git push origin --delete $DEFAULT_BRANCH',
    );
  });
});

describe('after a source of a file the model cannot read', () => {
  const push = (source: string) => parseShell(source).commands.find((c) => c.program === 'git');

  it('takes a variable the call had unset as unknown, not empty', () => {
    const git = push('unset B; source ~/.config/team.sh; git push -f origin "$B"');
    expect(git?.argv).toEqual(['push', '-f', 'origin', '$B']);
    expect(git?.unknown.length).toBe(1);
  });

  it('keeps a value the call knew: an opaque source is no way to hide a word a rule reads', () => {
    const git = push('B=main; . ./env.sh; git push -f origin "$B"');
    expect(git?.argv).toEqual(['push', '-f', 'origin', 'main']);
  });

  it('takes an empty value as unknown too, and a name never set stays unknown', () => {
    expect(push('B=; source ./env.sh; git push -f origin "$B"')?.argv).toEqual(['push', '-f', 'origin', '$B']);
    expect(push('source ./env.sh; git push -f origin "$DEFAULT_BRANCH"')?.argv).toEqual([
      'push',
      '-f',
      'origin',
      '$DEFAULT_BRANCH',
    ]);
  });

  it('leaves a command that reads no variable as it was', () => {
    expect(runs('source ~/.venv/bin/activate && npm test')).toEqual(['source ~/.venv/bin/activate', 'npm test']);
  });
});

const NOXFILE = [
  'import nox\n\nPYTHONS = ["3.11", "3.12"]\n',
  '@nox.session(python="3.11")\ndef tests(session):\n    session.install("-e", ".[test]")\n    session.run("pytest", "-q")\n',
  '@nox.session(\n    python="3.11",\n)\ndef release(session):\n    session.install("build", "twine")\n    session.run("python", "-m", "build")\n    _upload(session)\n',
  'def _upload(session):\n    session.run("twine", "upload", "dist/*")\n',
  '@nox.session(name="docs-build", default=False)\ndef docs(session):\n    session.run("mkdocs", "build")\n',
].join('\n\n');

describe('nox runs only the sessions it is given', () => {
  const nox = (line: string, extra = '') => runs(`cd /p && ${line}`, written({ '/p/noxfile.py': NOXFILE + extra }));

  it("nox -s NAME runs that session's body (and the helpers it calls), not the others", () => {
    expect(nox('nox -s tests')).toContain('pytest -q');
    expect(nox('nox -s tests').join('\n')).not.toContain('twine');
    expect(nox('nox -s release')).toEqual(expect.arrayContaining(['python -m build', 'twine upload dist/*']));
    expect(nox('nox -s release').join('\n')).not.toContain('pytest');
  });

  it('reads -e, --session, --sessions with several names, a python-tagged name and a name= session', () => {
    expect(nox('nox --sessions tests release')).toEqual(expect.arrayContaining(['pytest -q', 'twine upload dist/*']));
    expect(nox('nox -e release')).toContain('twine upload dist/*');
    expect(nox('nox --session=tests-3.11').join('\n')).not.toContain('twine');
    expect(nox('nox -s docs-build')).toContain('mkdocs build');
  });

  it('without -s runs the default sessions: nox.options.sessions when literal, else every one not default=False', () => {
    expect(nox('nox')).toEqual(expect.arrayContaining(['pytest -q', 'twine upload dist/*']));
    expect(nox('nox').join('\n')).not.toContain('mkdocs');
    const onlyTests = nox('nox', '\nnox.options.sessions = ["tests"]\n');
    expect(onlyTests).toContain('pytest -q');
    expect(onlyTests.join('\n')).not.toContain('twine');
  });

  it('keeps the whole file where the sessions cannot be told (-k, a name not found), runs none for a list', () => {
    expect(nox('nox -k rel')).toContain('twine upload dist/*');
    expect(nox('nox -s "$S"')).toContain('twine upload dist/*');
    expect(nox('nox -l').join('\n')).not.toMatch(/pytest|twine/);
  });
});

const TASKS_PY = [
  'from invoke import task\n',
  '@task\ndef clean(c):\n    c.run("rm -rf build")\n',
  '@task(pre=[clean])\ndef build(c):\n    c.run("python -m build")\n',
  '@task(build)\ndef release(c):\n    c.run("twine upload dist/*")\n',
  '@task(default=True)\ndef test(c):\n    c.run("pytest -q")\n',
  '@task(aliases=["lint"])\ndef lint_all(c):\n    c.run("ruff check .")\n',
].join('\n\n');

describe('invoke runs only the tasks it is given, with their pre-tasks', () => {
  const inv = (line: string) => runs(`cd /p && ${line}`, written({ '/p/tasks.py': TASKS_PY }));

  it("invoke NAME runs that task's body, after its pre-tasks", () => {
    expect(inv('invoke test')).toContain('pytest -q');
    expect(inv('invoke test').join('\n')).not.toContain('twine');
    expect(inv('inv release')).toEqual(
      expect.arrayContaining(['rm -rf build', 'python -m build', 'twine upload dist/*']),
    );
    expect(inv('inv release').join('\n')).not.toContain('pytest');
  });

  it('finds a task by its dashed name or an alias; no name runs the default task', () => {
    expect(inv('inv lint-all')).toContain('ruff check .');
    expect(inv('invoke lint')).toContain('ruff check .');
    expect(inv('invoke')).toContain('pytest -q');
    expect(inv('invoke').join('\n')).not.toContain('twine');
  });

  it('keeps the whole file for a name it cannot find (a namespace), none for --list', () => {
    expect(inv('invoke docs.release')).toContain('twine upload dist/*');
    expect(inv('invoke --list').join('\n')).not.toMatch(/pytest|twine/);
  });
});

const HATCH = [
  '[project]\nname = "acme-checkout"\nversion = "2.3.0"\n',
  '[tool.hatch.envs.default.scripts]\ntest = "pytest -q"\nrelease = "hatch build && hatch publish"\nship = [\n  "test",\n  "hatch publish {args}",\n]\n',
  "[tool.hatch.envs.docs.scripts]\ndeploy = 'mkdocs gh-deploy --force'\n",
].join('\n');

describe("hatch run NAME runs the environment's script", () => {
  const hatch = (line: string) => runs(`cd /p && ${line}`, written({ '/p/pyproject.toml': HATCH }));

  it('reads a script as a string or a list of commands (a list entry may name another script), {args} put in', () => {
    expect(hatch('hatch run release')).toEqual(expect.arrayContaining(['hatch build', 'hatch publish']));
    expect(hatch('hatch run ship -r test')).toEqual(expect.arrayContaining(['pytest -q', 'hatch publish -r test']));
    expect(hatch('hatch run test').join('\n')).not.toContain('publish');
  });

  it("reads ENV:NAME from that environment's scripts", () => {
    expect(hatch('hatch run docs:deploy')).toContain('mkdocs gh-deploy --force');
  });

  it('keeps reading a name that is no script as the program it runs', () => {
    expect(hatch('hatch run pytest -x')).toContain('pytest -x');
    expect(hatch('hatch run docs:twine upload dist/x.whl')).toContain('twine upload dist/x.whl');
    expect(hatch('hatch run deploy').join('\n')).not.toContain('mkdocs');
  });
});

const PDM = [
  '[project]\nname = "acme"\n',
  '[tool.pdm.scripts]\ntest = "pytest -q"\nrelease = {shell = "pdm build && pdm publish"}\npre_release = "echo before"\n' +
    'upload = {cmd = ["twine", "upload", "dist/*"], help = "upload"}\nship = {composite = ["test", "upload --verbose"]}\n' +
    'serve = {call = "acme.app:main"}\n',
  '[tool.pdm.scripts.deploy]\nshell = "git push --force origin main"\nhelp = "deploy"\n',
].join('\n');

describe("pdm run NAME runs the project's script", () => {
  const pdm = (line: string) => runs(`cd /p && ${line}`, written({ '/p/pyproject.toml': PDM }));

  it('reads a string, {cmd}, {shell}, {composite} and a table of its own, with its pre_ script', () => {
    expect(pdm('pdm run release')).toEqual(expect.arrayContaining(['echo before', 'pdm build', 'pdm publish']));
    expect(pdm('pdm run upload')).toContain('twine upload dist/*');
    expect(pdm('pdm run ship')).toEqual(expect.arrayContaining(['pytest -q', 'twine upload dist/* --verbose']));
    expect(pdm('pdm run deploy')).toContain('git push --force origin main');
  });

  it('keeps reading a name that is no script (or a Python call) as the program it runs', () => {
    expect(pdm('pdm run git status')).toContain('git status');
    expect(pdm('pdm run test').join('\n')).not.toContain('publish');
    expect(pdm('pdm run serve')).toContain('serve');
  });
});

describe('a cargo alias the session wrote runs the cargo command it stands for', () => {
  const CONFIG = '[alias]\nship = "publish --allow-dirty"\nt = "test --workspace"\nrel = ["ship", "--no-verify"]\n';

  it('expands `cargo NAME` from .cargo/config.toml in the folder or one above it (string or array form)', () => {
    const ctx = written({ '/p/.cargo/config.toml': CONFIG });
    expect(runs('cd /p && cargo ship -p edi-core', ctx)).toContain('cargo publish --allow-dirty -p edi-core');
    expect(runs('cd /p/crates/edi && cargo ship', ctx)).toContain('cargo publish --allow-dirty');
    expect(runs('cd /p && cargo rel', ctx)).toContain('cargo publish --allow-dirty --no-verify');
    expect(runs('cd /p && cargo t', ctx)).toContain('cargo test --workspace');
  });

  it('reads the older .cargo/config and a --config alias on the command', () => {
    expect(runs('cd /q && cargo ship', written({ '/q/.cargo/config': CONFIG }))).toContain(
      'cargo publish --allow-dirty',
    );
    expect(runs(`cargo --config 'alias.ship="publish"' ship`)).toContain('cargo publish');
  });

  it('never expands a built-in command, an alias the session did not write, or a loop', () => {
    const ctx = written({ '/p/.cargo/config.toml': '[alias]\nbuild = "publish"\na = "b"\nb = "a"\n' });
    expect(runs('cd /p && cargo build', ctx)).toEqual(['cd /p', 'cargo build']);
    expect(runs('cd /p && cargo a', ctx)).toEqual(['cd /p', 'cargo a']);
    expect(runs('cd /r && cargo ship', ctx)).toEqual(['cd /r', 'cargo ship']);
  });
});
