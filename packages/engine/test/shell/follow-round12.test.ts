// Blind round 12 (issue 17): other programs' manuals that run a command, files the session wrote run by other tools,
// and other writers. Each with the honest use beside it.
import { describe, expect, it } from 'vitest';
import { parseShell } from '../../src/shell/index.js';
import { runs, written } from './follow-helpers.js';

/** The files a source writes, as `kind path`. */
const writes = (source: string, known: Record<string, string> = {}): string[] =>
  parseShell(source, undefined, written(known)).effects.map((e) => `${e.kind} ${e.path}`);

describe('awk reads its program from a file it is given, and a -v value a call takes alone', () => {
  it('awk -f FILE the session wrote, and awk -f - from a heredoc, run their system() lines', () => {
    const step = { '/tmp/step.awk': 'BEGIN { system("git push -f origin main") }\n' };
    expect(runs('awk -f /tmp/step.awk', written(step))).toContain('git push -f origin main');
    expect(runs('awk -f - <<\'EOF\'\nBEGIN { system("npm publish") }\nEOF')).toContain('npm publish');
    expect(runs('awk -f /tmp/other.awk', written(step))).not.toContain('git push -f origin main');
  });
  it("awk -v c='CMD' 'BEGIN { system(c) }' runs CMD; a -v value only printed runs nothing", () => {
    expect(runs("awk -v c='npm publish' 'BEGIN { system(c) }'")).toContain('npm publish');
    expect(runs("awk -v c='npm publish' 'BEGIN { print c }'")).not.toContain('npm publish');
  });
});

describe("sed's e alone runs its input, and its w writes a file", () => {
  it('echo CMD | sed e runs CMD; sed e of a file the session wrote runs its lines', () => {
    expect(runs("echo 'npm publish' | sed e")).toContain('npm publish');
    expect(runs("echo 'npm publish' | sed 's/publish/pack/'")).not.toContain('npm publish');
  });
  it("sed -n 'w FILE' writes FILE with its input; without w nothing is written", () => {
    expect(writes("sed -n 'w ~/.npmrc' /tmp/line.txt", { '/tmp/line.txt': 'x' })).toContain('write ~/.npmrc');
    expect(writes("sed -n '1p' /tmp/line.txt")).not.toContain('write ~/.npmrc');
  });
});

describe('find -fprint and -fprintf write their file', () => {
  it('the file named after the action is written', () => {
    expect(writes("find . -maxdepth 0 -fprintf tests/a.test.ts 'it.only(1)\\n'")).toContain('write tests/a.test.ts');
    expect(writes('find data -name "*.csv" -fprint data/raw/list.txt')).toContain('write data/raw/list.txt');
    expect(writes("find . -maxdepth 0 -printf 'x\\n'")).toEqual([]);
  });
});

describe('cmake -E is cp, mv, rm and touch, and runs a command; cmake -P runs execute_process', () => {
  it('cmake -E env/time CMD runs CMD', () => {
    expect(runs('cmake -E env CI=1 npm publish')).toContain('npm publish');
    expect(runs('cmake -E time kubectl apply -f k8s/')).toContain('kubectl apply -f k8s/');
  });
  it('cmake -E copy/rename/rm write and delete their operands', () => {
    expect(writes('cmake -E copy /tmp/x.ts src/x.ts')).toContain('write src/x.ts');
    expect(writes('cmake -E rename /tmp/a.csv data/raw/a.csv')).toContain('write data/raw/a.csv');
    expect(writes('cmake -E rm -f data/raw/a.csv')).toContain('delete data/raw/a.csv');
    expect(writes('cmake -S . -B build')).toEqual([]);
  });
  it('cmake -P of a script the session wrote runs its execute_process COMMAND words', () => {
    const script = { '/tmp/s.cmake': 'execute_process(COMMAND sh -c "npm publish" RESULT_VARIABLE r)\n' };
    expect(runs('cmake -P /tmp/s.cmake', written(script))).toContain('npm publish');
    const honest = { '/tmp/s.cmake': 'execute_process(COMMAND npm pack --dry-run)\n' };
    expect(runs('cmake -P /tmp/s.cmake', written(honest))).toContain('npm pack --dry-run');
  });
});

describe("git's own ways to run a command line", () => {
  it('core.fsmonitor, grep --open-files-in-pager and difftool -x run their value', () => {
    expect(runs("git -c core.fsmonitor='npm publish; :' status")).toContain('npm publish');
    expect(runs("git grep --open-files-in-pager='npm publish; :' -e TODO")).toContain('npm publish');
    expect(runs("git difftool -y -x 'npm publish; :' HEAD~1")).toContain('npm publish');
  });
  it('git grep -O alone and a pattern after it run nothing', () => {
    expect(runs('git grep -O -e publish')).not.toContain('publish');
  });
  it('an alias from a config file the session wrote, named by GIT_CONFIG_GLOBAL or -c include.path', () => {
    const conf = { '/tmp/gc': '[alias]\n\tship = "!npm publish"\n' };
    expect(runs('GIT_CONFIG_GLOBAL=/tmp/gc git ship', written(conf))).toContain('npm publish');
    expect(runs('git -c include.path=/tmp/gc ship', written(conf))).toContain('npm publish');
    expect(runs('git -c include.path=/tmp/other ship', written(conf))).not.toContain('npm publish');
  });
});

