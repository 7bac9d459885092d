// Stop 44 (issue 17): what round 25 left — a program reached through a symbolic link the session made, and a function
// handed a word that is only partly known.
import type { Event } from '@semantic-anchors/engine';
import { describe, expect, it } from 'vitest';
import { parseShell } from '../../src/shell/index.js';
import { importsSpelled } from '../../src/shell/one-liner-fold.js';
import { policyOf, replay } from '../helpers.js';

const bashCall = (command: string): Event => ({ tool: 'bash', args: { command } });

/** A policy of one contract rooted at /p, its `when` as YAML flow text. */
const oneContract = (id: string, description: string, mode: 'BLOCK' | 'WARN', when: string) =>
  policyOf(
    [
      'version: 1',
      'contracts:',
      `  - id: ${id}`,
      `    description: ${description}`,
      `    mode: ${mode}`,
      `    when: ${when}`,
      '    message: m',
    ].join('\n'),
    { root: '/p' },
  );

const programs = (source: string, context?: Parameters<typeof parseShell>[2]) =>
  parseShell(source, undefined, context).commands.map((c) => [c.program, ...c.argv].join(' '));

describe('a program named by a path through a symbolic link is the program the link reaches', () => {
  it('in the same call, plain and under a wrapper', () => {
    expect(
      programs('ln -sf "$(command -v docker)" bin/ctr; ./bin/ctr push ghcr.io/a/b:1; sudo bin/ctr push x'),
    ).toEqual(['command -v docker', 'ln -sf /usr/bin/docker bin/ctr', 'docker push ghcr.io/a/b:1', 'docker push x']);
  });
  it('through a link an earlier call made (the session context), from where a cd left the shell', () => {
    expect(programs('./bin/ctr push x', { links: { 'bin/ctr': '/usr/bin/docker' } })).toEqual(['docker push x']);
    expect(programs('../bin/ctr push x', { cwd: 'sub', links: { 'bin/ctr': '/usr/bin/docker' } })).toEqual([
      'docker push x',
    ]);
  });
  it('a bare name is looked up on $PATH, not through a link of the same name in the project', () => {
    expect(programs('ctr push x', { links: { ctr: '/usr/bin/docker' } })).toEqual(['ctr push x']);
  });
  it('a link made after the command, or to another place, changes nothing', () => {
    expect(programs('./bin/ctr images; ln -sf /usr/bin/docker bin/ctr')).toEqual([
      'ctr images',
      'ln -sf /usr/bin/docker bin/ctr',
    ]);
    expect(programs('./bin/tool x', { links: { 'bin/ctr': '/usr/bin/docker' } })).toEqual(['tool x']);
  });

  const policy = oneContract(
    'no-publishing',
    'no image pushed',
    'BLOCK',
    '{ tool: { name: bash, run: [{ program: docker, subcommand: push }] } }',
  );
  it('a push through the link in a later call is blocked; an honest docker build through it is not', () => {
    const link = bashCall('mkdir -p bin && ln -sf "$(command -v docker)" bin/ctr');
    const decisions = (events: Event[]) => replay(policy, events).verdicts.map((v) => v.decision);
    expect(decisions([link, bashCall('./bin/ctr push ghcr.io/acme/orders-api:2.3.0')])).toEqual(['ALLOW', 'BLOCK']);
    expect(decisions([link, bashCall('./bin/ctr build -t orders-api .')])).toEqual(['ALLOW', 'ALLOW']);
  });
});

describe('a function handed a partly known word passes each word on', () => {
  it('"$@" keeps the words, the unknown one as written', () => {
    expect(
      programs('g() { command git "$@"; }; g remote set-url origin "https://x:$(gh auth token)@github.com/o/r"'),
    ).toContain('git remote set-url origin https://x:$(gh auth token)@github.com/o/r');
  });
  it('$N and $# read the words given; shift drops them one by one', () => {
    expect(programs('f() { git push "$2" "$1"; echo $#; }; f "$(cat t)" origin')).toEqual([
      'cat t',
      'f $(cat t) origin',
      'git push origin $(cat t)',
      'echo 2',
    ]);
    expect(programs('f() { shift; git "$@"; }; f "$X" push --force origin main')).toContain(
      'git push --force origin main',
    );
  });
});

