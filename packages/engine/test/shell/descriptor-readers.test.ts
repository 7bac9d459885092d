// A script that reads what the call writes somewhere other than a pipe: a descriptor opened onto a process
// substitution, the shell's own stdout sent to one, a coprocess, a named pipe; and a line the call put into the history
// list and replayed (issue 17, section 3; round 8's two pending variants).
import { describe, expect, it } from 'vitest';
import { runs } from './follow-helpers.js';

describe('a descriptor opened onto a process substitution feeds its script', () => {
  it('exec 3> >(sh), then echo … >&3', () => {
    expect(runs("exec 3> >(sh); echo 'npm publish' >&3")).toContain('npm publish');
  });
  it('exec {fd}> >(sh): bash puts the descriptor in the variable', () => {
    expect(runs('exec {fd}> >(sh); echo \'npm publish\' >&"$fd"')).toContain('npm publish');
  });
  it('exec > >(sh): what later commands print is the script’s input, until stdout goes elsewhere', () => {
    expect(runs("exec > >(sh); echo 'npm publish'")).toContain('npm publish');
    expect(runs("exec > >(sh); exec > out.txt; echo 'npm publish'")).not.toContain('npm publish');
  });
  it('a descriptor onto a file, or a command printing into a file, feeds nothing', () => {
    expect(runs("exec 3> out.log; echo 'npm publish' >&3")).not.toContain('npm publish');
    expect(runs("exec 3> >(sh); echo 'npm publish' > log.txt")).not.toContain('npm publish');
  });
  it('exec 3>&- closes it', () => {
    expect(runs("exec 3> >(sh); exec 3>&-; echo 'npm publish' >&3")).not.toContain('npm publish');
  });
});

describe('a coprocess reads what is written to ${NAME[1]}', () => {
  it('coproc sh, unnamed: COPROC', () => {
    expect(runs("coproc sh; printf '%s\\n' 'npm publish' >&\"${COPROC[1]}\"")).toContain('npm publish');
  });
  it('coproc NAME { bash; }', () => {
    expect(runs("coproc W { bash; }; echo 'npm publish' >&${W[1]}")).toContain('npm publish');
  });
  it('a coprocess that is not a shell runs nothing of its input', () => {
    expect(runs("coproc S { sort; }; echo 'npm publish' >&${S[1]}")).not.toContain('npm publish');
  });
});

describe('a named pipe the call made', () => {
  it('read by a shell started before the write', () => {
    expect(runs("mkfifo /tmp/p; sh < /tmp/p & echo 'npm publish' > /tmp/p")).toContain('npm publish');
  });
  it('written before a shell reads it', () => {
    expect(runs("mkfifo p; echo 'npm publish' > p & sh < p")).toContain('npm publish');
  });
  it('an interpreter reading its program from the pipe', () => {
    expect(runs('mkfifo p; python3 < p & echo \'import os; os.system("npm publish")\' > p')).toContain('npm publish');
  });
  it('a file the call did not make with mkfifo is not a pipe to a reader started before the write', () => {
    expect(runs("sh < p & echo 'npm publish' > p")).not.toContain('npm publish');
  });
});

describe('the history list', () => {
  it('history -s puts a line there, fc -s runs it again', () => {
    expect(runs("set -o history\nhistory -s 'npm publish --access public'\nfc -s")).toContain(
      'npm publish --access public',
    );
  });
  it('fc -s old=new replaces the first old; fc -e - runs it as it is', () => {
    expect(runs("history -s 'npm pack'; fc -s pack=publish")).toContain('npm publish');
    expect(runs("history -s 'npm test'; fc -e -")).toContain('npm test');
  });
  it('fc -s with nothing the call put in the history runs nothing known', () => {
    expect(runs('fc -s')).toEqual(['fc -s']);
    expect(runs("history -s 'npm publish'; history -c; fc -s")).not.toContain('npm publish');
  });
});

describe('programs that hand their stdin to a shell they start', () => {
  it('script with no -c: the shell it records reads the pipe', () => {
    expect(runs("echo 'npm publish' | script -q /dev/null")).toContain('npm publish');
    expect(runs("echo 'npm publish' | script -qc 'cat' /dev/null")).not.toContain('npm publish');
  });
  it('parallel --pipe: the command reads the input, it does not get it as arguments', () => {
    expect(runs("echo 'npm publish' | parallel --block 1M --pipe sh")).toContain('npm publish');
    expect(runs("echo 'npm publish' | parallel --pipe wc -l")).toEqual(['echo npm publish', 'wc -l']);
  });
});
