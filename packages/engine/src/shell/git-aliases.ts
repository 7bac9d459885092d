// git aliases known from the command line itself: `git -c alias.x='push -f' x`, `GIT_CONFIG_KEY_0=alias.x … git x`,
// and `git config [--global] alias.x '…'` earlier in the same command or in an earlier call of the session (git keeps
// it in a config file: the session carries what its calls defined, ShellSession.gitAliases). DATA (git's own
// commands, which no alias can shadow) first, then the table one walk keeps. An alias the session did not define (the
// human's own config) is not known; a definition is also judged as what it runs, when it is made (walk.ts).
import type { SimpleCommand } from './types.js';

/** git's built-in commands: git runs these even when an alias of the same name exists, so they are never expanded. */
const GIT_COMMANDS: ReadonlySet<string> = new Set([
  ...['add', 'am', 'annotate', 'apply', 'archive', 'backfill', 'bisect', 'blame', 'branch', 'bugreport', 'bundle'],
  ...['cat-file', 'check-attr', 'check-ignore', 'check-mailmap', 'check-ref-format', 'checkout', 'checkout-index'],
  ...['cherry', 'cherry-pick', 'citool', 'clean', 'clone', 'column', 'commit', 'commit-graph', 'commit-tree'],
  ...['config', 'count-objects', 'credential', 'describe', 'diagnose', 'diff', 'diff-files', 'diff-index'],
  ...['diff-tree', 'difftool', 'fast-export', 'fast-import', 'fetch', 'fetch-pack', 'filter-branch', 'for-each-ref'],
  ...['for-each-repo', 'format-patch', 'fsck', 'gc', 'get-tar-commit-id', 'grep', 'gui', 'hash-object', 'help'],
  ...['hook', 'index-pack', 'init', 'init-db', 'instaweb', 'interpret-trailers', 'log', 'ls-files', 'ls-remote'],
  ...['ls-tree', 'mailinfo', 'mailsplit', 'maintenance', 'merge', 'merge-base', 'merge-file', 'merge-index'],
  ...['merge-tree', 'mergetool', 'mktag', 'mktree', 'multi-pack-index', 'mv', 'name-rev', 'notes', 'pack-objects'],
  ...['pack-refs', 'prune', 'prune-packed', 'pull', 'push', 'range-diff', 'read-tree', 'rebase', 'receive-pack'],
  ...['reflog', 'refs', 'remote', 'repack', 'replace', 'replay', 'request-pull', 'rerere', 'reset', 'restore'],
  ...['rev-list', 'rev-parse', 'revert', 'rm', 'send-email', 'send-pack', 'shortlog', 'show', 'show-branch'],
  ...['show-index', 'show-ref', 'sparse-checkout', 'stage', 'stash', 'status', 'stripspace', 'submodule', 'switch'],
  ...['symbolic-ref', 'tag', 'unpack-file', 'unpack-objects', 'update-index', 'update-ref', 'update-server-info'],
  ...['upload-archive', 'upload-pack', 'var', 'verify-commit', 'verify-pack', 'verify-tag', 'version'],
  ...['whatchanged', 'worktree', 'write-tree'],
]);

/** Whether git runs its own command by this name (an alias of the same name is ignored). */
export const isGitCommand = (name: string): boolean => GIT_COMMANDS.has(name.toLowerCase());

/** `git config` options that read or list instead of setting a value. */
const CONFIG_READS = ['--get', '--get-all', '--get-regexp', '--get-urlmatch', '-l', '--list', '-e', '--edit'];
const CONFIG_UNSETS = ['--unset', '--unset-all', '--remove-section'];

const aliasName = (key: string | undefined): string | undefined => {
  const m = key === undefined ? null : /^alias\.(.+)$/i.exec(key);
  // Section and variable names of git config are case-insensitive: `alias.YOLO` is called as `git yolo`.
  return m === null ? undefined : (m[1] as string).toLowerCase();
};

/**
 * What a `git config` command sets: `git config [--global|--local|--file F] KEY VALUE` and git 2.46's `git config set
 * KEY VALUE` give `{ key, value }` (key lower-cased); an unset gives `{ key, value: undefined }`; a read, a list or
 * any other command gives undefined.
 */
export function gitConfigAssignment(
  command: SimpleCommand,
): { readonly key: string; readonly value: string | undefined } | undefined {
  const [sub, first, second, third] = command.positionals;
  if (sub !== 'config' || first === undefined) return undefined;
  const has = (names: readonly string[]): boolean => command.flags.some((f) => names.includes(f.name));
  if (first === 'set')
    return second === undefined || third === undefined ? undefined : { key: second.toLowerCase(), value: third };
  if (first === 'unset' || has(CONFIG_UNSETS)) {
    const key = first === 'unset' ? second : first;
    return key === undefined ? undefined : { key: key.toLowerCase(), value: undefined };
  }
  if (first === 'get' || first === 'list' || has(CONFIG_READS) || second === undefined) return undefined;
  return { key: first.toLowerCase(), value: second };
}

