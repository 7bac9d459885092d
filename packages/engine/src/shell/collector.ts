// The model under construction: commands, effects, opaque parts, scripts and the first error, with the bound on
// how many commands one source may yield (so adversarial input stays bounded in time and memory).
import type {
  FileEffect,
  Opaque,
  OpaqueReason,
  ScriptRun,
  ShellModel,
  ShellPersistence,
  SimpleCommand,
} from './types.js';
import type { Effect } from './effects.js';
import { hostPathOf, type BindMount } from './container-mounts.js';

export class Collector {
  readonly commands: SimpleCommand[] = [];
  private readonly effectList: FileEffect[] = [];
  private readonly opaqueList: Opaque[] = [];
  private readonly scriptList: ScriptRun[] = [];
  private error: { message: string; offset: number } | undefined;
  private overflowed = false;
  /** What each command prints, when its words say (echo, printf, cat of a heredoc): by command index. */
  private readonly printed: (string | undefined)[] = [];
  /** This machine's folders bound into each container the call starts, by where its commands run ('docker run
   * node'): the latest such container's, as the walk reaches its commands in order. */
  private readonly mounted = new Map<string, readonly BindMount[]>();

  constructor(
    private readonly maxCommands: number,
    /** Told of every effect as it is recorded, with its command (the call's own files: CallFiles.observe); may answer
     * the file's whole text after an in-place edit, which then stands as the effect's content. */
    private readonly observe?: (effect: FileEffect, command: SimpleCommand | undefined) => string | undefined,
  ) {}

  /** True once the bound is reached; reports it (once) as opaque 'depth': the rest of the source is unseen. */
  full(): boolean {
    if (this.commands.length < this.maxCommands) return false;
    if (!this.overflowed) this.opaque('depth', undefined, `more than ${this.maxCommands} simple commands`);
    this.overflowed = true;
    return true;
  }

  /** Record a command; undefined once the bound is reached. */
  command(command: SimpleCommand): number | undefined {
    if (this.full()) return undefined;
    this.commands.push(command);
    return this.commands.length - 1;
  }

  /** Records what command `index` prints on stdout (known from its words). */
  output(index: number, text: string | undefined): void {
    if (text !== undefined) this.printed[index] = text;
  }

  /**
   * What the commands from `first` to the last one recorded print, in order, when every one of them is known to print
   * a literal: a redirected compound (`{ echo a; echo b; } > f`, `(printf x) > f`) writes that text. Undefined as soon
   * as one of them prints what the model cannot know.
   */
  outputFrom(first: number): string | undefined {
    let text = '';
    for (let i = first; i < this.commands.length; i++) {
      const t = this.printed[i];
      if (t === undefined) return undefined;
      text += t;
    }
    return text;
  }

  /** The folders of this machine a container's commands see (`docker run -v "$PWD":/app`): their effects there are
   * effects here (container-mounts.ts). */
  mount(remote: string, mounts: readonly BindMount[]): void {
    if (mounts.length > 0) this.mounted.set(remote, mounts);
    else this.mounted.delete(remote);
  }

  effects(command: number, effects: readonly Effect[]): void {
    if (effects.length === 0) return;
    const remote = this.commands[command]?.remote;
    const mounts = remote === undefined ? undefined : this.mounted.get(remote);
    for (const e of effects) {
      // A file written under a bind mount's target is written on this machine, under the mount's source.
      const here = mounts === undefined ? undefined : hostPathOf(e.path, mounts);
      const seen = here ?? e.path;
      const unknown = hasUnknownPart(seen);
      const path = unknown ? substitutionsInPlace(seen) : seen;
      const effect: FileEffect = {
        kind: e.kind,
        path,
        content: e.content,
        via: e.via,
        command,
        unknown,
        remote: here === undefined ? remote : undefined,
      };
      const edited = this.observe?.(effect, this.commands[command]);
      this.effectList.push(edited === undefined ? effect : { ...effect, content: edited });
    }
  }

