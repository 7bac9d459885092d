// The CLI as a user runs it: the built dist/cli.js in a child process, real files, real exit codes.
import { beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const pkg = join(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(pkg, 'dist/cli.js');
const run = (...args: string[]) => {
  const r = spawnSync(process.execPath, [cli, ...args], {
    cwd: pkg,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
};

beforeAll(() => {
  execFileSync(process.execPath, [join(pkg, 'scripts/build.mjs')], { cwd: pkg });
});

describe('semantic-anchors validate', () => {
  it('prints the YAML error, the schema error and the unknown anchor with line:col and exits 1', () => {
    const r = run('validate', 'test/fixtures/three-problems.yaml');
    expect(r.code).toBe(1);
    const lines = r.out.split('\n').filter((l) => l.startsWith('test/fixtures/three-problems.yaml:'));
    expect(lines).toEqual([
      'test/fixtures/three-problems.yaml:7:18: error: "github-flw" is not an anchor id in the Semantic Anchors catalogue (commit 1ca7f95b70c8) [unknown-anchor]',
      'test/fixtures/three-problems.yaml:13:11: error: contracts[1].mode is "warn"; it must be one of "BLOCK", "WARN" [schema]',
      'test/fixtures/three-problems.yaml:23:5: error: Map keys must be unique [yaml-syntax]',
    ]);
    expect(r.out).toContain('  hint: did you mean "github-flow"?');
    expect(r.out).toContain('skipped until fixed: contract "warn-on-todo"');
  });

  it('exits 0 on a valid file, and --json gives machine-readable diagnostics', () => {
    expect(run('validate', 'test/fixtures/valid.yaml').code).toBe(0);
    const json = JSON.parse(run('validate', '--json', 'test/fixtures/broken-one.yaml').out) as {
      ok: boolean;
      files: { diagnostics: { code: string; position: { line: number } }[] }[];
    };
    expect(json.ok).toBe(false);
    expect(json.files[0]!.diagnostics.map((d) => [d.code, d.position.line])).toEqual([['bad-pattern', 14]]);
  });

  it('says where and what when the file is missing', () => {
    const r = run('validate', 'nope.yaml');
    expect(r.code).toBe(1);
    expect(r.out).toContain('nope.yaml:1:1: error: no such file [config-unreadable]');
  });
});

describe('semantic-anchors explain', () => {
  it('reads the words typed after /anchor bypass as the plugin does: a near miss refused, a far word kept as reason', () => {
    const r = run(
      'explain',
      'test/conformance/bypass-scope.yaml',
      '--event',
      '{"tool":"bash","args":{"command":"terraform destroy"}}',
      '--event',
      '{"bypass":"no-terraform-destory approved","typed":true}',
      '--event',
      '{"bypass":"hot-fix approved","typed":true}',
      '--event',
      '{"tool":"bash","args":{"command":"terraform destroy"}}',
    );
    expect(r.code).toBe(0);
    expect(r.out).toContain('Did you mean "no-terraform-destroy"?');
    expect(r.out).toContain('"hot-fix" was read as the start of the reason');
    expect(r.out).toMatch(/#4 tool bash "terraform destroy" → WARN/);
  });

  it('replays the Step Confirmation example: blocks the Nth call, allows after confirmation, one call through per bypass', () => {
    const r = run(
      'explain',
      'examples/step-confirmation.yaml',
      '--events',
      'examples/step-confirmation.events.jsonl',
      '--json',
    );
    expect(r.code).toBe(0);
    const results = JSON.parse(r.out) as { verdict: { decision: string } }[];
    expect(results.map((x) => x.verdict.decision)).toEqual([
      'ALLOW',
      'ALLOW',
      'ALLOW',
      'BLOCK',
      'ALLOW',
      'WARN',
      'BLOCK',
      'ALLOW',
      'ALLOW',
    ]);
    const text = run(
      'explain',
      'examples/step-confirmation.yaml',
      '--events',
      'examples/step-confirmation.events.jsonl',
    ).out;
    expect(text).toContain('#4 tool edit "README.md" → BLOCK');
    expect(text).toContain(
      '✗ step-confirmation [BLOCK] when: any tool (edit); tool call 3 since the last confirmation (held from call 3 on)',
    );
    expect(text).toContain('↷ step-confirmation [BLOCK, bypassed]');
  });

  it('shows each simple command of a chained, wrapped call, its file effects, and which contract matched which', () => {
    const command = "cd packages/api && sudo env CI=1 bash -lc 'git -C . push -fu origin main' ; echo 'PORT=1' >> .env";
    const r = run(
      'explain',
      'test/conformance/shell-model.yaml',
      '--root',
      '/home/dev/shop',
      '--event',
      JSON.stringify({ tool: 'bash', args: { command } }),
    );
    expect(r.code).toBe(0);
    const lines = r.out.split('\n');
    expect(lines.find((l) => l.includes('→ '))).toContain('→ BLOCK');
    expect(lines).toContain('     [1] cd packages/api');
    expect(lines.find((l) => l.includes('[2] git push -fu origin main'))).toMatch(
      /via sudo › env › bash -l?c; in packages\/api; global -C \.\).*← no-force-push-main/,
    );
    expect(lines.find((l) => l.includes('[3] echo'))).toBeDefined();
    expect(lines.find((l) => l.includes('effect 1:'))).toMatch(
      /append packages\/api\/\.env \(>>, command 3\).*← no-env-writes/,
    );
    expect(r.out).toContain('✗ no-force-push-main [BLOCK] when: tool bash, simple command 2:');
    const json = JSON.parse(
      run(
        'explain',
        'test/conformance/shell-model.yaml',
        '--root',
        '/home/dev/shop',
        '--json',
        '--event',
        JSON.stringify({ tool: 'bash', args: { command } }),
      ).out,
    );
    expect(json[0].parsed.commands.map((c: { program: string }) => c.program)).toEqual(['cd', 'git', 'echo']);
    expect(
      json[0].verdict.matches.map((m: { id: string; unit: { kind: string } }) => `${m.id}:${m.unit.kind}`).sort(),
    ).toEqual(['no-env-writes:effect', 'no-force-push-main:command']);
  });

  it('takes single events, and reports a bad event line with its position', () => {
    const r = run(
      'explain',
      'test/fixtures/valid.yaml',
      '--event',
      '{"tool":"bash","args":{"command":"git push -f origin x"}}',
    );
    expect(r.out).toContain('→ BLOCK');
    const dir = mkdtempSync(join(tmpdir(), 'sa-cli-'));
    writeFileSync(join(dir, 'bad.jsonl'), '{"tool":"bash"}\n{"tol":"bash"}\n{not json}\n');
    const bad = run('explain', 'test/fixtures/valid.yaml', '--events', join(dir, 'bad.jsonl'));
    expect(bad.code).toBe(2);
    expect(bad.err).toContain(`${join(dir, 'bad.jsonl')}:2:1: error: line 2 is not an event`);
    expect(bad.err).toContain(`${join(dir, 'bad.jsonl')}:3:2: error: line 3 is not JSON`);
  });
});

describe('semantic-anchors explain with the host facts and the ledger', () => {
  it('--branch puts the branch checked out under a push that names none; without it the branch is unknown', () => {
    const event = '{"tool":"bash","args":{"command":"git push --force-with-lease"}}';
    const onMain = run('explain', 'software-developer', '--event', event, '--branch', 'main');
    expect(onMain.out).toContain('→ BLOCK');
    expect(onMain.out).toContain('main implied: the branch checked out (host)');
    expect(onMain.out).toContain('arg main (the branch checked out (host))');
    expect(run('explain', 'software-developer', '--event', event, '--branch', 'feat/x').out).toContain('→ ALLOW');
    expect(run('explain', 'software-developer', '--event', event).out).not.toContain('implied');
    expect(run('explain', 'software-developer', '--event', event, '--branch', 'x', '--detached').code).toBe(2);
  });

  it("--default-branch gives a remote's default branch: a push to what git prints for it; without it, unknown", () => {
    const command = `git push --force origin "$(git symbolic-ref --short refs/remotes/origin/HEAD | sed 's#^origin/##')"`;
    const event = JSON.stringify({ tool: 'bash', args: { command } });
    const known = run('explain', 'software-developer', '--event', event, '--default-branch', 'main');
    expect(known.out).toContain('→ BLOCK');
    expect(known.out).toContain('default branch origin/main');
    expect(known.out).toContain('git push --force origin main  ← dev-no-force-push-main');
    expect(run('explain', 'software-developer', '--event', event, '--default-branch', 'origin=develop').out).toContain(
      '→ ALLOW',
    );
    const unknown = run('explain', 'software-developer', '--event', event);
    expect(unknown.out).toContain('its value cannot be known from the call');
    expect(run('explain', 'software-developer', '--event', event, '--default-branch', 'origin=').code).toBe(2);
  });

  it('--ignore gives .gitignore patterns: deleting ignored output is excused, and says by which pattern', () => {
    const event = '{"tool":"bash","args":{"command":"rm -rf lib dist"}}';
    const r = run('explain', 'software-developer', '--event', event, '--ignore', '/lib/', '--ignore', 'dist/');
    expect(r.out).toContain('→ ALLOW');
    expect(r.out).toContain('delete lib (rm, command 1, ignored by git: /lib/)');
    expect(run('explain', 'software-developer', '--event', event).out).toContain('→ BLOCK');
  });

  it('shows which file the session wrote was run, and marks the characters inside it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sa-cli-'));
    writeFileSync(
      join(dir, 'events.jsonl'),
      [
        '{"tool":"write","args":{"filePath":"/p/ship.sh","content":"npm test\\ngit push --force origin main\\n"}}',
        '{"tool":"bash","args":{"command":"bash ship.sh"}}',
      ].join('\n'),
    );
    const r = run('explain', 'software-developer', '--events', join(dir, 'events.jsonl'), '--root', '/p');
    expect(r.out).toContain('#2 tool bash "bash ship.sh" → BLOCK');
    expect(r.out).toContain('runs ship.sh (as sh; read its whole text, as this session wrote it; command 1)');
    expect(r.out).toContain('file ship.sh │ git push --force origin main');
    const json = JSON.parse(
      run('explain', 'software-developer', '--events', join(dir, 'events.jsonl'), '--root', '/p', '--json').out,
    );
    expect(json[1].parsed.files).toEqual([{ path: 'ship.sh', as: 'sh', read: 'whole', command: 1 }]);
    expect(json[1].spans.texts['file ship.sh']).toBe('npm test\ngit push --force origin main\n');
  });
});

describe('semantic-anchors test', () => {
  it('runs examples and scenarios, and --coverage fails on contracts without a trigger and a near miss', () => {
    const ok = run(
      'test',
      'examples/step-confirmation.yaml',
      'test/conformance/step-confirmation.scenario.yaml',
      '--coverage',
    );
    expect(ok.code).toBe(0);
    expect(ok.out).toMatch(/^18 passed, 0 failed$/m);
    const gaps = run('test', 'test/fixtures/broken-one.yaml', '--coverage');
    expect(gaps.code).toBe(1);
    expect(gaps.out).toContain('contract "no-rm-rf" has no example that triggers it and no near miss (expect: ALLOW)');
  });
});

describe('semantic-anchors schema and help', () => {
  it('prints the JSON Schema', () => {
    const schema = JSON.parse(run('schema').out) as { $id: string; properties: Record<string, unknown> };
    expect(schema.$id).toMatch(/schema\/v1\.json$/);
    expect(Object.keys(schema.properties)).toContain('contracts');
  });

  it('has --help on every command and a usage error for unknown ones', () => {
    for (const cmd of ['validate', 'explain', 'test', 'schema']) {
      const r = run(cmd, '--help');
      expect(r.code).toBe(0);
      expect(r.out).toContain(`semantic-anchors ${cmd}`);
    }
    const unknown = run('frobnicate');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('unknown command "frobnicate"');
  });
});
