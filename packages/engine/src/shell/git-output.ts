// What git prints about the branch checked out, from the host's facts (git-branch.ts): `git branch --show-current`,
// `git rev-parse --abbrev-ref HEAD`, `git symbolic-ref [--short] HEAD`, `git name-rev --name-only HEAD`, `git describe
// --all`, its upstream: `git rev-parse --abbrev-ref @{u}`, a remote's default branch: `git symbolic-ref
// refs/remotes/origin/HEAD`, `git remote show origin`, and the top of the tree (`--show-toplevel`). Declared as git's output reader, so the text flows on
// like any program's output: through a pipe (`git symbolic-ref HEAD | sed 's|refs/heads/||'`, `… | tr -d '\n'`, `… |
// head -1`, `… | cut -d/ -f2-`), into `$(…)`, or into xargs. Anything else git prints is unknown.
import { unknownInText } from './unknown-text.js';
import type { OutputReader } from './programs/declaration.js';

/** git's global options that take a value (the declaration's); `-C DIR` also moves where the branch is read. */
const VALUE_GLOBALS = new Set(['-C', '-c', '--git-dir', '--work-tree', '--namespace', '--exec-path', '--config-env']);

/** HEAD, spelled as git reads it here. */
const HEAD = new Set(['HEAD', '@']);
/** `git rev-parse --show-toplevel` run where the call starts (cwd not moved): `.`, the project being opened at its
 * top (as normalise.ts reads `git -C "$(git rev-parse --show-toplevel)"`); from anywhere else, not known. */
export const topFrom = (cwd: string | undefined): string | undefined =>
  cwd === undefined || cwd === '.' || cwd === './' ? '.' : undefined;

/** The key `git config [--get] KEY` / `git config get KEY` prints (scope options aside); undefined for other forms. */
function configRead(words: readonly string[]): string | undefined {
  if (words[0] !== 'config') return undefined;
  const rest = words.slice(1).filter((w) => !/^--(?:local|global|system|worktree|includes|no-includes)$/.test(w));
  if (rest[0] === 'get' || rest[0] === '--get') rest.shift();
  return rest.length === 1 && !(rest[0] as string).startsWith('-') && (rest[0] as string).includes('.')
    ? (rest[0] as string)
    : undefined;
}

/** The upstream of HEAD's branch. */
const UPSTREAM = new Set(['@{u}', '@{upstream}', 'HEAD@{u}', 'HEAD@{upstream}']);

/** What `git rev-parse --abbrev-ref|--symbolic-full-name @{u}` prints, given the upstream; undefined for any other. */
function upstreamPrinted(words: readonly string[], upstream: string): string | undefined {
  if (words.length !== 3 || words[0] !== 'rev-parse' || !UPSTREAM.has(words[2] as string)) return undefined;
  if (words[1] === '--abbrev-ref') return upstream;
  if (words[1] === '--symbolic-full-name') return `refs/remotes/${upstream}`;
  return undefined;
}

