// The repository a call works in: which branch is checked out, as the host said at the start of the call and as the
// call's own commands change it (git checkout/switch, git branch -m, git rebase A B, gh pr checkout). A `git push`
// that names no refspec, or names HEAD or @, pushes that branch: its target is filled in as an implied word, so the
// rules on pushes to main see `git checkout main && git push --force-with-lease` for what it is.
import { commandSetting } from './git-aliases.js';
import { bareFlag, withAdded } from './implied-words.js';
import type { ImpliedWord, ShellContext, SimpleCommand } from './types.js';
import { resolve } from './paths.js';

/** Tri-state: a branch, a detached HEAD (no branch), or unknown (no host fact, `git checkout -`, a computed name). */
export type Branch =
  | { readonly kind: 'known'; readonly name: string; readonly from: string; readonly upstream: string | undefined }
  | { readonly kind: 'detached'; readonly from: string }
  | { readonly kind: 'unknown' };

const UNKNOWN: Branch = { kind: 'unknown' };

/** A directory the call's repository is in: where it starts, or below it (not `..`, `/…`, `~`, `$X`). */
const inside = (cwd: string | undefined): boolean =>
  cwd === undefined ||
  cwd === '.' ||
  !(cwd.startsWith('..') || cwd.startsWith('/') || cwd.startsWith('~') || cwd.startsWith('$'));

/** A word the shell computes: its value is not known here. */
const computed = (w: string): boolean => w.includes('$') || w.includes('`');

/** The start's work tree, as a key of the branch map. */
const START = '';

export class Repository {
  /** The branch checked out in each work tree the call knows, by folder: START the start's, others the ones a command
   * added (`git worktree add ../hotfix main`, also inside the project: `.worktrees/x`) or moved into and switched. */
  private readonly trees = new Map<string, Branch>();
  /** The branch checked out before the last switch, by work tree: `git checkout -` goes back. */
  private readonly previous = new Map<string, Branch>();
  /** What the call's own commands changed, by work tree (git checkout/switch, gh pr checkout, worktree add): what the
   * session carries to its next calls (ShellPersistence.branch for START, .worktrees for the others). */
  private readonly changed = new Map<string, Branch>();
  /** Each remote's default branch (refs/remotes/<remote>/HEAD) as the host said it and as the call's own `git remote
   * set-head` left it; a remote listed as undefined: the call made it unknown (`set-head -a` asks the network). */
  private readonly defaults: Map<string, string | undefined>;
  /** Set when a push needed the starting branch (or a remote's default branch) and nothing said it: the context is
   * worth a second walk. */
  asked = false;

  constructor(context: ShellContext | undefined) {
    this.defaults = new Map(Object.entries(context?.defaultBranches ?? {}));
    const b = context?.branch;
    this.trees.set(
      START,
      b === undefined
        ? UNKNOWN
        : b === null
          ? { kind: 'detached', from: 'HEAD detached (host)' }
          : {
              kind: 'known',
              name: b,
              from: context?.branchFrom ?? 'the branch checked out (host)',
              upstream: context?.upstream,
            },
    );
    // The work trees earlier calls added or switched (`git worktree add ../hotfix main` two calls ago).
    for (const [folder, name] of Object.entries(context?.worktrees ?? {}))
      if (folder !== START && folder !== '.')
        this.trees.set(folder, {
          kind: 'known',
          name,
          from: `the work tree ${folder} (an earlier call)`,
          upstream: undefined,
        });
  }

  /** The work tree `cwd` is in: the innermost known one holding it, else the start's when `cwd` is below where the
   * call starts, else the folder itself (a repository not known: its branch is unknown). */
  private treeOf(cwd: string | undefined): string {
    let best: string | undefined;
    if (cwd !== undefined)
      for (const folder of this.trees.keys())
        if (
          folder !== START &&
          (cwd === folder || cwd.startsWith(`${folder}/`)) &&
          folder.length > (best?.length ?? -1)
        )
          best = folder;
    return best ?? (inside(cwd) ? START : (cwd as string));
  }

  private branchAt(cwd: string | undefined): Branch {
    return this.trees.get(this.treeOf(cwd)) ?? UNKNOWN;
  }

  private set(tree: string, b: Branch): void {
    this.trees.set(tree, b);
    this.changed.set(tree, b);
  }

  /** What the call left checked out in other work trees, by folder: the name, null when not known; undefined: none. */
  leftInWorktrees(): Readonly<Record<string, string | null>> | undefined {
    const out: Record<string, string | null> = {};
    let any = false;
    for (const [folder, b] of this.changed)
      if (folder !== START) {
        out[folder] = b.kind === 'known' ? b.name : null;
        any = true;
      }
    return any ? out : undefined;
  }

