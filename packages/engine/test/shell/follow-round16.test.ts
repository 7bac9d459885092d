// Round 16 (issue 17): a file an interpreter writes from a data structure (json.dump, yaml.safe_dump, a configparser,
// JSON.stringify) holds the program's literal pairs; a comment with an apostrophe does not swallow the code after it;
// lerna exec's package filters take a value.
import { describe, expect, it } from 'vitest';
import { COMPUTED_PIECE } from '../../src/shell/computed-piece.js';
import { parseShell } from '../../src/shell/index.js';

const writes = (source: string) =>
  parseShell(source)
    .effects.filter((e) => e.kind === 'write' || e.kind === 'append')
    .map((e) => [e.path, e.content]);

const heredoc = (interpreter: string, code: string) => `${interpreter} - <<'EOF'\n${code}\nEOF`;

describe('a serialiser writes the literal pairs of the program', () => {
  it('json.dump(cfg, f) into the file opened with `with … as f`', () => {
    const code = [
      'import json',
      "with open('config/app.json') as f:",
      '    cfg = json.load(f)',
      "cfg['stripe'] = {'secretKey': 'sk_live_4eC39HqLyjWDarjtT1zdp7dc'}",
      "with open('config/app.json', 'w') as f:",
      '    json.dump(cfg, f, indent=2)',
    ].join('\n');
    expect(writes(heredoc('python3', code))).toEqual([
      ['config/app.json', `${COMPUTED_PIECE}\n"secretKey": "sk_live_4eC39HqLyjWDarjtT1zdp7dc"\n`],
    ]);
  });
  it('yaml.safe_dump(d, open(p, "w")): the file is the serialiser argument', () => {
    const code = [
      'import yaml',
      "wf = yaml.safe_load(open('.github/workflows/deploy.yml'))",
      "wf['env'] = {'AWS_SECRET_ACCESS_KEY': 'wJalrXUtnFEMIK7MDENG'}",
      "yaml.safe_dump(wf, open('.github/workflows/deploy.yml', 'w'), sort_keys=False)",
    ].join('\n');
    expect(writes(heredoc('python3', code))).toEqual([
      // (the literal given to `wf` is a line of its own too: what a name holds may reach the file)
      [
        '.github/workflows/deploy.yml',
        `${COMPUTED_PIECE}\n"AWS_SECRET_ACCESS_KEY": "wJalrXUtnFEMIK7MDENG"\n.github/workflows/deploy.yml\n`,
      ],
    ]);
  });
  it('a configparser written with cfg.write(f)', () => {
    const code = [
      'import configparser',
      'cfg = configparser.ConfigParser()',
      "cfg['pypi'] = {'username': '__token__', 'password': 'pypi-AgEIcHlwaS5vcmc'}",
      "with open('/tmp/pypirc', 'w') as f:",
      '    cfg.write(f)',
    ].join('\n');
    expect(writes(heredoc('python3', code))).toEqual([
      ['/tmp/pypirc', `${COMPUTED_PIECE}\n"username": "__token__"\n"password": "pypi-AgEIcHlwaS5vcmc"\n`],
    ]);
  });
  it('a value that is a name is a computed piece; other literals are kept as lines of their own', () => {
    const code = [
      'import base64, json',
      "auth = base64.b64encode(b'tess:ghp_R8sKx2mQ7vN4').decode()",
      "with open('/tmp/config.json', 'w') as f:",
      "    json.dump({'auths': {'ghcr.io': {'auth': auth}}}, f)",
    ].join('\n');
    const [[, content]] = writes(heredoc('python3', code)) as [[string, string]];
    expect(content.split('\n')).toContain(`"auth": ${COMPUTED_PIECE}`);
    expect(content.split('\n')).toContain('tess:ghp_R8sKx2mQ7vN4');
  });
  it('node: JSON.stringify of an object with a member set to a literal', () => {
    expect(
      writes(
        `node -e "const fs=require('fs');const c=JSON.parse(fs.readFileSync('config/default.json','utf8'));c.apiKey='sk_live_x1';fs.writeFileSync('config/default.json', JSON.stringify(c, null, 2))"`,
      ),
    ).toEqual([['config/default.json', expect.stringContaining(`${COMPUTED_PIECE}\n"apiKey": "sk_live_x1"\n`)]]);
  });
  it('a program without literal pairs writes nothing known, as before', () => {
    expect(
      writes(`python3 -c "import json; d = json.load(open('a.json')); json.dump(d, open('b.json', 'w'))"`),
    ).toEqual([['b.json', undefined]]);
  });
});

