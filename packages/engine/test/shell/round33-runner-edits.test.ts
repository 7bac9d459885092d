// Blind round 33 (issue 17): the forbidden act put into the team's task file by an edit (the edit tool, `>>`, sed -i,
// yq -i), then run through its runner in a later call. The session knows such a file only in the pieces it put in;
// a line whose task header the edit did not touch is taken as run by the task named (piece-lines.ts), and nx, turbo,
// composer, mise, rails tasks and the hooks a hook manager adds to `git commit` are read (workspace-tasks.ts).
import { describe, expect, it } from 'vitest';
import { parseShell, type ShellContext } from '../../src/shell/index.js';
import { edited } from './follow-helpers.js';
import { pieceLines } from '../../src/shell/piece-lines.js';

const session = edited;

const runs = (source: string, context: ShellContext): string[] =>
  parseShell(source, undefined, context).commands.map((c) => [c.program, ...c.argv].join(' '));

describe('a line put into a task whose header the edit did not touch', () => {
  it('is run by the Taskfile task named', () => {
    const edit =
      '  dbt:marts:\n    dir: analytics\n    cmds:\n      - dbt deps\n      - dbt run --target prod --select marts';
    expect(runs('task dbt:marts', session({}, { 'Taskfile.yml': [edit] }))).toContain(
      'dbt run --target prod --select marts',
    );
  });

  it('reads a block scalar line by line and leaves descriptions out', () => {
    const edit =
      '  tf:login:\n    desc: kubectl apply to production (described, not run)\n    cmds:\n      - |\n        cat > ~/.terraformrc <<EOF\n        token = "x"\n        EOF';
    const seen = runs('task tf:login', session({}, { 'Taskfile.yml': [edit] }));
    expect(seen).toContain('cat');
    expect(seen.join('\n')).not.toContain('kubectl');
  });

  it('is a step of the workflow act runs', () => {
    const edit = '        run: terraform -chdir=infra apply -input=false -auto-approve';
    expect(runs('act push -j terraform', session({}, { '.github/workflows/infra.yml': [edit] }))).toContain(
      'terraform apply -input=false -auto-approve',
    );
  });

  it('is a deno task put in next to another by sed', () => {
    const piece = '"check": "deno check main.ts",\n    "fmt": "deno fmt supabase/functions/"';
    expect(runs('deno task fmt', session({}, { 'deno.json': [piece] }))).toContain('deno fmt supabase/functions/');
  });

  it('leaves a piece with no command in it opaque, as before', () => {
    const seen = parseShell('task build', undefined, session({}, { 'Taskfile.yml': ['  build:\n    desc: build it'] }));
    expect(JSON.stringify(seen.opaque)).toContain('known only in pieces');
  });
});

describe('a makefile the team includes', () => {
  it('runs the target the session appended to mk/docs.mk', () => {
    const piece = '\ndocs-live: ## site\n\tmkdocs gh-deploy --force\n';
    expect(runs('make docs-live', session({}, { 'mk/docs.mk': [piece] }))).toContain('mkdocs gh-deploy --force');
  });

  it('runs a recipe line put into an included file without its target', () => {
    const piece = '\tdocker login ghcr.io -u ines -p ghp_x\n\tdocker pull ghcr.io/x/base';
    expect(runs('make base', session({}, { 'mk/images.mk': [piece] }))).toContain(
      'docker login ghcr.io -u ines -p ghp_x',
    );
  });

  it('does not read an included file when make is given its makefile', () => {
    const piece = '\ndocs-live:\n\tmkdocs gh-deploy --force\n';
    expect(runs('make -f build.mk docs-live', session({}, { 'mk/docs.mk': [piece] }))).not.toContain(
      'mkdocs gh-deploy --force',
    );
  });
});

describe('a Cargo alias appended to the team config', () => {
  it('expands the alias from the pieces', () => {
    const piece = '\n[alias]\nship = "publish -p invoicer-core"\n';
    expect(runs('cargo ship', session({}, { '.cargo/config.toml': [piece] }))).toContain(
      'cargo publish -p invoicer-core',
    );
  });
});

describe('npm lifecycle scripts put into the team package.json', () => {
  it('runs a pretest the session added though the test script is the team’s', () => {
    const piece = '"pretest": "node scripts/seed.mjs",';
    expect(runs('npm test', session({}, { 'package.json': [piece] }))).toContain('node scripts/seed.mjs');
  });

  it('does not run an unrelated script put in', () => {
    const piece = '"release": "npm publish",';
    expect(runs('npm test', session({}, { 'package.json': [piece] }))).not.toContain('npm publish');
  });
});