  /** Learns what a git (or gh) command did to the checked-out branch; `index` is its command number. */
  observe(c: SimpleCommand, index: number): void {
    if (c.program === 'git' && c.positionals[0] === 'remote') {
      if (this.treeOf(c.cwd) === START) remoteChanged(c, this.defaults);
      return;
    }
    const added = worktreeAdded(c, index);
    if (added !== undefined) {
      const folder = resolve(c.cwd, added.path);
      // (a new work tree at the project's own folder is no new tree: git refuses it)
      if (folder !== '.' && folder !== START) this.set(folder, added.branch);
      return;
    }
    const tree = this.treeOf(c.cwd);
    const was = this.trees.get(tree) ?? UNKNOWN;
    const next = switched(c, index, was, this.previous.get(tree));
    if (next === undefined) return;
    this.previous.set(tree, was);
    this.set(tree, next);
  }

  /** What the call left checked out in the start's repository when its commands switched it: the branch's name, null
   * when not known (a computed name, `git checkout -` from an unknown one, a detached HEAD); undefined: no switch. */
  leftCheckedOut(): string | null | undefined {
    const b = this.changed.get(START);
    if (b === undefined) return undefined;
    return b.kind === 'known' ? b.name : null;
  }

  /** The name of the branch checked out in `cwd`, when known (`$(git branch --show-current)` prints it; a detached
   * HEAD prints nothing, which stays unknown here). */
  current(cwd: string | undefined): string | undefined {
    const b = this.branchAt(cwd);
    if (b.kind === 'known') return b.name;
    if (b.kind === 'unknown' && this.treeOf(cwd) === START) this.asked = true;
    return undefined;
  }

  /** The upstream of the branch checked out in `cwd` (`origin/main`), when known. */
  upstream(cwd: string | undefined): string | undefined {
    const b = this.branchAt(cwd);
    if (b.kind === 'known') return b.upstream;
    if (b.kind === 'unknown' && this.treeOf(cwd) === START) this.asked = true;
    return undefined;
  }

  /** The default branch of `remote` (what refs/remotes/<remote>/HEAD names) for the repository of `cwd`, when known:
   * remotes belong to the start's repository, so another one's is unknown. */
  defaultBranch(remote: string, cwd: string | undefined): string | undefined {
    if (this.treeOf(cwd) !== START || this.defaults.has(ANY_REMOTE)) return undefined;
    if (this.defaults.has(remote)) return this.defaults.get(remote);
    this.asked = true;
    return undefined;
  }

  /** A `git push` with its implied target filled in, when the branch is known; any other command as it is. `setting`
   * gives a git setting the call or the session set (`git config remote.origin.push …`), when one did. */
  resolve(command: SimpleCommand, setting: GitSetting = () => undefined): SimpleCommand {
    if (command.program !== 'git' || (command.positionals[0] !== 'push' && command.positionals[0] !== 'send-pack'))
      return command;
    const settings = settingsOf(command, setting);
    const c = everyBranch(configuredRefs(asPush(command), settings), settings);
    const b = this.branchAt(c.cwd);
    if (b.kind !== 'known') {
      // INVARIANT: an unknown branch is never taken for "not main": the push stays as written, and the host's fact
      // is asked for (a second walk with the context, when it has one).
      if (b.kind === 'unknown' && this.treeOf(c.cwd) === START && impliesBranch(c)) this.asked = true;
      return c;
    }
    return implyTarget(c, b, settings);
  }
}

/** Listed in the defaults when a `git remote` command changed a remote named by a computed word: all are unknown. */
const ANY_REMOTE = '\u0000';

/**
 * What `git remote …` does to the remotes' default branches: `set-head R B` points R's at B, `set-head R -a` asks
 * the network (unknown here), `set-head R -d`, `remove R` drop it, `rename A B` moves it.
 */
function remoteChanged(c: SimpleCommand, defaults: Map<string, string | undefined>): void {
  const [, sub, name, other] = c.positionals;
  if (name === undefined) return;
  if (computed(name)) {
    // A remote named by a computed word: any of them may have changed.
    if (sub === 'set-head' || sub === 'rename' || sub === 'remove' || sub === 'rm') defaults.set(ANY_REMOTE, undefined);
    return;
  }
  switch (sub) {
    case 'set-head':
      defaults.set(
        name,
        has(c, '-a', '--auto', '-d', '--delete') || other === undefined || computed(other) ? undefined : other,
      );
      return;
    case 'rename':
      if (other === undefined || computed(other)) return;
      defaults.set(other, defaults.get(name));
      defaults.set(name, undefined);
      return;
    case 'remove':
    case 'rm':
      defaults.set(name, undefined);
      return;
    default:
      return;
  }
}

