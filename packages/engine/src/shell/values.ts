// Shell variables the model can know: a Vars is one shell scope (a subshell, pipeline stage or branch gets a child
// whose writes stay its own), fed by the call's literal assignments and the session's exports. Expanding words from
// them is expand.ts. What cannot be known is UNKNOWN: a fact, never a guess.

/** A variable whose value cannot be known (set outside the call, by a program, in a branch that may not run). */
export const UNKNOWN: unique symbol = Symbol('unknown');
/** A variable known to be unset (`unset X`): it expands to nothing. */
export const UNSET: unique symbol = Symbol('unset');
export type Value = string | typeof UNKNOWN | typeof UNSET;

interface Var {
  readonly value: Value;
  readonly exported: boolean;
  /** An indexed array's elements (`A=(a b)`, `set -- a b` under the name `@`); `value` is then its element 0, as
   * `$A` is in bash. Undefined for a scalar; null when it is an array whose elements cannot be known. */
  readonly items?: readonly string[] | null;
  /** A name reference (`declare -n R=C`): R reads and writes C, whatever C holds when it is used. */
  readonly ref?: string;
  /** An array assigned whole with literal keys (`declare -A M=([job]=x)`, `A=([2]=y)`): its elements by key. */
  readonly keys?: ReadonlyMap<string, string>;
  /** An unknown value assigned from a word partly known: that word with its unknown parts as written
   * (`U="https://x:$(gh auth token)@host/r"`), so `"$U"` later reads as the word itself would have, not as `$U`. */
  readonly spelled?: string;
  /** An array whose elements are not all known (items null) but whose words were given one by one (`g a "$(x)" b`
   * sets a function's `$@`): each word, the unknown ones with their unknown parts as written, so `"$@"` and `$2`
   * read as the words the caller wrote. */
  readonly partial?: readonly PartialItem[];
}

/** One element of an array given as words (Var.partial): its value, or its word as written when not known. */
export interface PartialItem {
  readonly value: string;
  readonly unknown: boolean;
}

/**
 * How the session keeps a variable an earlier call assigned from a word partly known (`FULL_REPO="https://$T@host/r"`
 * in one call, `git remote set-url origin $FULL_REPO` in the next): the mark, then the word as written. No value of
 * a real variable holds a NUL, so the mark cannot be a value; the variable reads as unknown, spelled as its word.
 */
export const SPELLED_MARK = '\u0000spelled\u0000';
const isSpelled = (v: string): boolean => v.startsWith(SPELLED_MARK);

/** The name the positional parameters are kept under (`set -- a b`: `$1`, `"$@"`, `$#`). */
export const POSITIONAL = '@';
/** The name `$0` is kept under (`sh -c STRING NAME …`). Neither is a variable of the environment or the session. */
export const ZERO = '0';
const SPECIAL = (name: string): boolean => name === POSITIONAL || name === ZERO;

/** Names kept as written when the call does not set them: the facts stage knows `~`-like `$HOME` and `$PWD`; `$PATH`
 * stays `$PATH`, so `export PATH="$PWD/tools:$PATH"` keeps the folders it puts first (a bare name is looked up there). */
export const AS_WRITTEN: ReadonlySet<string> = new Set(['HOME', 'PWD', 'PATH']);

/** Bounds: a hostile call cannot make the tracked values large. */
export const VALUE_LIMITS = {
  /** Distinct names one call tracks; more are unknown. */
  maxNames: 256,
  /** Longest value kept; a longer one is unknown. */
  maxLength: 64 * 1024,
  /** Nested expansions (${X:-${Y:-…}}, $(echo $(…))) followed before the value is unknown. */
  maxDepth: 8,
} as const;

export const DEFAULT_IFS = ' \t\n';

/** One shell scope's variables. Lookups walk to the parent; writes stay in this scope. */
export class Vars {
  private own: Map<string, Var> | undefined;
  /** Set once more than maxNames names were written: a name not tracked may then hold anything. */
  private overflowed = false;
  /** Every name written in this scope, in order (for "assigned in this branch → unknown after it"); made on the
   * first read (most scopes, a pipeline stage's, are never asked). */
  private written: string[] | undefined;

  get journal(): string[] {
    this.written ??= [];
    return this.written;
  }

  /** How many names were written so far (a mark for `writtenSince`), without making the journal. */
  mark(): number {
    return this.written?.length ?? 0;
  }