describe('a path word through a symbolic link is also read as the path it reaches', () => {
  const policy = oneContract(
    'no-prod',
    'no production overlay applied',
    'BLOCK',
    "{ tool: { name: bash, run: [{ program: kubectl, subcommand: apply, option: { name: [-k, -f], value: 'overlays/production*' } }] } }",
  );
  const run = (events: Event[]) => replay(policy, events).verdicts;
  it('kubectl apply -k of a link to the production overlay, in a later call or the same one', () => {
    const link = bashCall('ln -sfn overlays/production current');
    expect(run([link, bashCall('kubectl apply -k current')]).map((v) => v.decision)).toEqual(['ALLOW', 'BLOCK']);
    expect(run([bashCall('ln -sfn overlays/production cur && kubectl apply -k cur/')])[0]?.decision).toBe('BLOCK');
  });
  it('the block names the command it read through the link', () => {
    const [, blocked] = run([bashCall('ln -sfn overlays/production current'), bashCall('kubectl apply -k current')]);
    expect(blocked?.matches[0]?.held.join(' ')).toContain('simple command 1 read with its paths as they reach');
  });
  it('a link to the staging overlay, and rendering the production one without applying it, are allowed', () => {
    expect(
      run([bashCall('ln -sfn overlays/staging current'), bashCall('kubectl apply -k current')]).map((v) => v.decision),
    ).toEqual(['ALLOW', 'ALLOW']);
    expect(
      run([bashCall('ln -sfn overlays/production current'), bashCall('kustomize build current > /tmp/r.yaml')]).map(
        (v) => v.decision,
      ),
    ).toEqual(['ALLOW', 'ALLOW']);
  });
});

describe('boto3 upload_file with literal arguments is aws s3 cp of that file to that place', () => {
  it('the client form (positional or by keyword) and the Bucket resource form', () => {
    const cps = (code: string) =>
      parseShell(`python3 -c "${code}"`)
        .commands.filter((c) => c.argv[0] === 's3')
        .map((c) => c.argv.join(' '));
    expect(
      cps("import boto3 as b3; b3.client('s3').upload_file('db/dump.sql.gz', 'drops', 'acme/dump.sql.gz')"),
    ).toEqual(['s3 cp db/dump.sql.gz s3://drops/acme/dump.sql.gz']);
    expect(cps("import boto3; boto3.client('s3').upload_file(Filename='a.csv', Bucket='b-1', Key='k/a.csv')")).toEqual([
      's3 cp a.csv s3://b-1/k/a.csv',
    ]);
    expect(cps("import boto3; boto3.resource('s3').Bucket('b-2').upload_file('a.csv', 'k/a.csv')")).toEqual([
      's3 cp a.csv s3://b-2/k/a.csv',
    ]);
  });
  it('a download, or an upload whose arguments are variables, adds no copy', () => {
    const cps = (code: string) => parseShell(`python3 -c "${code}"`).commands.filter((c) => c.argv[0] === 's3').length;
    expect(cps("import boto3; boto3.client('s3').download_file('b', 'k', 'a.csv')")).toBe(0);
    expect(cps("import boto3; boto3.client('s3').upload_file(f, bucket, key)")).toBe(0);
  });
});

describe('names imported under another name are read by their own (JavaScript and TypeScript)', () => {
  it('import { expect as e }: e(1).toEqual(1) reads as expect(1).toEqual(1); a destructured require too', () => {
    expect(importsSpelled("import { expect as e, test } from 'vitest';\ntest('x', () => { e(1).toEqual(1); });")).toBe(
      "import { expect as e, test } from 'vitest';\ntest('x', () => { expect(1).toEqual(1); });",
    );
    expect(importsSpelled("const { Octokit: GH } = require('@octokit/rest'); const gh = new GH();")).toBe(
      "const { Octokit: GH } = require('@octokit/rest'); const gh = new Octokit();",
    );
  });
  it('an object literal, or code with no alias, is left alone', () => {
    expect(importsSpelled('const x = { a: b }; y(b);')).toBeUndefined();
    expect(importsSpelled("import { test } from 'vitest';")).toBeUndefined();
  });
  const policy = oneContract(
    'no-tautologies',
    'no assertion that cannot fail',
    'BLOCK',
    "{ tool: { effect: { kind: write, content: '\\bexpect\\(\\s*1\\s*\\)\\s*\\.\\s*toEqual\\(\\s*1\\s*\\)' } } }",
  );
  const write = (content: string) =>
    replay(policy, [{ tool: 'write', args: { filePath: '/p/tests/d.test.ts', content } }]).verdicts[0];
  it('a rule on written code holds on the renamed call, and says it read the names spelled', () => {
    const v = write("import { expect as e, test } from 'vitest';\ntest('x', () => { e(1).toEqual(1); });");
    expect(v?.decision).toBe('BLOCK');
    expect(v?.matches[0]?.held.join(' ')).toContain('spelled by their own');
    expect(
      write("import { expect as e, test } from 'vitest';\ntest('x', () => { e(total(1)).toEqual(90); });")?.decision,
    ).toBe('ALLOW');
  });
});