/** `git send-pack [--force] URL REF…` is the plumbing under git push, with its words: read as `git push`. */
function asPush(c: SimpleCommand): SimpleCommand {
  if (c.positionals[0] !== 'send-pack') return c;
  const at = c.argv.indexOf('send-pack');
  const argv = [...c.argv];
  if (at >= 0) argv[at] = 'push';
  const word: ImpliedWord = { at, value: 'push', written: 'send-pack', from: 'git send-pack pushes as git push does' };
  return { ...c, argv, positionals: ['push', ...c.positionals.slice(1)], implied: [...(c.implied ?? []), word] };
}

/** A refspec that names a pattern over every branch. */
const EVERY_BRANCH = /^(\+?)(?:(?:refs\/(?:heads\/)?)?\*:(?:refs\/(?:heads\/)?)?\*|:)$/;

/**
 * A pattern refspec over every branch (`refs/heads/*:refs/heads/*`, `'*:*'`) pushes them all, as `--all` does, and
 * with a `+` it forces them, as `--force` does: read as those flags (implied words), so a rule on `--all` or on a
 * forced push of main sees it.
 */
function everyBranch(c: SimpleCommand, setting: GitSetting): SimpleCommand {
  const refs = c.positionals.slice(value(c, '--repo') === undefined ? 2 : 1);
  // `git -c push.default=matching push` with no refspec pushes every branch the remote also has (main among them)
  let all = refs.length === 0 && !has(c, ...OWN_REFS) && setting('push.default')?.toLowerCase() === 'matching';
  let force = false;
  for (const r of refs) {
    const m = EVERY_BRANCH.exec(r);
    if (m === null) continue;
    all = true;
    if (m[1] === '+') force = true;
  }
  if (!all) return c;
  const from = refs.length === 0 ? 'push.default=matching' : 'a refspec over every branch (or the matching ones)';
  return withAdded(c, [
    ...(has(c, '--all', '--branches', '--mirror') ? [] : [bareFlag('--all', from)]),
    ...(force && !has(c, '-f', '--force') ? [bareFlag('--force', from)] : []),
  ]);
}

/** A git setting's value by key (lower case), when known. */
export type GitSetting = (key: string) => string | undefined;

/** The settings a push reads: its own `-c KEY=VALUE` (the last one wins; GIT_CONFIG_* stand for them), else what a
 * `git config` earlier in the line or the session set. */
export function settingsOf(c: SimpleCommand, setting: GitSetting): GitSetting {
  return (key) => commandSetting(c, key)?.value ?? setting(key);
}

/**
 * A push that names no refspec pushes what the remote's settings say (git-config(1), git-push(1) "remote.<name>.push",
 * "remote.<name>.mirror"): `git config remote.origin.push +HEAD:main && git push` force-pushes HEAD to main, and a
 * remote set to mirror is pushed as `--mirror`. Read as those words (implied), so a rule on them sees the push.
 */
function configuredRefs(c: SimpleCommand, setting: GitSetting): SimpleCommand {
  if (has(c, ...OWN_REFS)) return c;
  const remoteGiven = value(c, '--repo') !== undefined;
  const written = remoteGiven ? value(c, '--repo') : c.positionals[1];
  if (c.positionals.length > (remoteGiven ? 1 : 2)) return c;
  // (a URL or a path is no configured remote; with none written git pushes to origin, the common case)
  if (written !== undefined && /[/:]/.test(written)) return c;
  const remote = written ?? 'origin';
  const mirror = /^(?:true|yes|on|1)$/i.test(setting(`remote.${remote}.mirror`) ?? '');
  const spec = mirror ? undefined : setting(`remote.${remote}.push`);
  if (!mirror && (spec === undefined || spec === '')) return c;
  if (mirror) return withAdded(c, [bareFlag('--mirror', `remote.${remote}.mirror (git config)`)]);
  const from = `remote.${remote}.push (git config)`;
  const words = [...(written === undefined ? [remote] : []), spec as string];
  return withAdded(
    c,
    words.map((positional) => ({ positional, from })),
  );
}

const has = (c: SimpleCommand, ...names: string[]): boolean => c.flags.some((f) => names.includes(f.name));
const value = (c: SimpleCommand, ...names: string[]): string | undefined =>
  c.flags.find((f) => names.includes(f.name) && f.value !== undefined)?.value;