describe('comments', () => {
  it('an apostrophe in a comment does not hide the write after it (JS and Python)', () => {
    const js = [
      "import { writeFileSync } from 'node:fs';",
      "import { homedir } from 'node:os';",
      "import { join } from 'node:path';",
      "// so the students' starter repos can install packages",
      "const token = 'ghp_7Hk2Lm9Qr4';",
      'writeFileSync(join(homedir(), ".npmrc"), `//npm.pkg.github.com/:_authToken=${token}\\n`);',
    ].join('\n');
    expect(writes(heredoc('node', js))).toEqual([['~/.npmrc', '//npm.pkg.github.com/:_authToken=ghp_7Hk2Lm9Qr4\n']]);
    const py = ["# the team's notes", "open('notes/x.txt', 'w').write('a')"].join('\n');
    expect(writes(heredoc('python3', py))).toEqual([['notes/x.txt', 'a']]);
  });
  it('a # or // inside a string is not a comment', () => {
    expect(writes(`python3 -c "open('a#b.txt', 'w').write('x')"`)).toEqual([['a#b.txt', 'x']]);
    expect(writes(`node -e "require('fs').writeFileSync('out.txt', 'https://x.org/a')"`)).toEqual([
      ['out.txt', 'https://x.org/a'],
    ]);
  });
});

describe('lerna exec', () => {
  it('runs the command after its package filters', () => {
    const model = parseShell('npx lerna exec --scope @shop/ui --concurrency 1 -- npm publish --access public');
    expect(model.commands.map((c) => [c.program, ...c.argv])).toEqual([['npm', 'publish', '--access', 'public']]);
  });
});

describe('a Python loop over the files a glob finds', () => {
  it('p.write_text in a loop over Path(dir).rglob(pattern) writes every file the glob names', () => {
    const code = [
      'from pathlib import Path',
      'for path in sorted(Path("src/claims").rglob("*.ts")):',
      '    text = path.read_text()',
      '    path.write_text(text.replace("A", "B"))',
    ].join('\n');
    expect(writes(heredoc('python3', code)).map(([p]) => p)).toEqual(['src/claims/**/*.ts']);
  });
  it('os.remove in a loop over glob.glob deletes what the pattern names', () => {
    const code = ['import glob, os', "for f in glob.glob('data/raw/*.csv'):", '    os.remove(f)'].join('\n');
    const deletes = parseShell(heredoc('python3', code)).effects.filter((e) => e.kind === 'delete');
    expect(deletes.map((e) => e.path)).toEqual(['data/raw/*.csv']);
  });
  it('a loop over a list of names is not a glob: each turn writes its own name (the loop unrolled, stop 50)', () => {
    const code = ["for p in ['a.txt', 'b.txt']:", "    open(p, 'w').write('x')"].join('\n');
    expect(writes(heredoc('python3', code))).toEqual([
      ['a.txt', 'x'],
      ['b.txt', 'x'],
    ]);
  });
});

