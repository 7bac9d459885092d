// Blind round 13 (issue 17): more runners as data, programs' external subcommands, lifecycle and build-tool files the
// session wrote, printers that compute their text, branch lines of git status, Go's booleans. Each with the honest use
// beside it.
import { describe, expect, it } from 'vitest';
import { hasFlag } from '../../src/compile/flag-match.js';
import { parseShell, type Flag } from '../../src/shell/index.js';
import { runs, written } from './follow-helpers.js';

describe('runners declared as data run the command they are given', () => {
  it('winpty, railway run, env-cmd, berglas exec, summon, nx exec, podman unshare run their words', () => {
    for (const wrapper of [
      'winpty',
      'railway run',
      'env-cmd -f .env.staging',
      'berglas exec --',
      'summon --provider p',
      'nx exec --',
      'podman unshare',
    ]) {
      expect(runs(`${wrapper} npm publish`), wrapper).toContain('npm publish');
      expect(runs(`${wrapper} npm pack --dry-run`), wrapper).not.toContain('npm publish');
    }
  });
  it('pnpm -r --workspace-concurrency=1 exec runs its command (pnpm options before exec are its own)', () => {
    expect(runs("pnpm -r --workspace-concurrency=1 exec sh -c 'npm publish'")).toContain('npm publish');
    expect(runs("pnpm -r --workspace-concurrency=1 exec sh -c 'npm test'")).not.toContain('npm publish');
  });
  it('watchers run their command once at start: chokidar -c STRING, onchange -- CMD, reflex -- CMD', () => {
    expect(runs("npx chokidar 'src/**' --initial -c 'npm publish'")).toContain('npm publish');
    expect(runs("npx onchange -i 'src/**' -- npm publish")).toContain('npm publish');
    expect(runs("reflex -s -r '\\.ts$' -- npm publish")).toContain('npm publish');
    expect(runs("npx chokidar 'src/**' -c 'npm test'")).not.toContain('npm publish');
  });
  it('zellij run --, dtach -n SOCKET, devcontainer exec, tsh ssh HOST, pssh -H HOST -i run their command', () => {
    expect(runs('zellij run -- npm publish')).toContain('npm publish');
    expect(runs('dtach -n /tmp/s npm publish')).toContain('npm publish');
    expect(runs('devcontainer exec --workspace-folder . npm publish')).toContain('npm publish');
    expect(runs("tsh ssh deploy@web1 'npm publish'")).toContain('npm publish');
    expect(runs("pssh -H web1 -i 'npm publish'")).toContain('npm publish');
    expect(runs("tsh ssh deploy@web1 'uptime'")).not.toContain('npm publish');
  });
  it('newgrp GROUP reads its commands on stdin', () => {
    expect(runs("newgrp docker <<'EOF'\ngit push --force origin main\nEOF")).toContain('git push --force origin main');
    expect(runs('newgrp docker')).toEqual(['newgrp docker']);
  });
});

describe('git runs the program it starts for the other side of a transport, and its external subcommands', () => {
  it('git fetch --upload-pack=CMD, git clone -u CMD, git push --receive-pack=CMD run CMD; a plain fetch runs none', () => {
    expect(runs("git fetch --upload-pack='npm publish; :' .")).toContain('npm publish');
    expect(runs("git clone -u 'npm publish; :' . /tmp/c")).toContain('npm publish');
    expect(runs("git push --receive-pack='npm publish; :' . HEAD:refs/heads/x")).toContain('npm publish');
    expect(runs('git fetch origin')).toEqual(['git fetch origin']);
  });
  it('git X, kubectl X, cargo X run git-X, kubectl-X, cargo-X the session put on the PATH', () => {
    const plugins = {
      '/usr/local/bin/git-ship': '#!/bin/sh\ngit push --force origin main\n',
      '/usr/local/bin/kubectl-wipe': '#!/bin/sh\nkubectl delete namespace payments\n',
      '/usr/local/bin/cargo-ship': '#!/bin/sh\nnpm publish\n',
    };
    expect(runs('git ship', written(plugins))).toContain('git push --force origin main');
    expect(runs('kubectl wipe', written(plugins))).toContain('kubectl delete namespace payments');
    expect(runs('cargo ship', written(plugins))).toContain('npm publish');
    expect(runs('git status', written(plugins))).toEqual(['git status']);
  });
  it('a git builtin is never a git-X on the PATH (git runs its own first); an external one, git lfs, still is', () => {
    const shadow = {
      '/usr/local/bin/git-commit': '#!/bin/sh\nnpm publish\n',
      '/usr/local/bin/git-lfs': '#!/bin/sh\ngit push --force origin main\n',
    };
    expect(runs('git commit -m x', written(shadow))).toEqual(['git commit -m x']);
    expect(runs('git lfs push origin main', written(shadow))).toContain('git push --force origin main');
  });
  it('docker X runs a CLI plugin docker-X the session wrote in a plugin folder', () => {
    const plugin = { '/usr/local/lib/docker/cli-plugins/docker-ship': '#!/bin/sh\nnpm publish\n' };
    expect(runs('docker ship', written(plugin))).toContain('npm publish');
    expect(runs('docker ps', written(plugin))).not.toContain('npm publish');
  });
});

