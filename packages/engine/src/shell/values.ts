// Shell variables the model can know, and the expansion of words from them: `B=main; git push -f origin "$B"` pushes
// main. A Vars is one shell scope (a subshell, pipeline stage or branch gets a child whose writes stay its own); a
// word is expanded from literals only (assignments, ${X:-d}, ${X%s}, ${X/a/b}, $(echo …), the session's exports).
// What cannot be known is kept as written and said so: unknown is a fact, never a guess.
import type { Command, ParsedScript, Word, WordPart } from 'unbash';
import { compiledProgram } from './programs/registry.js';
import { programName, resolve } from './paths.js';

/** A variable whose value cannot be known (set outside the call, by a program, in a branch that may not run). */
export const UNKNOWN: unique symbol = Symbol('unknown');
/** A variable known to be unset (`unset X`): it expands to nothing. */
export const UNSET: unique symbol = Symbol('unset');
export type Value = string | typeof UNKNOWN | typeof UNSET;

interface Var {
  readonly value: Value;
  readonly exported: boolean;
}

/** Names kept as written when the call does not set them: the facts stage knows `~`-like `$HOME` and `$PWD`. */
const AS_WRITTEN: ReadonlySet<string> = new Set(['HOME', 'PWD']);

/** Bounds: a hostile call cannot make the tracked values large. */
export const VALUE_LIMITS = {
  /** Distinct names one call tracks; more are unknown. */
  maxNames: 256,
  /** Longest value kept; a longer one is unknown. */
  maxLength: 64 * 1024,
  /** Nested expansions (${X:-${Y:-…}}, $(echo $(…))) followed before the value is unknown. */
  maxDepth: 8,
} as const;

const DEFAULT_IFS = ' \t\n';

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
  ) {}

  private lookup(name: string): Var | undefined {
    for (let v: Vars | undefined = this; v !== undefined; v = v.parent) {
      const hit = v.own?.get(name);
      if (hit !== undefined) return hit;
    }
    return undefined;
  }

  /** The value of `name` here: set in the call, else the session's, else unknown ($IFS: blanks by default). */
  get(name: string): Value {
    const hit = this.lookup(name);
    if (hit !== undefined) return hit.value;
    for (let v: Vars | undefined = this; v !== undefined; v = v.parent) if (v.overflowed) return UNKNOWN;
    const s = this.session;
    if (s !== undefined && Object.hasOwn(s, name)) return s[name] as string;
    if (name === 'IFS') return DEFAULT_IFS;
    return UNKNOWN;
  }

  set(name: string, value: Value, exported?: boolean): void {
    const kept = typeof value === 'string' && value.length > VALUE_LIMITS.maxLength ? UNKNOWN : value;
    this.own ??= new Map();
    if (!this.own.has(name) && this.own.size >= VALUE_LIMITS.maxNames) {
      this.overflowed = true;
      return;
    }
    const was = this.lookup(name);
    // A variable the session exported stays exported when the call assigns it again (as in bash).
    const wasExported = was?.exported ?? (this.session !== undefined && Object.hasOwn(this.session, name));
    this.own.set(name, { value: kept, exported: exported ?? wasExported });
    this.journal.push(name);
  }

  markExported(name: string): void {
    const was = this.lookup(name);
    if (was !== undefined) this.set(name, was.value, true);
    else if (this.session === undefined || !Object.hasOwn(this.session, name)) this.set(name, UNKNOWN, true);
  }

  child(): Vars {
    return new Vars(this, this.session);
  }

  /** Names this scope itself wrote (not its parent's). */
  ownNames(): Iterable<string> {
    return this.own?.keys() ?? [];
  }

  /** A new top scope for a child process: the exported values (and the session's, unless the wrapper cleared the
   * environment: sudo, env -i, ssh), plus the values given to it (`B=main sh -c …`). */
  forChild(cleared: boolean, given: readonly (readonly [string, Value])[] | undefined): Vars {
    const out = new Vars(undefined, cleared ? undefined : this.session);
    if (!cleared) {
      const seen = new Set<string>();
      for (let v: Vars | undefined = this; v !== undefined; v = v.parent)
        for (const [name, entry] of v.own ?? []) {
          if (seen.has(name)) continue;
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
      [...(this.own ?? [])].map(([name, entry]) => [name, typeof entry.value === 'string' ? entry.value : null]),
    );
  }
}