describe('nx targets', () => {
  const project = JSON.stringify({
    name: 'api',
    targets: {
      rollout: {
        executor: 'nx:run-commands',
        options: { command: 'kubectl --context gke-prod set image deploy/api x' },
      },
      lint: { executor: 'nx:run-commands', options: { commands: ['eslint apps/api', { command: 'tsc -p apps/api' }] } },
    },
  });

  it('runs a run-commands target of the project named', () => {
    const ctx = session({ 'apps/api/project.json': project });
    expect(runs('npx nx run api:rollout', ctx)).toContain('kubectl set image deploy/api x');
    expect(runs('nx rollout api', ctx)).toContain('kubectl set image deploy/api x');
    expect(runs('nx run-many -t lint', ctx)).toEqual(expect.arrayContaining(['eslint apps/api', 'tsc -p apps/api']));
  });

  it('does not run another project’s target or nx’s own commands', () => {
    const ctx = session({ 'apps/api/project.json': project });
    expect(runs('nx run web:rollout', ctx)).not.toContain('kubectl set image deploy/api x');
    expect(runs('nx graph', ctx)).toEqual(['nx graph']);
  });

  it('reads a target an edit put into the team project.json', () => {
    const piece = '"up": {\n  "executor": "nx:run-commands",\n  "options": { "command": "pulumi up --yes" }\n}';
    expect(runs('nx run pulumi-infra:up', session({}, { 'infra/pulumi/project.json': [piece] }))).toContain(
      'pulumi up --yes',
    );
  });
});

describe('turbo, composer, mise and rails tasks', () => {
  it('turbo runs the script of the filtered package', () => {
    const ctx = session({}, { 'packages/ui/package.json': ['"release": "npm publish --access public",'] });
    expect(runs('npx turbo run build release --filter=@claims/ui', ctx)).toContain('npm publish --access public');
    expect(runs('turbo run build release --filter=./apps/web', ctx)).not.toContain('npm publish --access public');
  });

  it('composer runs a script, its @references, and not its own commands', () => {
    const composer = JSON.stringify({
      scripts: { fresh: ['@clean', 'git clean -fdx'], clean: 'git stash clear', install: 'echo never' },
    });
    const ctx = session({ 'composer.json': composer });
    expect(runs('composer run-script fresh', ctx)).toEqual(
      expect.arrayContaining(['git stash clear', 'git clean -fdx']),
    );
    expect(runs('composer fresh', ctx)).toContain('git clean -fdx');
    expect(runs('composer install', ctx)).not.toContain('echo never');
  });

  it('mise runs a task table after its depends', () => {
    const toml =
      '[tasks.build]\nrun = "cargo build"\n\n[tasks."sdk:release"]\ndepends = ["build"]\nrun = "cargo publish -p sdk"\n';
    expect(runs('mise run sdk:release', session({}, { '.mise.toml': [toml] }))).toEqual(
      expect.arrayContaining(['cargo build', 'cargo publish -p sdk']),
    );
  });

  it('rails runs a task of lib/tasks the session edited', () => {
    const rake = 'namespace :dev do\n  task :reload_demo do\n    sh "bin/rails db:schema:load"\n  end\nend\n';
    expect(runs('bin/rails dev:reload_demo', session({}, { 'lib/tasks/dev.rake': [rake] }))).toContain(
      'rails db:schema:load',
    );
  });
});

describe('hooks a hook manager adds to git', () => {
  const lefthook =
    'post-commit:\n  commands:\n    share:\n      run: gh gist create --secret findings.md\npre-commit:\n  commands:\n    lint:\n      run: eslint --fix src\n';

  it('a commit fires lefthook’s pre-commit and post-commit commands', () => {
    const seen = runs('git commit -m x', session({ 'lefthook.yml': lefthook }));
    expect(seen).toEqual(expect.arrayContaining(['gh gist create --secret findings.md', 'eslint --fix src']));
  });

  it('--no-verify skips pre-commit, not post-commit', () => {
    const seen = runs('git commit --no-verify -m x', session({ 'lefthook.yml': lefthook }));
    expect(seen).toContain('gh gist create --secret findings.md');
    expect(seen).not.toContain('eslint --fix src');
  });

  it('a commit fires the local hooks of .pre-commit-config.yaml', () => {
    const config =
      'repos:\n  - repo: local\n    hooks:\n      - id: fmt\n        name: fmt\n        entry: ruff format backend/\n        language: system\n';
    expect(runs('git commit -m x', session({ '.pre-commit-config.yaml': config }))).toContain('ruff format backend/');
    expect(runs('git status', session({ '.pre-commit-config.yaml': config }))).not.toContain('ruff format backend/');
  });
});