  /** How many file effects are recorded so far (a pipeline stage's effects lie between two such counts). */
  get effectCount(): number {
    return this.effectList.length;
  }

  /** The paths of the files read on this machine by the effects recorded in [from, to). */
  readsBetween(from: number, to: number): string[] {
    const out: string[] = [];
    for (let i = from; i < to && i < this.effectList.length; i++) {
      const e = this.effectList[i]!;
      if (e.kind === 'read' && e.remote === undefined && !out.includes(e.path)) out.push(e.path);
    }
    return out;
  }

  opaque(reason: OpaqueReason, command: number | undefined, detail: string): void {
    this.opaqueList.push({ reason, command, detail });
  }

  script(path: string, command: number, as?: string, read?: 'whole' | 'pieces'): void {
    this.scriptList.push(as === undefined ? { path, command } : { path, command, as, read });
  }

  /** The first error is the one reported; each failed parse also counts as opaque 'unparseable'. */
  fail(message: string, offset: number): void {
    if (this.error === undefined) this.error = { message, offset };
    this.opaque('unparseable', undefined, message);
  }

  result(persists: ShellPersistence): ShellModel {
    return {
      commands: this.commands,
      effects: this.effectList,
      opaque: this.opaqueList,
      scripts: this.scriptList,
      error: this.error,
      persists,
    };
  }
}

/**
 * A command substitution in a path the model cannot know, kept to its place: `docs/adr/ADR-$(./next.sh docs/adr)-x.md`
 * names one file in docs/adr, whose name the substitution's output completes — not a file in a folder `ADR-$(./next.sh
 * docs`. The substitution's own text (its arguments' slashes) is shortened to `$(…)`, as for a `$NAME` in that place
 * (round 44: a script naming its ADR so went past the naming rule that `docs/adr/$TITLE.md` meets).
 */
export function substitutionsInPlace(path: string): string {
  if (!path.includes('$(') && !path.includes('`')) return path;
  let out = '';
  for (let i = 0; i < path.length; i++) {
    const c = path[i]!;
    const opens = c === '$' && path[i + 1] === '(' && path[i + 2] !== '(';
    if (!opens && c !== '`') {
      out += c;
      continue;
    }
    const end = opens ? closingParen(path, i + 2) : path.indexOf('`', i + 1);
    if (end === -1) return out + path.slice(i);
    const inner = path.slice(opens ? i + 2 : i + 1, end);
    out += inner.includes('/') ? (opens ? '$(…)' : '`…`') : path.slice(i, end + 1);
    i = end;
  }
  return out;
}

/** The index of the `)` closing a `$(` whose text starts at `from` (quotes and nested parentheses skipped); -1 if none. */
function closingParen(text: string, from: number): number {
  let depth = 1;
  let quote: string | undefined;
  for (let i = from; i < text.length; i++) {
    const c = text[i]!;
    if (quote !== undefined) {
      if (c === quote) quote = undefined;
      else if (c === '\\' && quote === '"') i++;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === '\\') i++;
    else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i;
  }
  return -1;
}

/**
 * Whether a path holds a value the model could not know: an expansion left as written (`$TARGET`, `${X:-d}`, `$(…)`,
 * a backtick). `$HOME` and `$PWD` are known places (the facts stage reads them), not unknown values.
 */
export function hasUnknownPart(path: string): boolean {
  for (let i = path.indexOf('$'); i !== -1; i = path.indexOf('$', i + 1)) {
    const rest = path.slice(i + 1, i + 8);
    if (/^(HOME|PWD|\{HOME\}|\{PWD\})(?![A-Za-z0-9_])/.test(rest)) continue;
    if (/^\(\s*pwd\s*\)/.test(path.slice(i + 1, i + 9))) continue;
    if (/^[A-Za-z_{(0-9@*#?!-]/.test(rest)) return true;
  }
  return path.includes('`') && !/`\s*pwd\s*`/.test(path);
}
