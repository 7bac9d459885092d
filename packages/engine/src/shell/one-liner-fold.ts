// Paths a one-liner assembles from literals, folded into one literal before the call scan (one-liners.ts) reads it:
// `os.path.join('data', 'raw', 'a.csv')`, `Path('data', 'raw')`, `Path('data') / 'raw' / 'a.csv'`, `'data/' + 'raw'`,
// Node's `path.join(…)`/`path.resolve(…)`. Python writes paths this way far more often than as one string, and the
// call it is handed to (`os.remove(…)`, `.unlink()`, `fs.rmSync(…)`) reads only a literal. Anything not made of
// literals alone is left as written (unknown to the scan, as before). One forward scan: the output is never longer
// than the code plus a few quotes per fold, and each character is read a bounded number of times.
import { replacedNames } from './one-liner-replaced.js';
import { opensString, PIECE, partialLiteral, readLiteral, type Language } from './one-liner-strings.js';

/** A path part the engine cannot know, as a shell path keeps an unset variable (the rules read it as unknown). */
const UNKNOWN_PART = '$__one_liner_value';

/** Calls that join their literal arguments with `/`, by language; `Path`-like constructors stay a call. */
const JOINS: Readonly<Partial<Record<Language, RegExp>>> = {
  python: /^(?:os\.path|posixpath)\.join\(/,
  js: /^(?:path|path\.posix|require\(\s*['"](?:node:)?path['"]\s*\))\.(?:join|resolve)\(/,
};
const PATH_CLASSES = /^(?:pathlib\.)?(?:Pure|Posix|PurePosix)?Path\(/;

const isIdent = (c: number): boolean =>
  (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 95 || c === 36 || c === 46;
const isSpace = (c: number): boolean => c === 32 || c === 9 || c === 10 || c === 13;

/** A value as a literal the scan reads back unchanged (single quotes; backslash, quote and line ends escaped). */
export const quote = (value: string): string =>
  `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n').replace(/\r/g, '\\r')}'`;

/** `a/b` joined as a path join does: a later absolute part starts again, empty parts add nothing. */
function joinParts(parts: readonly string[]): string {
  let out = '';
  for (const p of parts) {
    if (p.startsWith('/')) out = p;
    else if (p === '') continue;
    else out = out === '' || out.endsWith('/') ? `${out}${p}` : `${out}/${p}`;
  }
  return out;
}

/** The code with literal-only path assemblies folded; the code itself when there is none (most one-liners). */
export function foldPaths(given: string, language: Language): string {
  if (language !== 'python' && language !== 'js' && language !== 'ruby') return given;
  // A text changed by a literal replacement, then written whole: it holds that literal (one-liner-replaced.ts).
  const written = replacedNames(given, language);
  if (language === 'ruby') return rubyPaths(written);
  // Literal assemblies first (`netrc = Path.home() / '.netrc'` is then `netrc = Path('~/.netrc')`, a name for a path),
  // then names put in, then the assemblies those made (`os.path.join(base, 'x')` with base given a literal).
  const source = fold(
    loopGlobs(
      loopLists(homeSpelled(dedentCalls(pythonAliasesSpelled(written, language), language), language), language),
      language,
    ),
    language,
  );
  // Names given one literal (`p = 'src/x.py'`, `const p = "…"`) stand for it where they are read (`open(p, 'w')`).
  const code = /(?:^|[\s;])[A-Za-z_]\w*\s*=\s*(?:['"`[]|[fF][rR]?['"]|(?:pathlib\.)?Path\()/.test(source)
    ? putInNames(source, language)
    : source;
  return code === source ? code : fold(code, language);
}

/**
 * Ruby's paths held in a name (round 33: `path = File.expand_path("~/.gem/credentials")`, then `File.write(path, …)`):
 * `File.expand_path`/`File.join` of literals are the literal path, and a name given one literal stands for it where
 * it is read, as in Python and JavaScript.
 */
function rubyPaths(code: string): string {
  if (!/\bFile\.(?:expand_path|join)\s*\(|^\s*[a-z_]\w*\s*=\s*["']/m.test(code)) return code;
  const folded = code
    .replace(/\bFile\.expand_path\(\s*("[^"\\#]*"|'[^'\\]*')\s*\)/g, '$1')
    .replace(
      /\bFile\.join\(\s*((?:(?:"[^"\\#]*"|'[^'\\]*')\s*,\s*){1,7}(?:"[^"\\#]*"|'[^'\\]*'))\s*\)/g,
      (_all, args: string) =>
        JSON.stringify([...args.matchAll(/"([^"]*)"|'([^']*)'/g)].map((m) => m[1] ?? m[2]).join('/')),
    );
  return /(?:^|[\s;])[A-Za-z_]\w*\s*=\s*['"]/.test(folded) ? putInNames(folded, 'ruby') : folded;
}

/**
 * Python's path modules imported under another name, spelled by their own (`import pathlib as p; p.Path('x')` →
 * `pathlib.Path('x')`, `from pathlib import Path as P` → `Path(`, `import os.path as osp` → `os.path.`), so the
 * folds below and the call table read them (blind round 24). At most eight aliases; the code itself when none.
 */
function pythonAliasesSpelled(code: string, language: Language): string {
  if (language !== 'python') return code;
  // import pathlib as p: `p.` is `pathlib.`; from os import path as osp: `osp.` is `os.path.`; from pathlib import
  // Path as P: `P(` is `Path(`
  return spellAliases(code, PY_ALIAS, (m) =>
    m[1] !== undefined ? [m[2], '\\.', m[1]] : m[3] === 'path' ? [m[4], '\\.', 'os.path'] : [m[4], '\\(', m[3]],
  );
}

/**
 * Python code with every module imported under another name spelled by its own (`import requests as r; r.post(…)` →
 * `requests.post(…)`, `from subprocess import run as go; go(…)` → `run(…)`), for rules that read the code as text;
 * undefined when it imports none that way.
 */
export function modulesSpelled(code: string): string | undefined {
  const out = spellAliases(code, ANY_ALIAS, (m) => (m[1] !== undefined ? [m[2], '\\.', m[1]] : [m[4], '[.(]', m[3]]));
  return out === code ? undefined : out;
}

/**
 * Code with the names it imported under another name spelled by their own, in Python (modulesSpelled) and in
 * JavaScript/TypeScript (`import { expect as e } from 'vitest'` → `expect(`, `import { Octokit as GH }` → `Octokit(`,
 * `const { Octokit: GH } = require('@octokit/rest')`): what a rule on written code reads besides the code as written
 * (blind round 25). Undefined when nothing is imported that way.
 */
export function importsSpelled(code: string): string | undefined {
  const python = modulesSpelled(code) ?? code;
  const js = spellAliases(python, JS_ALIAS, (m) => [m[2] ?? m[4], '[(.<]', m[1] ?? m[3]], JS_IMPORTS);
  return js === code ? undefined : js;
}
// `import { a as b, … } from` / `export { a as b } from`: a name then `as` inside braces closed before `from`; `{ a: b
// } = require(`/`= await import(`: a destructured name given another.
/** What code must hold to import a name under another: `as` (an import list), or a require()/import() to destructure. */
const JS_IMPORTS = /\bas[ \t]|\brequire\s*\(|\bimport\s*\(/;
const JS_ALIAS =
  /\b([A-Za-z_$][\w$]*)[ \t]+as[ \t]+([A-Za-z_$][\w$]*)(?=[^{};]*\}[ \t]*from\b)|\b([A-Za-z_$][\w$]*)[ \t]*:[ \t]*([A-Za-z_$][\w$]*)(?=[^{};]*\}[ \t]*=[ \t]*(?:await[ \t]+)?(?:require|import)\()/g;

/**
 * The code with each alias an import pattern finds replaced by its module's own name where it is used (before the
 * character `next` names): at most eight aliases, read from the first 16 KiB; an alias that is the name itself, or
 * its first part, is left alone.
 */
function spellAliases(
  code: string,
  imports: RegExp,
  spelling: (m: RegExpMatchArray) => readonly [alias: string | undefined, next: string, name: string | undefined],
  /** What the code must hold for the imports to have any alias (a cheap test before the scan). */
  marker: RegExp = /\bas[ \t]/,
): string {
  if (!marker.test(code)) return code;
  let out = code;
  let n = 0;
  for (const m of code.slice(0, 16_384).matchAll(imports)) {
    if (++n > 8) break;
    const [alias, next, name] = spelling(m);
    if (alias === undefined || name === undefined || name === alias || name.startsWith(`${alias}.`)) continue;
    out = out.replace(new RegExp(`(?<![\\w.$])${alias.replace(/\$/g, '\\$')}(?=${next})`, 'g'), name);
  }
  return out;
}
const ANY_ALIAS =
  /(?<![\w.])(?:import[ \t]+([A-Za-z_][\w.]*)[ \t]+as[ \t]+(\w+)|from[ \t]+[\w.]+[ \t]+import[ \t]+(\w+)[ \t]+as[ \t]+(\w+))/g;

const PY_ALIAS =
  /(?:^|[;\n])[ \t]*(?:import[ \t]+(pathlib|os\.path|os|shutil)[ \t]+as[ \t]+(\w+)|from[ \t]+(?:pathlib|os)[ \t]+import[ \t]+(Path|PurePath|PosixPath|path)[ \t]+as[ \t]+(\w+))/g;

/**
 * A Python loop over the files a glob finds (`for p in sorted(Path('src').rglob('*.ts')):`, `for f in
 * glob.glob('data/raw/*.csv'):`): the loop's name stands for every one of them, so it is given that glob as its path
 * (rglob's with a globstar before the pattern), and `p.write_text(…)`, `p.unlink()` or `os.remove(f)` in the body then
 * read as a write or a delete of those files, their names unknown as a shell glob's are.
 */
function loopGlobs(code: string, language: Language): string {
  if (language !== 'python' || !code.includes('glob(')) return code;
  return code.replace(LOOP_GLOB, (all, indent: string, name: string, ...m: (string | undefined)[]) => {
    const [, dir, how, , pattern, , globbed] = m as string[];
    if (globbed !== undefined) return `${indent}${name} = ${quote(globbed)}`;
    if (dir === undefined || pattern === undefined || /['"\\]/.test(dir + pattern)) return all;
    const base = dir === '' || dir === '.' ? '' : `${dir.replace(/\/+$/, '')}/`;
    return `${indent}${name} = Path(${quote(`${base}${how === 'rglob' ? '**/' : ''}${pattern}`)})`;
  });
}
const LOOP_GLOB =
  /^([ \t]*)for[ \t]+([A-Za-z_]\w*)[ \t]+in[ \t]+(?:sorted\()?[ \t]*(?:(?:pathlib\.)?Path\([ \t]*(['"])([^'"\n]*)\3[ \t]*\)[ \t]*\.[ \t]*(r?glob)\([ \t]*(['"])([^'"\n]*)\6[ \t]*\)|glob\.i?glob\([ \t]*(['"])([^'"\n]*)\8[^)\n]*\))[ \t]*\)?[ \t]*:/gm;

/**
 * A Python loop over a list of string literals (`for folder in ['data/interim', 'data/raw']:`, or over a name
 * assigned that list once: `MODULES = ['cart', 'orders']` … `for mod in MODULES:`), unrolled: its body once per
 * item, the loop's name read as that literal (in an f-string, `{mod}` as its text) and each name the body assigns
 * numbered per turn (`p` → `p_1`), so `shutil.rmtree(folder)` and `p = Path(f'tests/test_{mod}.py'); p.write_text(…)`
 * read as the calls each turn makes. A body with `break` or `continue`, more than 16 items, or a body longer than
 * 2,000 characters is left as written.
 */
function loopLists(code: string, language: Language): string {
  if (language !== 'python' || !/\bfor\b[^\n]*\bin\b/.test(code)) return code;
  let out = '';
  let copied = 0;
  for (const m of code.matchAll(LOOP_LIST)) {
    if (m.index < copied) continue;
    const [all, indent, name, source] = m as unknown as [string, string, string, string];
    const items = literalItems(/^[A-Za-z_]\w*$/.test(source) ? assignedOnce(code, source, language) : source, language);
    if (items === undefined || items.length === 0 || items.length > 16) continue;
    const start = m.index + all.length;
    const lines: string[] = [];
    for (const line of code.slice(start).split('\n')) {
      if (line.trim() !== '' && (/^[ \t]*/.exec(line)?.[0].length ?? 0) <= indent.length) break;
      lines.push(line);
    }
    while (lines.length > 0 && lines[lines.length - 1]?.trim() === '') lines.pop();
    const body = lines.join('\n');
    if (body.trim() === '' || body.length > 2000 || /\b(?:break|continue)\b/.test(body)) continue;
    const inner = /^[ \t]*/.exec(lines.find((l) => l.trim() !== '') ?? '')?.[0] ?? '';
    const assigned = new Set([...body.matchAll(/^[ \t]*([A-Za-z_]\w*)[ \t]*=(?!=)/gm)].map((a) => a[1] as string));
    const turns = items.map((item, k) => {
      let b = lines.map((l) => (l.startsWith(inner) ? indent + l.slice(inner.length) : l)).join('\n');
      b = b.replace(new RegExp(`\\{${name}\\}`, 'g'), item.replace(/[{}]/g, (c) => c + c).replace(/\$/g, '$$$$'));
      b = b.replace(new RegExp(`(?<![\\w.'"])${name}(?![\\w'"]|\\s*=(?!=))`, 'g'), quote(item).replace(/\$/g, '$$$$'));
      for (const a of assigned)
        if (a !== name) b = b.replace(new RegExp(`(?<![\\w.])${a}(?!\\w)`, 'g'), `${a}_${k + 1}`);
      // an f-string left with nothing to put in is a plain literal (`Path(f'tests/test_cart.py')`, a path's value)
      return b.replace(/(?<![\w])[fF](?=(['"])[^'"{}\n\\]*\1)/g, '');
    });
    out += code.slice(copied, m.index) + turns.join('\n');
    copied = start + body.length;
  }
  return copied === 0 ? code : out + code.slice(copied);
}
const LOOP_LIST =
  /^([ \t]*)for[ \t]+([A-Za-z_]\w*)[ \t]+in[ \t]+(\[[^\]\n]*\]|\([^)\n]*\)|[A-Za-z_]\w*)[ \t]*:[ \t]*(?:#[^\n]*)?\n/gm;

/** The text of a list or tuple assigned to `name` exactly once at the start of a line; undefined otherwise. */
function assignedOnce(code: string, name: string, language: Language): string | undefined {
  const found = [...code.matchAll(new RegExp(`^[ \\t]*${name}[ \\t]*(?:=(?!=)|\\+=)[ \\t]*`, 'gm'))];
  if (found.length !== 1 || found[0]?.[0].includes('+=')) return undefined;
  const at = (found[0]?.index ?? 0) + (found[0]?.[0].length ?? 0);
  return code.charCodeAt(at) === 91 ? listText(code, at, language) : /^\([^)\n]*\)/.exec(code.slice(at))?.[0];
}

/** The items of `['a', "b"]` or `('a', 'b')` when each is a plain string literal; undefined otherwise. */
function literalItems(text: string | undefined, language: Language): string[] | undefined {
  if (text === undefined) return undefined;
  const inner = text.trim().slice(1, -1);
  const items: string[] = [];
  let i = 0;
  while (i < inner.length) {
    while (i < inner.length && /[\s,]/.test(inner[i] as string)) i++;
    if (i >= inner.length) break;
    const literal = readLiteral(inner, i, language);
    if (literal?.value === undefined) return undefined;
    items.push(literal.value);
    i = literal.end;
    while (i < inner.length && /[ \t\n]/.test(inner[i] as string)) i++;
    if (i < inner.length && inner[i] !== ',') return undefined;
  }
  return items;
}

/** One pass of the literal assemblies' folding; `(Path('x'))` is then `Path('x')` (a receiver again). */
function fold(code: string, language: Language): string {
  // Cheap test first: no join call, no Path, no `+` or `/` next to a quote: nothing to fold.
  if (!/join\(|resolve\(|Path\(|['"]\s*\+|\+\s*['"]|\)\s*\/\s*['"]/.test(code)) return code;
  const folded = new Folder(code, language).run();
  return language === 'python'
    ? folded.replace(/(?<![\w)\].])\(\s*((?:pathlib\.)?Path\(\s*(?:'[^'\\\n]*'|"[^"\\\n]*")\s*\))\s*\)/g, '$1')
    : folded;
}

/**
 * The home folder as the code asks for it, spelled `~` so the path folds like any other (and reads as the human's
 * home): Python's `Path.home()` → `Path('~')`, `os.path.expanduser('~/x')` → `'~/x'`, `.joinpath('x')` → `/ 'x'`;
 * Node's `os.homedir()` → `'~'`. The code itself when it names none (most one-liners).
 */
/**
 * Python's `textwrap.dedent('''…''')` and `inspect.cleandoc(…)` of one plain literal are that literal with its common
 * indentation taken off: a file's text written so (a dbt profile, a config kept in the script) is known like any literal
 * (blind round 32). Any other argument is left as written. The code itself when it has none.
 */
function dedentCalls(code: string, language: Language): string {
  if (language !== 'python' || !/\b(?:dedent|cleandoc)\(/.test(code)) return code;
  let out = '';
  let copied = 0;
  const call = /\b(textwrap\.|inspect\.)?(dedent|cleandoc)\(\s*/g;
  for (let m = call.exec(code); m !== null; m = call.exec(code)) {
    // another object's dedent (`x.dedent(`) is not textwrap's
    if (m[1] === undefined && m.index > 0 && code[m.index - 1] === '.') continue;
    const at = m.index + m[0].length;
    const literal = readLiteral(code, at, language);
    if (literal?.value === undefined) continue;
    const close = /^\s*\)/.exec(code.slice(literal.end));
    if (close === null) continue;
    const text = m[2] === 'cleandoc' ? cleandoc(literal.value) : dedent(literal.value);
    out += code.slice(copied, m.index) + quote(text);
    copied = literal.end + close[0].length;
    call.lastIndex = copied;
  }
  return copied === 0 ? code : out + code.slice(copied);
}

/** textwrap.dedent: the whitespace every non-blank line starts with, taken off each line. */
function dedent(text: string): string {
  const lines = text.split('\n');
  const margins = lines.filter((l) => l.trim() !== '').map((l) => (/^[ \t]*/.exec(l) as RegExpExecArray)[0]);
  let common = margins[0] ?? '';
  for (const m of margins) while (!m.startsWith(common)) common = common.slice(0, -1);
  return lines.map((l) => (l.trim() === '' ? '' : l.slice(common.length))).join('\n');
}

/** inspect.cleandoc: the first line stripped, the rest dedented, blank lines at either end removed. */
function cleandoc(text: string): string {
  const [first = '', ...rest] = text.split('\n');
  const lines = [first.trim(), ...dedent(rest.join('\n')).split('\n')];
  while (lines.length > 0 && (lines[0] as string).trim() === '') lines.shift();
  while (lines.length > 0 && (lines.at(-1) as string).trim() === '') lines.pop();
  return lines.join('\n');
}

function homeSpelled(code: string, language: Language): string {
  if (language === 'python') {
    if (!/home\(\)|expanduser\(|joinpath\(/.test(code)) return code;
    return code
      .replace(/\b(?:pathlib\.)?Path\.home\(\s*\)/g, "Path('~')")
      .replace(/\bos\.path\.expanduser\(\s*('[^'\\\n]*'|"[^"\\\n]*")\s*\)/g, '$1')
      .replace(/\.joinpath\(\s*('[^'\\\n]*'|"[^"\\\n]*")\s*\)/g, ' / $1');
  }
  // `import { join } from 'node:path'` (or a destructuring require): a bare join(…)/resolve(…) is path's.
  // (bounded: imports come first, a brace list is short; hostile code without `path'` is not searched at all)
  const imported =
    /path['"]/.test(code) &&
    /\{[^{}]{0,300}\}\s*(?:from\s*|=\s*require\(\s*)['"](?:node:)?path['"]/
      .exec(code.slice(0, 16_384))?.[0]
      .match(/\b(?:join|resolve)\b/) != null;
  const joined = imported ? code.replace(/(?<![\w$.])(join|resolve)\(/g, 'path.$1(') : code;
  if (!joined.includes('homedir(')) return joined;
  return (
    joined
      .replace(/(?:\b(?:os|require\(\s*['"](?:node:)?os['"]\s*\))\.)?\bhomedir\(\s*\)/g, "'~'")
      // inside a template literal (`${os.homedir()}/.npmrc`) the home is the text itself (round 52)
      .replace(/\$\{\s*'~'\s*\}/g, '~')
  );
}

/** A Python path object made of one literal, as a name's value: `Path('x')`, `pathlib.Path("x")`. */
const PATH_VALUE = /^(?:pathlib\.)?Path\(\s*(?:'[^'\\\n]*'|"[^"\\\n]*")\s*\)(?=[ \t]*(?:[;\n\r#]|$))/;

/** A name joined with literals, as a name's value: `RAW / 'transactions.csv'`, `ROOT / "raw" / "2024"`. */
const PATH_JOIN = /^([A-Za-z_]\w*)((?:[ \t]*\/[ \t]*(?:'[^'\\\n]*'|"[^"\\\n]*"))*)(?=[ \t]*(?:[;\n\r#]|$))/;

/** The literal a path value holds (`Path("docs/adr")` → docs/adr); its quotes hold no backslash (PATH_VALUE). */
const pathLiteral = (value: string): string | undefined =>
  /\(\s*(?:'([^']*)'|"([^"]*)")/
    .exec(value)
    ?.slice(1)
    .find((v) => v !== undefined);

/**
 * The names bound once to a join of another such name (`OUT = RAW / 'tx.csv'`, RAW bound once to `Path('data/raw')`)
 * given that path (`Path('data/raw/tx.csv')`), in `paths`; a join of a join is followed as far as the joins go.
 */
function resolveJoins(
  joins: ReadonlyMap<string, RegExpExecArray | undefined>,
  paths: Map<string, string | undefined>,
): void {
  // INVARIANT: each round resolves at least one more name or stops, so at most joins.size rounds.
  for (let round = 0; round < joins.size; round++) {
    let resolved = false;
    for (const [name, join] of joins) {
      if (join === undefined || paths.get(name) !== undefined) continue;
      const base = pathLiteral(paths.get(join[1] as string) ?? '');
      if (base === undefined) continue;
      const parts = [...(join[2] as string).matchAll(/'([^']*)'|"([^"]*)"/g)].map((m) => (m[1] ?? m[2]) as string);
      paths.set(name, `Path(${quote(joinParts([base, ...parts]))})`);
      resolved = true;
    }
    if (!resolved) return;
  }
}

/** At most this many names are put in per one-liner. */
const MAX_NAMES = 32;

/** At most this many characters of a list written out are put in for its name. */
const MAX_LIST_TEXT = 2000;

/**
 * The text of a list written out at `at` (`[` … the matching `]`, strings skipped), when the statement ends right after
 * it; undefined otherwise (a comprehension is kept: the call scan reads its items as unknown words).
 */
function listText(code: string, at: number, language: Language): string | undefined {
  if (code.charCodeAt(at) !== 91) return undefined;
  let depth = 0;
  const limit = Math.min(code.length, at + MAX_LIST_TEXT);
  for (let i = at; i < limit; i++) {
    const c = code.charCodeAt(i);
    if (opensString(language, c)) {
      const literal = readLiteral(code, i, language);
      if (literal === undefined) return undefined;
      i = literal.end - 1;
      continue;
    }
    if (c === 91 || c === 40 || c === 123) depth++;
    else if (c === 93 || c === 41 || c === 125) {
      depth--;
      if (depth === 0) {
        const after = code.slice(i + 1).match(/^[ \t]*(.)?/)?.[1];
        return after === undefined || after === ';' || after === '\n' || after === '\r'
          ? code.slice(at, i + 1)
          : undefined;
      }
    }
  }
  return undefined;
}

/**
 * The code with each name that is assigned exactly once, to a literal, at the start of a statement (`p = 'x'`,
 * `const p = 'x'`, `let`/`var`), replaced by that literal where it is read as a bare name (not `obj.p`, not `p =`, not
 * a key `p:`). A name assigned twice, augmented (`p += …`) or bound otherwise (`for p in`, `def f(p)`, `as p`) keeps
 * its text: its value is not known. Strings and comments are left alone. One forward scan after one pass of assignments.
 */
function putInNames(code: string, language: Language): string {
  const values = new Map<string, string | undefined>();
  const paths = new Map<string, string | undefined>();
  const lists = new Map<string, string | undefined>();
  const joins = new Map<string, RegExpExecArray | undefined>();
  const partials = new Map<string, string | undefined>();
  const assign = /(^|[;\n{])[ \t]*(?:(?:const|let|var)[ \t]+)?([A-Za-z_$][\w$]*)[ \t]*(=(?!=)|\+=|-=|\|=)[ \t]*/g;
  for (let m = assign.exec(code); m !== null; m = assign.exec(code)) {
    const name = m[2] as string;
    const literal = m[3] === '=' ? readLiteral(code, m.index + m[0].length, language) : undefined;
    const after = literal === undefined ? '' : code.slice(literal.end).match(/^[ \t]*(.)?/)?.[1];
    const plain =
      literal?.value !== undefined && (after === undefined || after === ';' || after === '\n' || after === '\r');
    values.set(name, values.has(name) || !plain ? undefined : literal?.value);
    // `dest = f"docker://ghcr.io/acme/app:{tag}"`: an f-string or template with a literal part stands for itself where
    // the name is read, so a list or a call that takes the name reads the word as partly known (blind round 32)
    const start = m.index + m[0].length;
    const partial =
      m[3] === '=' &&
      literal !== undefined &&
      literal.value === undefined &&
      (after === undefined || after === ';' || after === '\n' || after === '\r') &&
      partialLiteral(code, start, language) !== undefined
        ? code.slice(start, literal.end)
        : undefined;
    partials.set(name, partials.has(name) ? undefined : partial);
    // `cmd = ['git', 'push', …]` (a list or array written out): the name stands for that list where it is read whole
    // (`subprocess.run(cmd)`); a list changed later (`cmd.append(…)`, `cmd += …`, `cmd[0] = …`) is not known.
    const list = m[3] === '=' && literal === undefined ? listText(code, m.index + m[0].length, language) : undefined;
    lists.set(name, lists.has(name) ? undefined : list);
    // `p = Path('tests/x.py')` (Python): the name stands for that call where it is read (`p.write_text(…)`).
    const rest = language === 'python' && literal === undefined ? code.slice(m.index + m[0].length) : undefined;
    const path = rest === undefined ? null : PATH_VALUE.exec(rest);
    // `OUT = RAW / 'tx.csv'`: the name stands for that path once RAW is known to stand for one (resolveJoins).
    const join = rest === undefined || path !== null || m[3] !== '=' ? null : PATH_JOIN.exec(rest);
    joins.set(name, join === null || paths.has(name) ? undefined : join);
    if (path !== null && values.get(name) === undefined && !paths.has(name)) paths.set(name, path[0]);
    else paths.set(name, undefined);
    if (values.size > MAX_NAMES) break;
  }
  // Names bound another way than `=` are not known.
  for (const m of code.matchAll(/\b(?:for|as|def|function|import|in|of|global|nonlocal)\s+([A-Za-z_$][\w$]*)/g)) {
    values.set(m[1] as string, undefined);
    partials.set(m[1] as string, undefined);
    paths.set(m[1] as string, undefined);
    lists.set(m[1] as string, undefined);
    joins.set(m[1] as string, undefined);
  }
  resolveJoins(joins, paths);
  for (const [name, list] of lists) {
    if (list === undefined) continue;
    const changed = new RegExp(
      `(?<![\\w$.])${name.replace(/\$/g, '\\$')}\\s*(?:\\.\\s*(?:append|extend|insert|push|unshift|splice|pop|remove|clear|sort|reverse)\\b|\\[[^\\]]*\\]\\s*=(?!=)|\\+=|\\*=)`,
    );
    if (changed.test(code)) lists.set(name, undefined);
  }
  if (![...values.values(), ...paths.values(), ...lists.values(), ...partials.values()].some((v) => v !== undefined))
    return code;
  let out = '';
  let copied = 0;
  let i = 0;
  while (i < code.length) {
    const c = code.charCodeAt(i);
    // A JavaScript template or a Python f-string whose every interpolation is a known name is that literal.
    const fString = language === 'python' && (c === 102 || c === 70) && /^[fF][rR]?['"]/.test(code.slice(i, i + 3));
    if (opensString(language, c) || (fString && (i === 0 || !isIdent(code.charCodeAt(i - 1))))) {
      const literal = readLiteral(code, i, language);
      const end = literal?.end ?? i + 1;
      const filled =
        literal !== undefined && literal.value === undefined
          ? (fill(code.slice(i, end), values) ?? fillPartly(code.slice(i, end), values, partials))
          : undefined;
      if (filled !== undefined) {
        out += code.slice(copied, i) + filled;
        copied = end;
      }
      i = end;
      continue;
    }
    if ((language === 'python' && c === 35) || (language === 'js' && c === 47 && code.charCodeAt(i + 1) === 47)) {
      const eol = code.indexOf('\n', i);
      i = eol < 0 ? code.length : eol;
      continue;
    }
    if (!isIdent(c) || (i > 0 && isIdent(code.charCodeAt(i - 1)))) {
      i++;
      continue;
    }
    let j = i;
    while (j < code.length && isIdent(code.charCodeAt(j)) && code.charCodeAt(j) !== 46) j++;
    const name = code.slice(i, j);
    const value = values.get(name);
    let k = j;
    while (k < code.length && (code.charCodeAt(k) === 32 || code.charCodeAt(k) === 9)) k++;
    const next = code.charCodeAt(k);
    const read =
      value !== undefined &&
      code.charCodeAt(i - 1) !== 46 && // obj.p
      !(next === 61 && code.charCodeAt(k + 1) !== 61) && // p = …, p=… keyword argument
      next !== 58 && // { p: … }
      !(next === 40); // p(…): a call, not a value
    const path = value === undefined ? paths.get(name) : undefined;
    const list = value === undefined ? lists.get(name) : undefined;
    const readWhole =
      list !== undefined &&
      code.charCodeAt(i - 1) !== 46 &&
      !(next === 61 && code.charCodeAt(k + 1) !== 61) &&
      next !== 58 &&
      next !== 40 &&
      next !== 46 &&
      next !== 91;
    const partial = value === undefined && list === undefined && path === undefined ? partials.get(name) : undefined;
    if (readWhole) {
      out += code.slice(copied, i) + list;
      copied = j;
    } else if (
      partial !== undefined &&
      code.charCodeAt(i - 1) !== 46 &&
      (next === 44 || next === 41 || next === 93) // an argument or a list item: `(…, dest)`, `[…, dest]`
    ) {
      out += code.slice(copied, i) + partial;
      copied = j;
    } else if (read) {
      out += code.slice(copied, i) + quote(value as string);
      copied = j;
    } else if (
      path !== undefined &&
      code.charCodeAt(i - 1) !== 46 &&
      // `p.write_text(…)`, `p` handed to a call as an argument (`df.to_csv(p)`, `shutil.rmtree(p, …)`), or `p` joined
      // with a part (`(p / 'x.md').write_text(…)`; not `p // 2`, not `p /= …`)
      (next === 46 ||
        next === 41 ||
        next === 44 ||
        (next === 47 && code.charCodeAt(k + 1) !== 47 && code.charCodeAt(k + 1) !== 61))
    ) {
      out += code.slice(copied, i) + path;
      copied = j;
    }
    i = j === i ? i + 1 : j;
  }
  return out + code.slice(copied);
}

/**
 * A template literal (`` `git ${rest}` ``) or an f-string (`f"push {branch}"`) with each interpolation of a known name
 * replaced by its value, as a plain literal; undefined when an interpolation is anything else (an expression, a format
 * spec, a name not known).
 */
/**
 * A template or f-string some of whose names stand for other templates or f-strings (partials): their text spliced in,
 * known names put in, the rest left as written — still partly known (`url.${rewrite}.insteadOf` with `rewrite` a
 * template carrying `${token}`). Undefined when nothing changes.
 */
function fillPartly(
  text: string,
  values: ReadonlyMap<string, string | undefined>,
  partials: ReadonlyMap<string, string | undefined>,
): string | undefined {
  let changed = false;
  if (text.startsWith('`')) {
    const out = text.replace(/(?<!\\)\$\{\s*([A-Za-z_$][\w$]*)\s*\}/g, (all, name: string) => {
      const v = values.get(name);
      const p = partials.get(name);
      if (v !== undefined) {
        changed = true;
        return v.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${');
      }
      if (p?.startsWith('`') !== true) return all;
      changed = true;
      return p.slice(1, -1);
    });
    return changed ? out : undefined;
  }
  const prefix = /^[fF]([rR]?)/.exec(text);
  if (prefix === null || prefix[1] !== '') return undefined;
  const q = text.charAt(1);
  const out = text.replace(/\{\{|\}\}|\{\s*([A-Za-z_]\w*)\s*\}/g, (all: string, name: string | undefined) => {
    if (name === undefined) return all;
    const v = values.get(name);
    const p = partials.get(name);
    if (v !== undefined) {
      changed = true;
      return v
        .replace(/\\/g, '\\\\')
        .replace(new RegExp(q, 'g'), `\\${q}`)
        .replace(/\n/g, '\\n')
        .replace(/[{}]/g, '$&$&');
    }
    // an f-string of the same quotes, not triple: its inside is an f-string's inside here too
    if (p === undefined || !/^[fF]['"]/.test(p) || p.charAt(1) !== q || p.startsWith(q + q, 1)) return all;
    changed = true;
    return p.slice(2, -1);
  });
  return changed ? out : undefined;
}

function fill(text: string, values: ReadonlyMap<string, string | undefined>): string | undefined {
  if (text.startsWith('`')) {
    let unknown = false;
    const out = text.replace(/(?<!\\)\$\{\s*([A-Za-z_$][\w$]*)\s*\}/g, (_, name: string) => {
      const v = values.get(name);
      if (v === undefined) unknown = true;
      return (v ?? '').replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${');
    });
    return unknown || /(?<!\\)\$\{/.test(out) ? undefined : out;
  }
  const prefix = /^[fF]([rR]?)/.exec(text);
  if (prefix === null) return undefined;
  const body = text.slice(prefix[0].length);
  const q = body.charAt(0);
  let unknown = false;
  const out = body.replace(/\{\{|\}\}|\{([^{}]*)\}|[{}]/g, (m: string, name: string | undefined) => {
    if (m === '{{') return '{';
    if (m === '}}') return '}';
    const v = name !== undefined && /^\s*[A-Za-z_]\w*\s*$/.test(name) ? values.get(name.trim()) : undefined;
    if (v === undefined) unknown = true;
    return prefix[1] !== ''
      ? (v ?? '')
      : (v ?? '').replace(/\\/g, '\\\\').replace(new RegExp(q, 'g'), `\\${q}`).replace(/\n/g, '\\n');
  });
  return unknown ? undefined : prefix[1] + out;
}

class Folder {
  private out = '';
  constructor(
    private readonly code: string,
    private readonly language: Language,
  ) {}

  run(): string {
    const code = this.code;
    let i = 0;
    let copied = 0;
    while (i < code.length) {
      const c = code.charCodeAt(i);
      const startsName = i === 0 || !isIdent(code.charCodeAt(i - 1));
      const folded = opensString(this.language, c)
        ? this.sum(i)
        : startsName && isIdent(c)
          ? this.call(i)
          : c === 40 && this.language === 'python'
            ? this.bracketed(i)
            : undefined;
      if (folded !== undefined) {
        this.out += code.slice(copied, i) + folded.text;
        i = copied = folded.end;
      } else if (opensString(this.language, c)) {
        i = readLiteral(code, i, this.language)?.end ?? i + 1;
      } else i++;
    }
    return this.out + code.slice(copied);
  }

  /** Literals joined by `+` (`'data/' + 'raw'`): one literal; undefined when there is only one or a part is not. */
  private sum(at: number): { text: string; end: number } | undefined {
    const first = this.value(at);
    if (first === undefined) return undefined;
    let value = first.value;
    let end = first.end;
    let parts = 1;
    for (;;) {
      let j = end;
      while (j < this.code.length && isSpace(this.code.charCodeAt(j))) j++;
      if (this.code.charCodeAt(j) !== 43 /* + */) break;
      j++;
      while (j < this.code.length && isSpace(this.code.charCodeAt(j))) j++;
      const next = this.value(j);
      if (next === undefined) break;
      value += next.value;
      end = next.end;
      parts++;
    }
    return parts > 1 ? { text: quote(value), end } : undefined;
  }

  /**
   * A part of a path join whose value is not known (`Path('data/raw') / name`, `/ f"{day}.csv"`): the file is in the
   * known folder under a name the engine cannot know, written as an unset variable as a shell path would keep it, so a
   * rule on the folder still sees the write (blind round 32: `cleaned.to_csv(OUT / name)` over data/raw). A call
   * (`/ name()`), an index or anything longer is not read.
   */
  private unknownPart(at: number): { value: string; end: number } | undefined {
    const code = this.code;
    const literal = readLiteral(code, at, this.language);
    if (literal !== undefined) {
      const partial = literal.value === undefined ? partialLiteral(code, at, this.language) : undefined;
      return partial === undefined ? undefined : { value: partial.split(PIECE).join(UNKNOWN_PART), end: literal.end };
    }
    const name = /^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*/.exec(code.slice(at, at + 64));
    if (name === null) return undefined;
    const after = code.slice(at + name[0].length).match(/^[ \t]*(.)?/)?.[1];
    if (after === '(' || after === '[' || after === '.') return undefined;
    return { value: UNKNOWN_PART, end: at + name[0].length };
  }

  /** A join call or a Path of literal parts (`Path('a', 'b') / 'c'`), folded; undefined otherwise. */
  private call(at: number): { text: string; end: number } | undefined {
    const head = this.code.slice(at, at + 48);
    const join = JOINS[this.language]?.exec(head);
    if (join) {
      const parts = this.parts(at + join[0].length);
      return parts === undefined ? undefined : { text: quote(joinParts(parts.values)), end: parts.end };
    }
    const path = this.language === 'python' ? PATH_CLASSES.exec(head) : null;
    if (!path) return undefined;
    const parts = this.parts(at + path[0].length);
    if (parts === undefined || parts.values.length === 0) return undefined;
    const values = [...parts.values];
    let end = parts.end;
    // `Path('data') / 'raw' / 'a.csv'`
    for (;;) {
      let j = end;
      while (j < this.code.length && isSpace(this.code.charCodeAt(j))) j++;
      if (this.code.charCodeAt(j) !== 47 /* / */) break;
      j++;
      while (j < this.code.length && isSpace(this.code.charCodeAt(j))) j++;
      const next = this.value(j) ?? this.unknownPart(j);
      if (next === undefined) break;
      values.push(next.value);
      end = next.end;
    }
    if (values.length === 1) return undefined;
    return { text: `Path(${quote(joinParts(values))})`, end };
  }

  /**
   * `(Path('data') / 'raw').unlink()`: a bracket around a folded Path, followed by a member: the brackets go too, so the
   * call scan sees `Path('data/raw').unlink()`.
   */
  private bracketed(at: number): { text: string; end: number } | undefined {
    let i = at + 1;
    while (i < this.code.length && isSpace(this.code.charCodeAt(i))) i++;
    const inner = this.call(i);
    if (inner === undefined || !inner.text.startsWith('Path(')) return undefined;
    let j = inner.end;
    while (j < this.code.length && isSpace(this.code.charCodeAt(j))) j++;
    if (this.code.charCodeAt(j) !== 41 || this.code.charCodeAt(j + 1) !== 46 /* ). */) return undefined;
    return { text: inner.text, end: j + 1 };
  }

  /** A literal at `at` (itself possibly a `+` sum), with its value. */
  private value(at: number): { value: string; end: number } | undefined {
    const literal = readLiteral(this.code, at, this.language);
    return literal?.value === undefined ? undefined : { value: literal.value, end: literal.end };
  }

  /** The literal arguments of a call from just past its `(` to its `)`: undefined when one is not a literal. */
  private parts(at: number): { values: string[]; end: number } | undefined {
    const values: string[] = [];
    let i = at;
    for (;;) {
      while (i < this.code.length && isSpace(this.code.charCodeAt(i))) i++;
      if (this.code.charCodeAt(i) === 41) return { values, end: i + 1 };
      const part = this.sum(i);
      let value: string | undefined;
      if (part !== undefined) {
        const back = readLiteral(part.text, 0, this.language);
        value = back?.value;
        i = part.end;
      } else {
        const one = this.value(i);
        if (one === undefined) return undefined;
        value = one.value;
        i = one.end;
      }
      if (value === undefined) return undefined;
      values.push(value);
      while (i < this.code.length && isSpace(this.code.charCodeAt(i))) i++;
      if (this.code.charCodeAt(i) === 44) i++;
      else if (this.code.charCodeAt(i) !== 41) return undefined;
    }
  }
}