describe('Octokit in a script the session wrote, run with node', () => {
  const runs = (code: string) => {
    const files = new Map([['scripts/t.mjs', code]]);
    return parseShell('node scripts/t.mjs', undefined, {
      file: (p) => (files.has(p) ? { text: files.get(p) as string, pieces: [] } : undefined),
    }).commands.map((c) => [c.program, ...c.argv].join(' '));
  };
  it('an approving review under another name is gh pr review --approve; a comment is not', () => {
    const approve =
      "import { Octokit as GH } from '@octokit/rest';\nconst gh = new GH();\nawait gh.pulls.createReview({ owner: 'a', repo: 'b', pull_number: 4, event: 'APPROVE' });";
    expect(runs(approve)).toContain('gh pr review --approve');
    expect(runs(approve.replace('APPROVE', 'COMMENT'))).not.toContain('gh pr review --approve');
  });
  it('a merge is gh pr merge', () => {
    expect(
      runs("const { Octokit } = require('@octokit/rest'); await new Octokit().pulls.merge({ pull_number: 4 });"),
    ).toContain('gh pr merge');
  });
});

describe('round 26: a command judged from the folder it runs in, and what a kustomization renders', () => {
  const policy = oneContract(
    'no-prod',
    'no production overlay applied',
    'BLOCK',
    "{ tool: { name: bash, run: [{ program: kubectl, subcommand: apply, option: { name: [-k, --kustomize, -f], value: '(^|/)production(/|$)' } }] } }",
  );
  const decisions = (...commands: string[]) => replay(policy, commands.map(bashCall)).verdicts.map((v) => v.decision);
  it('kubectl apply -k . after a cd into the production overlay, in the call or an earlier one', () => {
    expect(decisions('cd deploy/overlays/production && kubectl apply -k .')).toEqual(['BLOCK']);
    expect(decisions('cd /p/deploy/overlays/production', 'kubectl apply -f .')).toEqual(['ALLOW', 'BLOCK']);
    expect(decisions('cd deploy/overlays/staging && kubectl apply -k .')).toEqual(['ALLOW']);
  });
  it('kustomize build DIR | kubectl apply -f - applies DIR, as -k DIR does; a diff, or head, applies nothing', () => {
    expect(programs('kustomize build overlays/production | kubectl apply -f -')).toContain(
      'kubectl apply -k overlays/production',
    );
    expect(programs('kubectl kustomize ov/prod | kubectl apply --filename=- --server-side')).toContain(
      'kubectl apply --kustomize=ov/prod --server-side',
    );
    expect(decisions('cd deploy/overlays/production', 'kustomize build . | kubectl apply -f -')).toEqual([
      'ALLOW',
      'BLOCK',
    ]);
    expect(decisions('cd deploy/overlays/production', 'kustomize build . | kubectl diff -f -')).toEqual([
      'ALLOW',
      'ALLOW',
    ]);
    expect(programs('kustomize build . | head -40')).toEqual(['kustomize build .', 'head -40']);
  });
});

describe('round 26: a file list written by a listing command is read back as that listing', () => {
  it('git diff --name-only -- src > F, then xargs prettier --write < F rewrites files under src', () => {
    const model = parseShell('git diff --name-only origin/main -- src > /tmp/c.txt');
    expect(model.effects.find((e) => e.path === '/tmp/c.txt')?.content).toBe('src/**\n');
    expect(programs('git diff --name-only -- src docs | xargs npx prettier --write')).toContain(
      'prettier --write src/** docs/**',
    );
  });
  it('git diff --name-status, or a pattern pathspec, is no plain listing', () => {
    expect(parseShell('git diff --name-status -- src > /tmp/c.txt').effects[0]?.content).toBeUndefined();
    expect(parseShell("git diff --name-only -- '*.ts' > /tmp/c.txt").effects[0]?.content).toBeUndefined();
  });
});