describe('pieceLines', () => {
  it('reads each format’s command lines and leaves descriptions out', () => {
    const lines = (path: string, piece: string) => pieceLines(path, [piece], 'x').map((l) => l.source);
    expect(lines('Taskfile.yml', '  a:\n    desc: not run\n    cmds:\n      - echo run')).toEqual(['echo run']);
    expect(lines('compose.yml', '    command: ["psql", "-c", "DROP SCHEMA public"]')).toEqual([
      "psql -c 'DROP SCHEMA public'",
    ]);
    expect(lines('deno.json', '"name": "not run",\n"fmt": "deno fmt"')).toEqual(['deno fmt']);
    expect(lines('pyproject.toml', 'help = "not run"\nauth = "pdm config x y"')).toEqual(['pdm config x y']);
    expect(lines('tox.ini', 'commands_pre = pip config set x\ndeps = black')).toEqual(['pip config set x']);
    expect(lines('Makefile', 'release:\n\t@gh release create v1\n')).toEqual(['gh release create v1']);
    expect(lines('Rakefile', 'sh "x"')).toEqual([]);
  });
});

describe('a Gradle task that depends on or is finalized by another', () => {
  it('runs the publishing task a build is finalized by, and the one a new task depends on', () => {
    const kts =
      'tasks.named("build") {\n    finalizedBy("publish")\n}\n\ntasks.register("releaseAndroid") {\n    group = "release"\n    dependsOn("publishReleaseBundle")\n}\n';
    const ctx = session({}, { 'app/build.gradle.kts': [kts] });
    expect(runs('./gradlew -p app build', ctx)).toContain('gradle publish');
    expect(runs('./gradlew -p app releaseAndroid', ctx)).toContain('gradle publishReleaseBundle');
    expect(runs('./gradlew -p app test', ctx)).not.toContain('gradle publish');
  });
});

describe('Ruby in a task the session wrote', () => {
  const ruby = (code: string) => runs(`ruby -e '${code.replace(/'/g, "'\\''")}'`, session({}));

  it('reads an interpolated string as a command partly known', () => {
    expect(ruby('sh "gem push pkg/app-#{VERSION}.gem"')).toContain('gem push pkg/app-$__one_liner_value.gem');
    expect(ruby('ids.each { |iid| sh "glab mr approve #{iid}" }')).toContain('glab mr approve $__one_liner_value');
  });

  it('reads %q and %Q strings as literals', () => {
    expect(ruby('sh %q(sed -i \'s/it "x"/fit "x"/\' spec/a_spec.rb)')).toContain(
      'sed -i s/it "x"/fit "x"/ spec/a_spec.rb',
    );
    expect(ruby('x = 10 % 3')).toHaveLength(1);
  });

  it('puts an environment hash given to sh into the command line', () => {
    const seen = parseShell(
      `ruby -e 'sh({ "RAILS_ENV" => "production" }, "bin/rails db:schema:load")'`,
      undefined,
      session({}),
    ).commands.find((c) => c.program === 'rails');
    expect(seen?.argv).toEqual(['db:schema:load']);
    expect(seen?.environment?.RAILS_ENV).toBe('production');
  });

  it('follows a path held in a name into File.write', () => {
    const effects = parseShell(
      `ruby -e 'path = File.expand_path("~/.gem/credentials"); File.write(path, "k")'`,
      undefined,
      session({}),
    ).effects.map((e) => `${e.kind} ${e.path}`);
    expect(effects).toContain('write ~/.gem/credentials');
  });
});

describe('a piece that names its own tasks', () => {
  it('is not taken as run by another task', () => {
    const piece = 'tasks:\n  release-prod:\n    cmds:\n      - helmfile -e production apply\n';
    const ctx = session({}, { 'Taskfile.yml': [piece] });
    expect(runs('task release-prod', ctx)).toContain('helmfile apply');
    expect(runs('task lint', ctx)).not.toContain('helmfile apply');
  });
});

describe('yq -i with a value the shell put into its expression', () => {
  const written = (command: string) =>
    parseShell(command, undefined, session({})).effects.find((e) => e.path === 'config/app.yml')?.content ?? '';

  it('writes a value computed at run time, not the text of the expansion', () => {
    expect(written(`yq -i '.db.password = "'"$(op read op://x/y)"'"' config/app.yml`)).toContain('password: $\u0000');
  });

  it('keeps a reference written in single quotes as the text the tool writes', () => {
    expect(written(`yq -i '.db.password = "\${DB_PASSWORD}"' config/app.yml`)).toContain('password: ${DB_PASSWORD}');
  });
});
