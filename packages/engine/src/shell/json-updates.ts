// What jq and yq put into the document they print (or, with yq -i, write back) when their filter sets keys to values:
// `jq --arg k "$KEY" '.stripe.secretKey = $k' config/app.json > tmp`, `yq -i '.db.password = strenv(DB_PASSWORD)'
// config/app.yaml`, `yq -i '.tasks.release-prod = {"desc": "prod", "cmds": ["helmfile -e production apply"]}'
// Taskfile.yml`. The rest of the document is not known, so the text is the set keys among a computed piece
// (computed-piece.ts): a content rule sees `"secretKey": "sk_live_…"` where the key was set, and the ledger keeps the
// file as one with known lines, not as a file holding only them. The set keys are written under their whole path, in
// the file's own format (`tasks:\n  release-prod:\n    cmds:\n      - helmfile …`), so the piece the ledger keeps is a
// document its runner's reader reads as it reads the whole file: the Taskfile's task, the compose file's service, the
// deno.json task an agent put into the team's file and then runs (blind round 33).
import { COMPUTED_PIECE, expansionsComputed } from './computed-piece.js';
import type { AddEffect, EffectInput, FileAccess } from './programs/declaration.js';

/** A variable of the program's environment: its value, null when it is not set, undefined when not known. */
type Env = (name: string) => string | null | undefined;

/** A value a filter puts into the document — a JSON/YAML scalar, list or mapping; COMPUTED_PIECE where computed. */
export type SetValue = string | number | boolean | null | SetValue[] | SetMapping;
/** A mapping, in its keys' order (a Map: a key named `__proto__` is a key like any other). */
export type SetMapping = Map<string, SetValue>;

/** One step of a path: a key, or an item of a list (its index; -1 for each item, `[]`). */
export type Step = string | number;

/** One assignment of the filter: the path it sets from the document's top, whether it adds (`+=`) or sets, the value. */
export interface SetKey {
  readonly path: readonly Step[];
  readonly append: boolean;
  readonly value: SetValue;
}

/** Bounds: a hostile filter cannot make the scan or the document large. */
export const SET_LIMITS = {
  /** Assignments read from one filter. */
  maxSets: 32,
  /** Scalars, lists and mappings in one filter's values. */
  maxNodes: 256,
  /** Lists and mappings nested in one value. */
  maxDepth: 8,
} as const;

// `.a.b`, `.a["b-c"]`, `.a."b"`, `.["x"]`, `.a[0]`, `.a[]` — then `=`, `|=`, `+=` or `//=`, then a value.
const KEY = String.raw`"(?:[^"\\]|\\.)*"`;
const PATH = String.raw`(?:\.(?:[A-Za-z_][\w-]*|${KEY})|\.?\[\s*(?:${KEY}|\d*)\s*\])+`;
const ASSIGNMENT = new RegExp(String.raw`(?:^|[\s|(,;])(${PATH})\s*(\|=|\+=|//=|=(?!=))`, 'g');
const STEP = new RegExp(String.raw`\.(?:([A-Za-z_][\w-]*)|(${KEY}))|\.?\[\s*(?:(${KEY})|(\d*))\s*\]`, 'y');

/** The keys a jq/yq filter sets to a literal, an argument or an environment variable, in order. */
export function setKeys(filter: string, args: ReadonlyMap<string, SetValue>, env: Env | undefined): SetKey[] {
  const out: SetKey[] = [];
  const reader = new LiteralReader(filter, args, env);
  ASSIGNMENT.lastIndex = 0;
  for (let m = ASSIGNMENT.exec(filter); m !== null && out.length < SET_LIMITS.maxSets; m = ASSIGNMENT.exec(filter)) {
    const path = pathSteps(m[1] as string);
    const found = reader.assigned(ASSIGNMENT.lastIndex);
    if (path === undefined || found === undefined) continue;
    ASSIGNMENT.lastIndex = Math.max(ASSIGNMENT.lastIndex, found.end);
    out.push({ path, append: m[2] === '+=' || found.append, value: found.value });
  }
  return out;
}

/** A path's steps; undefined for one that starts with a list's item (a document that is a list is not modelled). */
function pathSteps(path: string): Step[] | undefined {
  const steps: Step[] = [];
  STEP.lastIndex = 0;
  while (STEP.lastIndex < path.length) {
    const m = STEP.exec(path);
    if (m === null) return undefined;
    if (m[1] !== undefined) steps.push(m[1]);
    else if (m[2] !== undefined || m[3] !== undefined) {
      const key = unquote((m[2] ?? m[3]) as string);
      if (key === undefined) return undefined;
      steps.push(key);
    } else steps.push(m[4] === '' ? -1 : Number(m[4]));
  }
  return steps.length === 0 || typeof steps[0] === 'number' ? undefined : steps;
}