/** What expansion needs besides the variables. */
export interface ExpandContext {
  readonly vars: Vars;
  /** The directory the command runs in, for `$(cat FILE)` of a file the session wrote. */
  readonly cwd: string | undefined;
  /** The content of a file the session wrote (resolved path), when known. */
  readonly fileText: ((path: string) => string | undefined) | undefined;
  /** The branch checked out, when the host knows it (`$(git branch --show-current)` prints it). */
  readonly branch: string | null | undefined;
  readonly depth: number;
}

/** One expanded word: its fields (after word splitting) and whether any part stayed unknown (then one field, with
 * the unknown parts as written). */
export interface Expanded {
  readonly fields: readonly string[];
  readonly unknown: boolean;
}

const IFS_BLANK = (c: string, ifs: string): boolean => ifs.includes(c);

/** Builds the fields of one word: text appended, unquoted expansion results split on IFS. */
class Fields {
  readonly out: string[] = [];
  current: string | undefined;
  unknown = false;
  constructor(private readonly ifs: string) {}

  text(s: string): void {
    this.current = (this.current ?? '') + s;
  }

  /** An unquoted expansion's value: IFS characters separate fields (leading and trailing ones end them). */
  split(value: string): void {
    let i = 0;
    while (i < value.length) {
      const c = value[i] as string;
      if (IFS_BLANK(c, this.ifs)) {
        if (this.current !== undefined) this.out.push(this.current);
        this.current = undefined;
        while (i < value.length && IFS_BLANK(value[i] as string, this.ifs)) i++;
        continue;
      }
      let j = i;
      while (j < value.length && !IFS_BLANK(value[j] as string, this.ifs)) j++;
      this.text(value.slice(i, j));
      i = j;
    }
  }

  done(): string[] {
    if (this.current !== undefined) this.out.push(this.current);
    return this.out;
  }
}

/** Expand a word as the shell does for a command's argument: values put in, unquoted ones split into fields. */
export function expandWord(word: Word, ctx: ExpandContext): Expanded {
  const parts = word.parts;
  if (parts === undefined) return { fields: [word.value], unknown: false };
  const ifsValue = ctx.vars.get('IFS');
  const fields = new Fields(typeof ifsValue === 'string' ? ifsValue : DEFAULT_IFS);
  for (const part of parts) topPart(part, fields, ctx);
  if (fields.unknown) {
    // Unknown parts may split into any number of words: the word stays one, partly expanded, as written.
    return { fields: [partialValue(parts, ctx)], unknown: true };
  }
  return { fields: fields.done(), unknown: false };
}

/** Expand a word without field splitting (assignment values, here-strings, redirection targets, case words). */
export function expandValue(word: Word, ctx: ExpandContext): { value: string; unknown: boolean } {
  const parts = word.parts;
  if (parts === undefined) return { value: word.value, unknown: false };
  let unknown = false;
  let value = '';
  for (const part of parts) {
    const v = quotedPart(part, ctx);
    if (v === undefined) {
      unknown = true;
      value += partialValue([part], ctx);
    } else value += v;
  }
  return { value, unknown };
}

/** The parts of a heredoc body (unquoted delimiter) expanded, unknown ones as written. */
export function expandBody(parts: readonly WordPart[], ctx: ExpandContext): { value: string; unknown: boolean } {
  let unknown = false;
  let value = '';
  for (const part of parts) {
    const v = part.type === 'Literal' ? part.value : quotedPart(part, ctx);
    if (v === undefined) {
      unknown = true;
      value += part.text;
    } else value += v;
  }
  return { value, unknown };
}

/** A word with its known parts put in and the unknown ones as written (the value an unknown word keeps). */
function partialValue(parts: readonly WordPart[], ctx: ExpandContext): string {
  let value = '';
  for (const part of parts) {
    switch (part.type) {
      case 'Literal':
      case 'SingleQuoted':
      case 'AnsiCQuoted':
        value += part.value;
        break;
      case 'DoubleQuoted':
      case 'LocaleString':
        for (const child of part.parts)
          value += child.type === 'Literal' ? child.value : (quotedPart(child, ctx) ?? child.text);
        break;
      case 'Glob':
      case 'ExtendedGlob':
      case 'BraceExpansion':
        value += part.text;
        break;
      default:
        value += quotedPart(part, ctx) ?? part.text;
    }
  }
  return value;
}

