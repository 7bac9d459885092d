// Blind rounds 34 and 35 (issue 17): what the shell model had to learn from the misses and the blocked look-alikes —
// make expands before the shell does (quotes mean nothing to it), a number printed in a known shape, a package
// selected by name with no `run`, a token a login reads on stdin, a text changed by a literal replacement then
// written back, and a Helm chart's reference to an existing Secret.
import { describe, expect, it } from 'vitest';
import { parseShell, type ShellContext } from '../../src/shell/index.js';
import { classifyKey } from '../../src/secrets/key-names.js';
import { makeRecipeLine } from '../../src/shell/make-expand.js';
import { edited } from './follow-helpers.js';

const model = (source: string, context?: ShellContext) => parseShell(source, undefined, context);
const runs = (source: string, context?: ShellContext): string[] =>
  model(source, context).commands.map((c) => [c.program, ...c.argv].join(' '));
const written = (source: string, path: string, context?: ShellContext): string | undefined =>
  model(source, context).effects.find((e) => e.path === path && e.kind === 'write')?.content;

describe('a make recipe line, as make hands it to the shell', () => {
  const vars = new Map([
    ['REGISTRY', 'ghcr.io/acme'],
    ['IMAGE', '$(REGISTRY)/api'],
  ]);

  it('puts in what the file sets, recursively, and `$$` as `$`', () => {
    expect(makeRecipeLine('@docker push $(IMAGE):$$TAG', { vars })).toBe('docker push ghcr.io/acme/api:$TAG');
  });

  it('keeps a variable the file does not set as the environment’s, even inside single quotes', () => {
    expect(makeRecipeLine("echo '//r/:_authToken=$(NPM_TOKEN)' > .npmrc", { vars })).toBe(
      `echo '//r/:_authToken='"\${NPM_TOKEN}"'' > .npmrc`,
    );
    expect(makeRecipeLine('echo "$(NPM_TOKEN)"', { vars })).toBe('echo "${NPM_TOKEN}"');
    // `$${NPM_TOKEN}` is the shell's own reference: in single quotes it is written as the text npm expands itself
    expect(makeRecipeLine("echo '_authToken=$${NPM_TOKEN}'", { vars })).toBe("echo '_authToken=${NPM_TOKEN}'");
  });

  it('knows the automatic variables, CURDIR and the text functions on known text', () => {
    const scope = { vars, target: 'dist/app.tar', prerequisites: ['src/a.c', 'src/b.c'], cwd: '/p/clusters/prod-eu1' };
    expect(makeRecipeLine('tar cf $@ $^ && echo $<', scope)).toBe(
      'tar cf dist/app.tar src/a.c src/b.c && echo src/a.c',
    );
    expect(makeRecipeLine('argocd app sync payments-$(notdir $(CURDIR))', scope)).toBe(
      'argocd app sync payments-prod-eu1',
    );
    expect(makeRecipeLine('echo $(subst -,_,$(notdir $(CURDIR))) $(@D) $(@F)', scope)).toBe(
      'echo prod_eu1 dist app.tar',
    );
    expect(makeRecipeLine('v=$(shell git describe)', scope)).toBe('v=$(git describe)');
  });

  it('runs a recipe with the folder -C gives it', () => {
    const ctx = edited({
      'clusters/prod-eu1/Makefile': 'sync:\n\targocd app sync payments-$(notdir $(CURDIR)) --prune\n',
    });
    expect(runs('make -C clusters/prod-eu1 sync', ctx)).toContain('argocd app sync payments-prod-eu1 --prune');
  });

  it('writes the token an included .env gives make, and a reference the shell leaves alone as text', () => {
    const makefile = (line: string) => edited({ Makefile: `-include .env\nexport\n\nnpmrc:\n\t${line}\n` });
    const token = written('make npmrc', '.npmrc', makefile("echo '//r/:_authToken=$(NPM_TOKEN)' > .npmrc"));
    expect(token).not.toContain('$(NPM_TOKEN)');
    expect(token).toMatch(/^\/\/r\/:_authToken=(\$\0|⟨)/);
    expect(written('make npmrc', '.npmrc', makefile("echo '//r/:_authToken=$${NPM_TOKEN}' > .npmrc"))).toBe(
      '//r/:_authToken=${NPM_TOKEN}\n',
    );
  });
});