/** A JSON string literal's text; undefined when it is not one. */
function unquote(text: string): string | undefined {
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === 'string' ? v : undefined;
  } catch (error) {
    void error; // not a JSON string: not known
    return undefined;
  }
}

/** A word's value that is still its spelling: a substitution or a reference the shell expands. */
const AS_WRITTEN = /\$[({A-Za-z_]|`/;

// The atoms of a value (sticky: each is tried where the reader stands).
const DOUBLE_QUOTED = /"(?:[^"\\]|\\.)*"/y;
const SINGLE_QUOTED = /'(?:[^']|'')*'/y;
const NUMBER = /-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?(?![\w.])/y;
const CONSTANT = /(?:true|false|null)(?![\w-])/y;
const REFERENCE =
  /\$ENV\s*\.\s*([A-Za-z_]\w*)|\$ENV\s*\[\s*"(\w+)"\s*\]|(?:env\s*\.\s*|(?:str)?env\(\s*"?)([A-Za-z_]\w*)"?\s*\)?|\$([A-Za-z_]\w*)/y;
const BARE_KEY = /[A-Za-z_][\w-]*/y;
const SPACE = /\s*/y;
// What after a value makes it part of an expression (`"x" + .b`, `1 - $n`): the value is computed.
const OPERATOR = /[-+*/%]/y;
// `.a |= . + ["x"]`: adds to what is there, as `+=` does.
const SELF_PLUS = /\.\s*\+(?!=)/y;

/**
 * Reads the literal a filter assigns where an assignment's operator ends: JSON/YAML flow values (mappings, lists,
 * strings in double or single quotes, numbers, booleans, null) and the arguments and environment variables jq and yq
 * name. Each read counts against SET_LIMITS, so a hostile filter is read in bounded time.
 */
class LiteralReader {
  private nodes = 0;
  private at = 0;

  constructor(
    private readonly text: string,
    private readonly args: ReadonlyMap<string, SetValue>,
    private readonly env: Env | undefined,
  ) {}

  /** The value assigned at `from`; undefined when what follows is no value this module can know (`.a = .b`). */
  assigned(from: number): { value: SetValue; end: number; append: boolean } | undefined {
    this.at = from;
    this.space();
    const append = this.sticky(SELF_PLUS) !== undefined;
    if (append) this.space();
    const start = this.at;
    const opens = this.text[start] === '{' || this.text[start] === '[';
    const value = this.value(0);
    // A mapping or list with a part not known is a value computed at run time; anything else is no literal.
    if (value === undefined) return opens ? { value: COMPUTED_PIECE, end: start + 1, append } : undefined;
    this.space();
    const computed = this.sticky(OPERATOR) !== undefined;
    return { value: computed ? COMPUTED_PIECE : value, end: this.at, append };
  }

  private value(depth: number): SetValue | undefined {
    if (++this.nodes > SET_LIMITS.maxNodes || depth > SET_LIMITS.maxDepth) return undefined;
    const c = this.text[this.at];
    if (c === '{') return this.mapping(depth);
    if (c === '[') return this.list(depth);
    if (c === '"') {
      const s = this.sticky(DOUBLE_QUOTED);
      // A string with an interpolation (`"\(.x)"`) is computed.
      return s === undefined ? undefined : s.includes('\\(') ? COMPUTED_PIECE : (unquote(s) ?? COMPUTED_PIECE);
    }
    if (c === "'") return this.sticky(SINGLE_QUOTED)?.slice(1, -1).replace(/''/g, "'");
    const n = this.sticky(NUMBER);
    if (n !== undefined) return Number(n);
    const k = this.sticky(CONSTANT);
    if (k !== undefined) return k === 'null' ? null : k === 'true';
    REFERENCE.lastIndex = this.at;
    const r = REFERENCE.exec(this.text);
    if (r === null) return undefined;
    this.at = REFERENCE.lastIndex;
    return this.reference(r);
  }

  /** `$ENV.X`, `env(X)`, `strenv(X)` from the environment; `$name` from jq's --arg/--argjson. */
  private reference(r: RegExpExecArray): SetValue {
    const fromArgs = r[4];
    if (fromArgs !== undefined) {
      const value = this.args.get(fromArgs);
      // An argument the shell could not expand keeps its spelling (`--arg k "$(cat key)"`): computed at run time.
      return value === undefined || (typeof value === 'string' && AS_WRITTEN.test(value)) ? COMPUTED_PIECE : value;
    }
    const value = this.env?.((r[1] ?? r[2] ?? r[3]) as string);
    return typeof value === 'string' ? value : COMPUTED_PIECE;
  }

  private list(depth: number): SetValue[] | undefined {
    const items: SetValue[] = [];
    this.at++;
    this.space();
    if (this.text[this.at] === ']') {
      this.at++;
      return items;
    }
    for (;;) {
      const item = this.value(depth + 1);
      if (item === undefined) return undefined;
      items.push(item);
      this.space();
      const c = this.text[this.at++];
      if (c === ']') return items;
      if (c !== ',') return undefined;
      this.space();
    }
  }

  private mapping(depth: number): SetMapping | undefined {
    const entries: SetMapping = new Map();
    this.at++;
    this.space();
    if (this.text[this.at] === '}') {
      this.at++;
      return entries;
    }
    for (;;) {
      const key = this.key();
      if (key === undefined) return undefined;
      this.space();
      if (this.text[this.at++] !== ':') return undefined;
      this.space();
      const value = this.value(depth + 1);
      if (value === undefined) return undefined;
      entries.set(key, value);
      this.space();
      const c = this.text[this.at++];
      if (c === '}') return entries;
      if (c !== ',') return undefined;
      this.space();
    }
  }

  /** A mapping's key: a quoted string or a bare name (jq's `{desc: "x"}`). */
  private key(): string | undefined {
    const c = this.text[this.at];
    if (c === '"') {
      const s = this.sticky(DOUBLE_QUOTED);
      return s === undefined || s.includes('\\(') ? undefined : unquote(s);
    }
    if (c === "'") return this.sticky(SINGLE_QUOTED)?.slice(1, -1).replace(/''/g, "'");
    return this.sticky(BARE_KEY);
  }

  private space(): void {
    this.sticky(SPACE);
  }

  /** The text a sticky pattern matches where the reader stands, moving past it; undefined when it does not match. */
  private sticky(pattern: RegExp): string | undefined {
    pattern.lastIndex = this.at;
    const m = pattern.exec(this.text);
    if (m === null) return undefined;
    this.at = pattern.lastIndex;
    return m[0];
  }
}

const isContainer = (v: SetValue): v is SetValue[] | SetMapping => Array.isArray(v) || v instanceof Map;

/** The document the assignments make, as far as they say: each path's mappings, lists and the value set there. */
function documentOf(sets: readonly SetKey[]): SetMapping {
  const root: SetMapping = new Map();
  // The item a path's index stands for, by list and index: `.repos[0].id` and `.repos[0].entry` set one item.
  const slots = new Map<SetValue[], Map<number, SetValue>>();
  const child = (parent: SetMapping | SetValue[], step: Step, next: Step): SetValue[] | SetMapping => {
    const fresh = (): SetValue[] | SetMapping => (typeof next === 'number' ? [] : new Map());
    const usable = (v: SetValue | undefined): v is SetValue[] | SetMapping =>
      v !== undefined && (typeof next === 'number' ? Array.isArray(v) : v instanceof Map);
    if (parent instanceof Map) {
      const was = parent.get(step as string);
      if (usable(was)) return was;
      const made = fresh();
      parent.set(step as string, made);
      return made;
    }
    const bySlot = slots.get(parent) ?? new Map<number, SetValue>();
    slots.set(parent, bySlot);
    const was = bySlot.get(step as number);
    if (usable(was)) return was;
    const made = fresh();
    parent.push(made);
    bySlot.set(step as number, made);
    return made;
  };
  for (const set of sets) {
    let at: SetMapping | SetValue[] = root;
    let fits = true;
    for (let i = 0; i < set.path.length - 1; i++) {
      const step = set.path[i] as Step;
      // A key of a list or an index of a mapping: the path does not fit what earlier assignments made.
      if ((typeof step === 'number') === at instanceof Map) fits = false;
      if (!fits) break;
      at = child(at, step, set.path[i + 1] as Step);
    }
    const last = set.path[set.path.length - 1] as Step;
    if (!fits || (typeof last === 'number') === at instanceof Map) continue;
    if (at instanceof Map) at.set(last as string, assignment(at.get(last as string), set));
    else at.push(assignment(undefined, set));
  }
  return root;
}

/** What a key holds after an assignment: the value, or (`+=`) the value added to what earlier assignments put there. */
function assignment(was: SetValue | undefined, set: SetKey): SetValue {
  if (!set.append) return set.value;
  const v = set.value;
  // A list's new items (the items already there are the rest of the document); a mapping's keys merged in.
  if (Array.isArray(v)) return Array.isArray(was) ? [...was, ...v] : v;
  if (v instanceof Map) return was instanceof Map ? new Map([...was, ...v]) : v;
  // A string appended to one not known: its end is known (`.scripts.test += " && npm publish"`).
  if (typeof v === 'string' && v !== COMPUTED_PIECE) return `${typeof was === 'string' ? was : COMPUTED_PIECE}${v}`;
  return COMPUTED_PIECE;
}

/** A string in double quotes, JSON's escapes (valid YAML too); a computed piece in it stays as it is, for the rules. */
function quoted(s: string): string {
  if (s === COMPUTED_PIECE) return s;
  return `"${s
    .split(COMPUTED_PIECE)
    .map((part) => JSON.stringify(part).slice(1, -1))
    .join(COMPUTED_PIECE)}"`;
}