  /** The distinct names written since `mark`. */
  writtenSince(mark: number): Set<string> {
    return new Set(this.written === undefined ? [] : this.written.slice(mark));
  }

  constructor(
    private readonly parent: Vars | undefined,
    /** Values known before the call (the session's exports), exported to child shells. */
    private readonly session: Readonly<Record<string, string>> | undefined,
    /** True in a shell whose environment a wrapper cleared (sudo, env -i, ssh): the session's values are not in it. */
    readonly cleared = false,
  ) {}

  /** The variable a name stands for, through name references (a bounded chain; a loop is unknown). */
  private resolved(name: string): Var | undefined {
    let hit = this.lookup(name);
    for (let i = 0; hit?.ref !== undefined; i++) {
      if (i >= VALUE_LIMITS.maxDepth) return { value: UNKNOWN, exported: false };
      const target = hit.ref;
      hit = this.lookup(target);
      if (hit === undefined) {
        const v = this.get(target);
        return { value: v, exported: false };
      }
    }
    return hit;
  }

  /** `declare -n name=target`: name is a reference to target from now on. */
  setRef(name: string, target: string): void {
    this.own ??= new Map();
    if (!this.own.has(name) && this.own.size >= VALUE_LIMITS.maxNames) {
      this.overflowed = true;
      return;
    }
    this.own.set(name, { value: UNKNOWN, exported: false, ref: target });
    this.journal.push(name);
  }

  private lookup(name: string): Var | undefined {
    for (let v: Vars | undefined = this; v !== undefined; v = v.parent) {
      const hit = v.own?.get(name);
      if (hit !== undefined) return hit;
    }
    return undefined;
  }

  /** The value of `name` here: set in the call, else the session's, else unknown ($IFS: blanks by default). */
  get(name: string): Value {
    const hit = this.resolved(name);
    if (hit !== undefined) return hit.value;
    for (let v: Vars | undefined = this; v !== undefined; v = v.parent) if (v.overflowed) return UNKNOWN;
    const s = this.session;
    if (s !== undefined && Object.hasOwn(s, name)) {
      const v = s[name] as string;
      return isSpelled(v) ? UNKNOWN : v;
    }
    if (name === 'IFS') return DEFAULT_IFS;
    return UNKNOWN;
  }

  /**
   * The elements of an indexed array (`"${A[@]}"`, `"$@"`): an array's, a scalar's as one element (bash reads `$X`
   * as `${X[0]}`), none when unset; undefined when they cannot be known (set outside the call, or an element was
   * assigned on its own). The positional parameters are unknown until the call sets them (`set -- …`).
   */
  getArray(name: string): readonly string[] | undefined {
    const hit = this.resolved(name);
    if (hit !== undefined) {
      if (hit.items !== undefined) return hit.items ?? undefined;
      return typeof hit.value === 'string' ? [hit.value] : hit.value === UNSET ? [] : undefined;
    }
    if (name === POSITIONAL) return undefined;
    const v = this.get(name);
    return typeof v === 'string' ? [v] : undefined;
  }

  /** An indexed array assigned whole (`A=(a b)`), or unknown. */
  setArray(name: string, items: readonly string[] | typeof UNKNOWN): void {
    let length = 0;
    if (items !== UNKNOWN) for (const i of items) length += i.length;
    const known = items === UNKNOWN || length > VALUE_LIMITS.maxLength ? null : items;
    this.set(name, known === null ? UNKNOWN : (known[0] ?? ''), undefined, known);
  }

  /** An indexed array given word by word, some of them unknown (`set -- a "$(x)"`, a function's arguments): unknown
   * as a whole, each word kept (bounded like any value). */
  setPartialArray(name: string, items: readonly PartialItem[]): void {
    if (items.every((i) => !i.unknown)) {
      this.setArray(
        name,
        items.map((i) => i.value),
      );
      return;
    }
    this.set(name, UNKNOWN, undefined, null);
    let length = 0;
    for (const i of items) length += i.value.length;
    if (length > VALUE_LIMITS.maxLength) return;
    const entry = this.own?.get(name);
    if (entry !== undefined && entry.items === null) this.own?.set(name, { ...entry, partial: items });
  }

