// A program's own helper functions, put in where they are called (Python and JavaScript). Scripts an agent writes
// rarely call subprocess or child_process with the whole command at the call: they define `def aws(*args):
// subprocess.run(["aws", "--profile", "ops", *args])` or `const run = (cmd, args) => execFileSync(cmd, args)` once and
// call `aws("s3", "rm", url, "--recursive")` or `run('git', ['clean', '-fdx'])` (blind round 32: 8 of 27 misses). The
// call scan (one-liners.ts) reads only calls whose arguments are literals, so each call of a local helper is given
// to it as the helper's body with the parameters replaced by the call's argument texts — a small, bounded macro
// expansion, not an interpreter: what a parameter is bound to is its argument as written (a literal stays a literal,
// anything else stays a name the scan does not know), and no branch, loop or return value is followed.
import { opensString, readLiteral, type Language } from './one-liner-strings.js';

/** Helpers read per program, calls expanded per program, and characters of one helper's body. */
export const HELPER_LIMITS = { helpers: 16, expansions: 32, body: 4096, code: 65536 } as const;

interface Param {
  readonly name: string;
  /** `*args` / `...args`: takes every positional argument left. */
  readonly rest: boolean;
  /** The default's text, when there is one. */
  readonly fallback: string | undefined;
}

interface Helper {
  readonly name: string;
  readonly params: readonly Param[];
  /** The body, dedented (Python) or as written (JavaScript: a block or one expression). */
  readonly body: string;
  /** Where the definition starts and ends: calls inside it are the helper's own recursion, not read. */
  readonly from: number;
  readonly to: number;
  /** A method (`def run(self, …)`): called as `self.run(…)`. */
  readonly method: boolean;
}

