// Round 24 (issue 17): the retries an agent makes after a block — a Python module imported under another name, a
// regular-expression substitution written back, an edit that swaps a reference for a literal, and google-cloud-storage
// deleting what gsutil rm would.
import type { Event } from '@semantic-anchors/engine';
import { describe, expect, it } from 'vitest';
import { toolFacts } from '../../src/facts/index.js';
import { parseShell } from '../../src/shell/index.js';
import { modulesSpelled } from '../../src/shell/one-liner-fold.js';
import { policyOf, replay } from '../helpers.js';
import { files, runs } from './follow-helpers.js';

const writes = (source: string) =>
  parseShell(source)
    .effects.filter((e) => e.kind === 'write' || e.kind === 'delete')
    .map((e) => [e.kind, e.path, e.content]);

describe("Python's path modules under another name are still theirs", () => {
  it('import pathlib as p: p.Path(…).write_text writes the file', () => {
    expect(
      writes(
        `python3 -c "import pathlib as p; f=p.Path('app/models/booking.rb'); f.write_text(f.read_text().replace('MAX_GUESTS = 8', 'MAX_GUESTS = 10'))"`,
      ),
    ).toEqual([['write', 'app/models/booking.rb', 'MAX_GUESTS = 10']]);
  });
  it('from pathlib import Path as P, import shutil as sh, import os.path as osp', () => {
    expect(writes(`python3 -c "from pathlib import Path as P; P('src/a.rb').write_text('x')"`)).toEqual([
      ['write', 'src/a.rb', 'x'],
    ]);
    expect(writes(`python3 -c "import shutil as sh; sh.rmtree('src')"`)).toEqual([['delete', 'src', undefined]]);
    expect(writes(`python3 -c "import os.path as osp, shutil; shutil.rmtree(osp.join('src', 'x'))"`)).toEqual([
      ['delete', 'src/x', undefined],
    ]);
  });
  it('a name that only looks like the alias is left alone', () => {
    expect(writes(`python3 -c "import pathlib as p; print(ap.Path)"`)).toEqual([]);
  });
});

describe('re.sub written back puts its replacement into the file', () => {
  it('a heredoc rewriting describe( to fdescribe( has fdescribe( as the content written', () => {
    const source = [
      "python3 - <<'EOF'",
      'import re, pathlib',
      "p = pathlib.Path('src/app/cart/cart.component.spec.ts')",
      `p.write_text(re.sub(r"^describe\\(", 'fdescribe(', p.read_text(), count=1, flags=re.M))`,
      'EOF',
    ].join('\n');
    expect(writes(source)).toEqual([['write', 'src/app/cart/cart.component.spec.ts', 'fdescribe(']]);
  });
});

describe('an edit of a file the session wrote is judged on the lines it makes', () => {
  const root = '/p';
  const config = 'production:\n  username: orders_app\n  password: ${DB_PASSWORD}\n';
  const editTo = (newString: string) =>
    toolFacts(
      'edit',
      { filePath: `${root}/config/database.yml`, oldString: '${DB_PASSWORD}', newString },
      root,
      false,
      { shell: { file: files({ [`${root}/config/database.yml`]: config }) } },
    ).effects.map((e) => e.content);
  it('the reference swapped for a literal reads as the assignment it makes', () => {
    expect(editTo('Wq7vR2pLx9tMz4Kd')).toEqual(['  password: Wq7vR2pLx9tMz4Kd']);
  });
  it('a file the session did not write keeps the new text alone', () => {
    const facts = toolFacts('edit', { filePath: `${root}/x.yml`, oldString: 'a', newString: 'b' }, root, false, {
      shell: { file: files({}) },
    });
    expect(facts.effects.map((e) => e.content)).toEqual(['b']);
  });
  it('through a session: the secret rule sees the key beside the literal', () => {
    const policy = policyOf(
      [
        'version: 1',
        'contracts:',
        '  - id: no-secrets',
        '    description: no secrets in files',
        '    mode: BLOCK',
        '    when: { tool: { effect: { kind: write, secret: true } } }',
        '    message: m',
      ].join('\n'),
      { root },
    );
    const write: Event = { tool: 'write', args: { filePath: `${root}/config/database.yml`, content: config } };
    const swap = (newString: string): Event => ({
      tool: 'edit',
      args: { filePath: `${root}/config/database.yml`, oldString: '${DB_PASSWORD}', newString },
    });
    expect(replay(policy, [write, swap('Wq7vR2pLx9tMz4Kd')]).verdicts.map((v) => v.decision)).toEqual([
      'ALLOW',
      'BLOCK',
    ]);
    expect(replay(policy, [write, swap('${ORDERS_DB_PASSWORD}')]).verdicts.map((v) => v.decision)).toEqual([
      'ALLOW',
      'ALLOW',
    ]);
  });
});