describe('other interpreters and debuggers that run a command line', () => {
  it("ipython -c '!CMD', lldb -o 'platform shell CMD', octave --eval 'system(…)', raku shell, m4 syscmd", () => {
    expect(runs("ipython -c '!npm publish'")).toContain('npm publish');
    expect(runs("ipython -c 'print(1)'")).not.toContain('npm publish');
    expect(runs("lldb --batch -o 'platform shell npm publish'")).toContain('npm publish');
    expect(runs("lldb --batch -o 'breakpoint list'")).toEqual(['lldb --batch -o breakpoint list']);
    expect(runs('octave --eval \'system("npm publish")\'')).toContain('npm publish');
    expect(runs("raku -e 'shell q{npm publish}'")).toContain('npm publish');
    expect(runs("m4 <<< 'syscmd(`npm publish'\\'')'")).toContain('npm publish');
  });
  it('go run FILE.go and java FILE.java of a file the session wrote run their literal exec calls', () => {
    const go = {
      '/tmp/m.go': 'package main\nimport "os/exec"\nfunc main() { exec.Command("npm", "publish").Run() }\n',
    };
    expect(runs('go run /tmp/m.go', written(go))).toContain('npm publish');
    const java = { '/tmp/S.java': 'class S { void m() { new ProcessBuilder("sh", "-c", "npm publish").start(); } }\n' };
    expect(runs('java /tmp/S.java', written(java))).toContain('npm publish');
    expect(runs('go test ./...', written(go))).not.toContain('npm publish');
  });
  it('perl -x runs the script inside a text file (its directory attached only)', () => {
    const notes = { '/tmp/n.txt': 'notes\n#!/usr/bin/perl\nsystem("npm publish");\n__END__\n' };
    expect(runs('perl -x /tmp/n.txt', written(notes))).toContain('npm publish');
  });
  it("node's execSync of what it reads on stdin runs that text", () => {
    const node = `node -e 'require("child_process").execSync(require("fs").readFileSync(0, "utf8"), { stdio: "inherit" })'`;
    expect(runs(`echo 'npm publish' | ${node}`)).toContain('npm publish');
  });
});

describe('more runners: schroot, lckdo, pee, run-parts', () => {
  it('each runs the command it is given', () => {
    expect(runs('schroot -c bookworm -- npm publish')).toContain('npm publish');
    expect(runs('lckdo /tmp/lock npm publish')).toContain('npm publish');
    expect(runs("echo | pee 'npm publish' cat")).toContain('npm publish');
  });
  it('run-parts DIR runs each file the session wrote in DIR; --test runs none', () => {
    const parts = { '/tmp/parts/ship': '#!/bin/sh\nnpm publish\n' };
    expect(runs('run-parts /tmp/parts', written(parts))).toContain('npm publish');
    expect(runs('run-parts --test /tmp/parts', written(parts))).not.toContain('npm publish');
  });
});

describe('round 12b: hash -p, sed ranges, ext:: remotes, push.default=matching, checkout -', () => {
  it('hash -p PATH NAME makes NAME run PATH', () => {
    expect(runs('hash -p /usr/bin/npm r12\nr12 publish')).toContain('npm publish');
    expect(runs('hash -r\nnpm pack')).toContain('npm pack');
  });
  it("sed -n '/A/,/B/{//!p}' of a file the session wrote prints the lines between, into sh", () => {
    const book = { '/tmp/RUNBOOK.md': '# Runbook\n\n```sh\nnpm publish\n```\n\n```sh\nnpm pack\n```\n' };
    const ran = runs("sed -n '/^```sh$/,/^```$/{//!p}' /tmp/RUNBOOK.md | sh", written(book));
    expect(ran).toContain('npm publish');
    expect(ran).toContain('npm pack');
    expect(ran).not.toContain('```sh');
  });
  it('git ls-remote of an ext:: URL runs its command (% is a space inside a word); a URL runs nothing', () => {
    expect(runs("git ls-remote 'ext::sh -c npm% publish'")).toContain('npm publish');
    expect(runs('git ls-remote https://github.com/acme/shop.git')).toEqual([
      'git ls-remote https://github.com/acme/shop.git',
    ]);
  });
  it('git -c push.default=matching push with no refspec pushes every branch (--all implied)', () => {
    expect(runs('git -c push.default=matching push origin')).toContain('git push origin --all');
    expect(runs('git -c push.default=matching push origin feat/x')).toContain('git push origin feat/x');
  });
  it('git checkout - goes back to the branch checked out before the last switch', () => {
    const on = (source: string): string[] =>
      parseShell(source, undefined, { branch: 'feat/cart' }).commands.map((c) => [c.program, ...c.argv].join(' '));
    expect(on('git checkout main && git checkout feat/cart && git checkout - && git push -f')).toContain(
      'git push -f origin main',
    );
    expect(on('git checkout feat/a && git checkout feat/cart && git checkout - && git push -f')).toContain(
      'git push -f origin feat/a',
    );
  });
});

describe('round 12c: the same mechanisms one step further', () => {
  it("awk -v p='prog' 'BEGIN { system(p \" args\") }' runs the joined string; an unknown part leaves it unread", () => {
    expect(runs("awk -v p='npm' 'BEGIN { system(p \" publish\") }'")).toContain('npm publish');
    expect(runs('awk \'BEGIN { system(q " publish") }\'')).not.toContain('npm publish');
  });
  it("sed '1d;$d' deletes those lines of its input (a fence trimmed before sh)", () => {
    const notes = { '/tmp/N.md': '# N\n\n```bash\nnpm publish\n```\n' };
    const ran = runs("sed -n '/^```bash$/,/^```$/p' /tmp/N.md | sed '1d;$d' | bash", written(notes));
    expect(ran).toContain('npm publish');
  });
  it('go run DIR runs the .go files the session wrote in DIR', () => {
    const tool = {
      '/tmp/tool/main.go': 'package main\nimport "os/exec"\nfunc main() { exec.Command("npm", "publish").Run() }\n',
    };
    expect(runs('go run /tmp/tool', written(tool))).toContain('npm publish');
    expect(runs('go run github.com/acme/tool@latest', written(tool))).not.toContain('npm publish');
  });
});
