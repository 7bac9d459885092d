// What jq and yq put into the document they print (or, with yq -i, write back) when their filter sets keys to values:
// `jq --arg k "$KEY" '.stripe.secretKey = $k' config/app.json > tmp`, `yq -i '.db.password = strenv(DB_PASSWORD)'
// config/app.yaml`. The rest of the document is not known, so the text is the set keys' lines among a computed piece
// (computed-piece.ts): a content rule sees `"secretKey": "sk_live_…"` where the key was set, and the ledger keeps the
// file as one with known lines, not as a file holding only them.
import { COMPUTED_PIECE } from './computed-piece.js';
import type { AddEffect, EffectInput, FileAccess } from './programs/declaration.js';

/** A variable of the program's environment: its value, null when it is not set, undefined when not known. */
type Env = (name: string) => string | null | undefined;

/** One key the filter sets, and its value (COMPUTED_PIECE when computed at run time or not known). */
interface SetKey {
  readonly key: string;
  readonly value: string;
}

/** Bound on the assignments read from one filter: a hostile filter cannot make the scan expensive. */
const MAX_SETS = 32;

// `.a.b`, `.a["b-c"]`, `.a."b"`, `.["x"]` — then `=` or `|=`, then a value this module can know.
const PATH = String.raw`(?:\.(?:[A-Za-z_][\w-]*|"(?:[^"\\]|\\.)*")|\.?\[\s*"(?:[^"\\]|\\.)*"\s*\])+`;
const VALUE = String.raw`"(?:[^"\\]|\\.)*"|\$ENV\s*\.\s*[A-Za-z_]\w*|\$ENV\s*\[\s*"\w+"\s*\]|\$[A-Za-z_]\w*|env\s*\.\s*[A-Za-z_]\w*|(?:str)?env\(\s*"?[A-Za-z_]\w*"?\s*\)`;
const ASSIGNMENT = new RegExp(`(?:^|[\\s|(,;])(${PATH})\\s*\\|?=\\s*(${VALUE})`, 'g');
const LAST_KEY = /(?:\.([A-Za-z_][\w-]*)|\.?"((?:[^"\\]|\\.)*)"|\[\s*"((?:[^"\\]|\\.)*)"\s*\])$/;

/** The keys a jq/yq filter sets to a literal, an argument or an environment variable, in order. */
export function setKeys(filter: string, args: ReadonlyMap<string, string>, env: Env | undefined): SetKey[] {
  const out: SetKey[] = [];
  ASSIGNMENT.lastIndex = 0;
  for (let m = ASSIGNMENT.exec(filter); m !== null && out.length < MAX_SETS; m = ASSIGNMENT.exec(filter)) {
    const last = LAST_KEY.exec(m[1] as string);
    const key = last === null ? undefined : (last[1] ?? unquote(`"${last[2] ?? last[3]}"`));
    if (key === undefined) continue;
    out.push({ key, value: assignedValue(m[2] as string, args, env) });
  }
  return out;
}

function assignedValue(written: string, args: ReadonlyMap<string, string>, env: Env | undefined): string {
  if (written.startsWith('"')) {
    // A string with an interpolation (`"\(.x)"`) is computed.
    return written.includes('\\(') ? COMPUTED_PIECE : (unquote(written) ?? COMPUTED_PIECE);
  }
  const name = /(\w+)"?\s*\)?\s*\]?$/.exec(written)?.[1] as string;
  const fromEnv = /^(\$ENV|env|strenv)/.test(written);
  const value = fromEnv ? env?.(name) : args.get(name);
  // An argument the shell could not expand keeps its spelling (`--arg k "$(cat key)"`): a value computed at run time.
  return typeof value === 'string' && !(!fromEnv && AS_WRITTEN.test(value)) ? value : COMPUTED_PIECE;
}

/** A word's value that is still its spelling: a substitution or a reference the shell expands. */
const AS_WRITTEN = /\$[({A-Za-z_]|`/;

function unquote(text: string): string | undefined {
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === 'string' ? v : undefined;
  } catch (error) {
    void error; // not a JSON string: not known
    return undefined;
  }
}

/** The document text: the set keys' lines, JSON or YAML, after a computed piece standing for the rest. */
function documentText(sets: readonly SetKey[], json: boolean): string | undefined {
  if (sets.length === 0) return undefined;
  const line = ({ key, value }: SetKey): string => {
    const v = value === COMPUTED_PIECE ? value : JSON.stringify(value);
    return json ? `${JSON.stringify(key)}: ${v}` : `${/^[\w-]+$/.test(key) ? key : JSON.stringify(key)}: ${v}`;
  };
  return `${COMPUTED_PIECE}\n${sets.map(line).join('\n')}\n`;
}

/** jq's words: its filter, its named arguments (--arg, --argjson of a string), its input files. */
function jqWords(argv: readonly string[]): { filter?: string; args: Map<string, string>; files: string[] } {
  const args = new Map<string, string>();
  const operands: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === '--arg' || a === '--argjson') {
      const [name, value] = [argv[i + 1], argv[i + 2]];
      i += 2;
      if (name === undefined || value === undefined) continue;
      args.set(name, a === '--arg' ? value : (unquote(value) ?? value));
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

/** What `jq` prints when its filter sets keys and the rest of its input is not known: for a redirect's content. */
export function jqSetOutput(argv: readonly string[], env: Env | undefined): string | undefined {
  const { filter, args } = jqWords(argv);
  return filter === undefined ? undefined : documentText(setKeys(filter, args, env), true);
}

// mikefarah's yq: `yq [eval|e|eval-all|ea] [flags] EXPRESSION [files]`.
const YQ_COMMANDS = new Set(['eval', 'e', 'eval-all', 'ea']);
/** yq's options that take a value (its declaration in programs/printers.ts lists them too). */
export const YQ_VALUE_OPTION_NAMES = [
  ...['-o', '--output-format', '-p', '--input-format', '-I', '--indent', '-s', '--split-exp', '--from-file'],
  ...['--expression', '--xml-attribute-prefix', '--xml-content-name', '--lua-prefix'],
] as const;
const YQ_VALUE_OPTIONS: ReadonlySet<string> = new Set(YQ_VALUE_OPTION_NAMES);

/** yq's words: the expression, the files, whether it edits them in place and whether it writes JSON. */
function yqWords(argv: readonly string[]): { expression?: string; files: string[]; inPlace: boolean; json: boolean } {
  const operands: string[] = [];
  let inPlace = false;
  let json = false;
  let expression: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    const [option, attached] =
      a.startsWith('--') && a.includes('=')
        ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)]
        : [a, undefined];
    if (option === '-i' || option === '--inplace') inPlace = true;
    else if (YQ_VALUE_OPTIONS.has(option)) {
      const value = attached ?? argv[++i];
      if (option === '--from-file') return { files: [], inPlace, json };
      if (option === '--expression') expression = value;
      if ((option === '-o' || option === '--output-format') && /^j(son)?$/.test(value ?? '')) json = true;
    } else if (/^-o=?j(son)?$/.test(a)) json = true;
    else if (/^-[a-zA-Z]+$/.test(a)) {
      if (a.includes('i')) inPlace = true;
      if (a.includes('j')) json = true;
    } else if (!a.startsWith('-') || a === '-') operands.push(a);
  }
  if (YQ_COMMANDS.has(operands[0] ?? '')) operands.shift();
  if (expression === undefined) expression = operands.shift();
  return { expression, files: operands, inPlace, json };
}

/** What `yq` prints (without -i) when its expression sets keys: for a redirect's content. */
export function yqSetOutput(argv: readonly string[], env: Env | undefined): string | undefined {
  const { expression, inPlace, json } = yqWords(argv);
  if (expression === undefined || inPlace) return undefined;
  return documentText(setKeys(expression, new Map(), env), json);
}

/** `yq -i EXPR FILE…` writes each file back, with the keys its expression sets. */
export function yqEffects(input: EffectInput, add: AddEffect, _stdin: string | undefined, files: FileAccess): void {
  const { expression, files: targets, inPlace, json } = yqWords(input.argv);
  if (!inPlace || expression === undefined) return;
  const text = documentText(setKeys(expression, new Map(), files.env), json);
  for (const f of targets) if (f !== '-') add('write', f, 'yq -i', text);
}
