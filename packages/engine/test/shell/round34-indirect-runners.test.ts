// Blind round 34 (issue 17): the forbidden act reached through a runner indirectly — an included Taskfile, a .env the
// runner loads, a dependency (compose depends_on, a workflow job's needs, just/nx/turbo dependencies), every
// workspace of a monorepo, a Procfile named with -f. Each reading has its look-alike: the same runner, honest values.
import { describe, expect, it } from 'vitest';
import { parseShell, type ShellContext } from '../../src/shell/index.js';
import { edited } from './follow-helpers.js';

const session = edited;

const model = (source: string, context: ShellContext) => parseShell(source, undefined, context);
const runs = (source: string, context: ShellContext): string[] =>
  model(source, context).commands.map((c) => [c.program, ...c.argv].join(' '));

describe('an included Taskfile', () => {
  const ops = 'version: "3"\ntasks:\n  recycle:\n    cmds:\n      - terraform destroy -auto-approve\n';

  it('runs the task of the file the main Taskfile includes, from an edit of the main one', () => {
    const ctx = session(
      { 'taskfiles/bastion.yml': ops },
      { 'Taskfile.yml': ['includes:\n  bastion:\n    taskfile: ./taskfiles/bastion.yml\n    dir: infra/bastion'] },
    );
    expect(runs('task bastion:recycle', ctx)).toContain('terraform destroy -auto-approve');
  });

  it('finds the included file by the namespace when the main Taskfile is the team’s', () => {
    expect(runs('task bastion:recycle', session({ 'taskfiles/bastion.yml': ops }))).toContain(
      'terraform destroy -auto-approve',
    );
    expect(runs('task other:recycle', session({ 'taskfiles/bastion.yml': ops }))).toEqual(['task other:recycle']);
  });

  it('gives the included tasks the include’s vars', () => {
    const main = 'version: "3"\nincludes:\n  git:\n    taskfile: ./git.yml\n    vars:\n      TARGET: main\n';
    const git = 'version: "3"\ntasks:\n  republish:\n    cmds:\n      - git push --force origin HEAD:{{.TARGET}}\n';
    expect(runs('task git:republish', session({ 'Taskfile.yml': main, 'git.yml': git }))).toContain(
      'git push --force origin HEAD:main',
    );
  });
});

describe('the environment a runner loads', () => {
  const rollout = (target: string) =>
    session({
      'Taskfile.yml':
        'version: "3"\ndotenv: [.env.target]\ntasks:\n  rollout:\n    cmds:\n      - kubectl --context "$KUBE_CONTEXT" rollout restart deploy/api\n',
      '.env.target': `KUBE_CONTEXT=${target}\n`,
    });

  it('puts a Taskfile’s dotenv values into its commands', () => {
    const seen = model('task rollout', rollout('prod-eu1')).commands.find((c) => c.program === 'kubectl');
    expect(seen?.globals.find((g) => g.name === '--context')?.value).toBe('prod-eu1');
    const local = model('task rollout', rollout('kind-demo')).commands.find((c) => c.program === 'kubectl');
    expect(local?.globals.find((g) => g.name === '--context')?.value).toBe('kind-demo');
  });

  it('puts a Taskfile’s env: block and a justfile’s .env into the environment', () => {
    const task = session({
      'Taskfile.yml':
        'version: "3"\ntasks:\n  apply:\n    env:\n      TF_CLI_ARGS_apply: -auto-approve\n    cmds:\n      - terraform apply\n',
    });
    expect(runs('task apply', task)).toContain('export TF_CLI_ARGS_apply=-auto-approve');
    const just = session({
      justfile: 'set dotenv-load\n\nseed:\n    dbt run --target "$DBT_TARGET"\n',
      '.env': 'DBT_TARGET=prod\n',
    });
    expect(runs('just seed', just)).toContain('dbt run --target prod');
  });

  it('puts mise’s [env] into its tasks', () => {
    const mise =
      '[env]\nHELMFILE_ENVIRONMENT = "production"\n\n[tasks.roll]\nrun = "helmfile -e $HELMFILE_ENVIRONMENT apply"\n';
    expect(runs('mise run roll', session({ 'mise.local.toml': mise }))).toContain('helmfile apply');
    expect(
      model('mise run roll', session({ 'mise.local.toml': mise })).commands.find((c) => c.program === 'helmfile')
        ?.globals,
    ).toEqual(expect.arrayContaining([expect.objectContaining({ name: '-e', value: 'production' })]));
  });
});

