// A file an interpreter writes from a data structure (`json.dump(cfg, f)`, `fs.writeFileSync(p, JSON.stringify(c))`,
// `yaml.safe_dump(d, f)`, `config.write(f)` of a configparser): its content is computed, but the program's literal
// key–value pairs are what the serialiser puts in it. Read as the known lines of a text written in pieces, so a
// content rule sees `"secretKey": "sk_live_…"` whichever dict, object or assignment held it. An over-approximation by
// design: every literal pair of the program is taken for a line of the file (a pair the program did not serialise
// adds a line that is not there); a value that is a name, not a literal, is a computed piece.
import { COMPUTED_PIECE } from './computed-piece.js';
import { opensString, readLiteral, type Language } from './one-liner-strings.js';

/** A call that turns a data structure into a file's text: JSON, YAML, TOML, INI and property-list writers. */
const SERIALISER =
  /^(?:json\.dumps?|(?:yaml|ruamel\.yaml|YAML)\.(?:safe_)?(?:dump|stringify)|toml(?:kit|i_w)?\.dumps?|plistlib\.dumps?|JSON\.(?:stringify|generate|pretty_generate)|\w+\.to_(?:json|yaml|toml)|TOML\.stringify|encode_json|to_json)\s*\(/;

/** Whether an argument's code starts with a serialiser call (`json.dumps(cfg, indent=2)`, `JSON.stringify(c)`). */
export const isSerialised = (argument: string): boolean => SERIALISER.test(argument.trimStart());

/** How many pairs one program contributes at most: the content stays small whatever the program. */
const MAX_PAIRS = 64;

interface Literal {
  readonly start: number;
  readonly end: number;
  readonly value: string | undefined;
}

/** The program's string literals, in order (one linear scan, strings skipped as the interpreters read them). */
function literals(code: string, language: Language): Literal[] {
  const out: Literal[] = [];
  for (let i = 0; i < code.length && out.length < MAX_PAIRS * 4; i++) {
    const c = code.charCodeAt(i);
    // A comment to the end of the line, so a quote in it does not open a string.
    if (c === 35 && language !== 'js') {
      const nl = code.indexOf('\n', i);
      if (nl === -1) break;
      i = nl;
      continue;
    }
    if (c === 47 && language === 'js' && code.charCodeAt(i + 1) === 47) {
      const nl = code.indexOf('\n', i);
      if (nl === -1) break;
      i = nl;
      continue;
    }
    if (
      !opensString(language, c) &&
      !(language === 'python' && /[rRbBuU]/.test(code[i] ?? '') && /['"]/.test(code[i + 1] ?? ''))
    )
      continue;
    // A prefix letter is a string's only when it does not end a longer name (`br'…'` yes, `sub'…'` no).
    if (language === 'python' && c !== 34 && c !== 39 && /\w/.test(code[i - 1] ?? '')) continue;
    const lit = readLiteral(code, i, language);
    if (lit === undefined) continue;
    out.push({ start: i, end: lit.end, value: lit.value });
    i = lit.end - 1;
  }
  return out;
}

/** What stands before a value: a quoted key and `:`, a subscript `['k'] =`, or a name and `:`/`=` (not `==`). */
const QUOTED_KEY_GAP = /^\s*(?::|\]\s*=)\s*$/;
const NAME_KEY_GAP = /(?:^|[^\w$])([A-Za-z_$][\w$]*)\s*(?::|(?<![=!<>])=(?!=))\s*$/;
/** A value that is a name (`'auth': token`, `password: process.env.X`): computed at run time. */
const NAME_VALUE = /^\s*[A-Za-z_$][\w$.[\]'"]*/;

/** Whether the line holding `at` gives a name a value (`auth = …`, `const t = …`), not a call's arguments alone. */
function assigned(code: string, at: number): boolean {
  const start = code.lastIndexOf('\n', at - 1) + 1;
  return ASSIGNMENT.test(code.slice(start, at));
}
const ASSIGNMENT = /^\s*(?:(?:const|let|var)\s+)?[A-Za-z_$][\w$]*\s*=(?!=)/;

/**
 * The text a serialiser writes from the program's data, as known lines among a computed piece: one `"key": "value"`
 * line per literal pair (a name's value a computed piece). Undefined when the program holds no such pair.
 */
export function serialisedPairs(code: string, language: Language): string | undefined {
  const lits = literals(code, language);
  const lines: string[] = [];
  const loose: string[] = [];
  const line = (key: string, value: string | undefined): void => {
    if (lines.length < MAX_PAIRS)
      lines.push(`${JSON.stringify(key)}: ${value === undefined ? COMPUTED_PIECE : JSON.stringify(value)}`);
  };
  for (let n = 0; n < lits.length; n++) {
    const lit = lits[n] as Literal;
    const prev = lits[n - 1];
    const gapBefore = code.slice(prev?.end ?? Math.max(0, lit.start - 200), lit.start);
    if (prev?.value !== undefined && QUOTED_KEY_GAP.test(gapBefore)) {
      if (lit.value !== undefined) line(prev.value, lit.value);
      continue;
    }
    const named = NAME_KEY_GAP.exec(gapBefore);
    if (named !== null && lit.value !== undefined) {
      line(named[1] as string, lit.value);
      continue;
    }
    if (lit.value === undefined) continue;
    // `'auth': token,` — a quoted key whose value is a name.
    const after = code.slice(lit.end, lit.end + 120);
    const colon = /^\s*:\s*/.exec(after);
    const next = lits[n + 1];
    const valueAt = colon === null ? -1 : lit.end + colon[0].length;
    if (colon !== null && (next === undefined || next.start !== valueAt) && NAME_VALUE.test(code.slice(valueAt)))
      line(lit.value, undefined);
    // A literal in a value given to a name may reach the file through that name or an encoding
    // (`auth = b64encode(b'user:ghp_…').decode()`): its own line, so a credential in it is still seen.
    else if (colon === null && lit.value.trim() !== '' && loose.length < MAX_PAIRS && assigned(code, lit.start))
      loose.push(lit.value);
  }
  if (lines.length === 0) return undefined;
  return `${COMPUTED_PIECE}\n${lines.join('\n')}\n${loose.map((l) => `${l}\n`).join('')}`;
}
