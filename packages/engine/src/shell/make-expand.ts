// A make recipe line as the shell gets it. make expands `$(NAME)`, `${NAME}`, its automatic variables and its text
// functions before any shell sees the line, and quotes mean nothing to it: `echo '$(NPM_TOKEN)' > .npmrc` writes the
// token, not the text `$(NPM_TOKEN)` (blind round 34). So a variable the file does not set (it comes from the
// environment, an included .env or the command line the engine cannot see) becomes the shell's reference to the
// same environment variable, kept a reference whatever the shell quoting around it; a value the file sets is put in,
// recursively; `$(shell CMD)` is the shell's `$(CMD)`; and the common text functions are applied to known text.

/** What a recipe line is expanded against. */
export interface MakeScope {
  /** The file's variables and the command line's overrides, as written (recursively expanded here). */
  readonly vars: ReadonlyMap<string, string>;
  /** The rule's target and prerequisites, for `$@`, `$<`, `$^`. */
  readonly target?: string;
  readonly prerequisites?: readonly string[];
  /** The folder make runs in (`-C` applied), for `$(CURDIR)`. */
  readonly cwd?: string;
}

/** Deeper references than this are left as the shell reference (a variable that refers to itself, say). */
const MAX_DEPTH = 8;

/** The text functions put into known text; any other function leaves an unknown value. */
const FUNCTIONS: Record<string, (args: string[]) => string | undefined> = {
  notdir: ([a]) =>
    words(a)
      .map((w) => w.slice(w.lastIndexOf('/') + 1))
      .join(' '),
  dir: ([a]) =>
    words(a)
      .map((w) => (w.includes('/') ? w.slice(0, w.lastIndexOf('/') + 1) : './'))
      .join(' '),
  basename: ([a]) =>
    words(a)
      .map((w) => w.replace(/\.[^./]*$/, ''))
      .join(' '),
  suffix: ([a]) =>
    words(a)
      .map((w) => /\.[^./]*$/.exec(w)?.[0] ?? '')
      .filter((w) => w !== '')
      .join(' '),
  strip: ([a]) => words(a).join(' '),
  firstword: ([a]) => words(a)[0] ?? '',
  lastword: ([a]) => words(a).at(-1) ?? '',
  subst: ([from, to, text]) => (from === undefined || from === '' ? text : text?.split(from).join(to ?? '')),
  addprefix: ([p, a]) =>
    words(a)
      .map((w) => `${p ?? ''}${w}`)
      .join(' '),
  addsuffix: ([s, a]) =>
    words(a)
      .map((w) => `${w}${s ?? ''}`)
      .join(' '),
  patsubst: ([from, to, a]) =>
    words(a)
      .map((w) => patsubst(from ?? '', to ?? '', w))
      .join(' '),
};

const words = (text: string | undefined): string[] => (text ?? '').split(/\s+/).filter((w) => w !== '');

function patsubst(from: string, to: string, word: string): string {
  const at = from.indexOf('%');
  if (at < 0) return word === from ? to : word;
  const [pre, post] = [from.slice(0, at), from.slice(at + 1)];
  if (!word.startsWith(pre) || !word.endsWith(post) || word.length < pre.length + post.length) return word;
  return to.replace('%', word.slice(pre.length, word.length - post.length));
}

/** The line with make's prefixes (@ - +) off and everything make expands put in; `$$` → `$`. */
export function makeRecipeLine(line: string, scope: MakeScope): string {
  return expandMake(line.replace(/^[\s@+-]+/, ''), scope, 0).text;
}

interface Expanded {
  readonly text: string;
  /** Whether a part of it is a value make alone knows (the environment, a function not applied here). */
  readonly unknown: boolean;
}

/**
 * Expands make references in `text`. Known values go in as text; an unknown one goes in as a shell reference to the
 * environment variable of the same name — `${NAME}` outside single quotes, `'"${NAME}"'` inside them, so the shell
 * sees a value it cannot know either way.
 */