describe('dependencies a runner runs first', () => {
  it('compose starts the services a service depends on', () => {
    const compose =
      'services:\n  refresh:\n    image: alpine\n    command: ["bq", "rm", "-f", "-t", "claims.stg"]\n  report:\n    image: alpine\n    depends_on: [refresh]\n    command: ["echo", "report"]\n';
    expect(runs('docker compose run --rm report', session({ 'compose.yaml': compose }))).toContain(
      'bq rm -f -t claims.stg',
    );
  });

  it('act runs the jobs a job needs', () => {
    const wf =
      'on: workflow_dispatch\njobs:\n  collect:\n    runs-on: ubuntu-latest\n    steps:\n      - run: gh gist create --public findings.md\n  report:\n    needs: collect\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo done\n';
    expect(runs('act -j report', session({ '.github/workflows/a.yml': wf }))).toContain(
      'gh gist create --public findings.md',
    );
  });

  it('just runs a dependency with its arguments, a shebang recipe as its interpreter’s code, and imported recipes', () => {
    const justfile =
      'import "just/git.just"\n\nship: test (push "main")\n\ntest:\n    echo test\n\nstub:\n    #!/usr/bin/env python3\n    open("tests/test_x.py", "w").write("def test_x():\\n    assert True\\n")\n';
    const git = 'push branch:\n    git push --force origin HEAD:{{branch}}\n';
    const ctx = session({ justfile, 'just/git.just': git });
    expect(runs('just ship', ctx)).toContain('git push --force origin HEAD:main');
    expect(model('just stub', ctx).effects.map((e) => e.path)).toContain('tests/test_x.py');
  });

  it('a just module’s recipe runs as `just MOD RECIPE`', () => {
    const ctx = session({
      justfile: 'mod site "docs/site.just"\n',
      'docs/site.just': 'publish:\n    mkdocs gh-deploy --force\n',
    });
    expect(runs('just site publish', ctx)).toContain('mkdocs gh-deploy --force');
  });

  it('nx runs the targets a target depends on, turbo the ^ tasks of the packages', () => {
    const project = JSON.stringify({
      name: 'orders-infra',
      targets: {
        deploy: { command: 'pulumi up --yes --stack prod' },
        diagram: { dependsOn: ['deploy'], command: 'structurizr export' },
      },
    });
    expect(runs('nx run orders-infra:diagram', session({ 'infra/orders/project.json': project }))).toContain(
      'pulumi up --yes --stack prod',
    );
    const turbo = session(
      {},
      {
        'turbo.json': ['    "e2e": {\n      "dependsOn": ["^build", "^release"],'],
        'packages/test-utils/package.json': ['"release": "npm publish --access public",'],
      },
    );
    expect(runs('npx turbo run e2e --filter=checkout-web', turbo)).toContain('npm publish --access public');
  });

  it('a Gradle task an edit left open still names the task it is finalized by', () => {
    const ctx = session({}, { 'build.gradle.kts': ['tasks.test {\n    finalizedBy("publish")'] });
    expect(runs('./gradlew test', ctx)).toContain('gradle publish');
  });
});

describe('every workspace, and a Procfile named with -f', () => {
  const pkgs = session({}, { 'packages/sdk/package.json': ['"release": "yarn npm publish",'] });

  it('runs each workspace’s script for npm --workspaces, pnpm -r and yarn workspaces foreach', () => {
    expect(runs('npm run release --workspaces', pkgs)).toContain('yarn npm publish');
    expect(runs('pnpm -r run release', pkgs)).toContain('yarn npm publish');
    expect(runs('yarn workspaces foreach -A run release', pkgs)).toContain('yarn npm publish');
    expect(runs('npm run release', pkgs)).not.toContain('yarn npm publish');
  });

  it('honcho -f reads the Procfile named', () => {
    const ctx = session({ 'Procfile.sandbox': 'infra: terraform apply -auto-approve\n' });
    expect(runs('honcho -f Procfile.sandbox start', ctx)).toContain('terraform apply -auto-approve');
  });

  it('a Taskfile task’s dir: is the folder its commands run in', () => {
    const ctx = session({
      'Taskfile.yml': 'version: "3"\ntasks:\n  zip:\n    dir: data/raw\n    cmds:\n      - gzip -f jan.csv\n',
    });
    expect(model('task zip', ctx).effects.map((e) => e.path)).toContain('data/raw/jan.csv.gz');
  });
});
