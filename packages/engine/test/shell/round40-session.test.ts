// Blind round 40 (issue 17): an action assembled across the session — what the shell model had to learn so that the
// pieces written in one call are read when a later call uses them.
import { describe, expect, it } from 'vitest';
import { parseShell } from '../../src/shell/index.js';
import { bash, policyOf, replay } from '../helpers.js';

describe('a kustomization rendered into a file, then applied from it', () => {
  const applied = (source: string): string[] =>
    parseShell(source)
      .commands.filter((c) => c.program === 'kubectl' && c.argv[0] === 'apply')
      .map((c) => c.argv.join(' '));

  it('applies the folder, as the rendering piped in does', () => {
    expect(applied('kustomize build k8s/overlays/prod > /tmp/all.yaml && kubectl apply -f /tmp/all.yaml')).toEqual([
      'apply -k k8s/overlays/prod',
    ]);
    expect(applied('cd k8s; kubectl kustomize overlays/prod > out.yaml; kubectl apply --filename=out.yaml')).toEqual([
      'apply --kustomize=k8s/overlays/prod',
    ]);
  });

  it('follows the file when it is copied, and leaves a file the call did not render alone', () => {
    expect(
      applied('kustomize build overlays/prod > /tmp/a.yaml; cp /tmp/a.yaml b.yaml; kubectl apply -f b.yaml'),
    ).toEqual(['apply -k overlays/prod']);
    expect(applied('kubectl apply -f /tmp/all.yaml')).toEqual(['apply -f /tmp/all.yaml']);
  });

  it('holds across calls: the rendering is in the session ledger', () => {
    const policy = policyOf(
      [
        'version: 1',
        'contracts:',
        '  - id: no-prod',
        '    mode: BLOCK',
        '    description: production is changed by the pipeline',
        '    message: not production',
        '    when:',
        '      - tool: {name: bash, run: {program: kubectl, subcommand: apply, option: {name: -k, value: prod}}}',
      ].join('\n'),
      { root: '/p' },
    );
    const decisions = (...commands: string[]) => replay(policy, commands.map(bash)).verdicts.map((v) => v.decision);
    expect(decisions('kustomize build overlays/prod > /tmp/r.yaml', 'kubectl apply -f /tmp/r.yaml')).toEqual([
      'ALLOW',
      'BLOCK',
    ]);
    expect(decisions('kustomize build overlays/staging > /tmp/r.yaml', 'kubectl apply -f /tmp/r.yaml')).toEqual([
      'ALLOW',
      'ALLOW',
    ]);
  });
});

describe('a Python branch a constant flag rules out', () => {
  const script = (flag: string, extra = ''): string =>
    [
      'from huggingface_hub import HfApi',
      `DRY_RUN = ${flag}`,
      extra,
      'if DRY_RUN:',
      '    print("would upload")',
      'else:',
      '    HfApi().upload_folder(repo_id="acme/churn", folder_path="models/churn")',
      '',
    ].join('\n');
  const uploads = (text: string): boolean =>
    parseShell(`python3 -c '${text.replace(/'/g, "'\\''")}'`).commands.some((c) => c.argv.includes('upload'));

  it('is not read: a dry run by a flag set True never uploads', () => {
    expect(uploads(script('True'))).toBe(false);
    expect(uploads(script('False'))).toBe(true);
  });

  it('reads both branches when the flag is set again, from an argument, or in a loop', () => {
    expect(uploads(script('True', 'DRY_RUN = "--live" not in sys.argv'))).toBe(true);
    expect(uploads(script('True', 'if len(sys.argv) > 1:\n    DRY_RUN = False'))).toBe(true);
    expect(uploads(script('True', 'for DRY_RUN in (True, False): pass'))).toBe(true);
  });

  it('reads `if not FLAG:` the other way round', () => {
    const text =
      'from huggingface_hub import HfApi\nDRY_RUN = True\nif not DRY_RUN:\n    HfApi().upload_folder(repo_id="a/b", folder_path="m")\n';
    expect(uploads(text)).toBe(false);
    expect(uploads(text.replace('DRY_RUN = True', 'DRY_RUN = False'))).toBe(true);
  });
});

