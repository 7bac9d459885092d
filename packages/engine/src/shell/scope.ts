// The shell state that flows from one command to the next: the directory and the variables. A subshell, a pipeline
// stage or a branch works on a child; what a branch or a loop may or may not have assigned is unknown after it.
import { forEachChild, type Function as FunctionNode, type SyntaxNode } from 'unbash';
import type { Frame } from './follow.js';
import { POSITIONAL, UNKNOWN, type Vars } from './values.js';

/** A shell function this shell defined: its body, in the text (frame) it was written in. */
export interface ShellFunction {
  readonly node: FunctionNode;
  readonly frame: Frame;
}

export interface Scope {
  cwd: string | undefined;
  readonly vars: Vars;
  /**
   * The functions defined so far in this shell, by name (absent: none). A subshell or branch shares its shell's: a
   * function it defines is judged when called later too, which can only judge more. A new shell (`bash -c`) starts
   * without them, as bash does unless `export -f`.
   */
  functions?: Map<string, ShellFunction>;
  /** The aliases defined so far in this shell (`alias gp='git push -f'`), by name; shared like `functions`. */
  aliases?: Map<string, string>;
}

/**
 * The shell's directory as a word can name it from anywhere: `$PWD` (the call's start, which the facts stage reads as
 * the project's directory) at the start, `$PWD/<dir>` after a move to a relative one, else the absolute or `~`/`$`
 * path. `cd -`'s $OLDPWD and bash's `~+` are this.
 */
export const shellDirectory = (cwd: string | undefined): string =>
  cwd === undefined || cwd === '.' ? '$PWD' : /^[/$~]/.test(cwd) ? cwd : `$PWD/${cwd}`;

/** Another view of the same shell (a loop's turns, `eval`): its variables and functions, a directory of its own. */
export const sameShell = (scope: Scope, cwd: string | undefined): Scope => ({
  cwd,
  vars: scope.vars,
  ...(scope.functions !== undefined ? { functions: scope.functions } : {}),
  ...(scope.aliases !== undefined ? { aliases: scope.aliases } : {}),
});

/** A subshell's (or pipeline stage's, or branch's) scope: its writes stay its own. */
export const child = (scope: Scope): Scope => ({
  cwd: scope.cwd,
  vars: scope.vars.child(),
  ...(scope.functions !== undefined ? { functions: scope.functions } : {}),
  ...(scope.aliases !== undefined ? { aliases: scope.aliases } : {}),
});

/**
 * A variable as the command sees it: its own `NAME=value` prefix, else the shell's (unless it starts with a clean
 * environment, `env -i`); undefined when not known. Used by what a program reads from its environment (TF_CLI_ARGS,
 * HOME, PSQLRC).
 */
export function commandVariable(
  command: { readonly environment?: Readonly<Record<string, string>>; readonly cleanEnvironment?: boolean },
  scope: Scope,
  name: string,
): string | undefined {
  const own = command.environment;
  if (own !== undefined && Object.hasOwn(own, name)) return own[name];
  const v = command.cleanEnvironment === true ? undefined : scope.vars.get(name);
  return typeof v === 'string' ? v : undefined;
}

/**
 * After branches of which one or none ran (an `if` or `case` whose test cannot be decided): a name they wrote is unknown
 * in `outer`, unless every branch that wrote it wrote the same known text and `outer` held no other known text before.
 * The path on which it is set then gives it that value, the other leaves it as it was, not known: `case "$(uname -s)"
 * in Linux|Darwin) rc=~/.transifexrc ;; esac; cat > "$rc" <<EOF` writes ~/.transifexrc (or fails, rc empty).
 */
export function joinBranches(outer: Scope, ...branches: readonly Scope[]): void {
  // name → the one value every branch that wrote it gave it; null once two differ or one is not a plain known text.
  const written = new Map<string, string | null>();
  for (const b of branches)
    for (const name of b.vars.ownNames()) {
      const v = b.vars.get(name);
      const scalar = typeof v === 'string' && name !== POSITIONAL && b.vars.getArray(name)?.length === 1 ? v : null;
      const seen = written.get(name);
      written.set(name, seen === undefined ? scalar : seen === scalar ? scalar : null);
    }
  for (const [name, v] of written) {
    const before = outer.vars.get(name);
    outer.vars.set(name, v !== null && (typeof before !== 'string' || before === v) ? v : UNKNOWN);
  }
}