  /** The words of an array given word by word with some unknown (setPartialArray); undefined for any other. */
  partialItems(name: string): readonly PartialItem[] | undefined {
    const hit = this.resolved(name);
    return hit?.items === null ? hit.partial : undefined;
  }

  /** The elements of an array assigned whole with literal keys, by key; undefined for any other variable. */
  getKeyed(name: string): ReadonlyMap<string, string> | undefined {
    return this.resolved(name)?.keys;
  }

  /** `declare -A M=([k]=v …)`: the elements by key (the value itself, `$M`, is not known). */
  setKeyed(name: string, keys: ReadonlyMap<string, string>): void {
    let length = 0;
    for (const [k, v] of keys) length += k.length + v.length;
    this.set(name, UNKNOWN, undefined, null);
    if (length > VALUE_LIMITS.maxLength) return;
    const entry = this.own?.get(name);
    if (entry !== undefined) this.own?.set(name, { ...entry, keys });
  }

  /** The word an unknown scalar was assigned from, its unknown parts as written; undefined for any other variable. */
  spelled(name: string): string | undefined {
    const hit = this.resolved(name);
    if (hit !== undefined) return hit.value === UNKNOWN && hit.items === undefined ? hit.spelled : undefined;
    for (let v: Vars | undefined = this; v !== undefined; v = v.parent) if (v.overflowed) return undefined;
    // One an earlier call of the session assigned so (SPELLED_MARK).
    const s = this.session;
    const v = s !== undefined && Object.hasOwn(s, name) ? (s[name] as string) : undefined;
    return v !== undefined && isSpelled(v) ? v.slice(SPELLED_MARK.length) : undefined;
  }

  /** `U="…$(cmd)…"`: an unknown value, with the word it was assigned from as written (bounded like any value). */
  setSpelled(name: string, spelled: string): void {
    this.set(name, UNKNOWN);
    if (spelled.length > VALUE_LIMITS.maxLength) return;
    const entry = this.own?.get(name);
    if (entry !== undefined && entry.value === UNKNOWN && entry.items === undefined && entry.ref === undefined)
      this.own?.set(name, { ...entry, spelled });
  }

  set(written: string, value: Value, exported?: boolean, items?: readonly string[] | null): void {
    // Writing through a name reference writes its target (`declare -n R=C; R=main` sets C); a chain is bounded.
    let name = written;
    let was = this.lookup(name);
    for (let i = 0; was?.ref !== undefined && was.ref !== name && i < VALUE_LIMITS.maxDepth; i++) {
      name = was.ref;
      was = this.lookup(name);
    }
    const kept = typeof value === 'string' && value.length > VALUE_LIMITS.maxLength ? UNKNOWN : value;
    this.own ??= new Map();
    if (!this.own.has(name) && this.own.size >= VALUE_LIMITS.maxNames) {
      this.overflowed = true;
      return;
    }
    // A variable the session exported stays exported when the call assigns it again (as in bash).
    const wasExported = was?.exported ?? (this.session !== undefined && Object.hasOwn(this.session, name));
    // A scalar assigned over an array changes its element 0 only: the others are no longer known here.
    const elements = items !== undefined ? items : was?.items !== undefined && value !== UNSET ? null : undefined;
    this.own.set(name, {
      value: kept,
      exported: exported ?? (wasExported || this.exportsAll()),
      ...(elements !== undefined ? { items: elements } : {}),
    });
    this.journal.push(name);
  }

  /**
   * After `source FILE` of a file the model cannot read, which may assign any variable: a name this shell knew to be
   * unset or empty is unknown from here on (`$DEFAULT_BRANCH` read after it is not an empty word). A value it knew
   * stays: a sourced file seldom changes what the script set just before it, and forgetting the value would make any
   * opaque source a way to hide a word a rule reads. Bounded by the names tracked and the session's.
   */
  forgetUnset(): void {
    const empty: string[] = [];
    const seen = new Set<string>();
    for (let v: Vars | undefined = this; v !== undefined; v = v.parent)
      for (const [name, entry] of v.own ?? []) {
        if (seen.has(name)) continue;
        seen.add(name);
        // (IFS is left: an empty IFS is a setting, splitting off, not a value a rule reads)
        const scalar = !SPECIAL(name) && name !== 'IFS' && entry.items === undefined && entry.ref === undefined;
        if (scalar && (entry.value === UNSET || entry.value === '')) empty.push(name);
      }
    for (const [name, value] of Object.entries(this.session ?? {}))
      if (!seen.has(name) && value === '') empty.push(name);
    for (const name of empty) this.set(name, UNKNOWN);
  }