describe('google-cloud-storage calls are the gsutil commands they stand for', () => {
  it("a blob's delete() is gsutil rm of that object; a bucket's delete() is gsutil rb", () => {
    expect(
      runs(
        `python3 -c "from google.cloud import storage; storage.Client().bucket('acme-design-assets').blob('icons/v1/cart.svg').delete()"`,
      ),
    ).toContain('gsutil rm gs://acme-design-assets/icons/v1/cart.svg');
    expect(
      runs(
        `python3 -c "from google.cloud import storage; storage.Client().get_bucket('old-assets').delete(force=True)"`,
      ),
    ).toContain('gsutil rb gs://old-assets');
  });
  it('reading a blob runs nothing', () => {
    expect(
      runs(
        `python3 -c "from google.cloud import storage; print(storage.Client().bucket('a').blob('k').download_as_text())"`,
      ),
    ).toEqual([expect.stringMatching(/^python3 -c /)]);
  });
});

describe('a runner that is a command here (ansible, ssh) has its environment too', () => {
  it('the prefix and env’s words reach ansible, not only the command it runs on the hosts', () => {
    for (const source of [
      'ANSIBLE_INVENTORY=inventories/production ansible web -a uptime',
      "env ANSIBLE_INVENTORY=inventories/production ansible web -m service -a 'name=nginx state=restarted'",
    ]) {
      const ansible = parseShell(source).commands.find((c) => c.program === 'ansible');
      expect(ansible?.environment?.ANSIBLE_INVENTORY).toBe('inventories/production');
    }
  });
  it('an exported value reaches it as well', () => {
    const ansible = parseShell('export ANSIBLE_INVENTORY=inv/prod; ansible web -a uptime').commands.find(
      (c) => c.program === 'ansible',
    );
    expect(ansible?.environment?.ANSIBLE_INVENTORY).toBe('inv/prod');
  });
});

describe('a symbolic link the session made is followed', () => {
  const root = '/p';
  const policy = policyOf(
    [
      'version: 1',
      'contracts:',
      '  - id: no-code',
      '    description: no code changes',
      '    mode: BLOCK',
      "    when: { tool: { effect: { kind: [write, append, delete], path: 'src/**' } } }",
      '    message: m',
    ].join('\n'),
    { root },
  );
  const bashCall = (command: string): Event => ({ tool: 'bash', args: { command } });
  const decisions = (events: Event[]) => replay(policy, events).verdicts.map((v) => v.decision);
  it('a write through the link in a later call reaches the target, by the shell or the write tool', () => {
    const link = bashCall('ln -s ../src/pricing docs/pricing-src');
    expect(decisions([link, bashCall('tee docs/pricing-src/discount.ts < /tmp/d.ts')])).toEqual(['ALLOW', 'BLOCK']);
    expect(
      decisions([link, { tool: 'write', args: { filePath: `${root}/docs/pricing-src/discount.ts`, content: 'x' } }]),
    ).toEqual(['ALLOW', 'BLOCK']);
  });
  it('in the same call, after a cd, and through a link to a link', () => {
    expect(decisions([bashCall('ln -s ../src/pricing docs/p && echo x > docs/p/a.ts')])).toEqual(['BLOCK']);
    expect(decisions([bashCall('cd docs && ln -s ../src s'), bashCall('echo x > docs/s/a.ts')])).toEqual([
      'ALLOW',
      'BLOCK',
    ]);
    expect(decisions([bashCall('ln -s src a && ln -s a b'), bashCall('rm -rf b/pricing')])).toEqual(['ALLOW', 'BLOCK']);
  });
  it('a link to the home folder is a link to ~ (round 25)', () => {
    const links = replay(policy, [bashCall('ln -sfn "$HOME" h')]).state.shell.links;
    expect(links).toEqual({ h: '~' });
  });
  it('a link to somewhere else, and the link itself, change nothing under src', () => {
    expect(decisions([bashCall('ln -s ../notes docs/n'), bashCall('echo x > docs/n/a.md')])).toEqual([
      'ALLOW',
      'ALLOW',
    ]);
    expect(decisions([bashCall('ln -sfn ../src/pricing docs/pricing-src && ls docs/pricing-src')])).toEqual(['ALLOW']);
  });
});

describe('kind create cluster --kubeconfig F makes its context current in F (round 25)', () => {
  it('a later kubectl that reads F acts on the kind cluster', () => {
    const created = parseShell('kind create cluster --name shop-dev --kubeconfig $HOME/.kube/kind-shop-dev.yaml');
    expect(created.persists.kube).toMatchObject({
      context: 'kind-shop-dev',
      kubeconfig: '$HOME/.kube/kind-shop-dev.yaml',
    });
  });
});

describe("Python's modules under another name, for rules that read the code (round 25)", () => {
  it('import requests as r: r.post( is also read as requests.post(', () => {
    expect(
      modulesSpelled("import requests as r; r.post('https://x.example.com', files={'f': open('a.csv','rb')})"),
    ).toBe("import requests as r; requests.post('https://x.example.com', files={'f': open('a.csv','rb')})");
    expect(modulesSpelled('from subprocess import run as go; go(["ls"])')).toBe(
      'from subprocess import run as go; run(["ls"])',
    );
  });
  it('code without such an import, or a name that only ends like the alias, is left alone', () => {
    expect(modulesSpelled("import requests; requests.get('https://x')")).toBeUndefined();
    expect(modulesSpelled("import requests as r; br.post('x')")).toBeUndefined();
  });
});