describe('a number printed in a known shape', () => {
  it('stands in for printf’s numeric conversions of a value not known', () => {
    const copy = 'n=$(ls docs/adr | wc -l); cp docs/adr/template.md "docs/adr/$(printf %04d $((n + 1)))-use-kafka.md"';
    expect(model(copy).effects.map((e) => `${e.kind} ${e.path}`)).toContain('write docs/adr/0001-use-kafka.md');
  });

  it('leaves a %s of a value not known unknown', () => {
    const copy = 'cp docs/adr/template.md "docs/adr/$(printf %s "$T")-use-kafka.md"';
    expect(model(copy).effects.some((e) => e.path === 'docs/adr/0001-use-kafka.md')).toBe(false);
  });
});

describe('a workspace package selected with no `run`', () => {
  const pkg = (name: string) =>
    edited({ 'packages/web/package.json': `{"name":"${name}","scripts":{"ship":"git push -f origin main"}}` });

  it('runs the script of the package pnpm --filter names, by its name or without its scope', () => {
    expect(runs('pnpm --filter @acme/web ship', pkg('@acme/web'))).toContain('git push -f origin main');
    expect(runs('pnpm --filter web ship', pkg('@acme/web'))).toContain('git push -f origin main');
    expect(runs('pnpm --filter api ship', pkg('@acme/web'))).not.toContain('git push -f origin main');
  });

  it('finds a package known only in pieces by its folder, scope or not', () => {
    const ctx = edited({}, { 'packages/web/package.json': ['    "ship": "git push -f origin main",'] });
    expect(runs('pnpm --filter @acme/web ship', ctx)).toContain('git push -f origin main');
  });
});

describe('a token a login reads on stdin', () => {
  it('is vault login -’s input', () => {
    const login = model("echo 'hvs.CAESIi_uIIi99cptla3JD9o99h0xMWuu' | vault login -").commands.at(-1);
    expect(login?.input?.text).toBe('hvs.CAESIi_uIIi99cptla3JD9o99h0xMWuu\n');
    expect(model('vault login -method=oidc role=dev').commands.at(-1)?.input).toBeUndefined();
  });
});

describe('a text changed by a literal replacement, then written back', () => {
  const script = (replace: string) =>
    `python3 - <<'PY'\nimport pathlib\np = pathlib.Path('tests/e2e/checkout.spec.ts')\nsrc = p.read_text()\nsrc = ${replace}\np.write_text(src)\nPY`;

  it('holds the replacement (str.replace, re.sub)', () => {
    expect(written(script(`src.replace("test('pays'", "test.only('pays'")`), 'tests/e2e/checkout.spec.ts')).toContain(
      "test.only('pays'",
    );
    expect(
      written(script(`re.sub(r"test\\('pays'", "test.only('pays'", src)`), 'tests/e2e/checkout.spec.ts'),
    ).toContain("test.only('pays'");
  });

  it('holds only the replacement: taking a focus out writes no focus', () => {
    expect(written(script(`src.replace("test.only(", "test(")`), 'tests/e2e/checkout.spec.ts')).not.toContain('.only');
  });
});

describe('a Helm chart’s reference to an existing Secret', () => {
  it('is no credential', () => {
    expect(classifyKey('existingSecret')).toBeUndefined();
    expect(classifyKey('existingSecretPasswordKey')).toBeUndefined();
    expect(classifyKey('adminPassword')).toBe('credential');
  });
});

describe('cargo-make tasks', () => {
  const makefile = [
    '[tasks.login]',
    'command = "cargo"',
    'args = ["login", "--registry", "acme", "cio_tok"]',
    '',
    '[tasks.notes]',
    'script = ["git push --force origin HEAD:main"]',
    '',
    '[tasks.check]',
    'script_runner = "@rust"',
    'script = "fn main() { println!(\\"rm -rf /\\"); }"',
    '',
    '[tasks.release-prep]',
    'dependencies = ["login", "notes"]',
    'run_task = "check"',
  ].join('\n');

  it('runs a task’s dependencies, its command with its args and its shell script, not another runner’s script', () => {
    const ran = runs('cargo make release-prep', edited({ 'Makefile.toml': makefile }));
    expect(ran).toContain('cargo login --registry acme cio_tok');
    expect(ran).toContain('git push --force origin HEAD:main');
    expect(ran.join('\n')).not.toContain('rm -rf');
  });

  it('reads a workspace member’s Makefile.toml from the root, and -t/--makefile/makers', () => {
    expect(runs('cargo make release-prep', edited({ 'crates/core/Makefile.toml': makefile }))).toContain(
      'cargo login --registry acme cio_tok',
    );
    expect(runs('makers --makefile ci.toml -t login', edited({ 'ci.toml': makefile }))).toContain(
      'cargo login --registry acme cio_tok',
    );
    expect(runs('cargo make --print-steps release-prep', edited({ 'Makefile.toml': makefile }))).toEqual([
      'cargo make --print-steps release-prep',
    ]);
  });
});