const scalarJson = (v: Exclude<SetValue, SetValue[] | SetMapping>): string =>
  typeof v === 'string' ? quoted(v) : typeof v === 'number' && !Number.isFinite(v) ? 'null' : String(v);

/** JSON as a formatter writes it: each key and each item on a line of its own (what a reader of pieces pairs). */
function jsonText(v: SetValue, indent: number): string {
  if (!isContainer(v)) return scalarJson(v);
  const pad = ' '.repeat(indent + 2);
  const items = Array.isArray(v)
    ? v.map((item) => `${pad}${jsonText(item, indent + 2)}`)
    : [...v].map(([key, item]) => `${pad}${JSON.stringify(key)}: ${jsonText(item, indent + 2)}`);
  const [open, close] = Array.isArray(v) ? ['[', ']'] : ['{', '}'];
  return items.length === 0 ? `${open}${close}` : `${open}\n${items.join(',\n')}\n${' '.repeat(indent)}${close}`;
}

// A plain YAML scalar that reads back as the same string: no indicator first, no `: ` or ` #`, not a number,
// boolean or null.
const PLAIN_START = /^[^\s\-?:,[\]{}#&*!|>'"%@`]/;
const PLAIN_BREAKS = /: |:$| #|\p{Cc}|\s$/u;
const NOT_A_STRING =
  /^(?:true|false|null|~|yes|no|on|off|y|n|[-+]?(?:\d[\d_]*)?\.?\d[\d_]*(?:e[-+]?\d+)?|0x[\da-f]+|0o[0-7]+|[-+]?\.inf|\.nan)$/i;
const plain = (s: string): boolean => PLAIN_START.test(s) && !PLAIN_BREAKS.test(s) && !NOT_A_STRING.test(s);

const scalarYaml = (v: Exclude<SetValue, SetValue[] | SetMapping>): string =>
  typeof v === 'string' && v !== COMPUTED_PIECE && plain(v) ? v : scalarJson(v);

/** Keys whose list is one command's words (compose's and Kubernetes' exec form): written as a flow list on the key's
 * line, so a reader of lines takes it as one command, not each word as a command of its own (a Taskfile's `cmds`). */
const EXEC_FORM_KEYS: ReadonlySet<string> = new Set(['command', 'entrypoint', 'args']);

/** YAML in block style: a mapping's keys and a list's items on lines of their own, nested by indentation. */
function yamlBlock(node: SetValue[] | SetMapping, indent: number, out: string[]): void {
  const pad = ' '.repeat(indent);
  const inline = (v: SetValue): string | undefined =>
    !isContainer(v)
      ? scalarYaml(v)
      : Array.isArray(v)
        ? v.length === 0
          ? '[]'
          : undefined
        : v.size === 0
          ? '{}'
          : undefined;
  if (Array.isArray(node)) {
    for (const item of node) {
      const line = inline(item);
      if (line !== undefined) out.push(`${pad}- ${line}`);
      else {
        const at = out.length;
        yamlBlock(item as SetValue[] | SetMapping, indent + 2, out);
        // The item's first line takes the dash (`- repo: local`); its other lines stay under it.
        out[at] = `${pad}- ${(out[at] as string).slice(indent + 2)}`;
      }
    }
    return;
  }
  for (const [key, value] of node) {
    const head = `${pad}${plain(key) ? key : JSON.stringify(key)}:`;
    const line = inline(value);
    if (line !== undefined) out.push(`${head} ${line}`);
    else if (Array.isArray(value) && EXEC_FORM_KEYS.has(key) && value.every((w) => typeof w === 'string'))
      out.push(`${head} [${value.map((w) => quoted(w as string)).join(', ')}]`);
    else {
      out.push(head);
      yamlBlock(value as SetValue[] | SetMapping, indent + 2, out);
    }
  }
}

/** The document text: the set keys under their paths, JSON or YAML, after a computed piece standing for the rest. */
export function documentText(sets: readonly SetKey[], json: boolean): string | undefined {
  const doc = documentOf(sets);
  if (doc.size === 0) return undefined;
  if (json) return `${COMPUTED_PIECE}\n${jsonText(doc, 0)}\n`;
  const lines: string[] = [];
  yamlBlock(doc, 0, lines);
  return `${COMPUTED_PIECE}\n${lines.join('\n')}\n`;
}

/** A JSON text (an --argjson value, a dasel `-t json` value) as a value; a string when it is not JSON, COMPUTED_PIECE
 * when it is larger than SET_LIMITS allow. */
export function jsonValue(text: string): SetValue {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    void error; // not JSON: the text as it is
    return text;
  }
  let nodes = 0;
  const convert = (v: unknown, depth: number): SetValue | undefined => {
    if (++nodes > SET_LIMITS.maxNodes || depth > SET_LIMITS.maxDepth) return undefined;
    if (v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
    const out: SetValue[] = [];
    if (Array.isArray(v)) {
      for (const item of v) {
        const c = convert(item, depth + 1);
        if (c === undefined) return undefined;
        out.push(c);
      }
      return out;
    }
    const map: SetMapping = new Map();
    for (const [key, item] of Object.entries(v as Record<string, unknown>)) {
      const c = convert(item, depth + 1);
      if (c === undefined) return undefined;
      map.set(key, c);
    }
    return map;
  };
  return convert(parsed, 0) ?? COMPUTED_PIECE;
}

/** jq's words: its filter, its named arguments (--arg, --argjson), its input files. */
function jqWords(argv: readonly string[]): { filter?: string; args: Map<string, SetValue>; files: string[] } {
  const args = new Map<string, SetValue>();
  const operands: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === '--arg' || a === '--argjson') {
      const [name, value] = [argv[i + 1], argv[i + 2]];
      i += 2;
      if (name === undefined || value === undefined) continue;
      args.set(name, a === '--arg' || AS_WRITTEN.test(value) ? value : jsonValue(value));
    } else if (a === '--slurpfile' || a === '--rawfile') i += 2;
    else if (a === '-f' || a === '--from-file' || a === '--indent' || a === '-L') return { args, files: [] };
    else if (a === '--args' || a === '--jsonargs') break;
    else if (a === '--') operands.push(...argv.slice(i + 1));
    else if (!a.startsWith('-') || a === '-') operands.push(a);
    if (a === '--') break;
  }
  const [filter, ...files] = operands;
  return { filter, args, files };
}

