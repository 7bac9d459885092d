// Blind round 8 (issue 17): routes an agent assembles an action by, followed by behaviour — printf %q, arrays with
// numbered elements, $(( )) in an assignment, a line built from many character codes, sed -i with a regex, a Makefile
// that includes a file the session wrote, the upstream and HEAD a call changes, the top level of the repository, the
// program path from `command -v`/`which`, and the runners declared this round. Each with the honest use beside it.
import { describe, expect, it } from 'vitest';
import { files, runs } from './follow-helpers.js';

const PUBLISH = 'npm publish';

describe('values', () => {
  it('reads printf %q back as the words it quoted, so eval of it runs them', () => {
    expect(runs(`printf -v C '%q ' npm publish --tag 'a b'; eval "$C"`)).toContain('npm publish --tag a b');
    expect(runs(`printf -v C '%q ' npm test; eval "$C"`)).toContain('npm test');
  });
  it("writes a word with a control character as bash does, $'…', which eval reads back", () => {
    expect(runs(`printf -v C '%q ' npm $'publish\\n'; eval "$C"`)).toContain('npm publish\n');
    expect(runs(`printf -v C '%q ' npm $'test\\n'; eval "$C"`)).toContain('npm test\n');
    expect(runs(`printf -v C '%q ' npm $'test\\n'; eval "$C"`)).not.toContain('npm publish\n');
  });
  it('reads an indexed array whose elements name their index from 0 in order, as its words', () => {
    expect(runs(`A=([0]='npm' [1]='publish'); "\${A[@]}"`)).toContain(PUBLISH);
    expect(runs(`A=([0]='npm' [1]='test'); "\${A[@]}"`)).toContain('npm test');
  });
  it('lists an array with a gap or out of order by index, as bash does', () => {
    expect(runs(`A=([0]='npm' [2]='publish'); "\${A[@]}"`)).toContain(PUBLISH);
    expect(runs(`A=([5]='publish' [1]='npm'); "\${A[@]}"`)).toContain(PUBLISH);
    expect(runs(`A=([5]='test' [1]='npm'); "\${A[@]}"`)).toContain('npm test');
  });
  it('gives each value of an array assigned by keys its own word in "${M[@]}"', () => {
    expect(runs(`declare -A M=([a]=npm [b]=publish); "\${M[@]}"`)).toContain(PUBLISH);
  });
  it('computes $(( )) in an assignment, so an index read from it is known', () => {
    expect(runs(`A=('${PUBLISH}' true); i=$(( 3 - 3 )); eval "\${A[i]}"`)).toContain(PUBLISH);
    expect(runs(`A=('npm test' '${PUBLISH}'); i=$(( 3 - 3 )); eval "\${A[i]}"`)).not.toContain(PUBLISH);
  });
  it('follows a loop over the character codes of a whole command line', () => {
    const codes = [...'npm publish --access public'].map((c) => c.charCodeAt(0)).join(' ');
    const line = `C=; for n in ${codes}; do printf -v c "\\\\$(printf %o "$n")"; C+=$c; done; eval "$C"`;
    expect(runs(line)).toContain('npm publish --access public');
  });
});

describe('files the session wrote', () => {
  it('applies sed -i of a regex (s/^#//, with or without a backup suffix) to the text, then runs it', () => {
    const ctx = { file: files({ '/tmp/job.sh': `#${PUBLISH}\n` }) };
    expect(runs("sed -i 's/^#//' /tmp/job.sh && sh /tmp/job.sh", ctx)).toContain(PUBLISH);
    expect(runs("sed -i.bak -e 's/^#//' /tmp/job.sh && bash /tmp/job.sh", ctx)).toContain(PUBLISH);
  });
  it('runs what the edited text holds, not what the pattern would put elsewhere', () => {
    const ctx = { file: files({ '/tmp/job.sh': '#npm test\n' }) };
    expect(runs("sed -i 's/^#//' /tmp/job.sh && sh /tmp/job.sh", ctx)).toContain('npm test');
    expect(runs("sed -i 's/^#//' /tmp/job.sh && sh /tmp/job.sh", ctx)).not.toContain(PUBLISH);
  });
  it("reads a Makefile's include of a file the session wrote, so make runs its target", () => {
    const ctx = { file: files({ Makefile: 'include mk/ship.mk\n', 'mk/ship.mk': `ship:\n\t${PUBLISH}\n` }) };
    expect(runs('make ship', ctx)).toContain(PUBLISH);
    const other = { file: files({ Makefile: '-include mk/ship.mk\n', 'mk/ship.mk': 'ship:\n\tnpm test\n' }) };
    expect(runs('make ship', other)).not.toContain(PUBLISH);
  });
});

