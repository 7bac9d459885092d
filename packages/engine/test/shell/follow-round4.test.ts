// Blind round 4 (issue 17): routes an agent assembles an action by, followed by behaviour — paste of a known word
// list, su reading its script on stdin, the shell lines git runs from its settings (editor, pager, ssh command, a `!`
// credential helper) and a hooks folder it is pointed at, array indexes through names and arithmetic, `cd -`/$OLDPWD.
import { describe, expect, it } from 'vitest';
import { parseShell } from '../../src/shell/index.js';
import { files, runs, written } from './follow-helpers.js';

describe('paste of a known text', () => {
  it('joins the lines of a file the session wrote with -sd, and a shell fed by it runs the joined line', () => {
    const ctx = { file: files({ '/tmp/w.lst': 'npm\npublish\n--tag\nnext\n' }) };
    expect(runs("paste -sd ' ' /tmp/w.lst | sh", ctx)).toContain('npm publish --tag next');
    expect(runs("paste -s -d ' ' /tmp/w.lst | bash", ctx)).toContain('npm publish --tag next');
  });
  it('cycles its delimiters and prints one file unchanged without -s', () => {
    const ctx = { file: files({ 'a.txt': 'git\npush\n' }) };
    expect(runs('paste -s -d " \\n" a.txt | sh', ctx)).toContain('git push');
    expect(runs('paste a.txt | sh', ctx)).toEqual(['paste a.txt', 'sh', 'git', 'push']);
  });
  it('leaves several files (columns) unknown', () => {
    const ctx = { file: files({ 'a.txt': 'git\n', 'b.txt': 'push\n' }) };
    expect(runs('paste -d " " a.txt b.txt | sh', ctx)).toEqual(['paste -d   a.txt b.txt', 'sh']);
  });
});

describe('su with its script on stdin', () => {
  it('runs a heredoc or here-string as the user shell script when no -c is given', () => {
    expect(runs("su deploy <<'EOF'\nnpm publish\nEOF")).toContain('npm publish');
    expect(runs("su - deploy -s /bin/bash <<< 'npm publish'")).toContain('npm publish');
  });
  it('does not read stdin as a script when -c gives the command', () => {
    expect(runs("su -c 'ls' deploy <<< 'npm publish'")).not.toContain('npm publish');
  });
});

describe('shell lines git runs from its settings', () => {
  it('walks core.editor, core.pager, sequence.editor given with -c as the shell line they are', () => {
    expect(runs(`git -c core.editor='sh -c "npm publish"' commit --amend`)).toContain('npm publish');
    expect(runs(`git -c core.pager='sh -c "npm publish"' log -1`)).toContain('npm publish');
    expect(runs(`git -c sequence.editor='sh -c "npm publish"' rebase -i HEAD~2`)).toContain('npm publish');
  });
  it('walks GIT_EDITOR, GIT_SEQUENCE_EDITOR and GIT_SSH_COMMAND given to git', () => {
    expect(runs(`GIT_EDITOR='sh -c "npm publish; true"' git commit`)).toContain('npm publish');
    expect(runs(`GIT_SSH_COMMAND='sh -c "npm publish"' git fetch origin`)).toContain('npm publish');
  });
  it('walks a setting written by git config when it is set, and a ! credential helper', () => {
    expect(runs(`git config core.editor 'sh -c "npm publish"'`)).toContain('npm publish');
    expect(runs(`git config --global core.pager 'sh -c "npm publish; cat"'`)).toContain('npm publish');
    expect(runs(`git -c credential.helper='!npm publish' fetch`)).toContain('npm publish');
  });
  it('judges a plain editor or pager as that program, and other keys as nothing', () => {
    expect(runs('GIT_EDITOR=true git rebase --continue')).toEqual(['git rebase --continue', 'true']);
    expect(runs('git -c core.pager=cat log')).toEqual(['git log', 'cat']);
    expect(runs('git config user.email a@b.c')).toEqual(['git config user.email a@b.c']);
    expect(runs('git -c credential.helper=store fetch')).toEqual(['git fetch']);
  });
});