describe('files the session wrote that other tools run', () => {
  it("make runs a Makefile's $(shell CMD) as it reads it, whatever the target; --eval='X := $(shell CMD)' too", () => {
    const mk = { '/tmp/m.mk': 'STAMP := $(shell npm publish)\n\ntest:\n\tnpm test\n' };
    expect(runs('make -f /tmp/m.mk test', written(mk))).toContain('npm publish');
    expect(runs("make --eval='R := $(shell npm publish)' test")).toContain('npm publish');
    const honest = { '/tmp/m.mk': 'STAMP := $(shell date +%s)\n\ntest:\n\tnpm test\n' };
    expect(runs('make -f /tmp/m.mk test', written(honest))).not.toContain('npm publish');
  });
  it('npm install/ci/version/pack and pnpm install run the lifecycle scripts of a package.json the session wrote', () => {
    const pkg = (script: string, line: string) => ({
      '/p/package.json': JSON.stringify({ name: 'p', scripts: { [script]: line } }),
    });
    const at = (source: string, known: Record<string, string>) =>
      parseShell(`cd /p && ${source}`, undefined, written(known)).commands.map((c) => [c.program, ...c.argv].join(' '));
    expect(at('npm install', pkg('prepare', 'npm publish'))).toContain('npm publish');
    expect(at('pnpm install --frozen-lockfile', pkg('postinstall', 'npm publish'))).toContain('npm publish');
    expect(at('npm version patch', pkg('preversion', 'npm publish'))).toContain('npm publish');
    expect(at('npm pack', pkg('prepack', 'npm publish'))).toContain('npm publish');
    // a package named is not the root's install; a script of another name is not a lifecycle one
    expect(at('npm install lodash', pkg('prepare', 'npm publish'))).not.toContain('npm publish');
    expect(at('npm install', pkg('release', 'npm publish'))).not.toContain('npm publish');
  });
  it('invoke, nox, scons and pytest read the Python file they run: c.run, session.run, os.system', () => {
    const py = {
      '/p/tasks.py': 'from invoke import task\n\n@task\ndef ship(c):\n    c.run("npm publish")\n',
      '/p/noxfile.py': 'import nox\n\n@nox.session\ndef ship(session):\n    session.run("npm", "publish")\n',
      '/tmp/SConstruct': 'import os\nos.system("npm publish")\n',
      '/tmp/test_x.py': 'import os\nos.system("npm publish")\n',
    };
    expect(runs('cd /p && invoke ship', written(py))).toContain('npm publish');
    expect(runs('cd /p && nox -s ship', written(py))).toContain('npm publish');
    expect(runs('scons -Q -f /tmp/SConstruct', written(py))).toContain('npm publish');
    expect(runs('python3 -m pytest -q /tmp/test_x.py', written(py))).toContain('npm publish');
    expect(runs('cd /q && invoke ship', written(py))).not.toContain('npm publish');
  });
  it('R CMD BATCH FILE runs the R file', () => {
    const r = { '/tmp/job.R': 'system("npm publish")\n' };
    expect(runs('R CMD BATCH --no-save /tmp/job.R /tmp/job.Rout', written(r))).toContain('npm publish');
    expect(runs('R CMD BATCH --no-save /tmp/other.R', written(r))).not.toContain('npm publish');
  });
  it('tac, uniq and awk NR==N of a file the session wrote print lines a shell then runs', () => {
    const steps = { '/tmp/s.txt': 'echo done\nnpm publish\n' };
    expect(runs('tac /tmp/s.txt | sh', written(steps))).toContain('npm publish');
    expect(runs("awk 'NR==2' /tmp/s.txt | bash", written(steps))).toContain('npm publish');
    expect(runs("awk 'NR==1' /tmp/s.txt | bash", written(steps))).not.toContain('npm publish');
    expect(runs('uniq /tmp/s.txt | sh', written(steps))).toContain('npm publish');
  });
});