/**
 * The git settings the session keeps, besides aliases: those that change what a later plain git command does, so that
 * `git config remote.origin.push +HEAD:main` in one call and `git push` in the next is read as the push it is, and
 * `git clean` after clean.requireForce=false deletes without -f.
 */
const SESSION_SETTINGS = /^(?:remote\.[^\s]+\.(?:push|mirror)|push\.default|clean\.requireforce)$/;

/**
 * The value a git command's own `-c KEY=VALUE` gives `key` (lower case; the last one wins, and GIT_CONFIG_* stand for
 * them); `written` is false for a bare `-c KEY`, which git reads as true.
 */
export function commandSetting(
  command: SimpleCommand,
  key: string,
): { readonly value: string; readonly written: boolean } | undefined {
  for (let i = command.globals.length - 1; i >= 0; i--) {
    const g = command.globals[i];
    if (g?.name !== '-c' || g.value === undefined) continue;
    const eq = g.value.indexOf('=');
    if ((eq === -1 ? g.value : g.value.slice(0, eq)).toLowerCase() !== key) continue;
    return eq === -1 ? { value: 'true', written: false } : { value: g.value.slice(eq + 1), written: true };
  }
  return undefined;
}

/** The aliases one walk of a command line has seen defined, in the order the shell runs it. */
export class GitAliases {
  private readonly defined = new Map<string, string>();
  /** What this call defined or removed (null), for the session. */
  private readonly changed = new Map<string, string | null>();
  /** The settings (SESSION_SETTINGS) the session's earlier calls set, and what this call set or unset (null). */
  private readonly settings = new Map<string, string>();
  private readonly settingsChanged = new Map<string, string | null>();

  /** Starts from the aliases and settings the session's earlier calls defined. */
  start(aliases: Readonly<Record<string, string>> | undefined, settings?: Readonly<Record<string, string>>): void {
    if (aliases !== undefined) for (const [name, body] of Object.entries(aliases)) this.defined.set(name, body);
    if (settings !== undefined) for (const [key, v] of Object.entries(settings)) this.settings.set(key, v);
  }

  /** What this call defined (a body) or removed (null); undefined: nothing. */
  changes(): Readonly<Record<string, string | null>> | undefined {
    return this.changed.size === 0 ? undefined : Object.fromEntries(this.changed);
  }

  /** The settings (SESSION_SETTINGS) this call set (a value) or unset (null); undefined: none. */
  settingChanges(): Readonly<Record<string, string | null>> | undefined {
    return this.settingsChanged.size === 0 ? undefined : Object.fromEntries(this.settingsChanged);
  }
  /** The hooks folder a `git config core.hooksPath DIR` earlier in the line set (git config writes a file: it
   * outlives subshells and pipes); undefined: none set here. */
  hooksPath: string | undefined;
  /** Every key a `git config` earlier in the line set (its value) or unset (undefined): what `git config --get KEY`
   * prints later in the same line (git-output.ts). Not kept for the session: the team's own config is not known. */
  private readonly values = new Map<string, string | undefined>();

  /** The value a `git config` earlier in the line gave `key`; undefined when none here (or it was unset). */
  configValue(key: string): string | undefined {
    return this.values.get(key.toLowerCase());
  }

  /** The value of a setting that changes a later plain git command (SESSION_SETTINGS): set earlier in the line, else
   * by an earlier call of the session; undefined when neither set it (the team's own config is not known). */
  setting(key: string): string | undefined {
    const k = key.toLowerCase();
    return this.values.has(k) ? this.values.get(k) : this.settings.get(k);
  }

  /** The alias body `command` (a git command) stands for, or undefined when its subcommand is no alias known here. */
  expansion(command: SimpleCommand, files?: ConfigFiles): string | undefined {
    const sub = command.argv[0];
    if (sub === undefined || sub.startsWith('-') || GIT_COMMANDS.has(sub)) return undefined;
    const name = sub.toLowerCase();
    // The command's own `-c alias.x=…` wins over the environment, which wins over the config files.
    const given = commandSetting(command, `alias.${name}`);
    if (given?.written) return given.value;
    const fromEnv = environmentAlias(command.assignments, name);
    return (
      fromEnv ?? (files === undefined ? undefined : configFileAlias(command, name, files)) ?? this.defined.get(name)
    );
  }