describe('a hooks folder git is pointed at', () => {
  it('runs the hooks the session wrote in it when core.hooksPath is set, and at a later command in the same line', () => {
    const ctx = {
      file: files({ '.githooks/pre-commit': '#!/bin/sh\nnpm publish\n', '/tmp/hk/pre-commit': 'npm publish\n' }),
    };
    expect(runs('git config core.hooksPath .githooks', ctx)).toContain('npm publish');
    expect(runs("git config core.hooksPath /tmp/hk && git commit -am 'fix: x'", ctx)).toContain('npm publish');
  });
  it('runs nothing for a folder without hooks the session wrote, or a commit that skips them', () => {
    const ctx = { file: files({ '/tmp/hk/pre-commit': 'npm publish\n' }) };
    expect(runs('git config core.hooksPath .husky', ctx)).not.toContain('npm publish');
    expect(runs("git -c core.hooksPath=/tmp/hk commit -n -m 'fix: x'", ctx)).not.toContain('npm publish');
  });
});

describe('array indexes through names and arithmetic', () => {
  it('computes an index through a variable, a bare name, $((…)), let and (( ))', () => {
    expect(runs('s=(view publish); i=1; npm "${s[$i]}"')).toContain('npm publish');
    expect(runs('s=(view publish); n=1; npm ${s[n]}')).toContain('npm publish');
    expect(runs('s=(view publish); i=0; npm "${s[$((i+1))]}"')).toContain('npm publish');
    expect(runs('s=(view publish); let k=2-1; npm "${s[k]}"')).toContain('npm publish');
    expect(runs('s=(view publish); ((j=1)); npm "${s[j]}"')).toContain('npm publish');
    expect(runs('i=2; echo $((i*3+1))')).toContain('echo 7');
  });
  it('leaves an index unknown when a name it reads is unknown or changed by ++', () => {
    expect(runs('s=(view publish); npm "${s[$X]}"')).toContain('npm ${s[$X]}');
    expect(runs('s=(view publish); i=0; ((i++)); npm "${s[i]}"')).toContain('npm ${s[i]}');
  });
});

describe('cd - and $OLDPWD', () => {
  const deletes = (source: string): string[] =>
    parseShell(source)
      .effects.filter((e) => e.kind === 'delete')
      .map((e) => e.path);
  it('goes back to the folder before the last cd', () => {
    expect(deletes('cd data/raw && cd /tmp && cd - && rm -f customers.csv')).toEqual(['data/raw/customers.csv']);
    expect(deletes('cd /tmp && cd - >/dev/null && rm -rf .')).toEqual(['.']);
  });
  it('names the folder before the last cd from anywhere', () => {
    expect(deletes('cd web; cd /tmp; rm -rf "$OLDPWD"/dist')).toEqual(['$PWD/web/dist']);
  });
});

describe('container files the session wrote', () => {
  const ctx = {
    file: files({
      'docker-compose.yml': 'services:\n  job:\n    image: node:20\n    command: sh -c "npm publish"\n',
      'ops/compose.yaml': 'services:\n  tool:\n    image: node:20\n    entrypoint: ["sh", "-c", "npm publish"]\n',
      'Dockerfile.job': 'FROM node:20\nRUN npm ci \\\n  && npm run build\nCMD ["sh", "-c", "npm publish"]\n',
    }),
  };
  const remote = (source: string): string[] =>
    parseShell(source, undefined, ctx)
      .commands.filter((c) => c.remote !== undefined)
      .map((c) => `${c.remote}: ${[c.program, ...c.argv].join(' ')}`);
  it("runs a compose service's command at up and at run without a command, marked as in the container", () => {
    expect(remote('docker compose up job')).toEqual(['docker compose up job: npm publish']);
    expect(remote('docker compose -f ops/compose.yaml run --rm tool')).toEqual([
      'docker compose run tool: npm publish',
    ]);
  });
  it("runs a Dockerfile's RUN lines at build and its CMD at a run of the image built in the same line", () => {
    expect(remote('docker build -f Dockerfile.job -t job . && docker run --rm job')).toEqual([
      'docker build › RUN: npm ci',
      'docker build › RUN: npm run build',
      'docker run job: npm publish',
    ]);
  });
  it('reads nothing for an image it did not see built, a run with its own command, or a compose file nobody wrote', () => {
    expect(remote('docker run --rm job')).toEqual([]);
    expect(remote('docker compose run --rm job npm test')).toEqual(['docker compose run job: npm test']);
    expect(parseShell('docker compose up web', undefined, { file: files({}) }).commands).toHaveLength(1);
  });
});