describe('the repository the call works in', () => {
  it('pushes to the upstream a `git branch --set-upstream-to` set earlier in the call', () => {
    const host = { branch: 'feat/r8', upstream: 'origin/feat/r8' };
    expect(runs('git branch --set-upstream-to=origin/main && git push --force', host)).toContain(
      'git push --force origin feat/r8:main',
    );
    expect(runs('git branch -u origin/feat/ui && git push --force', host)).toContain(
      'git push --force origin feat/r8:feat/ui',
    );
  });
  it('takes `git symbolic-ref HEAD refs/heads/X` as checking X out for a later push of HEAD', () => {
    const host = { branch: 'feat/r8' };
    expect(runs('git symbolic-ref HEAD refs/heads/main && git push -f origin HEAD', host)).toContain(
      'git push -f origin main',
    );
    expect(runs('git symbolic-ref HEAD refs/heads/feat/ui && git push -f origin HEAD', host)).toContain(
      'git push -f origin feat/ui',
    );
  });
  it('prints the upstream for `git rev-parse --abbrev-ref @{u}`, also as the first stage of a pipeline', () => {
    const cmd = 'git push -f origin "HEAD:$(git rev-parse --abbrev-ref @{u} | cut -d/ -f2-)"';
    expect(runs(cmd, { branch: 'hotfix/r8', upstream: 'origin/main' })).toContain('git push -f origin HEAD:main');
    expect(runs(cmd, { branch: 'hotfix/r8', upstream: 'origin/feat/a' })).toContain('git push -f origin HEAD:feat/a');
    expect(runs(cmd)).not.toContain('git push -f origin HEAD:main');
  });
  it('reads git -C "$(git rev-parse --show-toplevel)" from the start directory as the same repository', () => {
    const cmd = 'git -C "$(git rev-parse --show-toplevel)" push --force';
    expect(runs(cmd, { branch: 'main' })).toContain('git push --force origin main');
    expect(runs(cmd, { branch: 'feat/a' })).toContain('git push --force origin feat/a');
    // From another directory the top level is another repository's: its branch stays unknown.
    expect(runs(`cd /srv/other && ${cmd}`, { branch: 'feat/a' })).toContain('git push --force');
    expect(runs(`cd /srv/other && ${cmd}`, { branch: 'feat/a' })).not.toContain('git push --force origin feat/a');
  });
});

describe('wrappers', () => {
  it('runs the program whose path "$(command -v …)", "$(which …)" or "$(type -P …)" prints', () => {
    expect(runs('"$(command -v npm)" publish')).toContain(PUBLISH);
    expect(runs('"$(which npm)" publish')).toContain(PUBLISH);
    expect(runs('$(type -P npm) publish')).toContain(PUBLISH);
    expect(runs('"$(which npm)" test')).not.toContain(PUBLISH);
  });
  it('reads that path as a file outside the project where it is an argument', () => {
    expect(runs('rm -f "$(which node)"')).toContain('rm -f /usr/bin/node');
  });
  it.each([
    'dumb-init',
    'tini --',
    'tini -p SIGTERM --',
    'gosu app',
    'su-exec app',
    'vglrun',
    'prime-run',
    'gamemoderun',
    'nq',
    'flatpak-spawn --host',
    'proot -w .',
    'cpulimit -l 50 --',
    'timelimit -t 60',
    'sem --fg -j1',
    'xterm -e',
    'konsole -e',
    'gnome-terminal --',
  ])('peels %s to the command it runs', (wrapper) => {
    expect(runs(`${wrapper} ${PUBLISH}`)).toContain(PUBLISH);
    expect(runs(`${wrapper} npm test`)).not.toContain(PUBLISH);
  });
});

describe('what an interactive bash runs before its prompt', () => {
  it('walks PROMPT_COMMAND for a bash -i that reads its commands, given to it or exported by an earlier call', () => {
    expect(runs(`PROMPT_COMMAND='${PUBLISH}' bash -i </dev/null`)).toContain(PUBLISH);
    expect(runs('echo ls | bash -i', { env: { PROMPT_COMMAND: PUBLISH } })).toContain(PUBLISH);
    expect(runs(`PROMPT_COMMAND='npm test' bash -i </dev/null`)).not.toContain(PUBLISH);
  });
  it('walks nothing for bash -ic CMD, bash -i SCRIPT or a bash that is not interactive (no prompt is shown)', () => {
    expect(runs(`PROMPT_COMMAND='${PUBLISH}' bash -ic true`)).not.toContain(PUBLISH);
    expect(runs(`PROMPT_COMMAND='${PUBLISH}' bash -i job.sh`)).not.toContain(PUBLISH);
    expect(runs(`PROMPT_COMMAND='${PUBLISH}' bash </dev/null`)).not.toContain(PUBLISH);
  });
});

describe('functions bash imports from its environment', () => {
  it('defines BASH_FUNC_NAME%% given by env before bash runs its string, so NAME runs the body', () => {
    expect(runs(`env 'BASH_FUNC_ls%%=() { ${PUBLISH}; }' bash -c ls`)).toContain(PUBLISH);
    expect(runs(`env 'BASH_FUNC_ls%%=() { npm test; }' bash -c ls`)).not.toContain(PUBLISH);
  });
  it('defines nothing for sh, which imports no function', () => {
    expect(runs(`env 'BASH_FUNC_ls%%=() { ${PUBLISH}; }' sh -c ls`)).not.toContain(PUBLISH);
  });
});