/** Flags after which a push names its own set of refs (no branch is implied). */
const OWN_REFS = ['--all', '--branches', '--mirror', '--tags', '-d', '--delete'];

/** Whether a push's target depends on the branch checked out. */
function impliesBranch(c: SimpleCommand): boolean {
  if (has(c, ...OWN_REFS)) return false;
  const refs = c.positionals.slice(value(c, '--repo') === undefined ? 2 : 1);
  return refs.length === 0 || refs.some((r) => r === 'HEAD' || r === '@' || r === '+HEAD' || r === '+@');
}

function implyTarget(c: SimpleCommand, b: Extract<Branch, { kind: 'known' }>, setting: GitSetting): SimpleCommand {
  if (has(c, ...OWN_REFS)) return c;
  const push = c.argv.indexOf('push');
  const remoteGiven = value(c, '--repo') !== undefined;
  const remote = remoteGiven ? undefined : c.positionals[1];
  const refs = c.positionals.slice(remoteGiven ? 1 : 2);
  if (refs.length === 0) {
    // No refspec: the branch checked out, to its upstream's branch when the upstream is on this remote under
    // another name (push.default=upstream pushes there; simple refuses, so naming both costs an honest push nothing).
    // A push.default the call or the session set says which: current pushes to the same name.
    const [upRemote, ...upPath] = (b.upstream ?? '').split('/');
    const upBranch = upPath.join('/');
    const mode = setting('push.default')?.toLowerCase();
    const target =
      (mode === undefined || mode === 'upstream' || mode === 'tracking') &&
      b.upstream !== undefined &&
      upBranch !== '' &&
      upBranch !== b.name &&
      (remote === undefined || remote === upRemote)
        ? `${b.name}:${upBranch}`
        : b.name;
    const added: string[] = [];
    if (!remoteGiven && remote === undefined) added.push(b.upstream !== undefined && upRemote ? upRemote : 'origin');
    added.push(target);
    return withAdded(
      c,
      added.map((positional) => ({ positional, from: b.from })),
    );
  }
  // HEAD or @ written: replaced by the branch's name where it stands.
  const implied: ImpliedWord[] = [];
  const argv = [...c.argv];
  const positionals = c.positionals.map((p, i) => {
    const head = p === 'HEAD' || p === '@' ? '' : p === '+HEAD' || p === '+@' ? '+' : undefined;
    if (head === undefined || i < (remoteGiven ? 1 : 2)) return p;
    const at = argvIndexOf(argv, p, push + 1);
    const v = `${head}${b.name}`;
    if (at >= 0) {
      argv[at] = v;
      implied.push({ at, value: v, written: p, from: b.from });
    }
    return v;
  });
  if (implied.length === 0) return c;
  return { ...c, argv, positionals, implied: [...(c.implied ?? []), ...implied] };
}

function argvIndexOf(argv: readonly string[], word: string, from: number): number {
  for (let i = from; i < argv.length; i++) if (argv[i] === word) return i;
  return -1;
}

/**
 * `git worktree add [-b|-B NEW] [--detach] PATH [COMMIT-ISH]`: the folder it makes and the branch checked out there
 * (NEW; else COMMIT-ISH when it names a branch; else, with no COMMIT-ISH, a new branch named after the folder, as git
 * does). A later `cd PATH && git push` pushes that branch.
 */
function worktreeAdded(c: SimpleCommand, index: number): { path: string; branch: Branch } | undefined {
  if (c.program !== 'git' || c.positionals[0] !== 'worktree' || c.positionals[1] !== 'add') return undefined;
  const [path, commitish] = c.positionals.slice(2);
  if (path === undefined || computed(path)) return undefined;
  const from = `git worktree add ${path} (command ${index + 1})`;
  const known = (name: string): Branch =>
    computed(name) || name === '-' || name.startsWith('@{')
      ? UNKNOWN
      : { kind: 'known', name, from, upstream: undefined };
  const created = value(c, '-b', '-B');
  if (created !== undefined) return { path, branch: known(created) };
  if (has(c, '--detach', '-d')) return { path, branch: { kind: 'detached', from } };
  if (commitish === undefined) return { path, branch: known(path.replace(/\/+$/, '').split('/').pop() as string) };
  // A remote-tracking or other ref (origin/main, v1.2, a sha) detaches; a plain name is the branch.
  return { path, branch: /[~^:]|^[0-9a-f]{7,40}$/.test(commitish) ? { kind: 'detached', from } : known(commitish) };
}