describe('compressed files keep the text they hold', () => {
  const ctx = { file: files({ '/tmp/job.sh.gz': 'npm publish\n', '/tmp/job.sh': 'npm publish\n' }) };
  it('prints the text of a known compressed file to a shell (gzip -dc, zcat, bzcat, xz -dc, gunzip -c)', () => {
    expect(runs('gzip -dc /tmp/job.sh.gz | sh', ctx)).toContain('npm publish');
    expect(runs('gunzip -c /tmp/job.sh.gz | bash', ctx)).toContain('npm publish');
    expect(runs("echo 'npm publish' | gzip -c > /tmp/j.gz; zcat /tmp/j.gz | bash")).toContain('npm publish');
    expect(runs('bzip2 -kf /tmp/job.sh && bzcat /tmp/job.sh.bz2 | sh', ctx)).toContain('npm publish');
    expect(runs('xz -k /tmp/job.sh && xz -dc /tmp/job.sh.xz | bash', ctx)).toContain('npm publish');
  });
  it('writes the compressed file in place with the text and deletes the input unless kept', () => {
    const effects = (s: string) => parseShell(s, undefined, ctx).effects.map((e) => `${e.kind} ${e.path}`);
    expect(effects('gzip /tmp/job.sh')).toEqual(['read /tmp/job.sh', 'write /tmp/job.sh.gz', 'delete /tmp/job.sh']);
    expect(effects('gzip -k /tmp/job.sh')).toEqual(['read /tmp/job.sh', 'write /tmp/job.sh.gz']);
    expect(effects('gunzip /tmp/job.sh.gz')).toEqual([
      'read /tmp/job.sh.gz',
      'write /tmp/job.sh',
      'delete /tmp/job.sh.gz',
    ]);
  });
  it('replaces a file whose text is unknown (round 16: its twin written, text unknown), and a list or test adds nothing', () => {
    const effects = (s: string) => parseShell(s, undefined, ctx).effects.map((e) => `${e.kind} ${e.path}`);
    expect(effects('gzip -f data/raw/x.csv')).toEqual([
      'read data/raw/x.csv',
      'write data/raw/x.csv.gz',
      'delete data/raw/x.csv',
    ]);
    expect(runs('gzip -l /tmp/job.sh.gz | sh', ctx)).not.toContain('npm publish');
  });
});

describe('a hook the session wrote in another folder of the project', () => {
  const known: Record<string, string> = {
    '.githooks/pre-commit': '#!/bin/sh\nnpm publish\n',
    'tools/hooks/pre-push': 'npm publish\n',
  };
  const ctx = written(known);
  it('runs with the command that runs its hook (a core.hooksPath an earlier call set may point there)', () => {
    expect(runs("git commit -m 'fix: x'", ctx)).toContain('npm publish');
    expect(runs('git push origin feat/x', ctx)).toContain('npm publish');
  });
  it('does not run when the command skips its hooks or runs none', () => {
    expect(runs('git commit -n -m x', ctx)).not.toContain('npm publish');
    expect(runs('git status', ctx)).not.toContain('npm publish');
  });
});

describe("interpreters' import aliases", () => {
  it('reads a call made through a module or member imported under another name', () => {
    expect(runs(`python3 -c "import subprocess as s; s.run(['npm', 'publish'])"`)).toContain('npm publish');
    expect(runs(`python3 -c "from subprocess import run; run('npm publish', shell=True)"`)).toContain('npm publish');
    expect(runs(`python3 -c "from os import system as go; go('npm publish')"`)).toContain('npm publish');
    expect(runs(`node -e "const {execSync: x} = require('child_process'); x('npm publish')"`)).toContain('npm publish');
    expect(runs(`node -e "import cp from 'node:child_process'; cp.execSync('npm publish')"`)).toContain('npm publish');
  });
  it('adds nothing for a name that is not imported as a module call of the table', () => {
    expect(runs(`python3 -c "from os import path; path.join('a', 'b')"`)).toEqual([
      'python3 -c ' + "from os import path; path.join('a', 'b')",
    ]);
    expect(runs(`python3 -c "def run(x): pass\nrun('npm publish')"`)).not.toContain('npm publish');
  });
});

describe('a bare program name the session put on the PATH', () => {
  const ctx = { file: files({ '/usr/local/bin/ship': 'npm publish\n', 'bin/ship': '#!/bin/sh\nnpm publish\n' }) };
  it('runs a script the session wrote in a usual PATH folder or in a folder the command is given as PATH', () => {
    expect(runs('ship --now', ctx)).toContain('npm publish');
    expect(runs('PATH=$PWD/bin:$PATH ship', { file: files({ 'bin/ship': 'npm publish\n' }) })).toContain('npm publish');
  });
  it('looks up no declared program and nothing the session did not write', () => {
    expect(runs('git status', { file: files({ '/usr/local/bin/git': 'npm publish\n' }) })).toEqual(['git status']);
    expect(runs('deploy-tool', ctx)).toEqual(['deploy-tool']);
  });
});