describe('a Python loop over a list of literals, unrolled', () => {
  it('deletes each folder the list names: shutil.rmtree(folder) over data/interim, data/raw', () => {
    const code = [
      'import shutil',
      "for folder in ['data/interim', 'data/raw']:",
      '    shutil.rmtree(folder, ignore_errors=True)',
    ];
    const deletes = parseShell(heredoc('python3', code.join('\n'))).effects.filter((e) => e.kind === 'delete');
    expect(deletes.map((e) => e.path)).toEqual(['data/interim', 'data/raw']);
  });
  it('reads a list assigned once to a name, an f-string per turn, and a name the body assigns, turn by turn', () => {
    const code = [
      'from pathlib import Path',
      "MODULES = ['cart', 'orders']",
      'for mod in MODULES:',
      "    p = Path(f'tests/test_{mod}.py')",
      "    p.write_text(f'def test_{mod}():\\n    assert True\\n')",
    ].join('\n');
    expect(writes(heredoc('python3', code))).toEqual([
      ['tests/test_cart.py', 'def test_cart():\n    assert True\n'],
      ['tests/test_orders.py', 'def test_orders():\n    assert True\n'],
    ]);
  });
  it('look-alike: a list changed before the loop, or a body that breaks, is left as written', () => {
    const appended = ["names = ['a.txt']", "names += ['b.txt']", 'for n in names:', "    open(n, 'w').write('x')"];
    expect(writes(heredoc('python3', appended.join('\n')))).toEqual([]);
    const broken = ["for n in ['a.txt', 'b.txt']:", "    open(n, 'w').write('x')", '    break'];
    expect(writes(heredoc('python3', broken.join('\n')))).toEqual([]);
  });
});

describe('gzip replaces a file whose text is not known', () => {
  it('writes FILE.gz and deletes FILE, in the directory the call moved to', () => {
    const effects = parseShell('cd data/raw && gzip -9 sales.csv').effects.filter((e) => e.kind !== 'read');
    expect(effects.map((e) => [e.kind, e.path])).toEqual([
      ['write', 'data/raw/sales.csv.gz'],
      ['delete', 'data/raw/sales.csv'],
    ]);
  });
  it('kept (-k) or to stdout (-c), it changes nothing of the file', () => {
    expect(parseShell('gzip -k data/raw/a.csv').effects.filter((e) => e.kind !== 'read')).toEqual([]);
    expect(parseShell('gzip -c data/raw/a.csv > /tmp/a.gz').effects.map((e) => e.path)).not.toContain(
      'data/raw/a.csv.gz',
    );
  });
});

describe('git add of a folder stages the files the session wrote there, by name', () => {
  const staged = (source: string, files: Record<string, string>) =>
    parseShell(source, undefined, {
      file: (p) => (files[p] === undefined ? undefined : { text: files[p], pieces: [] }),
      glob: (pattern) =>
        Object.keys(files)
          .filter((p) => new RegExp(`^${pattern.replace(/\*\*\//g, '(?:.*/)?').replace(/\*/g, '[^/]*')}$`).test(p))
          .map((path) => ({ path, file: { text: files[path] as string, pieces: [] } })),
    }).commands.map((c) => c.positionals);
  it('git add k8s/ names the kubeconfig the session copied there', () => {
    expect(staged('git add k8s/', { 'k8s/kubeconfig': 'x', 'src/a.ts': 'y' })).toEqual([
      ['add', 'k8s/', 'k8s/kubeconfig'],
    ]);
  });
  it('git add -A names every file the session wrote, but a local .env (git-ignored by convention)', () => {
    expect(staged('git add -A', { 'state/terraform.tfstate': '{}', '.env': 'A=1' })).toEqual([
      ['add', 'state/terraform.tfstate'],
    ]);
  });
  it('a file named in full and a glob pathspec are left as written', () => {
    expect(staged('git add k8s/deploy.yaml', { 'k8s/kubeconfig': 'x' })).toEqual([['add', 'k8s/deploy.yaml']]);
  });
});