/** After a branch or loop body that may not have run: every name it wrote is unknown in `outer`. */
export function forgetAssigned(outer: Scope, ...inner: readonly Scope[]): void {
  for (const s of inner) for (const name of s.vars.ownNames()) outer.vars.set(name, UNKNOWN);
}

/**
 * After a function call's body (`f main`, which ran in the caller's shell): what it assigned is the caller's, with
 * the value it ended with (a branch inside it already left its names unknown), except the names it declared its own
 * (`local X`, `declare X` or `typeset X` without -g: bash gives the caller's value back); its positional parameters
 * were its own.
 */
export function returnFromCall(caller: Scope, body: Scope, locals: ReadonlySet<string>): void {
  for (const name of body.vars.ownNames())
    if (name !== POSITIONAL && !locals.has(name)) caller.vars.set(name, body.vars.get(name));
}

const LOCAL_NAMES = new WeakMap<SyntaxNode, ReadonlySet<string>>();
const DECLARES_LOCAL: ReadonlySet<string> = new Set(['local', 'declare', 'typeset']);

/**
 * The names a function body declares its own: the words and assignments of its `local`, and of `declare`/`typeset`
 * without -g (inside a function they are local too). Anywhere in the body, branches included: a name that may be
 * local is kept from the caller (its value there stays what it was). Made once per body.
 */
export function localNames(body: SyntaxNode): ReadonlySet<string> {
  const known = LOCAL_NAMES.get(body);
  if (known !== undefined) return known;
  const names = new Set<string>();
  const visit = (n: SyntaxNode): void => {
    if (n.type === 'Command' && n.name !== undefined && DECLARES_LOCAL.has(n.name.value)) {
      const global = n.suffix.some((s) => s.type === 'Word' && /^-[A-Za-z]*g/.test(s.value));
      if (!global)
        for (const s of n.suffix)
          if (s.type === 'Assignment') names.add(s.name);
          else if (s.type === 'Word' && NAME.test(s.value)) names.add(s.value);
    }
    forEachChild(n, visit);
  };
  visit(body);
  LOCAL_NAMES.set(body, names);
  return names;
}

/** Names a shell builtin sets from its word arguments (read NAME…, unset NAME…). */
const NAMED_BY_WORDS: ReadonlySet<string> = new Set([
  'read',
  'unset',
  'export',
  'declare',
  'typeset',
  'local',
  'readonly',
]);

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Every name a loop's code may assign (Assignment words, read/unset/export NAME, for NAME), found by a syntactic scan:
 * before its body is walked, these are unknown, since an earlier turn may have changed them. Bounded by the size of
 * the tree (each node once).
 */
export function assignedNames(node: SyntaxNode): Set<string> {
  const names = new Set<string>();
  const visit = (n: SyntaxNode): void => {
    if (n.type === 'Assignment') names.add(n.name);
    else if (n.type === 'For' || n.type === 'Select') names.add(n.name.value);
    else if (n.type === 'Command' && n.name !== undefined && NAMED_BY_WORDS.has(n.name.value))
      for (const s of n.suffix) if (s.type === 'Word' && NAME.test(s.value)) names.add(s.value);
    forEachChild(n, visit);
  };
  visit(node);
  return names;
}

/** The name a descriptor opened by `exec N> f` is kept under: no shell name, so never a variable or an export. */
export const descriptorName = (fd: number): string => `>&${fd}`;

/** The name the text a descriptor opened for reading by `exec N< f`, `exec N<<< …` or `exec N<<EOF` holds is kept
 * under (the text itself, as a heredoc is: `bash <&N` reads it). */
export const inputDescriptorName = (fd: number): string => `<&${fd}`;

/** The name a named pipe the call made (`mkfifo p`) is kept under: PIPE, then the `>(…)` of the command reading it. */
export const pipeName = (path: string): string => `|${path}`;
export const PIPE = 'fifo';

/** The name the last line `history -s` put in the history list is kept under (`fc -s` runs it again). */
export const HISTORY = '!history';

/** The file descriptor `fd` was opened on for writing in this shell, when known. */
export function openedOn(scope: Scope, fd: number): string | undefined {
  const value = scope.vars.get(descriptorName(fd));
  return typeof value === 'string' ? value : undefined;
}
