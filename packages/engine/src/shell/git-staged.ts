// `git add DIR`, `git add .`, `git add -A`: the files the session wrote in that folder are staged by name, though the
// command names only the folder. They are added as implied words (the way a push's target is, git-branch.ts), so a
// rule on the names staged (`git add` of a kubeconfig, a key, Terraform state) holds for `cp ~/.kube/config k8s/`
// followed by `git add k8s/`. Files the session did not write are not guessed at: the folder stays as written.
import type { GlobMatch, ImpliedWord, SimpleCommand } from './types.js';

/** At most this many session files are named per command (a full ledger under `.` stays one bounded list). */
const MAX_STAGED = 64;
/** Stage everything, new files included, when no pathspec is given (`git add -A`, `git add --all`). */
const ALL = new Set(['-A', '--all', '--no-ignore-removal']);
const FROM = 'a file this session wrote, in a folder git add stages';
const ENV_FILE = /(?:^|\/)\.env(?:\.[^/]*)?$/;

/**
 * The command with the session's files under each folder it stages named as implied words; the command itself when it
 * is not `git add`/`git stage` or names no folder (a pathspec with a wildcard or a file name is left as written).
 */
export function withStagedFiles(
  command: SimpleCommand,
  matching: (pattern: string) => readonly GlobMatch[],
  resolve: (path: string) => string,
): SimpleCommand {
  const [sub, ...specs] = command.positionals;
  if (sub !== 'add' && sub !== 'stage') return command;
  const folders = specs.filter((p) => p === '.' || p === './' || p.endsWith('/') || !/[*?[.]/.test(lastSegment(p)));
  if (specs.length === 0 && command.flags.some((f) => ALL.has(f.name))) folders.push('.');
  if (folders.length === 0) return command;
  const names = new Set<string>();
  for (const folder of folders) {
    const base = resolve(folder).replace(/\/+$/, '');
    const whole = base === '' || base === '.';
    const under = whole ? '' : `${base}/`;
    for (const pattern of [`${under}**/*`, `${under}**/.*`])
      for (const m of matching(pattern)) {
        // The whole tree staged: a local env file is git-ignored by convention (the host's ignore rules are not read
        // here), so only a folder named for it stages it; named itself, `git add .env` is a word like any other.
        if (whole && ENV_FILE.test(m.path)) continue;
        if (names.size < MAX_STAGED) names.add(m.path);
      }
  }
  const fresh = [...names].filter((n) => !specs.includes(n));
  if (fresh.length === 0) return command;
  const argv = [...command.argv];
  const implied: ImpliedWord[] = fresh.map((value) => ({
    at: argv.push(value) - 1,
    value,
    written: undefined,
    from: FROM,
  }));
  return {
    ...command,
    argv,
    positionals: [...command.positionals, ...fresh],
    implied: [...(command.implied ?? []), ...implied],
  };
}

const lastSegment = (path: string): string => path.replace(/\/+$/, '').split('/').pop() ?? '';