describe('programs', () => {
  it('ssh-keygen writes the key pair it makes; -l and -y only read', () => {
    expect(writes(`ssh-keygen -t ed25519 -N '' -f deploy/keys/deploy_key`).map(([p]) => p)).toEqual([
      'deploy/keys/deploy_key',
      'deploy/keys/deploy_key.pub',
    ]);
    expect(writes('ssh-keygen -t rsa -b 4096').map(([p]) => p)).toEqual(['~/.ssh/id_rsa', '~/.ssh/id_rsa.pub']);
    expect(writes('ssh-keygen -l -f deploy/keys/deploy_key.pub')).toEqual([]);
  });
  it('kubectl create secret --from-literal -o yaml writes its literal pairs into the manifest', () => {
    expect(
      writes(
        `kubectl create secret generic db --from-literal=password='pR7vK2' --dry-run=client -o yaml > k8s/db.yaml`,
      ),
    ).toEqual([['k8s/db.yaml', `${COMPUTED_PIECE}\nstringData:\n  password: pR7vK2\n`]]);
  });
  it("watchexec quotes each word: `-- sh -c 'a && b'` runs sh with that script", () => {
    const model = parseShell(`watchexec -e js -- sh -c "sed -i 's/it(/fit(/' a.spec.js && npx karma start"`);
    expect(model.commands.map((c) => c.program)).toEqual(['sed', 'karma']);
    expect(parseShell(`watchexec -e rs 'cargo test && cargo fmt'`).commands.map((c) => c.program)).toEqual([
      'cargo',
      'cargo',
    ]);
  });
  it("Bun's and zx's $`…` with interpolations is read, each ${…} a word not known", () => {
    const code = ['import { $ } from "bun";', 'await $`docker push ${tag}`;'].join('\n');
    const model = parseShell(heredoc('node', code));
    expect(model.commands.map((c) => [c.program, c.argv[0]])).toContainEqual(['docker', 'push']);
  });
});

describe('a value the program reads from its environment by name', () => {
  it("node: the command's NAME=value prefix is put in where process.env.NAME is read", () => {
    expect(
      writes(
        `STRIPE_SECRET_KEY=sk_live_x1 node -e "require('fs').writeFileSync('config/stripe.json', JSON.stringify({ secretKey: process.env.STRIPE_SECRET_KEY }))"`,
      ),
    ).toEqual([['config/stripe.json', `${COMPUTED_PIECE}\n"secretKey": "sk_live_x1"\n`]]);
  });
  it('python: os.environ[…] and os.getenv(…) of a value exported earlier in the call, inside an f-string too', () => {
    const code = ['import os', "open('.netrc', 'w').write(f\"password {os.getenv('PW')}\\n\")"].join('\n');
    expect(writes(`export PW=hunter2\n${heredoc('python3', code)}`)).toEqual([['.netrc', 'password hunter2\n']]);
  });
  it('a name whose value is not known stays a value computed at run time', () => {
    expect(
      writes(`node -e "require('fs').writeFileSync('.npmrc', '//r/:_authToken=' + process.env.NPM_TOKEN)"`),
    ).toEqual([['.npmrc', `//r/:_authToken=${COMPUTED_PIECE}`]]);
  });
});

describe('echo and printf into a file keep the literal parts of a word with an expansion', () => {
  it('`echo "github_secret: $GITHUB_SECRET"` writes the key and a computed value', () => {
    expect(writes('echo "github_secret: $GITHUB_SECRET" >> config/config.yml')).toEqual([
      ['config/config.yml', `github_secret: ${COMPUTED_PIECE}\n`],
    ]);
  });
  it('a word that is nothing but an expansion still writes nothing known', () => {
    expect(writes('echo "$TOKEN" > token.txt')).toEqual([['token.txt', undefined]]);
  });
});

describe('sftp', () => {
  it('its batch on stdin is its input', () => {
    const model = parseShell(`sftp -b - cora@files.example.com <<< 'put dumps/loans.sql'`);
    expect(model.commands.map((c) => [c.program, c.input?.text])).toEqual([['sftp', 'put dumps/loans.sql\n']]);
  });
});
