// Version control: git (global options, per-subcommand value options, what its subcommands write) and the GitHub CLI.
import { gitEffects } from '../file-effects.js';
import type { EnvironmentArgs, ProgramDeclaration } from './declaration.js';
import type { Flag } from '../types.js';
import { gitOutput } from '../git-output.js';
import { shellQuote } from '../words.js';

/** git filter-branch's options whose value is a command line a shell runs for each rewritten commit. */
const FILTER_BRANCH_FILTERS = [
  ...['--tree-filter', '--index-filter', '--env-filter', '--msg-filter', '--commit-filter', '--parent-filter'],
  '--tag-name-filter',
];

/** git's configuration from the environment, each a `-c KEY=VALUE`: GIT_CONFIG_COUNT with GIT_CONFIG_KEY_n and
 * GIT_CONFIG_VALUE_n, and GIT_CONFIG_PARAMETERS (`'key'='value' …`, as git writes it for its children). */
const gitConfigEnvironment: EnvironmentArgs = (get) => {
  const out: { flag: Flag; from: string; global: true }[] = [];
  const add = (key: string, value: string, from: string): void => {
    out.push({ flag: { name: '-c', value: `${key}=${value}`, token: `-c ${key}=${value}` }, from, global: true });
  };
  const count = Number(get('GIT_CONFIG_COUNT'));
  for (let i = 0; Number.isInteger(count) && i < Math.min(count, 32); i++) {
    const key = get(`GIT_CONFIG_KEY_${i}`);
    const value = get(`GIT_CONFIG_VALUE_${i}`);
    if (key !== undefined && value !== undefined) add(key, value, `GIT_CONFIG_KEY_${i} (environment)`);
  }
  const params = get('GIT_CONFIG_PARAMETERS');
  for (const m of params?.matchAll(/'((?:[^']|'\\'')*)'(?:='((?:[^']|'\\'')*)')?/g) ?? [])
    if (m[2] !== undefined) add(m[1] as string, m[2].replace(/'\\''/g, "'"), 'GIT_CONFIG_PARAMETERS (environment)');
  return out;
};

/** git's `ext::CMD ARGS` remote (git-remote-ext(1)): words split on spaces, `% ` a space inside one, `%%` a percent;
 * the other `%` placeholders (`%s`, `%S`, `%G…`) are git's own values, so such a URL is not read. */
function extCommand(url: string): string | undefined {
  const words: string[] = [];
  let word = '';
  for (let i = 0; i < url.length; i++) {
    const c = url[i] as string;
    if (c === '%') {
      const n = url[++i];
      if (n !== ' ' && n !== '%') return undefined;
      word += n;
    } else if (c === ' ') {
      if (word !== '') words.push(word);
      word = '';
    } else word += c;
  }
  if (word !== '') words.push(word);
  return words.length === 0 ? undefined : words.map(shellQuote).join(' ');
}

/**
 * The commands git 2.39 runs as builtins (`git --list-cmds=builtins`, those an agent types). Not listed: commands git
 * runs from its exec-path or the PATH as programs of their own (`git lfs`, `git flow`, `git-filter-repo`, and the
 * scripted ones, `git submodule`, `git mergetool`, `git bisect` before 2.40): those stay looked up.
 */
const GIT_BUILTINS: ReadonlySet<string> = new Set(
  (
    'add am annotate apply archive blame branch bugreport bundle cat-file check-attr check-ignore check-mailmap ' +
    'check-ref-format checkout checkout-index cherry cherry-pick clean clone column commit commit-graph commit-tree ' +
    'config count-objects credential describe diagnose diff diff-files diff-index diff-tree difftool fast-export ' +
    'fast-import fetch fetch-pack fmt-merge-msg for-each-ref for-each-repo format-patch fsck gc grep hash-object help ' +
    'hook index-pack init interpret-trailers log ls-files ls-remote ls-tree mailinfo mailsplit maintenance merge ' +
    'merge-base merge-file merge-tree mktag mktree mv name-rev notes pack-objects pack-refs patch-id prune pull push ' +
    'range-diff read-tree rebase receive-pack reflog remote repack replace rerere reset restore rev-list rev-parse ' +
    'revert rm send-pack shortlog show show-branch show-ref sparse-checkout stage stash status stripspace switch ' +
    'symbolic-ref tag update-index update-ref upload-pack var verify-commit verify-tag version whatchanged worktree ' +
    'write-tree'
  ).split(' '),
);

export const GIT: ProgramDeclaration = {
  names: ['git'],
  environmentArgs: gitConfigEnvironment,
  environmentNames: [
    ...['GIT_CONFIG_COUNT', 'GIT_CONFIG_KEY_', 'GIT_CONFIG_VALUE_', 'GIT_CONFIG_PARAMETERS'],
    // the config files it reads an alias from (git-aliases.ts)
    ...['GIT_CONFIG_GLOBAL', 'GIT_CONFIG_SYSTEM'],
  ],
  about:
    'git: global options before the subcommand, files written by checkout --/restore, deleted by rm, moved by mv, patched by apply/am',
  globals: {
    value: ['-C', '-c', '--git-dir', '--work-tree', '--namespace', '--exec-path', '--config-env', '--super-prefix'],
    flag: [
      ...['-P', '--no-pager', '--paginate', '-p', '--bare', '--no-replace-objects', '--literal-pathspecs'],
      ...['--glob-pathspecs', '--noglob-pathspecs', '--icase-pathspecs', '--no-optional-locks'],
    ],
  },
  cwd: ['-C'],
  // What it prints about the branch checked out (`git symbolic-ref HEAD | sed …`), from the host's facts.
  output: gitOutput,
  // `git credential approve` and `git credential-store store` store the password they read on stdin.
  stdin: { credential: ['credential approve', 'credential-store store'] },
  options: {
    'credential-store': ['--file'],
    commit: [
      ...['-m', '--message', '-F', '--file', '-C', '--reuse-message', '-c', '--reedit-message', '--author', '--date'],
      ...['--fixup', '--squash', '-t', '--template', '--cleanup'],
    ],
    push: ['-o', '--push-option', '--repo', '--receive-pack', '--exec'],
    checkout: ['-b', '-B', '--orphan', '--conflict'],
    switch: ['-c', '-C', '--create', '--force-create', '--orphan'],
    branch: [
      ...['-m', '-M', '-c', '-C', '-u', '--set-upstream-to', '--contains', '--merged', '--no-merged', '--sort'],
      '--format',
    ],
    tag: ['-m', '--message', '-F', '--file', '-u', '--local-user'],
    merge: ['-m', '-F', '--file', '-s', '--strategy', '-X', '--strategy-option'],
    rebase: ['--onto', '-s', '--strategy', '-X', '--strategy-option', '-x', '--exec'],
    'filter-branch': [...FILTER_BRANCH_FILTERS, '--subdirectory-filter', '-d', '--original', '--state-branch'],
    reset: [],
    restore: ['-s', '--source'],
    log: ['-n', '--max-count', '--format', '--pretty', '--author', '--since', '--until', '--grep'],
    stash: ['-m', '--message'],
    clone: ['-b', '--branch', '--depth', '-o', '--origin', '-c', '--config', '--reference'],
    fetch: ['--depth', '-j', '--jobs'],
    pull: ['-s', '--strategy', '-X', '--strategy-option', '--depth'],
    remote: ['-t', '-m'],
    config: ['--file', '-f', '--type', '--default'],
    worktree: ['-b', '-B', '--reason'],
    'cherry-pick': ['-m', '--mainline', '-X', '--strategy-option'],
    revert: ['-m', '--mainline'],
    am: ['-p'],
    apply: ['-p', '--directory', '--exclude', '--include'],
    diff: ['-U', '--unified', '--diff-filter'],
    grep: ['-e', '-f', '-A', '-B', '-C', '--after-context', '--before-context', '--context', '-m', '--max-count'],
    difftool: ['-x', '--extcmd', '-t', '--tool'],
    show: ['--format', '--pretty'],
    rm: [],
    clean: ['-e', '--exclude'],
  },
  effects: { reads: ['-p', '--directory'], effects: gitEffects },
  // Settings git hands to a shell (git-config(1), git-var(1)): an editor, a pager, an ssh command, an external diff.
  commandSettings: {
    keys: [
      'core.editor',
      'sequence.editor',
      'core.pager',
      'pager.*',
      'core.sshcommand',
      'diff.external',
      'core.askpass',
      // a value other than a boolean is a hook command git runs through a shell at status, diff, add … (blind round 12)
      'core.fsmonitor',
    ],
    bangKeys: ['credential.helper'],
    env: ['GIT_EDITOR', 'GIT_SEQUENCE_EDITOR', 'GIT_PAGER', 'GIT_SSH_COMMAND', 'GIT_EXTERNAL_DIFF', 'GIT_ASKPASS'],
    option: '-c',
    setter: 'config',
  },
  // `git X` that is no git command runs `git-X` from the PATH (round 13). A builtin never does (git runs its own
  // first): looking each one up in every PATH folder was a tenth of walking a `git add && git commit && git push`.
  plugins: { prefix: 'git-', builtins: GIT_BUILTINS },
  // The hooks each subcommand runs (githooks(5)); one the session wrote is read as a script when it runs.
  hooks: {
    // The hooks that run at the commands an agent uses (githooks(5)); rarer ones (reference-transaction, the
    // applypatch hooks other than pre-applypatch) are left out: each listed hook is a lookup at every such command.
    // The hook managers (pre-commit, lefthook: workspace-tasks.ts) read this table too.
    bySubcommand: {
      commit: ['pre-commit', 'prepare-commit-msg', 'commit-msg', 'post-commit'],
      push: ['pre-push'],
      merge: ['pre-merge-commit', 'post-merge'],
      // a pull merges what it fetched (round 51: a lefthook post-merge fired by `git pull`)
      pull: ['post-merge'],
      checkout: ['post-checkout'],
      switch: ['post-checkout'],
      rebase: ['pre-rebase', 'post-rewrite'],
      am: ['pre-applypatch'],
    },
    folders: ['.git/hooks', '.husky'],
    skippedBy: {
      'pre-commit': ['--no-verify', '-n'],
      'commit-msg': ['--no-verify', '-n'],
      'pre-merge-commit': ['--no-verify'],
      'pre-push': ['--no-verify'],
      'pre-applypatch': ['--no-verify'],
    },
    folderKey: 'core.hookspath',
  },
  // Subcommands that run a command of the caller's: `git rebase -x CMD` (after each commit), `git submodule foreach
  // CMD…` (in each submodule, through a shell), `git bisect run CMD…` (at each step). git itself is recorded too.
  runs: [
    {
      subcommands: ['rebase'],
      options: ['--onto', '-s', '--strategy', '-X', '--strategy-option', '-x', '--exec'],
      commandOption: ['-x', '--exec'],
      rest: false,
      itself: true,
    },
    { subcommands: ['submodule foreach'], options: [], joined: true, itself: true },
    // `git filter-branch --tree-filter CMD` runs each filter through a shell for every commit it rewrites.
    {
      subcommands: ['filter-branch'],
      options: [...FILTER_BRANCH_FILTERS, '--subdirectory-filter', '-d', '--original', '--state-branch'],
      commandOption: [...FILTER_BRANCH_FILTERS],
      rest: false,
      itself: true,
    },
    { subcommands: ['bisect run'], options: [], itself: true },
    // `git grep -O'CMD' PATTERN` / `--open-files-in-pager=CMD` runs CMD through a shell with the matching files; the
    // value is attached only (`-O` alone opens the default pager). `git difftool -x CMD` runs CMD for each file.
    {
      subcommands: ['grep'],
      options: ['-e', '-f', '-A', '-B', '-C', '--after-context', '--before-context', '--context', '-m', '--max-count'],
      attached: ['-O', '--open-files-in-pager'],
      commandOption: ['-O', '--open-files-in-pager'],
      rest: false,
      itself: true,
    },
    // The program git starts for the other side of a local or ssh transport, through a shell (`git fetch
    // --upload-pack=CMD .`, `git clone -u CMD`, `git push --receive-pack=CMD`, `git archive --exec=CMD`): round 13.
    ...(
      [
        ['ls-remote', ['--upload-pack', '-u']],
        ['fetch', ['--upload-pack']],
        ['pull', ['--upload-pack']],
        ['clone', ['--upload-pack', '-u']],
        ['push', ['--receive-pack', '--exec']],
        ['archive', ['--exec']],
      ] as const
    ).map(([sub, options]) => ({
      subcommands: [sub],
      options: [],
      commandOption: [...options],
      rest: false as const,
      itself: true,
    })),
    // A remote given as `ext::CMD` (allowed by protocol.ext.allow) runs CMD to talk to it.
    ...['ls-remote', 'fetch', 'pull', 'push', 'clone', 'archive'].map((sub) => ({
      subcommands: [sub],
      options: [],
      everyOperand: true,
      commandPrefix: /^ext::/,
      operandCommand: extCommand,
      itself: true,
    })),
    {
      subcommands: ['difftool'],
      options: ['-x', '--extcmd', '-t', '--tool'],
      commandOption: ['-x', '--extcmd'],
      rest: false,
      itself: true,
    },
  ],
};

export const GLAB: ProgramDeclaration = {
  names: ['glab'],
  about: 'the GitLab CLI: -R/--repo before or after the command; `auth login --stdin` reads the token on stdin',
  globals: { value: ['-R', '--repo'], flag: [] },
  options: {
    '*': ['-R', '--repo', '-m', '--message', '-t', '--title', '-d', '--description', '-b', '--branch', '--hostname'],
  },
  // `echo glpat-… | glab auth login --stdin` (blind round 42): the token read is kept as the command's input, as gh
  // auth login --with-token's is.
  stdin: { credential: ['auth login'] },
};

export const GH: ProgramDeclaration = {
  names: ['gh'],
  about:
    'the GitHub CLI: -R/--repo before or after the command; `gh alias set` is judged as what it runs (follow.ts); `gh api --input f` sends f',
  globals: { value: ['-R', '--repo'], flag: [] },
  options: {
    '*': [
      ...['-R', '--repo', '-t', '--title', '-b', '--body', '-F', '--body-file', '-B', '--base', '-H', '--head'],
      ...['-l', '--label', '-a', '--assignee', '-m', '--milestone', '--json', '-q', '--jq', '-L', '--limit'],
      ...['-s', '--state', '--author', '--search', '-S'],
    ],
    alias: [],
    api: [
      ...['--input', '-X', '--method', '-f', '--raw-field', '-F', '--field', '-H', '--header', '-q', '--jq'],
      ...['-t', '--template', '--hostname', '-p', '--preview', '--cache'],
    ],
    // -s/-m/-r/-d (squash, merge, rebase, delete-branch) and -a (approve) are switches here, not -s STATE, -a USER.
    'pr merge': [
      ...['-R', '--repo', '-b', '--body', '-F', '--body-file', '-t', '--subject', '-A', '--author-email'],
      '--match-head-commit',
    ],
    'pr review': ['-R', '--repo', '-b', '--body', '-F', '--body-file'],
    // -b is the branch here, -s the source repository (gh repo sync --branch main --source upstream/repo)
    'repo sync': ['-R', '--repo', '-b', '--branch', '-s', '--source'],
  },
  // `gh api --input body.json` sends the file as the request body (a review with event APPROVE).
  // ... and a field read from a file or stdin (`-F query=@-` with a heredoc: a GraphQL review mutation, round 39)
  input: { as: 'body', subcommand: 'api', files: ['--input'], fieldFiles: ['-F', '--field'] },
  // `gh auth login --with-token` stores the token it reads on stdin (hosts.yml or the keyring)
  stdin: { confirm: { flag: '--yes', subcommands: ['repo delete', 'repo archive'] }, credential: ['auth login'] },
};