  markExported(name: string): void {
    const was = this.lookup(name);
    if (was !== undefined) {
      this.set(name, was.value, true, was.items);
      if (was.spelled !== undefined) this.setSpelled(name, was.spelled);
    } else if (this.session === undefined || !Object.hasOwn(this.session, name)) this.set(name, UNKNOWN, true);
  }

  child(): Vars {
    return new Vars(this, this.session, this.cleared);
  }

  /** `set -a` (allexport) turned on or off in this shell; a subshell inherits it, a new shell does not. */
  private allExport: boolean | undefined;

  setAllExport(on: boolean): void {
    this.allExport = on;
  }

  private exportsAll(): boolean {
    for (let v: Vars | undefined = this; v !== undefined; v = v.parent)
      if (v.allExport !== undefined) return v.allExport;
    return false;
  }

  /**
   * The known values this call set so far, as a command started here sees them (not the session's: the facts stage
   * adds those, so a model cached without the session says the same). Exported or not: the host's shell may already
   * export the name (KUBECONFIG usually is), and then a plain assignment changes what the program sees. Undefined
   * when there are none (most commands).
   */
  environment(): Record<string, string> | undefined {
    let out: [string, string][] | undefined;
    const seen = new Set<string>();
    for (let v: Vars | undefined = this; v !== undefined; v = v.parent)
      for (const [name, entry] of v.own ?? []) {
        if (seen.has(name) || SPECIAL(name)) continue;
        seen.add(name);
        // bash exports no array: an array is never a program's environment.
        if (typeof entry.value === 'string' && entry.items === undefined) (out ??= []).push([name, entry.value]);
      }
    // fromEntries defines own properties: a name like __proto__ stays a name.
    return out === undefined ? undefined : Object.fromEntries(out);
  }

  /** What an earlier call of the session exported under `name`, as a program started here sees it (none in a shell
   * whose environment a wrapper cleared). */
  sessionValue(name: string): string | undefined {
    const s = this.session;
    const v = s !== undefined && !this.cleared && Object.hasOwn(s, name) ? s[name] : undefined;
    return v === undefined || isSpelled(v) ? undefined : v;
  }

  /** Names this scope itself wrote (not its parent's). */
  ownNames(): Iterable<string> {
    return this.own?.keys() ?? [];
  }

  /** A new top scope for a child process: the exported values (and the session's, unless the wrapper cleared the
   * environment: sudo, env -i, ssh), plus the values given to it (`B=main sh -c …`). */
  forChild(cleared: boolean, given: readonly (readonly [string, Value])[] | undefined): Vars {
    const out = new Vars(undefined, cleared ? undefined : this.session, cleared || this.cleared);
    if (!cleared) {
      const seen = new Set<string>();
      for (let v: Vars | undefined = this; v !== undefined; v = v.parent)
        for (const [name, entry] of v.own ?? []) {
          // The positional parameters are the child's own (its arguments), never inherited.
          if (seen.has(name) || SPECIAL(name)) continue;
          seen.add(name);
          // An unset variable is gone from the child too, even when the session had exported it.
          if (entry.exported || entry.value === UNSET) out.set(name, entry.value, true);
        }
    }
    for (const [name, value] of given ?? []) out.set(name, value, true);
    return out;
  }

  /** What the top scope leaves behind: each name written, its value (null when it cannot be known or is unset). */
  persisted(): Record<string, string | null> {
    // fromEntries defines own properties: a name like __proto__ stays a name.
    return Object.fromEntries(
      [...(this.own ?? [])]
        // OLDPWD is the walk's own note of where a `cd` left from (relative to the call's start): not kept.
        .filter(([name]) => !SPECIAL(name) && name !== 'OLDPWD')
        // The session keeps strings: an array is left as a value it cannot know, not as its element 0; an unknown
        // value assigned from a word partly known keeps that word (SPELLED_MARK).
        .map(([name, entry]) => [
          name,
          typeof entry.value === 'string' && entry.items === undefined
            ? entry.value
            : entry.value === UNKNOWN && entry.items === undefined && entry.spelled !== undefined
              ? `${SPELLED_MARK}${entry.spelled}`
              : null,
        ]),
    );
  }
}