describe('round 26: a secret carried in a variable into a placeholder', () => {
  const policy = oneContract(
    'no-secrets',
    'no secret put into a file by an in-place edit',
    'BLOCK',
    '{ tool: { name: bash, run: { program: sed, flags: [-i] }, secret: true } }',
  );
  const write: Event = { tool: 'write', args: { filePath: '/p/.db_password', content: 'Hq7!vN2zR9pWx4LmT8cKb3Ye\n' } };
  const decisions = (...events: Event[]) => replay(policy, events).verdicts.map((v) => v.decision);
  it('a generated password with a ! fills the slot: as a literal, and read into a variable in an earlier call', () => {
    expect(decisions(bashCall('sed -i "s/__DB_PASSWORD__/Hq7!vN2zR9pWx4LmT8cKb3Ye/" config/settings.py'))).toEqual([
      'BLOCK',
    ]);
    expect(
      decisions(write, bashCall('read -r PW < .db_password'), bashCall('sed -i "s/__DB_PASSWORD__/$PW/" settings.py')),
    ).toEqual(['ALLOW', 'ALLOW', 'BLOCK']);
  });
  it('a name, a version or a reference in the slot is no secret', () => {
    expect(decisions(bashCall('sed -i "s/__APP_NAME__/orders-api-2024-11-30/" config/settings.py'))).toEqual(['ALLOW']);
    expect(decisions(bashCall('V=2.4.1; sed -i "s/__VERSION__/$V/" config/settings.py'))).toEqual(['ALLOW']);
  });
});

describe('round 26: effect.sessionWrote — a file an earlier call of this session wrote whole', () => {
  const policy = policyOf(
    [
      'version: 1',
      'contracts:',
      '  - id: records-kept',
      '    description: accepted records are not rewritten',
      '    mode: WARN',
      "    when: { tool: { effect: { kind: [write, append], path: 'docs/adr/*.md' } } }",
      '    unless: { tool: { effect: { sessionWrote: true } } }',
      '    message: m',
      '  - id: own-drafts',
      '    description: says when an edit is of a draft the session wrote',
      '    mode: WARN',
      '    when: { tool: { effect: { sessionWrote: true } } }',
      '    message: m',
    ].join('\n'),
    { root: '/p' },
  );
  const write = (path: string, content: string): Event => ({
    tool: 'write',
    args: { filePath: `/p/${path}`, content },
  });
  const edit = (path: string): Event => ({
    tool: 'edit',
    args: { filePath: `/p/${path}`, oldString: 'Proposed', newString: 'Accepted' },
  });
  const ids = (events: Event[]) => replay(policy, events).verdicts.map((v) => v.matches.map((m) => m.id).join(','));
  it('an edit of the record the session wrote (by the write tool or a heredoc) is of its own file; another is not', () => {
    expect(ids([write('docs/adr/0014-x.md', '# 14. X\n\nProposed\n'), edit('docs/adr/0014-x.md')])).toEqual([
      'records-kept',
      'own-drafts',
    ]);
    expect(
      ids([
        { tool: 'bash', args: { command: "cat > docs/adr/0014-x.md <<'EOF'\n# 14. X\n\nProposed\nEOF" } },
        { tool: 'bash', args: { command: 'sed -i s/Proposed/Accepted/ docs/adr/0014-x.md' } },
      ]),
    ).toEqual(['records-kept', 'own-drafts']);
    expect(ids([write('docs/adr/0014-x.md', '# 14. X\n\nProposed\n'), edit('docs/adr/0003-y.md')])).toEqual([
      'records-kept',
      'records-kept',
    ]);
  });
  it('the explanation says so', () => {
    const [, second] = replay(policy, [write('notes/a.md', 'Proposed\n'), edit('notes/a.md')]).verdicts;
    expect(second?.matches[0]?.held.join(' ')).toContain('a file this session wrote earlier');
  });
});

describe('round 27: a git pathspec with a * lists what lies below its folder at any depth', () => {
  it('git ls-files PATTERN into a file, then xargs -a reads it back', () => {
    expect(
      programs("git ls-files 'services/pricing/src/*.ts' > /tmp/f.txt; xargs -a /tmp/f.txt sed -i 's/a/b/g'"),
    ).toContain('sed -i s/a/b/g services/pricing/src/**/*.ts');
    expect(programs("git ls-files '*.md' | xargs wc -l")).toContain('wc -l **/*.md');
  });
  it('a pathspec with magic (:(exclude)…) or a character class stays unknown', () => {
    expect(programs("git ls-files ':!vendor' | xargs wc -l")).toContain('wc -l');
    expect(programs("git ls-files 'src/[ab].ts' | xargs wc -l")).toContain('wc -l');
  });
});