function topPart(part: WordPart, fields: Fields, ctx: ExpandContext): void {
  switch (part.type) {
    case 'Literal':
    case 'SingleQuoted':
    case 'AnsiCQuoted':
      fields.text(part.value);
      return;
    case 'DoubleQuoted':
    case 'LocaleString': {
      fields.text(''); // "" is a field even when empty
      for (const child of part.parts) {
        const v = child.type === 'Literal' ? child.value : quotedPart(child, ctx);
        if (v === undefined) fields.unknown = true;
        else fields.text(v);
      }
      return;
    }
    case 'Glob':
    case 'ExtendedGlob':
    case 'BraceExpansion':
      // Kept as written: the model never expands globs or braces (paths keep them, matchers read them).
      fields.text(part.text);
      return;
    case 'SimpleExpansion':
    case 'ParameterExpansion':
    case 'CommandExpansion': {
      const v = quotedPart(part, ctx);
      if (v === undefined) fields.unknown = true;
      else if (isAsWritten(part)) fields.text(v);
      else fields.split(v);
      return;
    }
    default:
      // Arithmetic, process substitution: not computed.
      fields.unknown = true;
  }
}

const isAsWritten = (part: WordPart): boolean =>
  (part.type === 'SimpleExpansion' && AS_WRITTEN.has(part.text.slice(1))) ||
  (part.type === 'CommandExpansion' && PWD_SUBSTITUTION.test(part.text)) ||
  (part.type === 'ParameterExpansion' &&
    part.operation === undefined &&
    part.prefix === undefined &&
    AS_WRITTEN.has(part.parameter));

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