/** What `jq` prints when its filter sets keys and the rest of its input is not known: for a redirect's content. A
 * filter that is one literal document (`jq -n --arg e APPROVE '{event: $e, body: "LGTM"}' > review.json`) prints that
 * document, known whole (blind round 37: the body an agent then posts with `gh api --input review.json`). */
export function jqSetOutput(argv: readonly string[], env: Env | undefined): string | undefined {
  const { filter, args } = jqWords(argv);
  if (filter === undefined) return undefined;
  return literalDocument(filter, args, env) ?? documentText(setKeys(filter, args, env), true);
}

/** The JSON text of a filter that is a mapping or a list of literals and arguments, and nothing else. */
function literalDocument(filter: string, args: ReadonlyMap<string, SetValue>, env: Env | undefined) {
  const text = filter.trim();
  if (text[0] !== '{' && text[0] !== '[') return undefined;
  const read = new LiteralReader(text, args, env).assigned(0);
  if (read === undefined || read.append || read.end !== text.length || !isContainer(read.value)) return undefined;
  return `${jsonText(read.value, 0)}\n`;
}

// mikefarah's yq: `yq [eval|e|eval-all|ea] [flags] EXPRESSION [files]`.
const YQ_COMMANDS = new Set(['eval', 'e', 'eval-all', 'ea']);
/** yq's options that take a value (its declaration in programs/printers.ts lists them too). */
export const YQ_VALUE_OPTION_NAMES = [
  ...['-o', '--output-format', '-p', '--input-format', '-I', '--indent', '-s', '--split-exp', '--from-file'],
  ...['--expression', '--xml-attribute-prefix', '--xml-content-name', '--lua-prefix'],
] as const;
const YQ_VALUE_OPTIONS: ReadonlySet<string> = new Set(YQ_VALUE_OPTION_NAMES);