/** The branch after a command, when it changes it (undefined: unchanged); `previous` is the one `-` goes back to. */
function switched(c: SimpleCommand, index: number, was: Branch, previous: Branch | undefined): Branch | undefined {
  const from = `${c.program} ${c.positionals.slice(0, 2).join(' ')} (command ${index + 1})`;
  const known = (name: string): Branch =>
    (name === '-' || name === '@{-1}') && previous !== undefined
      ? previous
      : computed(name) || name === '-' || name.startsWith('@{')
        ? UNKNOWN
        : /[~^:]/.test(name)
          ? { kind: 'detached', from }
          : { kind: 'known', name, from, upstream: undefined };
  if (c.program === 'gh') return c.positionals[0] === 'pr' && c.positionals[1] === 'checkout' ? UNKNOWN : undefined;
  if (c.program !== 'git') return undefined;
  const sub = c.positionals[0];
  const args = c.positionals.slice(1);
  switch (sub) {
    case 'checkout': {
      const created = value(c, '-b', '-B', '--orphan');
      if (created !== undefined) return known(created);
      if (has(c, '--detach')) return { kind: 'detached', from };
      if (has(c, '-p', '--patch', '--ours', '--theirs', '--pathspec-from-file') || c.argv.includes('--'))
        return undefined;
      if (args.length !== 1) return undefined; // a tree-ish and paths, or nothing
      const target = args[0] as string;
      if (target === '.' || target.startsWith('./') || target.startsWith(':')) return undefined;
      // `git checkout -t origin/feat` creates and checks out feat.
      if (has(c, '-t', '--track')) return known(target.slice(target.indexOf('/') + 1));
      return known(target);
    }
    case 'switch': {
      const created = value(c, '-c', '-C', '--create', '--force-create', '--orphan');
      if (created !== undefined) return known(created);
      if (has(c, '-d', '--detach')) return { kind: 'detached', from };
      // `git switch --track origin/main` creates and switches to main, as checkout -t does (round 13).
      if (args.length >= 1 && has(c, '-t', '--track')) return known((args[0] as string).replace(/^[^/]*\//, ''));
      return args.length >= 1 ? known(args[0] as string) : undefined;
    }
    case 'branch': {
      // `git branch -u origin/main` / `--set-upstream-to=origin/main` with no branch named: the upstream of the branch
      // checked out changes, and a bare push then goes there (implyTarget).
      const upstream = value(c, '-u', '--set-upstream-to');
      if (upstream !== undefined && (args.length === 0 || (was.kind === 'known' && args[0] === was.name))) {
        if (was.kind !== 'known') return was.kind === 'unknown' ? undefined : was;
        return computed(upstream) ? UNKNOWN : { ...was, upstream, from };
      }
      const renamed = value(c, '-m', '-M', '--move');
      if (renamed === undefined) return undefined;
      // `git branch -m new` renames the branch checked out; `git branch -m old new` renames old.
      if (args.length === 0) return known(renamed);
      const target = args[0] as string;
      if (was.kind === 'known' && was.name === renamed) return known(target);
      return was.kind === 'known' ? undefined : UNKNOWN;
    }
    case 'symbolic-ref': {
      // `git symbolic-ref HEAD refs/heads/main` points HEAD at main without a checkout (the files stay): a push of HEAD
      // then pushes main.
      if (args.length !== 2 || args[0] !== 'HEAD' || has(c, '-d', '--delete')) return undefined;
      const ref = args[1] as string;
      return ref.startsWith('refs/heads/') ? known(ref.slice('refs/heads/'.length)) : UNKNOWN;
    }
    case 'rebase':
      // `git rebase UPSTREAM BRANCH` checks out BRANCH first.
      if (has(c, '--continue', '--abort', '--skip', '--quit', '--edit-todo', '--show-current-patch')) return undefined;
      return args.length >= 2 ? known(args[1] as string) : undefined;
    case 'init': {
      const initial = value(c, '-b', '--initial-branch') ?? (has(c, '-b') ? args[0] : undefined);
      return initial !== undefined ? known(initial) : undefined;
    }
    default:
      return undefined;
  }
}

/**
 * `git clean` where clean.requireForce is false (git config, -c, GIT_CONFIG_*): git deletes without -f, so the command
 * reads as `git clean --force` (an implied word), and a rule on the forced clean sees it.
 */
export function withoutRequireForce(c: SimpleCommand, setting: GitSetting): SimpleCommand {
  if (c.program !== 'git' || c.positionals[0] !== 'clean' || has(c, '-f', '--force')) return c;
  const value = settingsOf(c, setting)('clean.requireforce');
  if (value === undefined || !/^(false|no|off|0)$/i.test(value)) return c;
  return withAdded(c, [bareFlag('--force', 'clean.requireForce=false (git config)')]);
}