/** A body worth expanding: one that runs, writes, copies, deletes or sends something (cheap pre-filter). */
const DOES_SOMETHING =
  /\b(?:subprocess|Popen|check_call|check_output|system|popen|run|call|exec\w*|spawn\w*|execa\w*|write\w*|open|copy\w*|rmtree|remove|unlink|rename|move|replace|rm\w*|urlopen|urlretrieve|requests|httpx|fetch|post|put|delete|to_csv|to_parquet|savefig|dump)\b|\$`/;

const IDENT = /[A-Za-z_$][\w$]*/y;
const isIdent = (c: number): boolean =>
  (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 95 || c === 36;

/**
 * Snippets to scan besides the code: for each call of a local helper whose arguments are known as text, the imports
 * of the code and the helper's body with the parameters put in. [] when the code defines no such helper (most
 * one-liners). Each snippet is scanned on its own, so a local name the body assigns (`cmd = [...]`) is assigned once.
 */
export function helperExpansions(code: string, language: Language): string[] {
  if ((language !== 'python' && language !== 'js') || code.length > HELPER_LIMITS.code) return [];
  const helpers = language === 'python' ? pythonHelpers(code) : jsHelpers(code);
  if (helpers.length === 0) return [];
  const preamble = imports(code, language);
  const out: string[] = [];
  let budget: number = HELPER_LIMITS.expansions;
  const expand = (text: string, offset: number, depth: number, inside: Helper | undefined): void => {
    for (const h of helpers) {
      if (h === inside) continue;
      for (const call of calls(text, h, language)) {
        if (budget <= 0) return;
        // the helper's own definition line, or a call inside its own body: not a use of it
        const at = offset + call.at;
        if (depth === 0 && at >= h.from && at < h.to) continue;
        budget--;
        const body = bind(h, call.args, language);
        if (body === undefined) continue;
        out.push(`${preamble}\n${body}\n`);
        // a helper calling another helper (`def deploy(env): helm("upgrade", env)`): one more level
        if (depth === 0) expand(body, -1, 1, h);
      }
    }
  };
  expand(code, 0, 0, undefined);
  return out;
}

/** The import lines of the code (module aliases the body's calls are named by). */
function imports(code: string, language: Language): string {
  const re =
    language === 'python'
      ? /^[ \t]*(?:import[ \t]+[\w., \t]+|from[ \t]+[\w.]+[ \t]+import[ \t]+(?:\([^)]*\)|[^\n]+))$/gm
      : /^[ \t]*(?:import[^\n;]*from[ \t]*['"][^'"\n]+['"]|(?:const|let|var)[^\n;=]*=[ \t]*(?:await[ \t]+)?(?:require|import)\([^)\n]*\))[^\n]*$/gm;
  return [...code.matchAll(re)].map((m) => m[0].trim()).join('\n');
}

/** Where the string literal that starts at `i` ends (a quote, or a Python prefix such as f" / r'); undefined when none
 * starts there (a letter inside a name, or a prefix with no quote after it). */
function literalEnd(code: string, i: number, language: Language): number | undefined {
  const c = code.charCodeAt(i);
  const prefix = language === 'python' && /[rbfuRBFU]/.test(code[i] as string);
  if (!opensString(language, c) && !prefix) return undefined;
  if (prefix && i > 0 && isIdent(code.charCodeAt(i - 1))) return undefined;
  const lit = readLiteral(code, i, language);
  return lit !== undefined && lit.end > i + 1 ? lit.end : undefined;
}

/** Splits a parameter or argument list at its top-level commas, skipping strings and brackets. */
export function splitTop(text: string, language: Language): string[] | undefined {
  const parts: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const literal = literalEnd(text, i, language);
    if (literal !== undefined) {
      i = literal - 1;
      continue;
    }
    if (c === 40 || c === 91 || c === 123) depth++;
    else if (c === 41 || c === 93 || c === 125) depth--;
    else if (c === 44 && depth === 0) {
      parts.push(text.slice(from, i).trim());
      from = i + 1;
    }
    if (depth < 0) return undefined;
  }
  const last = text.slice(from).trim();
  if (last !== '') parts.push(last);
  return parts;
}

function parseParams(text: string, language: Language): Param[] | undefined {
  const parts = splitTop(text.replace(/#[^\n]*/g, ''), language);
  if (parts === undefined) return undefined;
  const out: Param[] = [];
  for (const raw of parts) {
    if (raw === '*' || raw === '/' || raw.startsWith('**')) continue;
    const rest = raw.startsWith('*') || raw.startsWith('...');
    const [left, ...right] = raw.replace(/^\*|^\.\.\./, '').split('=');
    const name = (left ?? '').split(':')[0]?.trim() ?? '';
    // destructuring (`{ a, b }`, `[x]`) binds names the expansion cannot put in: not a helper it reads
    if (!/^[A-Za-z_$][\w$]*$/.test(name)) return undefined;
    out.push({ name, rest, fallback: right.length > 0 ? right.join('=').trim() : undefined });
  }
  return out;
}

/** Python `def NAME(params):` and the indented lines under it. */
function pythonHelpers(code: string): Helper[] {
  const out: Helper[] = [];
  const def = /^([ \t]*)(?:async[ \t]+)?def[ \t]+([A-Za-z_]\w*)[ \t]*\(([^)]*)\)[^:\n]*:[ \t]*([^\n#]*)/gm;
  for (let m = def.exec(code); m !== null && out.length < HELPER_LIMITS.helpers; m = def.exec(code)) {
    const indent = (m[1] as string).length;
    const params = parseParams(m[3] as string, 'python');
    if (params === undefined) continue;
    const inline = (m[4] as string).trim();
    let body: string;
    let to = m.index + m[0].length;
    if (inline !== '') body = inline;
    else {
      const lines: string[] = [];
      let at = code.indexOf('\n', to) + 1;
      while (at > 0 && at < code.length) {
        const end = code.indexOf('\n', at);
        const line = code.slice(at, end < 0 ? code.length : end);
        const lead = line.length - line.trimStart().length;
        if (line.trim() !== '' && lead <= indent) break;
        lines.push(line);
        to = end < 0 ? code.length : end;
        at = end < 0 ? -1 : end + 1;
        if (to - m.index > HELPER_LIMITS.body) break;
      }
      const margin = Math.min(...lines.filter((l) => l.trim() !== '').map((l) => l.length - l.trimStart().length));
      body = lines.map((l) => l.slice(Number.isFinite(margin) ? margin : 0)).join('\n');
    }
    if (!DOES_SOMETHING.test(body)) continue;
    const method = params[0]?.name === 'self' || params[0]?.name === 'cls';
    out.push({
      name: m[2] as string,
      params: method ? params.slice(1) : params,
      body,
      from: m.index,
      to,
      method,
    });
  }
  return out;
}

/** JavaScript `function NAME(params) {…}`, `const NAME = (params) => …` / `= async param => …` / `= function (…) {…}`. */
function jsHelpers(code: string): Helper[] {
  const out: Helper[] = [];
  const def =
    /(?:\bfunction[ \t]*\*?[ \t]*([A-Za-z_$][\w$]*)[ \t]*\(([^)]*)\)[ \t]*\{|\b(?:const|let|var)[ \t]+([A-Za-z_$][\w$]*)[ \t]*=[ \t]*(?:async[ \t]+)?(?:function[ \t]*\*?[ \t]*[\w$]*[ \t]*\(([^)]*)\)[ \t]*\{|\(([^)]*)\)[ \t]*=>[ \t]*|([A-Za-z_$][\w$]*)[ \t]*=>[ \t]*))/g;
  for (let m = def.exec(code); m !== null && out.length < HELPER_LIMITS.helpers; m = def.exec(code)) {
    const name = (m[1] ?? m[3]) as string;
    const params = parseParams((m[2] ?? m[4] ?? m[5] ?? m[6] ?? '') as string, 'js');
    if (params === undefined) continue;
    let start = m.index + m[0].length;
    // an arrow whose expression starts on the next line (`=>\n  execSync(cmd)`)
    if (!m[0].endsWith('{')) while (start < code.length && /\s/.test(code[start] as string)) start++;
    const block = m[0].endsWith('{') || code[start] === '{';
    const open = m[0].endsWith('{') ? start - 1 : start;
    const end = block ? closing(code, open, 'js') : expressionEnd(code, start);
    if (end === undefined || end - start > HELPER_LIMITS.body) continue;
    const body = code.slice(block ? open + 1 : start, block ? end - 1 : end);
    if (!DOES_SOMETHING.test(body)) continue;
    out.push({ name, params, body, from: m.index, to: end, method: false });
    def.lastIndex = Math.max(def.lastIndex, start);
  }
  return out;
}

/** Just past the bracket that closes the one at `open`, skipping strings; undefined when it does not close in time. */
export function closing(code: string, open: number, language: Language): number | undefined {
  let depth = 0;
  const limit = Math.min(code.length, open + HELPER_LIMITS.body + 2);
  for (let i = open; i < limit; i++) {
    const literal = literalEnd(code, i, language);
    if (literal !== undefined) {
      i = literal - 1;
      continue;
    }
    const c = code.charCodeAt(i);
    if (c === 40 || c === 91 || c === 123) depth++;
    else if (c === 41 || c === 93 || c === 125) {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return undefined;
}

/** Where an arrow function's expression body ends: a `;`, or a line end, at bracket depth 0. */
function expressionEnd(code: string, at: number): number | undefined {
  let depth = 0;
  const limit = Math.min(code.length, at + HELPER_LIMITS.body);
  for (let i = at; i < limit; i++) {
    const literal = literalEnd(code, i, 'js');
    if (literal !== undefined) {
      i = literal - 1;
      continue;
    }
    const c = code.charCodeAt(i);
    if (c === 40 || c === 91 || c === 123) depth++;
    else if (c === 41 || c === 93 || c === 125) {
      depth--;
      if (depth < 0) return i;
    } else if ((c === 59 || c === 10) && depth === 0) {
      // a line that ends inside the expression (`=>\n  execSync(…)` or an operator at its end) goes on
      if (c === 10 && /(?:=>|[,(+?:&|])\s*$/.test(code.slice(at, i))) continue;
      return i;
    }
  }
  return depth === 0 ? limit : undefined;
}

interface Call {
  readonly at: number;
  readonly args: readonly string[];
}

/** The calls of a helper in the text: `name(…)` (or `self.name(…)` for a method) with its arguments' texts. */
function calls(text: string, h: Helper, language: Language): Call[] {
  const out: Call[] = [];
  let from = 0;
  for (;;) {
    const at = text.indexOf(h.name, from);
    if (at < 0 || out.length >= HELPER_LIMITS.expansions) return out;
    from = at + h.name.length;
    if (at > 0 && isIdent(text.charCodeAt(at - 1))) continue;
    const before = text.slice(Math.max(0, at - 6), at);
    // `obj.name(` is another object's method; `def name(` / `function name(` the definition
    if (before.endsWith('.') && !(h.method && /\b(?:self|cls|this)\.$/.test(before))) continue;
    if (/\b(?:def|function)\s+$/.test(text.slice(Math.max(0, at - 10), at))) continue;
    IDENT.lastIndex = at;
    const ident = IDENT.exec(text);
    if (ident === null || ident[0] !== h.name) continue;
    let open = at + h.name.length;
    while (text[open] === ' ' || text[open] === '\t') open++;
    if (text[open] !== '(') continue;
    const end = closing(text, open, language);
    if (end === undefined) continue;
    const args = splitTop(text.slice(open + 1, end - 1), language);
    if (args !== undefined) out.push({ at, args });
    from = end;
  }
}

/** The helper's body with each parameter replaced by its argument's text (a rest parameter by the rest, as a list). */
function bind(h: Helper, args: readonly string[], language: Language): string | undefined {
  const positional: string[] = [];
  const named = new Map<string, string>();
  for (const a of args) {
    const kw = language === 'python' ? /^([A-Za-z_]\w*)\s*=(?!=)\s*([\s\S]*)$/.exec(a) : null;
    if (kw !== null) named.set(kw[1] as string, kw[2] as string);
    else positional.push(a);
  }
  const values = new Map<string, { text: string; list: string[] | undefined }>();
  let next = 0;
  for (const p of h.params) {
    if (p.rest) {
      values.set(p.name, { text: '', list: positional.slice(next) });
      next = positional.length;
    } else {
      const text = named.get(p.name) ?? positional[next++] ?? p.fallback;
      if (text !== undefined) values.set(p.name, { text, list: undefined });
    }
  }
  if (values.size === 0) return undefined;
  // replace identifiers outside strings and comments; `*args` / `...args` spread the rest, a bare rest is a list
  const body = h.body;
  let out = '';
  let i = 0;
  while (i < body.length) {
    const c = body.charCodeAt(i);
    const literal = literalEnd(body, i, language);
    if (literal !== undefined) {
      out += body.slice(i, literal);
      i = literal;
      continue;
    }
    if ((language === 'python' && c === 35) || (language === 'js' && c === 47 && body.charCodeAt(i + 1) === 47)) {
      const eol = body.indexOf('\n', i);
      i = eol < 0 ? body.length : eol;
      continue;
    }
    if (isIdent(c) && !(c >= 48 && c <= 57) && !(i > 0 && isIdent(body.charCodeAt(i - 1)))) {
      IDENT.lastIndex = i;
      const word = (IDENT.exec(body) as RegExpExecArray)[0];
      const v = values.get(word);
      const after = body.slice(i + word.length, i + word.length + 3);
      const member = i > 0 && body[i - 1] === '.' && body[i - 2] !== '.';
      // a keyword argument's name (`check=check`) or a property name is not the parameter
      if (v === undefined || member || (language === 'python' && /^\s*=(?!=)/.test(after))) {
        out += word;
        i += word.length;
        continue;
      }
      if (v.list !== undefined) {
        const spread = language === 'python' ? out.endsWith('*') && !out.endsWith('**') : out.endsWith('...');
        if (spread) out = out.slice(0, language === 'python' ? -1 : -3);
        out += spread ? v.list.join(', ') : `[${v.list.join(', ')}]`;
      } else out += `(${v.text})`.replace(/^\(([\s\S]*)\)$/, (all, inner: string) => (simple(inner) ? inner : all));
      i += word.length;
      continue;
    }
    out += body[i];
    i++;
  }
  return out;
}

/** A literal, a name or a list: put in without brackets around it (a call or an operator expression keeps them). */
const simple = (text: string): boolean =>
  /^(?:[rbfuRBFU]{0,2}(['"`])[\s\S]*\1|[A-Za-z_$][\w$.]*|\[[\s\S]*\]|-?\d[\w.]*)$/.test(text.trim());