/** yq's words: the expression, the files, whether it edits them in place, and the output format it is told (-o). */
function yqWords(argv: readonly string[]): {
  expression?: string;
  files: string[];
  inPlace: boolean;
  output?: 'json' | 'yaml';
} {
  const operands: string[] = [];
  let inPlace = false;
  let output: 'json' | 'yaml' | undefined;
  let expression: string | undefined;
  const told = (format: string | undefined): 'json' | 'yaml' => (/^j(son)?$/.test(format ?? '') ? 'json' : 'yaml');
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    const [option, attached] =
      a.startsWith('--') && a.includes('=')
        ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)]
        : [a, undefined];
    if (option === '-i' || option === '--inplace') inPlace = true;
    else if (YQ_VALUE_OPTIONS.has(option)) {
      const value = attached ?? argv[++i];
      if (option === '--from-file') return { files: [], inPlace, output };
      if (option === '--expression') expression = value;
      if ((option === '-o' || option === '--output-format') && !/^a(uto)?$/.test(value ?? '')) output = told(value);
    } else if (/^-o=?\w+$/.test(a)) {
      if (!/^-o=?a(uto)?$/.test(a)) output = told(a.replace(/^-o=?/, ''));
    } else if (/^-[a-zA-Z]+$/.test(a)) {
      if (a.includes('i')) inPlace = true;
      if (a.includes('j')) output = 'json';
    } else if (!a.startsWith('-') || a === '-') operands.push(a);
  }
  if (YQ_COMMANDS.has(operands[0] ?? '')) operands.shift();
  if (expression === undefined) expression = operands.shift();
  return { expression, files: operands, inPlace, output };
}