function expandMake(text: string, scope: MakeScope, depth: number): Expanded {
  let out = '';
  let unknown = false;
  let single = false;
  let double = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    if (ch !== '$') {
      if (ch === "'" && !double) single = !single;
      else if (ch === '"' && !single) double = !double;
      else if (ch === '\\' && !single && i + 1 < text.length && text[i + 1] !== '$') {
        out += ch + (text[i + 1] as string);
        i++;
        continue;
      }
      out += ch;
      continue;
    }
    const next = text[i + 1];
    if (next === undefined) {
      out += ch;
      continue;
    }
    if (next === '$') {
      out += '$';
      i++;
      continue;
    }
    let name: string;
    let end: number;
    if (next === '(' || next === '{') {
      end = closing(text, i + 1);
      if (end < 0) {
        out += text.slice(i);
        break;
      }
      name = text.slice(i + 2, end);
    } else {
      name = next;
      end = i + 1;
    }
    const value = reference(name, scope, depth);
    i = end;
    if (value.unknown) {
      unknown = true;
      out += shellReference(name, value.text, single);
    } else out += value.text;
  }
  return { text: out, unknown };
}

/** The index of the parenthesis or brace that closes the one at `open`, nested ones counted; -1 when none. */
function closing(text: string, open: number): number {
  const [o, c] = text[open] === '(' ? ['(', ')'] : ['{', '}'];
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === o) depth++;
    else if (text[i] === c && --depth === 0) return i;
  }
  return -1;
}

/** What a make reference holds: a variable, an automatic variable, `$(shell …)` or a text function. */
function reference(inner: string, scope: MakeScope, depth: number): Expanded {
  const call = /^([a-z]+)[ \t]+([\s\S]*)$/.exec(inner);
  if (call !== null) {
    const [, fn, rest] = call as unknown as [string, string, string];
    if (fn === 'shell') {
      const cmd = expandMake(rest, scope, depth + 1);
      return { text: `$(${cmd.text})`, unknown: false };
    }
    const apply = FUNCTIONS[fn];
    if (apply === undefined || depth >= MAX_DEPTH) return { text: inner, unknown: true };
    const args = splitArgs(rest).map((a) => expandMake(a, scope, depth + 1));
    if (args.some((a) => a.unknown)) return { text: inner, unknown: true };
    const text = apply(args.map((a) => a.text));
    return text === undefined ? { text: inner, unknown: true } : { text, unknown: false };
  }
  const name = inner.trim();
  if (name === 'MAKE') return { text: 'make', unknown: false };
  if (name === '@' && scope.target !== undefined) return { text: scope.target, unknown: false };
  if ((name === '@D' || name === '@F') && scope.target !== undefined) {
    const cut = scope.target.lastIndexOf('/');
    const text = name === '@F' ? scope.target.slice(cut + 1) : cut < 0 ? '.' : scope.target.slice(0, cut);
    return { text, unknown: false };
  }
  if (name === '<' && scope.prerequisites !== undefined) return { text: scope.prerequisites[0] ?? '', unknown: false };
  if (name === '^' && scope.prerequisites !== undefined)
    return { text: [...new Set(scope.prerequisites)].join(' '), unknown: false };
  if (name === 'CURDIR' && scope.cwd !== undefined && !scope.vars.has('CURDIR'))
    return { text: scope.cwd, unknown: false };
  const value = scope.vars.get(name);
  if (value === undefined || depth >= MAX_DEPTH) return { text: name, unknown: true };
  return expandMake(value, scope, depth + 1);
}

/** A function's arguments: split at the commas outside nested references. */
function splitArgs(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '(' || ch === '{') depth++;
    else if (ch === ')' || ch === '}') depth--;
    else if (ch === ',' && depth === 0) {
      out.push(text.slice(from, i));
      from = i + 1;
    }
  }
  out.push(text.slice(from));
  return out;
}

/** A value make alone knows, as the shell sees it: the environment variable of that name when it is one. */
function shellReference(name: string, written: string, single: boolean): string {
  const variable = /^[A-Za-z_][A-Za-z0-9_]*$/.test(name.trim()) ? name.trim() : undefined;
  // Not a variable's name (`$(wildcard *.c)`, `$(foo.bar)`): an unknown command's output stands for it.
  const ref = variable === undefined ? `$(${written})` : `\${${variable}}`;
  return single ? `'"${ref}"'` : ref;
}