  /**
   * Record what a `git config` command sets or unsets under `alias.` (nothing for any other command); returns the
   * alias it defined, if any.
   */
  learn(command: SimpleCommand): { readonly name: string; readonly body: string } | undefined {
    const [sub, first, second, third] = command.positionals;
    if (sub !== 'config') return undefined;
    const set = gitConfigAssignment(command);
    if (set?.key === 'core.hookspath') this.hooksPath = set.value;
    if (set !== undefined && this.values.size < 64) this.values.set(set.key, set.value);
    if (set !== undefined && SESSION_SETTINGS.test(set.key)) {
      this.settingsChanged.set(set.key, set.value ?? null);
      if (set.value === undefined) this.settings.delete(set.key);
    }
    const has = (names: readonly string[]): boolean => command.flags.some((f) => names.includes(f.name));
    // git 2.46's verbs (`git config set alias.x v`, `git config unset alias.x`) and the older option forms.
    if (first === 'set') return this.set(aliasName(second), third);
    if (first === 'unset' || has(CONFIG_UNSETS)) {
      const name = aliasName(first === 'unset' ? second : first);
      if (name !== undefined) {
        this.defined.delete(name);
        this.changed.set(name, null);
      }
      return undefined;
    }
    if (first === 'get' || first === 'list' || has(CONFIG_READS)) return undefined;
    return this.set(aliasName(first), second);
  }

  private set(
    name: string | undefined,
    body: string | undefined,
  ): { readonly name: string; readonly body: string } | undefined {
    if (name === undefined || body === undefined) return undefined;
    this.defined.set(name, body);
    this.changed.set(name, body);
    return { name, body };
  }
}

/** The files a command's git reads config from besides the usual ones, as the call or the session wrote them. */
export interface ConfigFiles {
  /** A file's text (a path as written, from the command's directory), when the call or the session wrote it. */
  readonly text: (path: string) => string | undefined;
  /** A variable of the command's environment (the shell's exports), when known. */
  readonly env: (name: string) => string | undefined;
}

/** An alias from a config file the command names: `git -c include.path=F x`, `GIT_CONFIG_GLOBAL=F git x` (and
 * GIT_CONFIG_SYSTEM); the last file that defines it wins, as git reads them in that order. */
function configFileAlias(command: SimpleCommand, name: string, files: ConfigFiles): string | undefined {
  const own = new Map<string, string>();
  for (const a of command.assignments) {
    const eq = a.indexOf('=');
    if (eq > 0) own.set(a.slice(0, eq), unquote(a.slice(eq + 1)));
  }
  const variable = (v: string): string | undefined => (own.has(v) ? own.get(v) : files.env(v));
  const paths = [variable('GIT_CONFIG_SYSTEM'), variable('GIT_CONFIG_GLOBAL')];
  for (const g of command.globals)
    if (g.name === '-c' && g.value !== undefined && /^include\.path=/i.test(g.value)) paths.push(g.value.slice(13));
  let found: string | undefined;
  for (const path of paths) {
    const text = path === undefined || path === '' ? undefined : files.text(path);
    if (text !== undefined) found = configAlias(text, name) ?? found;
  }
  return found;
}

/** An alias's value in a git config file's text: `[alias]` then `name = value` (a quoted value unescaped, a `#` or
 * `;` outside quotes starts a comment). Section and key names are case-insensitive. */
export function configAlias(text: string, name: string): string | undefined {
  let section = '';
  let found: string | undefined;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    const head = /^\[\s*([A-Za-z0-9.-]+)(?:\s+"[^"]*")?\s*\]/.exec(line);
    if (head !== null) {
      section = (head[1] as string).toLowerCase();
      continue;
    }
    const kv = /^([A-Za-z][\w-]*)\s*=\s*(.*)$/.exec(line);
    if (section !== 'alias' || kv === null || (kv[1] as string).toLowerCase() !== name) continue;
    let value = '';
    let quoted = false;
    const v = kv[2] as string;
    for (let i = 0; i < v.length; i++) {
      const c = v[i] as string;
      if (c === '\\' && i + 1 < v.length) value += v[++i] === 'n' ? '\n' : v[i] === 't' ? '\t' : v[i];
      else if (c === '"') quoted = !quoted;
      else if (!quoted && (c === '#' || c === ';')) break;
      else value += c;
    }
    found = value.trim();
  }
  return found;
}

/** `GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=alias.x GIT_CONFIG_VALUE_0='push -f' git x`: git reads config from these. */
function environmentAlias(assignments: readonly string[], name: string): string | undefined {
  if (assignments.length === 0) return undefined;
  const vars = new Map<string, string>();
  for (const a of assignments) {
    const eq = a.indexOf('=');
    if (eq > 0) vars.set(a.slice(0, eq), unquote(a.slice(eq + 1)));
  }
  const count = Number(vars.get('GIT_CONFIG_COUNT') ?? 0);
  let found: string | undefined;
  for (let i = 0; i < count && i < 100; i++)
    if (aliasName(vars.get(`GIT_CONFIG_KEY_${i}`)) === name) found = vars.get(`GIT_CONFIG_VALUE_${i}`) ?? found;
  return found;
}

/** An assignment's value as the shell gives it (the words keep their quotes: `V='push -f'`). */
function unquote(value: string): string {
  const q = value[0];
  if ((q === "'" || q === '"') && value.length >= 2 && value.endsWith(q)) return value.slice(1, -1);
  return value;
}