/** A remote's HEAD as git reads it (`origin/HEAD`, `refs/remotes/origin/HEAD`, `remotes/origin/HEAD`): the remote. */
function remoteHead(word: string | undefined): string | undefined {
  const m = word === undefined ? null : /^(?:refs\/)?(?:remotes\/)?([^/\s$`]+)\/HEAD$/.exec(word);
  if (m === null) return undefined;
  // `origin/HEAD` names the remote's HEAD; `refs/origin/HEAD` is no such name.
  return word?.startsWith('refs/') && !word.startsWith('refs/remotes/') ? undefined : m[1];
}

/**
 * The forms that print a remote's default branch: the remote they ask about and what they print given that branch
 * (`symbolic-ref [--short] refs/remotes/R/HEAD`, `rev-parse --abbrev-ref|--symbolic-full-name R/HEAD`, `remote show R`
 * — of whose report only the HEAD branch line is known — and `ls-remote --symref R HEAD`, of whose lines only the
 * symref one). Undefined for any other words.
 */
function defaultBranchForm(
  words: readonly string[],
): { readonly remote: string; readonly print: (branch: string) => string } | undefined {
  const [sub, ...rest] = words;
  const flags = rest.filter((w) => w.startsWith('-'));
  const operands = rest.filter((w) => !w.startsWith('-'));
  const only = (...allowed: string[]): boolean => flags.every((f) => allowed.includes(f));
  switch (sub) {
    case 'symbolic-ref': {
      const remote = operands.length === 1 ? remoteHead(operands[0]) : undefined;
      if (remote === undefined || !operands[0]?.startsWith('refs/remotes/') || !only('--short', '-q', '--quiet'))
        return undefined;
      const short = flags.includes('--short');
      return { remote, print: (b) => (short ? `${remote}/${b}` : `refs/remotes/${remote}/${b}`) };
    }
    case 'rev-parse': {
      const remote = operands.length === 1 ? remoteHead(operands[0]) : undefined;
      if (remote === undefined) return undefined;
      const extra = ['--verify', '-q', '--quiet'];
      if (only('--abbrev-ref', '--abbrev-ref=strict', '--abbrev-ref=loose', ...extra) && flags.some(abbrev))
        return { remote, print: (b) => `${remote}/${b}` };
      if (only('--symbolic-full-name', ...extra) && flags.includes('--symbolic-full-name'))
        return { remote, print: (b) => `refs/remotes/${remote}/${b}` };
      return undefined;
    }
    case 'remote': {
      // `git remote [-v] show [-n] R`: with -n it does not ask the remote, and says so.
      const at = rest.indexOf('show');
      const after = rest.slice(at + 1);
      const remote = after.filter((w) => !w.startsWith('-'));
      if (at < 0 || remote.length !== 1 || !rest.slice(0, at).every((w) => w === '-v' || w === '--verbose'))
        return undefined;
      if (!after.every((w) => w === '-n' || !w.startsWith('-')) || computedWord(remote[0])) return undefined;
      const name = remote[0] as string;
      const noQuery = after.includes('-n');
      return { remote: name, print: (b) => `* remote ${name}\n  HEAD branch: ${noQuery ? '(not queried)' : b}` };
    }
    case 'ls-remote': {
      if (operands.length !== 2 || operands[1] !== 'HEAD' || !flags.includes('--symref') || !only('--symref'))
        return undefined;
      const name = operands[0] as string;
      return computedWord(name) || name.includes('/') || name.includes(':')
        ? undefined
        : { remote: name, print: (b) => `ref: refs/heads/${b}\tHEAD` };
    }
    default:
      return undefined;
  }
}

const abbrev = (f: string): boolean => f.startsWith('--abbrev-ref');
const computedWord = (w: string | undefined): boolean => w === undefined || w.includes('$') || w.includes('`');

/** What one subcommand prints, given the branch's name: undefined when it is not one of the forms above. */
function printed(words: readonly string[], branch: string): string | undefined {
  const [sub, ...rest] = words;
  const flags = rest.filter((w) => w.startsWith('-'));
  const operands = rest.filter((w) => !w.startsWith('-'));
  const only = (...allowed: string[]): boolean => flags.every((f) => allowed.includes(f));
  switch (sub) {
    case 'branch':
      // a bare `git branch` lists every branch, the one checked out starred: only that line is known (round 13)
      if (flags.length === 0 && operands.length === 0) return `* ${branch}`;
      return flags.includes('--show-current') && only('--show-current') && operands.length === 0 ? branch : undefined;
    case 'rev-parse': {
      if (operands.length !== 1 || !HEAD.has(operands[0] as string)) return undefined;
      if (only('--abbrev-ref', '--abbrev-ref=strict', '--abbrev-ref=loose', '--verify', '-q', '--quiet'))
        return flags.some((f) => f.startsWith('--abbrev-ref')) ? branch : undefined;
      if (only('--symbolic-full-name', '--verify', '-q', '--quiet'))
        return flags.includes('--symbolic-full-name') ? `refs/heads/${branch}` : undefined;
      return undefined;
    }
    case 'symbolic-ref':
      if (operands.length !== 1 || operands[0] !== 'HEAD' || !only('--short', '-q', '--quiet')) return undefined;
      return flags.includes('--short') ? branch : `refs/heads/${branch}`;
    case 'name-rev':
      return operands.length === 1 && HEAD.has(operands[0] as string) && only('--name-only') && flags.length === 1
        ? branch
        : undefined;
    case 'describe':
      return operands.length === 0 && flags.length === 1 && flags[0] === '--all' ? `heads/${branch}` : undefined;
    default:
      return undefined;
  }
}

/**
 * git's output reader: the lines above, read with the branch checked out where the command runs (`-C DIR` moves it).
 * A detached HEAD or an unknown branch prints nothing known.
 */
export const gitOutput: OutputReader = (args, _static, _stdin, _file, _env, repo) => {
  if (repo === undefined) return undefined;
  let dir: string | undefined;
  let at = 0;
  while (at < args.length && (args[at] as string).startsWith('-')) {
    const word = args[at] as string;
    if (VALUE_GLOBALS.has(word)) {
      if (word === '-C') dir = dir === undefined ? args[at + 1] : `${dir}/${args[at + 1]}`;
      // Another repository or worktree than the one the host reported: its branch is not known.
      if (word === '--git-dir' || word === '--work-tree') return undefined;
      at += 2;
    } else if (word.startsWith('--git-dir=') || word.startsWith('--work-tree=')) return undefined;
    else at += 1;
  }
  // The form first: asking for the branch makes the call depend on the host's facts (a second walk with them).
  const words = args.slice(at);
  if (upstreamPrinted(words, '') !== undefined) {
    const upstream = repo.upstream(dir);
    return upstream === undefined ? undefined : `${upstreamPrinted(words, upstream)}\n`;
  }
  const asksDefault = defaultBranchForm(words);
  if (asksDefault !== undefined) {
    // INVARIANT: an unknown default branch prints nothing known (never a guess such as main, nor init.defaultBranch).
    const branch = repo.defaultBranch?.(asksDefault.remote, dir);
    return branch === undefined ? undefined : `${asksDefault.print(branch)}\n`;
  }
  const key = configRead(words);
  if (key !== undefined) {
    const value = repo.config?.(key);
    return value === undefined ? undefined : `${value}\n`;
  }
  if (words.length === 2 && words[0] === 'rev-parse' && words[1] === '--show-toplevel') {
    const top = repo.top?.(dir);
    return top === undefined ? undefined : `${top}\n`;
  }
  // `git status -sb` (`## main...origin/main`) and `git status --porcelain=v2 --branch` (`# branch.head main`): their
  // branch lines only; the lines about files are not known (round 13).
  const status = statusForm(words);
  if (status !== undefined) {
    const branch = repo.branch(dir);
    if (branch === undefined) return undefined;
    const upstream = repo.upstream(dir);
    // The lines about files (and how far ahead or behind) follow, unknown: the output as a whole is no known text
    // (`[ "$(git status -sb)" == "## main...origin/main" ]` cannot be decided: round 44), its first line is.
    const rest = `${unknownInText('git status')}\n`;
    return status === 'short'
      ? `## ${branch}${upstream === undefined ? '' : `...${upstream}`}\n${rest}`
      : `# branch.head ${branch}\n${upstream === undefined ? '' : `# branch.upstream ${upstream}\n`}${rest}`;
  }
  if (printed(words, '') === undefined) return undefined;
  const branch = repo.branch(dir);
  return branch === undefined ? undefined : `${printed(words, branch)}\n`;
};

/** `status -sb`, `status --short --branch` (`short`), `status --porcelain=v2 --branch` (`v2`); else undefined. */
function statusForm(words: readonly string[]): 'short' | 'v2' | undefined {
  if (words[0] !== 'status') return undefined;
  const flags = words.slice(1);
  if (flags.some((f) => !f.startsWith('-'))) return undefined;
  const letters = flags.filter((f) => /^-[sb]+$/.test(f)).join('');
  const branch = letters.includes('b') || flags.includes('--branch');
  if (!branch) return undefined;
  if (flags.includes('--porcelain=v2')) return 'v2';
  const short = letters.includes('s') || flags.includes('--short');
  const known = flags.every((f) => /^-[sb]+$/.test(f) || ['--short', '--branch', '--porcelain=v2'].includes(f));
  return short && known ? 'short' : undefined;
}