describe('a YAML piece’s list items', () => {
  it('run only under a command key: a dvc stage’s deps and outs are paths (blind round 36)', () => {
    const piece =
      '  train:\n    cmd: python scripts/train.py\n    deps:\n      - scripts/train.py\n      - data/processed/f.parquet\n    outs:\n      - models/m.joblib\n';
    const ran = runs('dvc repro train', edited({}, { 'dvc.yaml': [piece] }));
    expect(ran).toContain('python scripts/train.py');
    expect(ran.some((r) => r.startsWith('scripts/train.py') || r.startsWith('models/'))).toBe(false);
  });

  it('still run under cmds:, and when the piece shows no key above them', () => {
    const task = '  ship:\n    cmds:\n      - git push --force origin main\n';
    expect(runs('task ship', edited({}, { 'Taskfile.yml': [task] }))).toContain('git push --force origin main');
    expect(runs('task ship', edited({}, { 'Taskfile.yml': ['      - git push --force origin main\n'] }))).toContain(
      'git push --force origin main',
    );
  });
});

describe('act with the event named first', () => {
  it('reads -W after the event’s name (every job the event triggers, with the jobs they need)', () => {
    const ctx = edited({
      'spikes/assess.yml':
        'on: workflow_dispatch\njobs:\n  collect:\n    runs-on: ubuntu-latest\n    steps:\n      - run: gh gist create --public notes.md\n  report:\n    needs: collect\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo done\n',
    });
    expect(runs('act workflow_dispatch -W spikes/assess.yml -s GH_TOKEN=x', ctx)).toContain(
      'gh gist create --public notes.md',
    );
    expect(runs('act workflow_dispatch -W spikes/assess.yml -l', ctx)).not.toContain(
      'gh gist create --public notes.md',
    );
  });
});

describe('nox sessions a session notifies', () => {
  it('run after it (session.notify), and only those', () => {
    const noxfile = [
      'import nox',
      '',
      '@nox.session(python=False)',
      'def login(session):',
      '    session.run("wandb", "login", "3f9a2c7e1b8d4f6a")',
      '',
      '@nox.session(python=False)',
      'def other(session):',
      '    session.run("git", "push", "-f", "origin", "main")',
      '',
      '@nox.session(python=False)',
      'def train(session):',
      '    session.notify("login")',
      '    session.run("python", "train.py")',
      '',
    ].join('\n');
    const ran = runs('nox -s train', edited({ 'noxfile.py': noxfile }));
    expect(ran).toContain('wandb login 3f9a2c7e1b8d4f6a');
    expect(ran.join('\n')).not.toContain('git push');
  });
});

describe('a value read back from a file the session wrote (blind round 37)', () => {
  it('is put in where an interpreter reads the file by a literal path', () => {
    const ctx = edited({ 'tools/.wandb-key': '3f9a1c7e5b2d8f4a6c0e\n' });
    const node =
      'node -e \'const k = require("fs").readFileSync("tools/.wandb-key", "utf8").trim(); require("child_process").execSync("wandb login " + k)\'';
    expect(runs(node, ctx)).toContain('wandb login 3f9a1c7e5b2d8f4a6c0e');
    const python = `python3 -c 'import subprocess; k = open("tools/.wandb-key").read().strip(); subprocess.run(["wandb", "login", k])'`;
    expect(runs(python, ctx)).toContain('wandb login 3f9a1c7e5b2d8f4a6c0e');
    // a file the session did not write stays a value computed at run time
    expect(runs(node.replace('tools/.wandb-key', 'tools/.other'), ctx).join('\n')).not.toContain('3f9a1c7e');
  });

  it('is what yq prints of a plain path', () => {
    const ctx = edited({ 'deploy/target.yaml': 'context: eks-payments-prod\nreplicas: 3\nlist: [a, b]\n' });
    expect(runs('C=$(yq .context deploy/target.yaml); helm upgrade api ./chart --kube-context "$C"', ctx)).toContain(
      'helm upgrade api ./chart --kube-context eks-payments-prod',
    );
    expect(runs('echo "$(yq e .replicas deploy/target.yaml)"', ctx)).toContain('echo 3');
    expect(runs('echo "$(yq .list deploy/target.yaml)"', ctx).join('\n')).not.toContain('echo a');
  });

  it('is the token cargo login reads on stdin', () => {
    const login = model(
      'cat tools/.crates | cargo login',
      edited({ 'tools/.crates': 'cioA7b3C9d1E5f2G8h4J6\n' }),
    ).commands.at(-1);
    expect(login?.input?.text).toBe('cioA7b3C9d1E5f2G8h4J6\n');
  });
});