const PWD_SUBSTITUTION = /^(?:\$\(\s*pwd\s*\)|`\s*pwd\s*`)$/;
/** The ways to print the branch checked out: the host's repository facts answer them (ShellContext.branch). */
const CURRENT_BRANCH =
  /^(?:\$\(|`)\s*git\s+(?:branch\s+--show-current|rev-parse\s+--abbrev-ref\s+HEAD|symbolic-ref\s+(?:-q\s+)?--short\s+(?:-q\s+)?HEAD)\s*(?:\)|`)$/;

/** The value of one part in a quoted context (no splitting), or undefined when it cannot be known. */
function quotedPart(part: WordPart, ctx: ExpandContext): string | undefined {
  switch (part.type) {
    case 'Literal':
    case 'SingleQuoted':
    case 'AnsiCQuoted':
      return part.value;
    case 'DoubleQuoted':
    case 'LocaleString': {
      let out = '';
      for (const child of part.parts) {
        const v = child.type === 'Literal' ? child.value : quotedPart(child, ctx);
        if (v === undefined) return undefined;
        out += v;
      }
      return out;
    }
    case 'SimpleExpansion': {
      const name = part.text.slice(1);
      if (!NAME.test(name)) return undefined;
      return variable(name, part.text, ctx);
    }
    case 'ParameterExpansion':
      return parameter(part, ctx);
    case 'Glob':
    case 'ExtendedGlob':
    case 'BraceExpansion':
      // A pattern, kept as written (`${P##*/}`'s operand, `F=*.log`): the model expands no glob.
      return part.text;
    case 'CommandExpansion': {
      if (part.script === undefined || ctx.depth >= VALUE_LIMITS.maxDepth) return undefined;
      // $(pwd) is the directory the call runs in: kept as written, as $PWD is (the facts stage reads both).
      if (PWD_SUBSTITUTION.test(part.text)) return part.text;
      if (CURRENT_BRANCH.test(part.text)) return typeof ctx.branch === 'string' ? ctx.branch : undefined;
      const out = substitutionOutput(part.script, { ...ctx, vars: ctx.vars.child(), depth: ctx.depth + 1 });
      // $(…) drops the trailing newlines of what it prints.
      return out === undefined ? undefined : out.replace(/\n+$/, '');
    }
    default:
      return undefined;
  }
}

/** A variable's value: known, empty when unset, as written for $HOME/$PWD, else unknown. */
function variable(name: string, text: string, ctx: ExpandContext): string | undefined {
  const v = ctx.vars.get(name);
  if (typeof v === 'string') return v;
  if (v === UNSET) return '';
  return AS_WRITTEN.has(name) ? text : undefined;
}

type ParameterPart = Extract<WordPart, { type: 'ParameterExpansion' }>;

function parameter(part: ParameterPart, ctx: ExpandContext): string | undefined {
  const name = part.parameter;
  if (!NAME.test(name) || part.index !== undefined || part.prefix === '!') return undefined;
  if (ctx.depth >= VALUE_LIMITS.maxDepth) return undefined;
  const inner: ExpandContext = { ...ctx, depth: ctx.depth + 1 };
  const raw = ctx.vars.get(name);
  const op = part.operation;
  if (part.prefix === '#') {
    if (op !== undefined) return undefined;
    return typeof raw === 'string' ? String(raw.length) : raw === UNSET ? '0' : undefined;
  }
  if (op === undefined) return variable(name, part.text, ctx);
  if (op.type === 'Default') {
    if (raw === UNKNOWN) return undefined;
    const colon = op.operator.startsWith(':');
    const missing = raw === UNSET || (colon && raw === '');
    const operand = (): string | undefined => {
      const e = expandValue(op.operand, inner);
      return e.unknown ? undefined : e.value;
    };
    switch (op.operator.replace(':', '')) {
      case '-':
        return missing ? operand() : (raw as string);
      case '=': {
        if (!missing) return raw as string;
        const v = operand();
        ctx.vars.set(name, v ?? UNKNOWN);
        return v;
      }
      case '+':
        return missing ? '' : operand();
      default:
        // ${X:?message}: the value, or the shell stops here.
        return missing ? undefined : (raw as string);
    }
  }
  if (typeof raw !== 'string') return raw === UNSET && op.type !== 'Unknown' ? '' : undefined;
  switch (op.type) {
    case 'Remove': {
      const e = expandValue(op.operand, inner);
      return e.unknown ? undefined : removeMatch(raw, e.value, op.operator);
    }
    case 'Replace': {
      const pattern = expandValue(op.pattern, inner);
      const replacement = expandValue(op.replacement, inner);
      if (pattern.unknown || replacement.unknown || /[*?[\\]/.test(pattern.value) || pattern.value === '')
        return undefined;
      return replaceMatch(raw, pattern.value, replacement.value, op.operator);
    }
    case 'Slice': {
      const offset = Number(op.offset.value.trim());
      const length = op.length === undefined ? undefined : Number(op.length.value.trim());
      if (!Number.isInteger(offset) || (length !== undefined && !Number.isInteger(length))) return undefined;
      const start = offset < 0 ? Math.max(0, raw.length + offset) : offset;
      if (length === undefined) return raw.slice(start);
      return length < 0 ? raw.slice(start, raw.length + length) : raw.slice(start, start + length);
    }
    case 'CaseModification':
      if (op.operand !== undefined) return undefined;
      switch (op.operator) {
        case '^^':
          return raw.toUpperCase();
        case ',,':
          return raw.toLowerCase();
        case '^':
          return raw.charAt(0).toUpperCase() + raw.slice(1);
        default:
          return raw.charAt(0).toLowerCase() + raw.slice(1);
      }
    default:
      return undefined;
  }
}

/** Longest value a pattern removal is computed on (the matcher is O(n·m) per try, tried at each length). */
const MAX_PATTERN_SUBJECT = 512;

/** ${X#p} ${X##p} ${X%p} ${X%%p}: the shortest/longest prefix/suffix matching the glob removed. */
function removeMatch(value: string, pattern: string, operator: string): string | undefined {
  if (value.length > MAX_PATTERN_SUBJECT || pattern.length > MAX_PATTERN_SUBJECT) return undefined;
  const n = value.length;
  if (operator === '#') {
    for (let i = 0; i <= n; i++) if (globMatch(pattern, value.slice(0, i))) return value.slice(i);
  } else if (operator === '##') {
    for (let i = n; i >= 0; i--) if (globMatch(pattern, value.slice(0, i))) return value.slice(i);
  } else if (operator === '%') {
    for (let i = n; i >= 0; i--) if (globMatch(pattern, value.slice(i))) return value.slice(0, i);
  } else {
    for (let i = 0; i <= n; i++) if (globMatch(pattern, value.slice(i))) return value.slice(0, i);
  }
  return value;
}

/** ${X/p/r} (first), ${X//p/r} (all), ${X/#p/r} (prefix), ${X/%p/r} (suffix), for a literal pattern. */
function replaceMatch(value: string, pattern: string, replacement: string, operator: string): string {
  switch (operator) {
    case '//':
      return value.split(pattern).join(replacement);
    case '/#':
      return value.startsWith(pattern) ? replacement + value.slice(pattern.length) : value;
    case '/%':
      return value.endsWith(pattern) ? value.slice(0, value.length - pattern.length) + replacement : value;
    default:
      return value.replace(pattern, () => replacement);
  }
}

/**
 * Whether a shell pattern (`*`, `?`, `[…]`, `\x`) matches the whole text. Linear backtracking over the last `*` only
 * (the classic wildcard match), so no pattern can make it exponential.
 */
export function globMatch(pattern: string, text: string): boolean {
  let p = 0;
  let t = 0;
  let star = -1;
  let mark = 0;
  while (t < text.length) {
    const c = pattern[p];
    if (c === '*') {
      star = p++;
      mark = t;
      continue;
    }
    const step = c === undefined ? 0 : matchOne(pattern, p, text[t] as string);
    if (step > 0) {
      p += step;
      t++;
      continue;
    }
    if (star === -1) return false;
    p = star + 1;
    t = ++mark;
  }
  while (pattern[p] === '*') p++;
  return p === pattern.length;
}

/** How many pattern characters match the one text character at p (0: no match). */
function matchOne(pattern: string, p: number, ch: string): number {
  const c = pattern[p] as string;
  if (c === '?') return 1;
  if (c === '\\' && p + 1 < pattern.length) return pattern[p + 1] === ch ? 2 : 0;
  if (c === '[') {
    const close = pattern.indexOf(']', p + 2);
    if (close === -1) return c === ch ? 1 : 0;
    let body = pattern.slice(p + 1, close);
    const negate = body.startsWith('!') || body.startsWith('^');
    if (negate) body = body.slice(1);
    let hit = false;
    for (let i = 0; i < body.length; i++) {
      if (body[i + 1] === '-' && i + 2 < body.length) {
        if (ch >= (body[i] as string) && ch <= (body[i + 2] as string)) hit = true;
        i += 2;
      } else if (body[i] === ch) hit = true;
    }
    return hit !== negate ? close - p + 1 : 0;
  }
  return c === ch ? 1 : 0;
}

/**
 * What a command substitution prints, when it is a literal producer: one simple command (or a pipeline of them)
 * whose program declares its output (echo, printf, cat of a heredoc or of a file the session wrote, yes) and whose
 * words are known. Undefined otherwise.
 */
export function substitutionOutput(script: ParsedScript, ctx: ExpandContext): string | undefined {
  const statement = script.commands[0];
  if (statement === undefined || script.commands.length !== 1 || (script.errors?.length ?? 0) > 0) return undefined;
  const node = statement.command;
  const stages = node.type === 'Pipeline' ? node.commands : [node];
  let piped: string | undefined;
  for (const stage of stages) {
    if (stage.type !== 'Command') return undefined;
    piped = commandOutput(stage, piped, ctx);
    if (piped === undefined) return undefined;
  }
  return piped;
}

function commandOutput(node: Command, piped: string | undefined, ctx: ExpandContext): string | undefined {
  if (node.name === undefined) return undefined;
  const words: string[] = [];
  for (const w of [node.name, ...node.suffix]) {
    if (w.type !== 'Word') {
      if (w.type === 'Assignment') return undefined;
      continue;
    }
    const e = expandWord(w, ctx);
    if (e.unknown) return undefined;
    words.push(...e.fields);
  }
  const program = programName(words[0] ?? '');
  const output = compiledProgram(program)?.declaration.output;
  if (output === undefined) return undefined;
  let stdin = piped;
  for (const r of node.redirects) {
    if (r.type === 'HereDoc') {
      const body =
        r.delimiter?.quoted || r.body.parts === undefined
          ? { value: r.body.text, unknown: false }
          : expandBody(r.body.parts, ctx);
      if (body.unknown) return undefined;
      stdin = body.value;
    } else if (r.type === 'HereString' && r.target !== undefined) {
      const e = expandValue(r.target, ctx);
      if (e.unknown) return undefined;
      stdin = `${e.value}\n`;
    } else if (r.type === 'Redirect' && r.operator === '<' && r.target !== undefined) {
      const e = expandValue(r.target, ctx);
      stdin = e.unknown ? undefined : ctx.fileText?.(resolve(ctx.cwd, e.value));
      if (stdin === undefined) return undefined;
    } else return undefined;
  }
  const file = (path: string): string | undefined => ctx.fileText?.(resolve(ctx.cwd, path));
  return output(words.slice(1), true, stdin, file);
}
