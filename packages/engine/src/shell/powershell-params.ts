// PowerShell's parameter binding, as far as translating a cmdlet needs it (programs/powershell.ts): words → each
// parameter's value. Names match whatever their case, by a documented alias or by any unique prefix (`-rec`, `-fo`:
// about_Parameters), `-Name:value` attaches a value, a switch is turned off by `:$false`, the other words bind to the
// positions in order, and `a, b` is one list. A word PowerShell would refuse (an unknown or ambiguous name, a missing
// value, a positional too many) leaves the binding undefined: the cmdlet then runs nothing, and is not translated.
import type { WrittenWord } from './programs/declaration.js';

/** One cmdlet's parameters, by name as documented (the common parameters are added). */
export interface CmdletParameters {
  /** Parameters that take a value. */
  readonly values: readonly string[];
  /** Switches (`-Recurse`; `-Recurse:$false` turns one off). */
  readonly switches: readonly string[];
  /** Documented aliases → the parameter they name (`lp` → literalpath). */
  readonly aliases?: Readonly<Record<string, string>>;
  /** The parameters positional words bind to, in order. */
  readonly positions: readonly string[];
  /** It changes something, so it takes -WhatIf and -Confirm too. */
  readonly shouldProcess?: boolean;
}

/** A cmdlet's parameters ready for binding: every name and alias → the parameter it names. */
export interface CompiledParameters {
  readonly names: ReadonlyMap<string, string>;
  readonly switches: ReadonlySet<string>;
  readonly positions: readonly string[];
}

/** What the words bound: each parameter given, with its value word (true: a switch that is on). */
export type Bound = ReadonlyMap<string, WrittenWord | true>;

// about_CommonParameters: every cmdlet takes these (the preference and variable ones take a value).
const COMMON_VALUES = ['erroraction', 'warningaction', 'informationaction', 'progressaction', 'errorvariable'];
const COMMON_VARIABLES = ['warningvariable', 'informationvariable', 'outvariable', 'outbuffer', 'pipelinevariable'];
const COMMON_ALIASES: Readonly<Record<string, string>> = {
  ea: 'erroraction',
  wa: 'warningaction',
  infa: 'informationaction',
  proga: 'progressaction',
  ev: 'errorvariable',
  wv: 'warningvariable',
  iv: 'informationvariable',
  ov: 'outvariable',
  ob: 'outbuffer',
  pv: 'pipelinevariable',
  vb: 'verbose',
  db: 'debug',
};
const SHOULD_PROCESS_ALIASES: Readonly<Record<string, string>> = { wi: 'whatif', cf: 'confirm' };

/** The parameters compiled for binding, every name lower-cased (the bound ones are looked up so: `path`). */
export function compileParameters(p: CmdletParameters): CompiledParameters {
  const lower = (names: readonly string[]): string[] => names.map((n) => n.toLowerCase());
  const switches = new Set([
    ...lower(p.switches),
    'verbose',
    'debug',
    ...(p.shouldProcess === true ? ['whatif', 'confirm'] : []),
  ]);
  const names = new Map<string, string>();
  for (const name of [...lower(p.values), ...COMMON_VALUES, ...COMMON_VARIABLES, ...switches]) names.set(name, name);
  const aliases = { ...COMMON_ALIASES, ...(p.shouldProcess === true ? SHOULD_PROCESS_ALIASES : {}), ...p.aliases };
  for (const [alias, name] of Object.entries(aliases)) names.set(alias.toLowerCase(), name.toLowerCase());
  return { names, switches, positions: lower(p.positions) };
}

/** The parameter a name given on the command names: an exact name or alias, else the one its prefix can only be. */
function resolve(p: CompiledParameters, given: string): string | undefined {
  const exact = p.names.get(given);
  if (exact !== undefined) return exact;
  let found: string | undefined;
  for (const [name, target] of p.names) {
    if (!name.startsWith(given)) continue;
    // Two parameters this prefix could be: PowerShell refuses it as ambiguous.
    if (found !== undefined && found !== target) return undefined;
    found = target;
  }
  return found;
}

/** `-Name`, `-Name:`, `-Name:value` (unquoted: a quoted '-x' is a value). */
const PARAMETER = /^-([A-Za-z_][\w]*)(:?)/;

/** `a, b` is written as two words for the shell: joined again into one list word. */
function joinLists(args: readonly WrittenWord[]): WrittenWord[] {
  const out: WrittenWord[] = [];
  let pending: WrittenWord | undefined;
  for (const w of args) {
    const word: WrittenWord =
      pending === undefined
        ? w
        : { value: pending.value + w.value, text: pending.text + w.text, dynamic: pending.dynamic || w.dynamic };
    pending = word.text.endsWith(',') && !PARAMETER.test(word.text) ? word : undefined;
    if (pending === undefined) out.push(word);
  }
  if (pending !== undefined) out.push(pending);
  return out;
}

/** The parameters `args` (the words after the cmdlet's name) bind, or undefined when PowerShell would refuse them. */
export function bindParameters(p: CompiledParameters, args: readonly WrittenWord[]): Bound | undefined {
  const bound = new Map<string, WrittenWord | true>();
  const positional: WrittenWord[] = [];
  const words = joinLists(args);
  let onlyValues = false;
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as WrittenWord;
    // `--%` passes the rest unparsed, to a native program only; `--` ends the parameters.
    if (!onlyValues && w.text === '--%') return undefined;
    if (!onlyValues && w.text === '--') {
      onlyValues = true;
      continue;
    }
    const m = onlyValues ? null : PARAMETER.exec(w.text);
    if (m === null) {
      positional.push(w);
      continue;
    }
    const name = resolve(p, (m[1] as string).toLowerCase());
    if (name === undefined || bound.has(name)) return undefined;
    const attachedText = w.text.slice(m[0].length);
    if (m[2] === '' && attachedText !== '') return undefined;
    if (p.switches.has(name)) {
      // `-Recurse:$false` switches it off; any other value leaves it on.
      if (!/^\$false$/i.test(attachedText)) bound.set(name, true);
      continue;
    }
    if (attachedText !== '') {
      const at = w.value.indexOf(':');
      bound.set(name, { value: w.value.slice(at + 1), text: attachedText, dynamic: w.dynamic });
      continue;
    }
    // `-Path x` (and `-Path: x`): the next word, unless it is a parameter itself (PowerShell: a missing argument).
    const next = words[i + 1];
    if (next === undefined || PARAMETER.test(next.text)) return undefined;
    bound.set(name, next);
    i++;
  }
  const free = p.positions.filter((name) => !bound.has(name));
  if (positional.length > free.length) return undefined;
  positional.forEach((w, k) => bound.set(free[k] as string, w));
  return bound;
}

/**
 * The items of a list word (`./a,./b`, `'a', "b"`), each as written: split at the commas outside quotes, brackets and
 * substitutions. One item is the word itself.
 */
export function listItems(word: WrittenWord): string[] {
  const text = word.text;
  const items: string[] = [];
  let quote = '';
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (quote === "'") {
      if (c === "'") quote = '';
    } else if (c === '\\') i++;
    else if (quote === '"') {
      if (c === '"') quote = '';
    } else if (c === "'" || c === '"') quote = c;
    else if (c === '(' || c === '{' || c === '[') depth++;
    else if ((c === ')' || c === '}' || c === ']') && depth > 0) depth--;
    else if (c === ',' && depth === 0) {
      items.push(text.slice(start, i));
      start = i + 1;
    }
  }
  items.push(text.slice(start));
  return items.filter((item) => item !== '');
}