/** yq writes what its output format says; by default (`-o auto`) the format of its input, known from its name. */
const writesJson = (output: 'json' | 'yaml' | undefined, file: string | undefined): boolean =>
  output === undefined ? /\.json5?$|\.jsonc$/i.test(file ?? '') : output === 'json';

/** What `yq` prints (without -i) when its expression sets keys: for a redirect's content. */
export function yqSetOutput(argv: readonly string[], env: Env | undefined): string | undefined {
  const { expression, inPlace, output, files } = yqWords(argv);
  if (expression === undefined || inPlace) return undefined;
  return documentText(setKeys(expression, new Map(), env), writesJson(output, files[0]));
}

/** `yq -i EXPR FILE…` writes each file back, with the keys its expression sets, in the file's format. */
export function yqEffects(input: EffectInput, add: AddEffect, _stdin: string | undefined, files: FileAccess): void {
  const { expression, files: targets, inPlace, output } = yqWords(input.argv);
  if (!inPlace || expression === undefined) return;
  // `yq -i '.db.password = "'"$(op read …)"'"'`: what the shell put into the expression is a value computed at run
  // time, not the text `$(op read …)` (round 33).
  const expanded = input.unknown?.some((u) => u.value === expression) === true;
  const sets = setKeys(expanded ? expansionsComputed(expression) : expression, new Map(), files.env);
  for (const f of targets) if (f !== '-') add('write', f, 'yq -i', documentText(sets, writesJson(output, f)));
}

/** A dotted selector's steps (`tasks.search-setup`, dasel v1's `.tasks.search-setup`, `.repos.[0]`, `a.b[0]`). */
export function selectorSteps(selector: string): Step[] {
  return selector
    .split(/\.|(?=\[)/)
    .filter((s) => s !== '')
    .map((s): Step => {
      const index = /^\[(\d*)\]$/.exec(s);
      if (index !== null) return index[1] === '' ? -1 : Number(index[1]);
      return s.replace(/^\[?["']?|["']?\]?$/g, '');
    })
    .filter((s) => s !== '');
}