describe('stdin and values', () => {
  it('pwsh -Command - reads its commands on stdin; -NoProfile is one option, not -N -o … -c', () => {
    expect(runs("pwsh -NoProfile -NonInteractive -Command - <<'EOF'\nnpm publish\nEOF")).toContain('npm publish');
    expect(runs("pwsh -NoProfile -NonInteractive -Command 'npm test'")).toEqual(['npm test']);
  });
  it('declare -l lowers the value it assigns, -u raises it', () => {
    expect(runs('declare -l b=MAIN\ngit push -f origin "$b"')).toContain('git push -f origin main');
    expect(runs('declare -u b=main\ngit push -f origin "$b"')).toContain('git push -f origin MAIN');
  });
  it('sort, xargs with no command and expr print what they compute', () => {
    expect(runs("c=$(printf '%s\\n' zz 'npm publish' | sort | head -n 1)\neval \"$c\"")).toContain('npm publish');
    expect(runs('b=$(xargs <<< \'   main   \')\ngit push -f origin "$b"')).toContain('git push -f origin main');
    expect(runs('b=$(expr substr xmain 2 4)\ngit push -f origin "$b"')).toContain('git push -f origin main');
    expect(runs("c=$(expr 'run:npm publish' : 'run:\\(.*\\)')\neval \"$c\"")).toContain('npm publish');
    expect(runs('b=$(expr substr xfeat 2 4)\ngit push -f origin "$b"')).toContain('git push -f origin feat');
  });
});

describe("the branch: git switch --track and git status's branch lines", () => {
  const on = (branch: string) => ({ branch, upstream: `origin/${branch}` });
  it('git switch --track origin/main checks out main, so a bare forced push pushes main', () => {
    const pushed = (source: string) =>
      parseShell(source, undefined, on('feat/x'))
        .commands.filter((c) => c.program === 'git' && c.positionals[0] === 'push')
        .map((c) => (c.implied ?? []).map((w) => w.value).join(' '));
    expect(pushed('git switch --track origin/main && git push --force').join()).toContain('main');
    expect(pushed('git switch --track origin/feat/y && git push --force').join()).not.toMatch(/\bmain\b/);
  });
  it('git status -sb prints the branch line: `## main...origin/main`', () => {
    const cmd = 'git push --force origin "$(git status -sb | head -n 1 | cut -c4- | cut -d. -f1)"';
    expect(runs(cmd, on('main'))).toContain('git push --force origin main');
    expect(runs(cmd, on('feat/x'))).toContain('git push --force origin feat/x');
  });
});

describe("Go's false spellings switch a single-dash option off", () => {
  const flag = (token: string): Flag[] => [{ name: token.split('=')[0] as string, value: token.split('=')[1], token }];
  it('-auto-approve=0, =f, =F, =False, =FALSE are off; =1, =t, =T, =true are on; --replicas=0 is a value', () => {
    for (const off of [
      '-auto-approve=0',
      '-auto-approve=f',
      '-auto-approve=F',
      '-auto-approve=FALSE',
      '--auto-approve=False',
    ])
      expect(hasFlag(flag(off), off.startsWith('--') ? '--auto-approve' : '-auto-approve', false), off).toBe(false);
    for (const on of ['-auto-approve=1', '-auto-approve=t', '-auto-approve=T', '-auto-approve=true'])
      expect(hasFlag(flag(on), '-auto-approve', false), on).toBe(true);
    expect(hasFlag(flag('--replicas=0'), '--replicas', false)).toBe(true);
  });
});
