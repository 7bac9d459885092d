// The expansion of a word from literals: `B=main; git push -f origin "$B"` pushes main. Parameters (${X:-d}, ${X%s},
// ${X/a/b}, ${X:o:l}, ${#X}, case changes), $(…) of a literal producer, quotes and word splitting on $IFS; unknown
// parts are kept as written and said so.
import { changedFolderOutput } from './changed-folder.js';
import { listedPaths } from './listed-paths.js';
import { topFrom } from './git-output.js';
import type { Command, ParsedScript, Word, WordPart } from 'unbash';
import type { ShellFunction } from './scope.js';
import { compiledProgram } from './programs/registry.js';
import { programName, resolve, treeOf } from './paths.js';
import {
  AS_WRITTEN,
  DEFAULT_IFS,
  type PartialItem,
  POSITIONAL,
  UNKNOWN,
  UNSET,
  VALUE_LIMITS,
  type Vars,
  ZERO,
} from './values.js';
import { globMatch } from './glob-match.js';
import { printfOutput } from './printf.js';
import { sedOutput } from './filter-output.js';
import { readsKnownInput, SHELL_REFERENCE, unknownInText } from './unknown-text.js';

/** What expansion needs besides the variables. */
export interface ExpandContext {
  readonly vars: Vars;
  /** The directory the command runs in, for `$(cat FILE)` of a file the session wrote. */
  readonly cwd: string | undefined;
  /** The whole text of a file the call or the session wrote (resolved path), when known (CallFiles). */
  readonly fileText: ((path: string) => string | undefined) | undefined;
  /** The branch checked out in a directory, when known: as the host said, or as a checkout earlier in the call left
   * it (`$(git branch --show-current)` prints it; git-branch.ts). */
  readonly branch: ((cwd: string | undefined) => string | undefined) | undefined;
  /** The upstream of that branch (`origin/main`), when known (`$(git rev-parse --abbrev-ref @{u})` prints it). */
  readonly upstream?: ((cwd: string | undefined) => string | undefined) | undefined;
  /** A remote's default branch (`main` for origin), when known (`$(git symbolic-ref refs/remotes/origin/HEAD)`). */
  readonly defaultBranch?: ((remote: string, cwd: string | undefined) => string | undefined) | undefined;
  /** The value a `git config KEY VALUE` earlier in the call set (`$(git config --get KEY)` prints it). */
  readonly gitConfig?: ((key: string) => string | undefined) | undefined;
  readonly depth: number;
  /** What the shell reads on stdin, when known: a substitution's first command with no input of its own reads it
   * (`eval "$(cat)"` in a `bash -c` fed a here-string). */
  readonly stdin?: string | undefined;
  /** The functions the shell defined so far: `$(target)` of one whose body only prints prints that. */
  readonly functions?: ReadonlyMap<string, ShellFunction> | undefined;
}

/** How deep a function's output is followed through the functions it calls (`$(a)`, a's body `echo "$(b)"`). */
const MAX_FUNCTION_DEPTH = 4;

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

  /** The elements of `"${A[@]}"`/`"$@"`: each its own field, the first joined to the text before, the last to the
   * text after (no elements: nothing, the quotes included). */
  elements(items: readonly string[]): void {
    items.forEach((item, i) => {
      if (i > 0) {
        this.out.push(this.current ?? '');
        this.current = undefined;
      }
      this.text(item);
    });
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
      value += unknownInText(part.text);
    } else value += v;
  }
  return { value, unknown };
}

/**
 * Code handed to an interpreter in a word the shell expanded only in part (`python3 -c "….write('…=${NPM_TOKEN}')"`):
 * the unknown expansions, kept as written in the word's value, marked as unknownInText marks them in a heredoc — the
 * shell put a value there, so the code does not write the literal reference. A `$` the shell left alone (escaped as
 * `\$`, or in single quotes) is not marked.
 */
export function markExpansions(value: string, written: string): string {
  return value.replace(SHELL_REFERENCE, (m) => (expandedIn(written, m) ? unknownInText(m) : m));
}

/** Whether `ref` stands in the shell text `written` where the shell expands it: unescaped, outside single quotes. */
function expandedIn(written: string, ref: string): boolean {
  let quote: string | undefined;
  for (let i = 0; i < written.length; i++) {
    const c = written[i];
    if (c === '\\' && quote !== "'") i++;
    else if (quote === undefined && (c === "'" || c === '"')) quote = c;
    else if (c === quote) quote = undefined;
    else if (quote !== "'" && c === '$' && written.startsWith(ref, i)) return true;
  }
  return false;
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
          value += child.type === 'Literal' ? child.value : (quotedPart(child, ctx) ?? asWritten(child, ctx));
        break;
      case 'Glob':
      case 'ExtendedGlob':
      case 'BraceExpansion':
        value += part.text;
        break;
      default:
        value += quotedPart(part, ctx) ?? asWritten(part, ctx);
    }
  }
  return value;
}

/** An unknown part as written, but `$U`/`${U}` of a variable assigned from a partly known word as that word: the
 * value reads the same whether the agent inlined `$(gh auth token)` or put it in a variable first. */
