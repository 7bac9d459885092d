// Configuration files a program reads and runs commands from, when the session wrote them: ninja's rules, lefthook's
// hooks, //go:generate lines, tmux's run-shell/if-shell, ssh's ProxyCommand and Match exec, psql's startup file, and
// make's $(shell) at parse time. The readers on their own, then the calls that run them, and what runs nothing.
import { describe, expect, it } from 'vitest';
import {
  goGenerateCommands,
  goGenerateGlobs,
  lefthookCommands,
  ninjaCommands,
  psqlrcCommands,
  sshConfigCommands,
  tmuxCommands,
} from '../../src/shell/config-commands.js';
import { shellCalls } from '../../src/shell/project-tasks.js';
import { runs, written } from './follow-helpers.js';

const PUSH = 'git push --force origin main';
const sources = (lines: readonly { source: string }[]): string[] => lines.map((l) => l.source);

describe('the readers', () => {
  it("ninja: a target's rule after the builds its inputs need, $in/$out and variables put in; phony runs nothing", () => {
    const text =
      'cflags = -O2\nrule cc\n  command = cc $cflags -c $in -o $out\nrule pub\n  command = npm publish $in\n\n' +
      'build obj/a.o: cc src/a.c\nbuild dist: pub obj/a.o | implicit.txt\nbuild all: phony dist\ndefault all\n';
    expect(sources(ninjaCommands(text, []))).toEqual(['cc -O2 -c src/a.c -o obj/a.o', 'npm publish obj/a.o']);
    expect(sources(ninjaCommands(text, ['obj/a.o']))).toEqual(['cc -O2 -c src/a.c -o obj/a.o']);
    expect(sources(ninjaCommands('rule r\n  command = echo $$HOME $\n    more\nbuild x: r\n', []))).toEqual([
      'echo $HOME more',
    ]);
  });

  it("lefthook: the hook's commands, jobs (groups too) and scripts; another hook's are not run", () => {
    const text =
      'pre-push:\n  commands:\n    a:\n      run: npm test\n  jobs:\n    - run: make lint\n    - group:\n        jobs:\n          - run: ./ship.sh\n' +
      '  scripts:\n    "deploy.sh":\n      runner: bash\npre-commit:\n  commands:\n    b:\n      run: npm publish\n';
    expect(sources(lefthookCommands(text, 'pre-push'))).toEqual([
      'npm test',
      'make lint',
      './ship.sh',
      'bash .lefthook/pre-push/deploy.sh',
    ]);
    expect(lefthookCommands('pre-push: [unclosed', 'pre-push')).toEqual([]);
  });

  it('go generate: each directive, -command aliases put in, -run and -skip as RE2 filters', () => {
    const text = `package x\n//go:generate -command ship sh -c\n//go:generate ship "${PUSH}"\n//go:generate stringer -type=Pill\n`;
    expect(sources(goGenerateCommands(text))).toEqual([`sh -c "${PUSH}"`, 'stringer -type=Pill']);
    expect(sources(goGenerateCommands(text, 'stringer'))).toEqual(['stringer -type=Pill']);
    expect(sources(goGenerateCommands(text, undefined, 'ship'))).toEqual(['stringer -type=Pill']);
    expect(sources(goGenerateCommands(text, '(unclosed'))).toHaveLength(2);
    expect(goGenerateGlobs(['generate'])).toEqual(['*.go']);
    expect(goGenerateGlobs(['generate', './...', 'tools/gen', './cmd/x', 'a.go', 'github.com/x/y/...'])).toEqual([
      './**/*.go',
      './cmd/x/*.go',
      'a.go',
    ]);
  });

  it('tmux: run-shell and run (options skipped), if-shell condition and branches; not a -F format', () => {
    const text = `set -g mouse on\nrun -b -d 2 '${PUSH}'\nif-shell 'test -f x' 'run-shell "npm publish"' 'display no'\nif -F '#{x}' 'run "make"'\nbind P run-shell "gh release create v1" # later\n`;
    expect(sources(tmuxCommands(text))).toEqual([PUSH, 'test -f x', 'npm publish', 'make', 'gh release create v1']);
  });

  it("ssh_config: the matching Host blocks' commands, every Match exec, the first value wins, none runs nothing", () => {
    const text =
      `Host prod-*\n  ProxyCommand sh -c "${PUSH}"\nHost * !web1\n  LocalCommand npm publish\nHost *\n  ProxyCommand none\n` +
      '  KnownHostsCommand /bin/true %H\nMatch host x exec "make ship"\n  User y\n';
    expect(sources(sshConfigCommands(text, 'prod-eu'))).toEqual([
      `sh -c "${PUSH}"`,
      'npm publish',
      '/bin/true %H',
      'make ship',
    ]);
    expect(sources(sshConfigCommands(text, 'web1'))).toEqual(['/bin/true %H', 'make ship']);
  });

  it('psqlrc: \\! lines and \\o / \\g pipes; settings run nothing', () => {
    expect(sources(psqlrcCommands(`\\set ON_ERROR_STOP on\n\\! ${PUSH}\n\\o |npm publish\n\\timing on\n`))).toEqual([
      PUSH,
      'npm publish',
    ]);
  });

  it("make: $(shell …) with the command's parentheses nested however deep", () => {
    expect(shellCalls(`X := $(shell (cd a && (${PUSH})) || true) $(shell date)`)).toEqual([
      `(cd a && (${PUSH})) || true`,
      'date',
    ]);
  });
});

describe('the calls that read them', () => {
  const files = written({
    '/p/build.ninja': `rule r\n  command = ${PUSH}\nbuild ship: r\n`,
    '/p/lefthook.yml': `pre-push:\n  commands:\n    s:\n      run: ${PUSH}\n`,
    '/p/tools/gen/gen.go': `package gen\n//go:generate ${PUSH}\n`,
    '/tmp/t.conf': `run-shell '${PUSH}'\n`,
    '/tmp/ssh.conf': `Host web1\n  ProxyCommand ${PUSH}\n`,
    '/root/.ssh/config': `Host deploy\n  ProxyCommand ${PUSH}\n`,
    '/tmp/rc': `\\! ${PUSH}\n`,
    '/root/.psqlrc': `\\! ${PUSH}\n`,
  });
  const inP = (line: string) => runs(`cd /p && ${line}`, files);

  it('runs what each file says', () => {
    for (const line of [
      'ninja',
      'ninja ship',
      'ninja -f build.ninja ship',
      'npx lefthook run pre-push',
      'go generate ./...',
      'go generate ./tools/...',
      'tmux source-file /tmp/t.conf',
      "tmux -f /tmp/t.conf new-session -d 'npm test'",
      'ssh -F /tmp/ssh.conf web1 uptime',
      'ssh deploy',
      'PSQLRC=/tmp/rc psql -c "select 1"',
      'export PSQLRC=/tmp/rc; psql -f q.sql',
      'psql -d shop',
    ])
      expect(inP(line), line).toContain(PUSH);
  });

  it('runs nothing when the program does not read the file, or reads it without running it', () => {
    for (const line of [
      'ninja -n ship',
      'ninja -t targets',
      'lefthook run pre-commit',
      'lefthook install',
      'go generate ./cmd/...',
      'go generate -n ./...',
      'go build ./...',
      'tmux ls',
      'ssh -F /tmp/ssh.conf web2 uptime',
      'ssh -F none deploy',
      'psql -X -d shop',
      'PSQLRC=/tmp/other psql -d shop',
    ])
      expect(inP(line), line).not.toContain(PUSH);
  });
});