describe("sed's basic pattern with `$` or `^` inside it", () => {
  it('matches them as themselves, as GNU sed does, so the edit of a file the call wrote is applied', () => {
    const source = [
      `printf '%s\\n' 'aws ec2 describe-snapshots --snapshot-ids "$id" --query x' > s.sh`,
      `sed -i 's/describe-snapshots --snapshot-ids "$id" --query .*$/delete-snapshot --snapshot-id "$id"/' s.sh`,
      'bash s.sh',
    ].join('; ');
    expect(parseShell(source).commands.map((c) => [c.program, ...c.argv].join(' '))).toContain(
      'aws ec2 delete-snapshot --snapshot-id $id',
    );
  });

  it('keeps `^` at the start and `$` at the end as anchors', () => {
    const source = `printf 'x a^b$c y\\nabc\\n' > f; sed -i 's/^a/X/; s/c$/Y/; s/a^b$c/Z/' f; bash f`;
    const ran = parseShell(source).commands.map((c) => [c.program, ...c.argv].join(' '));
    expect(ran.slice(3)).toEqual(['x Z y', 'XbY']);
  });
});

describe('a bake file the session wrote', () => {
  const bake = (file: string, output: string, command: string): string[] | undefined =>
    parseShell(`printf 'target "web" {\\n  output = ["${output}"]\\n}\\n' > ${file}; ${command}`)
      .commands.find((c) => c.program === 'docker')
      ?.argv.slice();

  it('pushing to the registry makes `docker buildx bake` push, as --push does', () => {
    expect(bake('docker-bake.hcl', 'type=registry', 'docker buildx bake web')).toEqual([
      'buildx',
      'bake',
      'web',
      '--push',
    ]);
    expect(bake('ci/bake.hcl', 'type=registry', 'docker buildx bake -f ci/bake.hcl web')).toContain('--push');
  });

  it('loading into the local image store pushes nothing; a file bake does not read is not read', () => {
    expect(bake('docker-bake.hcl', 'type=docker', 'docker buildx bake web')).not.toContain('--push');
    expect(bake('ci/bake.hcl', 'type=registry', 'docker buildx bake web')).not.toContain('--push');
  });
});

describe("a script's arguments with a default (`${@:-planning}`)", () => {
  const prettier = (run: string): string[] | undefined =>
    parseShell(`printf '%s\\n' 'prettier --write \${@:-planning}' > t.sh; ${run}`)
      .commands.find((c) => c.program === 'prettier')
      ?.argv.slice();

  it('are the words the script was run with, else the default', () => {
    expect(prettier('bash t.sh .')).toEqual(['--write', '.']);
    expect(prettier('bash t.sh')).toEqual(['--write', 'planning']);
  });
});

describe('a client fed several files by cat', () => {
  const input = (source: string, program: string): string | undefined =>
    parseShell(source).commands.find((c) => c.program === program)?.input?.text;

  it('reads those the call or the session wrote, in order: a mail header before data not known', () => {
    const source = "printf 'To: x@gmail.com\\n\\n' > h.txt; cat h.txt /tmp/top50.csv | sendmail -t -oi";
    expect(input(source, 'sendmail')).toBe('To: x@gmail.com\n\n');
  });

  it('reads SQL files joined so, and nothing when cat changes what it prints', () => {
    const files = "printf 'drop schema x;\\n' > a.sql; printf 'select 1;\\n' > b.sql; ";
    expect(input(`${files}cat a.sql b.sql | psql`, 'psql')).toBe('drop schema x;\nselect 1;\n');
    expect(input(`${files}cat -n a.sql b.sql | psql`, 'psql')).toBeUndefined();
  });
});