function asWritten(part: WordPart, ctx: ExpandContext): string {
  const name =
    part.type === 'SimpleExpansion'
      ? part.text.slice(1)
      : part.type === 'ParameterExpansion' &&
          part.prefix === undefined &&
          part.index === undefined &&
          part.operation === undefined
        ? part.parameter
        : undefined;
  const spelled =
    name === undefined
      ? undefined
      : NAME.test(name)
        ? ctx.vars.spelled(name)
        : POSITION.test(name)
          ? ctx.vars.partialItems(POSITIONAL)?.[Number(name) - 1]?.value
          : undefined;
  return (
    spelled ??
    sameFolder(part) ??
    (part.type === 'CommandExpansion' ? spelledSedOutput(part, ctx) : undefined) ??
    part.text
  );
}

/**
 * What `$(sed "s/github.com/${USER}:${TOKEN}@github.com/" <<< "https://github.com/o/r.git")` (or `$(echo URL | sed …)`)
 * prints, spelled: the known input with sed's literal substitutions applied, the values not known in the replacement
 * as written. The value stays unknown; its spelling is what a rule reads, as for a word partly known (a token put
 * into a clone URL by a real backup script: round 38). Undefined unless the unknown values are in the replacement.
 */
function spelledSedOutput(
  part: Extract<WordPart, { type: 'CommandExpansion' }>,
  ctx: ExpandContext,
): string | undefined {
  const commands = part.script?.commands;
  if (commands?.length !== 1 || ctx.depth >= VALUE_LIMITS.maxDepth) return undefined;
  const node = commands[0]!.command;
  const stages = node.type === 'Pipeline' ? node.commands : [node];
  const sed = stages[stages.length - 1];
  if (stages.length > 2 || sed?.type !== 'Command' || sed.name === undefined) return undefined;
  // The program first, as written: nothing else is expanded for a command that is no sed (a deep nest of `$(echo …)`
  // must not be walked again at each level).
  if (programName(sed.name.value ?? '') !== 'sed') return undefined;
  const deeper: ExpandContext = { ...ctx, depth: ctx.depth + 1 };
  const words: string[] = [];
  let unknown = false;
  const strings: Word[] = [];
  for (const w of [sed.name, ...sed.suffix]) {
    if (w.type === 'HereString') {
      if (w.target === undefined) return undefined;
      strings.push(w.target);
    } else if (w.type !== 'Word') return undefined;
    else {
      const e = expandWord(w, deeper);
      unknown ||= e.unknown;
      words.push(...e.fields);
    }
  }
  if (!unknown) return undefined;
  // Only `s` commands whose pattern is known: what an unknown pattern matches is not known.
  const scripts = words.slice(1).filter((w) => !w.startsWith('-'));
  if (scripts.length !== 1 || !/^s([/|#,:@!])(?:(?!\1)[^$`])*\1/.test(scripts[0] as string)) return undefined;
  let stdin: string | undefined;
  const inner: ExpandContext = { ...ctx, vars: ctx.vars.child(), depth: ctx.depth + 1, stdin: undefined };
  if (stages.length === 2) {
    const first = stages[0];
    stdin = first?.type === 'Command' ? commandOutput(first, undefined, inner) : undefined;
  }
  // (the parser puts a here-string among the words or among the redirections)
  const redirects = sed.redirects ?? [];
  for (const r of redirects)
    if (r.type === 'HereString' && r.target !== undefined && !strings.includes(r.target)) strings.push(r.target);
  if (redirects.some((r) => r.type !== 'HereString')) return undefined;
  for (const target of strings) {
    if (stdin !== undefined) return undefined;
    const e = expandValue(target, inner);
    if (e.unknown) return undefined;
    stdin = `${e.value}\n`;
  }
  if (stdin === undefined) return undefined;
  const out = sedOutput(words.slice(1), false, stdin, () => undefined);
  return out?.replace(/\n+$/, '');
}

/**
 * `"$@"` (or `$@`, `"${@}"`) alone in a word, when the arguments were given word by word and some are unknown: those
 * words, the unknown ones as written (a function `g() { git "$@"; }` called `g push origin "$(x)"` runs git with
 * `push origin $(x)`). Undefined for any other word.
 */
export function partialArguments(word: Word, vars: Vars): readonly PartialItem[] | undefined {
  const parts = word.parts;
  if (parts?.length !== 1) return undefined;
  const only = parts[0] as WordPart;
  const inner = only.type === 'DoubleQuoted' && only.parts.length === 1 ? (only.parts[0] as WordPart) : only;
  const all =
    (inner.type === 'SimpleExpansion' && inner.text === '$@') ||
    (inner.type === 'ParameterExpansion' &&
      inner.parameter === '@' &&
      inner.prefix === undefined &&
      inner.index === undefined &&
      inner.operation === undefined);
  return all ? vars.partialItems(POSITIONAL) : undefined;
}

/**
 * `${HOME%/}`, `${HOME:-~}`, `${PWD%%/}`: a folder variable with only its trailing slash cut, or a default that applies
 * only when it is unset (never, for these), names the same folder as `${HOME}` — as written so, a path rule that knows
 * `$HOME` knows it (blind round 23: `T="${HOME%/}"; rm -rf "$T"`).
 */
function sameFolder(part: WordPart): string | undefined {
  if (part.type !== 'ParameterExpansion' || (part.parameter !== 'HOME' && part.parameter !== 'PWD')) return undefined;
  const op = part.operation;
  if (part.prefix !== undefined || part.index !== undefined || op === undefined) return undefined;
  const trailingSlash =
    op.type === 'Remove' && (op.operator === '%' || op.operator === '%%') && /^\/+\*?$/.test(op.operand.text);
  const ifUnset = op.type === 'Default' && ['-', ':-', '=', ':=', '?', ':?'].includes(op.operator);
  return trailingSlash || ifUnset ? `\${${part.parameter}}` : undefined;
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
      // "" is a field even when empty — but "${A[@]}" of no elements is no field at all.
      const only = part.parts.length === 1 ? allElements(part.parts[0] as WordPart, ctx) : undefined;
      if (only !== undefined) {
        if (only.length > 0) fields.text('');
        fields.elements(only);
        return;
      }
      fields.text('');
      for (const child of part.parts) {
        const items = allElements(child, ctx);
        if (items !== undefined) {
          fields.elements(items);
          continue;
        }
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
    case 'ArithmeticExpansion': {
      // `$((i+1))` over literals and known values; anything else (an assignment inside, an unknown name) is unknown.
      const n = arithmeticIn(part.text.slice(3, -2), ctx.vars);
      if (n === undefined) fields.unknown = true;
      else fields.text(String(n));
      return;
    }
    default:
      // Process substitution: not computed.
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
/** `$1`…`$9`, `${10}`: a positional parameter. */
const POSITION = /^[1-9][0-9]*$/;

/**
 * The elements `"${A[@]}"` or `"$@"` stands for, each a word of its own inside double quotes; undefined for any
 * other part, or when they cannot be known.
 */
function allElements(part: WordPart, ctx: ExpandContext): readonly string[] | undefined {
  if (part.type === 'SimpleExpansion') return part.text === '$@' ? ctx.vars.getArray(POSITIONAL) : undefined;
  if (part.type !== 'ParameterExpansion') return undefined;
  if (part.prefix === '!' && part.index?.value === '@' && part.operation === undefined)
    return keysOf(part.parameter, ctx);
  if (part.prefix !== undefined) return undefined;
  const op = part.operation;
  if (op !== undefined && op.type !== 'Slice') return undefined;
  const positional = part.parameter === '@' && part.index === undefined;
  const items = positional
    ? ctx.vars.getArray(POSITIONAL)
    : part.index?.value === '@' && NAME.test(part.parameter)
      ? (ctx.vars.getArray(part.parameter) ?? keyedValues(part.parameter, ctx))
      : undefined;
  return op === undefined || items === undefined ? items : slice(items, op, positional);
}

/** `${!A[@]}`: the keys of an array assigned with literal keys (in the order they were assigned: bash's order for an
 * associative array is its own, and each key is judged alike), or the indices of an indexed one. */
function keysOf(name: string, ctx: ExpandContext): readonly string[] | undefined {
  if (!NAME.test(name)) return undefined;
  const keyed = ctx.vars.getKeyed(name);
  if (keyed !== undefined) return [...keyed.keys()];
  return ctx.vars.getArray(name)?.map((_, i) => String(i));
}

/** `"${M[@]}"` of an array assigned with literal keys: its values, each a word — by index when every key is a number
 * (`A=([2]=b [0]=a)` is `a b`, a gap skipped, as bash lists an indexed array), else in the order they were assigned. */
function keyedValues(name: string, ctx: ExpandContext): readonly string[] | undefined {
  const keyed = ctx.vars.getKeyed(name);
  if (keyed === undefined) return undefined;
  const keys = [...keyed.keys()];
  if (!keys.every((k) => /^\d{1,9}$/.test(k))) return [...keyed.values()];
  return keys.sort((a, b) => Number(a) - Number(b)).map((k) => keyed.get(k) as string);
}

type SliceOperation = Extract<NonNullable<ParameterPart['operation']>, { type: 'Slice' }>;

/**
 * `${A[@]:o:l}` / `${@:o:l}`: the elements from offset o (from the end when negative; `$@` counts `$0` as offset 0),
 * at most l of them; undefined when an offset or length is not a literal number.
 */
function slice(items: readonly string[], op: SliceOperation, positional: boolean): readonly string[] | undefined {
  const offset = op.offset.parts === undefined ? arithmetic(op.offset.value) : undefined;
  const length =
    op.length === undefined ? items.length : op.length.parts === undefined ? arithmetic(op.length.value) : undefined;
  if (offset === undefined || length === undefined || length < 0) return undefined;
  // $@ starts at $1, which is offset 1 ($0 is not in the list).
  const from = positional ? offset - 1 : offset;
  const start = from < 0 ? (positional && offset === 0 ? 0 : items.length + from) : from;
  if (start < 0) return [];
  return items.slice(start, start + length);
}

/**
 * An arithmetic expression of integer literals (`1+0`, `2*3-1`, `(4/2)`, `7%3`, blanks): its value; undefined for a
 * name, a variable or anything else (arithmetic over values stays unknown). Bounded: 64 characters at most.
 */
export function arithmetic(text: string): number | undefined {
  if (text.length > 64 || !/^[\d\s+\-*/%()]+$/.test(text)) return undefined;
  let i = 0;
  const skip = (): void => {
    while (text[i] === ' ' || text[i] === '\t') i++;
  };
  const primary = (): number | undefined => {
    skip();
    if (text[i] === '(') {
      i++;
      const v = sum();
      skip();
      if (text[i] !== ')') return undefined;
      i++;
      return v;
    }
    if (text[i] === '-' || text[i] === '+') {
      const sign = text[i++] === '-' ? -1 : 1;
      const v = primary();
      return v === undefined ? undefined : sign * v;
    }
    const m = /^\d{1,15}/.exec(text.slice(i));
    if (m === null) return undefined;
    i += m[0].length;
    return Number(m[0]);
  };
  const product = (): number | undefined => {
    let v = primary();
    for (;;) {
      skip();
      const c = text[i];
      if (v === undefined || (c !== '*' && c !== '/' && c !== '%')) return v;
      i++;
      const r = primary();
      if (r === undefined || (c !== '*' && r === 0)) return undefined;
      v = c === '*' ? v * r : c === '/' ? Math.trunc(v / r) : v % r;
    }
  };
  const sum = (): number | undefined => {
    let v = product();
    for (;;) {
      skip();
      const c = text[i];
      if (v === undefined || (c !== '+' && c !== '-')) return v;
      i++;
      const r = product();
      if (r === undefined) return undefined;
      v = c === '+' ? v + r : v - r;
    }
  };
  const v = sum();
  skip();
  return i === text.length && v !== undefined && Number.isSafeInteger(v) ? v : undefined;
}

/**
 * An arithmetic expression over integer literals and the shell's variables (`i+1`, `$i`, `${n}*2`, `$((i+1))` nested):
 * each name is its value when that is known and is itself such an expression (bash evaluates a name's value as one,
 * an unset name is 0), then `arithmetic` computes it. A value the call cannot know (set outside it, computed) leaves
 * the whole expression unknown. Assignments (`=`, `++`, `+=`) are not expressions here: undefined.
 */
export function arithmeticIn(text: string, vars: Vars, depth = 0): number | undefined {
  if (depth > 4 || text.length > 128 || /[=<>!&|^~?:,]|\+\+|--/.test(text)) return undefined;
  // $((…)) nested in an index or an expansion is a parenthesised expression; $x and ${x} are x.
  const flat = text
    .replace(/\$\(\(/g, '((')
    .replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, '$1')
    .replace(/\$(?=[A-Za-z_])/g, '');
  if (flat.includes('$')) return undefined;
  let unknown = false;
  const literal = flat.replace(/[A-Za-z_][A-Za-z0-9_]*/g, (name) => {
    const v = vars.get(name);
    if (v === UNSET) return '0';
    if (typeof v !== 'string') {
      unknown = true;
      return '0';
    }
    const n = /^\s*-?\d{1,15}\s*$/.test(v) ? Number(v) : v.trim() === '' ? 0 : arithmeticIn(v, vars, depth + 1);
    if (n === undefined) unknown = true;
    return `(${n ?? 0})`;
  });
  return unknown ? undefined : arithmetic(literal);
}

/**
 * What an arithmetic assignment leaves (`((i=1))`, `let k=2-1`, `let i++`): `NAME=EXPR` sets NAME to the expression's
 * value (unknown when it cannot be computed); a name changed any other way (`i++`, `i+=2`, `a=b=1`) becomes unknown.
 */
export function arithmeticAssign(text: string, vars: Vars): void {
  const m = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=(?!=)([^=]*)$/.exec(text);
  if (m !== null) {
    const n = arithmeticIn(m[2] as string, vars);
    vars.set(m[1] as string, n === undefined ? UNKNOWN : String(n));
    return;
  }
  for (const c of text.matchAll(
    /([A-Za-z_][A-Za-z0-9_]*)\s*(?:\+\+|--|[-+*/%&|^]?=(?!=)|<<=|>>=)|(?:\+\+|--)\s*([A-Za-z_][A-Za-z0-9_]*)/g,
  ))
    vars.set((c[1] ?? c[2]) as string, UNKNOWN);
}

/** What `$*`/`${A[*]}` join their elements with (IFS's first character); `$@`/`${A[@]}`, a space. */
function joiner(star: boolean, ctx: ExpandContext): string {
  const ifs = ctx.vars.get('IFS');
  return star && typeof ifs === 'string' ? ifs.charAt(0) : ' ';
}

/** The value of a special or indexed parameter in a quoted context ($1, $#, $@ and $* joined, ${A[n]}, ${A[*]},
 * ${#A[@]}), or undefined when it is not one of those or cannot be known. */
function special(name: string, index: string | undefined, count: boolean, ctx: ExpandContext): string | undefined {
  const sep = (star: boolean) => joiner(star, ctx);
  if (index === undefined) {
    const params = (): readonly string[] | undefined => ctx.vars.getArray(POSITIONAL);
    // Arguments given word by word, some unknown: their count, and each known one, are still known.
    const partial = (): readonly PartialItem[] | undefined => ctx.vars.partialItems(POSITIONAL);
    if (name === '#') return (params() ?? partial())?.length.toString();
    if (name === ZERO) {
      const zero = ctx.vars.get(ZERO);
      return typeof zero === 'string' ? zero : undefined;
    }
    if (name === '@' || name === '*') return params()?.join(sep(name === '*'));
    if (POSITION.test(name)) {
      const p = params();
      if (p !== undefined) return p[Number(name) - 1] ?? '';
      const item = partial()?.[Number(name) - 1];
      return item === undefined ? (partial() === undefined ? undefined : '') : item.unknown ? undefined : item.value;
    }
    return undefined;
  }
  if (!NAME.test(name)) return undefined;
  // An array assigned with literal keys (`declare -A M=([job]=x)`): `${M[job]}` is that element, `${M[@]}` its values.
  const keyed = ctx.vars.getKeyed(name);
  if (keyed !== undefined) {
    if (index === '@' || index === '*')
      return count ? String(keyed.size) : [...keyed.values()].join(sep(index === '*'));
    // `${M[$k]}`, `${M["$k"]}`: the key a variable holds (a loop over `"${!M[@]}"`).
    const named = /^"?\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?"?$/.exec(index);
    const key = named === null ? index : ctx.vars.get(named[1] as string);
    if (typeof key !== 'string') return undefined;
    return count || (named === null && !/^[A-Za-z0-9_.:-]+$/.test(key)) ? undefined : (keyed.get(key) ?? '');
  }
  const items = ctx.vars.getArray(name);
  if (items === undefined) return undefined;
  if (index === '@' || index === '*') return count ? String(items.length) : items.join(sep(index === '*'));
  // An index is arithmetic (`${A[1+0]}`, `${A[i]}`, `${A[$((i+1))]}`): over literals and the values the call knows.
  const n = count ? undefined : arithmeticIn(index, ctx.vars);
  if (n === undefined) return undefined;
  return items[n < 0 ? items.length + n : n] ?? '';
}

const PWD_SUBSTITUTION = /^(?:\$\(\s*pwd\s*\)|`\s*pwd\s*`)$/;
/** `"$(command -v git)"`, `$(which git)`, `$(type -P git)`: the path of a program — taken as /usr/bin/NAME, which
 * runs that program in a command's first word and is a file outside the project as an argument (`rm "$(which x)"`). */
const PROGRAM_PATH = /^(?:\$\(|`)\s*(?:command\s+-v|which|type\s+-[pP])\s+([A-Za-z0-9_.+-]+)\s*(?:\)|`)$/;

/**
 * `$(git ls-files [folder…])`: every file git tracks there, names unknown — `folder/**` (`**` for the current
 * folder), which a rule guarding that folder sees (an effect match's `unknown: names`). Only the plain listing: a
 * pathspec with a pattern or a value (`'*.orig'`), or an option that picks some files (`--deleted`, `-o`, `-m`),
 * stays unknown.
 */
const TRACKED_FILES =
  /^(?:\$\(|`)\s*git\s+ls-files((?:\s+(?:--cached|-c|--full-name|-z|--))*)((?:\s+[\w@%+=:,./-]+)*)\s*(?:\)|`)$/;

function trackedFiles(text: string): string | undefined {
  const m = TRACKED_FILES.exec(text);
  if (m === null) return undefined;
  const folders = (m[2] ?? '')
    .trim()
    .split(/\s+/)
    .filter((f) => f.length > 0 && !f.startsWith('-'));
  if (
    (m[2] ?? '')
      .trim()
      .split(/\s+/)
      .some((f) => f.startsWith('-'))
  )
    return undefined;
  return folders.length === 0 ? '**' : folders.map(treeOf).join(' ');
}

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
      if (!NAME.test(name)) return special(name, undefined, false, ctx);
      return variable(name, part.text, ctx);
    }
    case 'ParameterExpansion':
      return parameter(part, ctx);
    case 'Glob':
    case 'ExtendedGlob':
    case 'BraceExpansion':
      // A pattern, kept as written (`${P##*/}`'s operand, `F=*.log`): the model expands no glob.
      return part.text;
    case 'ArithmeticExpansion': {
      // `i=$(( 3 - 3 ))`: over literals and known values, as a command's word is (topPart).
      const n = arithmeticIn(part.text.slice(3, -2), ctx.vars);
      return n === undefined ? undefined : String(n);
    }
    case 'CommandExpansion': {
      if (part.script === undefined || ctx.depth >= VALUE_LIMITS.maxDepth) return undefined;
      // $(pwd) is the directory the call runs in: kept as written, as $PWD is (the facts stage reads both).
      if (PWD_SUBSTITUTION.test(part.text)) return part.text;
      const program = PROGRAM_PATH.exec(part.text);
      if (program !== null) return `/usr/bin/${program[1]}`;
      const tracked = trackedFiles(part.text);
      if (tracked !== undefined) return tracked;
      // `$(cd "$(dirname "$0")" && pwd)`: the folder, as an absolute path (changed-folder.ts).
      const folder = changedFolderOutput(part.script, (w) => knownValue(w, ctx), ctx.cwd);
      if (folder !== undefined) return folder;
      const out = substitutionOutput(part.script, { ...ctx, vars: ctx.vars.child(), depth: ctx.depth + 1 });
      // $(…) drops the trailing newlines of what it prints.
      return out === undefined ? undefined : out.replace(/\n+$/, '');
    }
    default:
      return undefined;
  }
}

/** A word's value one expansion deeper, when known. */
function knownValue(word: Word, ctx: ExpandContext): string | undefined {
  if (ctx.depth >= VALUE_LIMITS.maxDepth) return undefined;
  const e = expandValue(word, { ...ctx, depth: ctx.depth + 1 });
  return e.unknown ? undefined : e.value;
}

/** A variable's value: known, empty when unset, as written for $HOME/$PWD, else unknown. */
function variable(name: string, text: string, ctx: ExpandContext): string | undefined {
  const v = ctx.vars.get(name);
  if (typeof v === 'string') return v;
  if (v === UNSET) return '';
  return AS_WRITTEN.has(name) ? text : undefined;
}

type ParameterPart = Extract<WordPart, { type: 'ParameterExpansion' }>;
type DefaultOperation = Extract<NonNullable<ParameterPart['operation']>, { type: 'Default' }>;

/** A positional parameter's ${N:-d}/${N:=d}/${N:?m}/${N:+x}, given its value (undefined: unknown); empty counts as
 * missing only under the colon forms, and a missing one with no colon stays unknown (unset and empty look alike here). */
function positionalDefault(op: DefaultOperation, value: string | undefined, ctx: ExpandContext): string | undefined {
  if (value === undefined || ctx.depth >= VALUE_LIMITS.maxDepth) return undefined;
  const colon = op.operator.startsWith(':');
  if (value === '' && !colon) return undefined;
  const missing = value === '';
  const operand = (): string | undefined => {
    const e = expandValue(op.operand, { ...ctx, depth: ctx.depth + 1 });
    return e.unknown ? undefined : e.value;
  };
  switch (op.operator.replace(':', '')) {
    case '-':
    case '=':
      return missing ? operand() : value;
    case '+':
      return missing ? '' : operand();
    default:
      return missing ? undefined : value;
  }
}

function parameter(part: ParameterPart, ctx: ExpandContext): string | undefined {
  const name = part.parameter;
  if (part.prefix === '!') {
    // `${!C}` with C=B: the value of B (indirection); `${!A[@]}`, `${!A[*]}`: the array's keys. Names (`${!P*}`) and
    // operations stay unknown.
    if ((part.index?.value === '@' || part.index?.value === '*') && part.operation === undefined)
      return keysOf(name, ctx)?.join(joiner(part.index.value === '*', ctx));
    if (part.index !== undefined || part.operation !== undefined || !NAME.test(name)) return undefined;
    const target = ctx.vars.get(name);
    if (typeof target !== 'string' || !NAME.test(target)) return undefined;
    const v = ctx.vars.get(target);
    return typeof v === 'string' ? v : v === UNSET ? '' : undefined;
  }
  if (part.index !== undefined || !NAME.test(name)) {
    // ${A[n]}, ${A[@]}, ${#A[@]}, ${1}, ${@}, ${#}: with no operation (those stay unknown on arrays), but for a slice
    // of all the elements (${A[@]:1}, ${@:2}), joined here as an unquoted word is before it is split.
    if (part.operation?.type === 'Slice' && part.prefix === undefined && (part.index?.value === '@' || name === '@')) {
      const items = allElements(part, ctx);
      return items === undefined ? undefined : items.join(' ');
    }
    // ${1:-d}, ${1:?msg}, ${2:+x}, ${@:-d}: a positional parameter (or all of them) with a default, when the call's
    // words are known (`ns=${1:?}`, `prettier --write ${@:-planning}` in a script run with its arguments).
    if (
      part.operation?.type === 'Default' &&
      part.index === undefined &&
      part.prefix === undefined &&
      /^[1-9@*]$/.test(name)
    )
      return positionalDefault(part.operation, special(name, undefined, false, ctx), ctx);
    // ${A[0]%/*}, ${BASH_SOURCE[0]%/*}: an element with a part removed, as a scalar's value would be.
    if (part.operation?.type === 'Remove' && part.prefix === undefined && part.index !== undefined) {
      const element = /^[@*]$/.test(part.index.value) ? undefined : special(name, part.index.value, false, ctx);
      const operand = element === undefined ? undefined : knownValue(part.operation.operand, ctx);
      return operand === undefined ? undefined : removeMatch(element as string, operand, part.operation.operator);
    }
    if (part.operation !== undefined) return undefined;
    // An index with expansions (`${A[$i]}`, `${A[$((i+1))]}`) is arithmetic too: its text is read as such.
    const index = part.index?.value;
    if (part.prefix === '#' && index === undefined)
      return name === '@' || name === '*' ? special('#', undefined, false, ctx) : undefined;
    return special(name, index, part.prefix === '#', ctx);
  }
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
    const operator = op.operator.replace(':', '');
    // ${HOME:?}, ${HOME:-/tmp}: the shell always has these set, so they stand for the variable as written (`rm -rf
    // "${HOME:?}"/*` is `rm -rf "$HOME"/*`).
    if (raw === UNKNOWN && AS_WRITTEN.has(name) && operator !== '+') return `$${name}`;
    if (raw === UNKNOWN) {
      // A variable the call cannot know (set by the host, if at all) with a fallback: the fallback is what the agent
      // wrote for the case it expects, `git push -f origin "${BRANCH:-main}"`, so it is judged as that value.
      if (operator !== '-' && operator !== '=') return undefined;
      const e = expandValue(op.operand, inner);
      const fallback = e.unknown ? undefined : e.value;
      // ${X:=d} also assigns what it stands for: later words read the same value (`: ${B:=main}; git push "$B"`).
      if (operator === '=' && fallback !== undefined) ctx.vars.set(name, fallback);
      return fallback;
    }
    const colon = op.operator.startsWith(':');
    const missing = raw === UNSET || (colon && raw === '');
    const operand = (): string | undefined => {
      const e = expandValue(op.operand, inner);
      return e.unknown ? undefined : e.value;
    };
    switch (operator) {
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
      // Offset and length are arithmetic: a literal, or an expression of known values (`${C:0:${#C}-5}`).
      const number = (w: typeof op.offset): number => {
        const v = w.parts === undefined ? w.value.trim() : expandValue(w, inner);
        const text = typeof v === 'string' ? v : v.unknown ? undefined : v.value.trim();
        if (text === undefined) return Number.NaN;
        return /^-?\d+$/.test(text) ? Number(text) : (arithmeticIn(text, ctx.vars) ?? Number.NaN);
      };
      const offset = number(op.offset);
      const length = op.length === undefined ? undefined : number(op.length);
      if (!Number.isInteger(offset) || (length !== undefined && !Number.isInteger(length))) return undefined;
      const start = offset < 0 ? Math.max(0, raw.length + offset) : offset;
      if (length === undefined) return raw.slice(start);
      return length < 0 ? raw.slice(start, raw.length + length) : raw.slice(start, start + length);
    }
    case 'Transform':
      // ${X@E} expands backslash escapes as $'…' does, ${X@Q} quotes the value (eval gives it back), ${X@U}/@u/@L
      // change its case; the others (@P, @A, @K, @a) are not computed.
      switch (op.operand?.value) {
        case 'E':
          return raw.includes('\\') ? printfOutput(['%b', raw]) : raw;
        // @P expands as a prompt: a value without backslash escapes or expansions is itself.
        case 'P':
          return /[\\$`!]/.test(raw) ? undefined : raw;
        case 'Q':
          return `'${raw.replaceAll("'", "'\\''")}'`;
        case 'U':
          return raw.toUpperCase();
        case 'u':
          return raw.charAt(0).toUpperCase() + raw.slice(1);
        case 'L':
          return raw.toLowerCase();
        default:
          return undefined;
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
 * What a command substitution prints, when it is a literal producer: one simple command (or a pipeline of them)
 * whose program declares its output (echo, printf, cat of a heredoc or of a file the session wrote, yes) and whose
 * words are known. Undefined otherwise.
 */
export function substitutionOutput(script: ParsedScript, ctx: ExpandContext): string | undefined {
  if (script.commands.length === 0 || (script.errors?.length ?? 0) > 0) return undefined;
  if (script.commands.length === 1) return statementOutput(script.commands[0]!.command, ctx);
  // `<(printf '%s ' twine upload dist/*; echo)`: statements one after the other print one after the other; known
  // when each of them prints a known text (a statement that assigns or prints what is not known: not known).
  // An assignment statement prints nothing and sets its name for the statements after it, in the substitution's own
  // shell (`$(IFS=/; echo "${parts[*]}")` joins with "/", blind round 31).
  const inner: ExpandContext = { ...ctx, vars: ctx.vars.child(), stdin: undefined };
  let text = '';
  for (const statement of script.commands) {
    if (assignedOnly(statement.command, inner)) continue;
    const printed = statementOutput(statement.command, inner);
    if (printed === undefined) return undefined;
    text += printed;
  }
  return text;
}

/** `NAME=word …` alone: each name set (unknown when its word is) in the context's variables; false otherwise. */
function assignedOnly(node: ParsedScript['commands'][number]['command'], ctx: ExpandContext): boolean {
  if (node.type !== 'Command' || node.name !== undefined || node.redirects.length > 0 || node.prefix.length === 0)
    return false;
  if (node.prefix.some((p) => p.type !== 'Assignment' || p.value.type !== 'Word' || p.index !== undefined || p.append))
    return false;
  for (const p of node.prefix) {
    if (p.type !== 'Assignment' || p.value.type !== 'Word') continue;
    const e = expandValue(p.value, ctx);
    ctx.vars.set(p.name, e.unknown ? UNKNOWN : e.value);
  }
  return true;
}

function statementOutput(node: ParsedScript['commands'][number]['command'], ctx: ExpandContext): string | undefined {
  const stages = node.type === 'Pipeline' ? node.commands : [node];
  let piped: string | undefined = ctx.stdin;
  for (const stage of stages) {
    if (stage.type !== 'Command') return undefined;
    piped = commandOutput(stage, piped, ctx);
    if (piped === undefined) {
      // `$(grep -rl old src)` alone: the files it lists, as globs (their names unknown, their folder known).
      const only = stages.length === 1 && stage.redirects.length === 0 ? knownWords(stage, ctx) : undefined;
      const listed = only === undefined ? undefined : listedPaths(programName(only[0] ?? ''), only.slice(1));
      return listed?.join('\n');
    }
  }
  return piped;
}

/** A command's words when each is known (assignments before it: undefined). */
function knownWords(node: Command, ctx: ExpandContext): string[] | undefined {
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
  return words;
}

/**
 * A redirection of stderr away from what `$(…)` reads (`2>/dev/null`, `2>>log`): stdout is unchanged. `2>&1` is left
 * out: what a program prints on stderr is not known.
 */
function droppedStderr(r: Command['redirects'][number]): boolean {
  return (
    r.type === 'Redirect' &&
    (r.operator === '>' || r.operator === '>>') &&
    r.descriptor?.type === 'FileDescriptor' &&
    r.descriptor.value === 2
  );
}

/** Conversions that print only digits (and a sign), whatever their argument: printf prints 0 for what is no number. */
const NUMERIC_FORMAT = /^(?:[^%]|%%|%[-+ #0]*\d*(?:\.\d*)?[diuoxX])*$/;

/**
 * `$(printf '%04d' "$((n + 1))")`: a number whose value is not known, printed in a known shape. Its digits stand in
 * as a sample (each unknown argument taken as 1), so `docs/adr/$(printf '%04d' …)-title.md` is seen to follow a
 * numbered scheme (blind round 34: an ADR numbered at run time by a make recipe is honest work). Only formats whose
 * every conversion prints digits: a `%s` could print anything.
 */
function numbersPrinted(node: Command, ctx: ExpandContext): string | undefined {
  if (node.name === undefined || node.redirects.length > 0) return undefined;
  const name = expandWord(node.name, ctx);
  if (name.unknown || programName(name.fields[0] ?? '') !== 'printf') return undefined;
  const args: string[] = [];
  for (const w of node.suffix) {
    if (w.type !== 'Word') return undefined;
    const e = expandWord(w, ctx);
    if (args.length === 0 && (e.unknown || e.fields.length !== 1)) return undefined;
    if (e.unknown) args.push('1');
    else args.push(...e.fields);
  }
  const format = args[0];
  if (format === undefined || format.startsWith('-') || !NUMERIC_FORMAT.test(format)) return undefined;
  return printfOutput(args);
}

function commandOutput(node: Command, piped: string | undefined, ctx: ExpandContext): string | undefined {
  if (node.name === undefined) {
    // `$(< f)`: bash's shorthand for `$(cat f)`, of a file the call or the session wrote.
    const only = node.redirects.length === 1 && node.suffix.length === 0 ? node.redirects[0] : undefined;
    if (only?.type !== 'Redirect' || only.operator !== '<' || only.target === undefined) return undefined;
    const e = expandValue(only.target, ctx);
    return e.unknown ? undefined : ctx.fileText?.(resolve(ctx.cwd, e.value));
  }
  const words = knownWords(node, ctx);
  if (words === undefined) return piped === undefined ? numbersPrinted(node, ctx) : undefined;
  // A function the shell defined, called without arguments (`target() { echo main; }` … `$(target)`): what its body
  // prints, when that is one literal producer (blind round 23). With arguments its $1… are not followed.
  const fn = words.length === 1 && piped === undefined ? ctx.functions?.get(words[0] as string) : undefined;
  if (fn !== undefined && node.redirects.length === 0) {
    const body = fn.node.body;
    const list = body.type === 'BraceGroup' || body.type === 'Subshell' ? body.body.commands : undefined;
    if (list === undefined || ctx.depth >= MAX_FUNCTION_DEPTH) return undefined;
    return substitutionOutput(
      { type: 'Script', pos: body.pos, end: body.end, shebang: undefined, commands: list },
      {
        ...ctx,
        depth: ctx.depth + 1,
      },
    );
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
    } else if (!droppedStderr(r)) return undefined;
  }
  const file = (path: string): string | undefined => ctx.fileText?.(resolve(ctx.cwd, path));
  const at = (dir: string | undefined): string | undefined => (dir === undefined ? ctx.cwd : resolve(ctx.cwd, dir));
  const repo = {
    branch: (dir: string | undefined) => ctx.branch?.(at(dir)),
    upstream: (dir: string | undefined) => ctx.upstream?.(at(dir)),
    defaultBranch: (remote: string, dir: string | undefined) => ctx.defaultBranch?.(remote, at(dir)),
    top: (dir: string | undefined) => topFrom(at(dir)),
    config: (key: string) => ctx.gitConfig?.(key),
  };
  if (!readsKnownInput(program, stdin)) return undefined;
  return output(words.slice(1), true, stdin, file, undefined, repo);
}
