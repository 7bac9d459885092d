// The Python task runners' files, read for the task named: `nox -s tests` runs the `tests` session of noxfile.py,
// `invoke release` the `release` task of tasks.py (after its pre-tasks) — not every session or task the file
// defines, as make and just run only their target (blind round 30: an honest `nox -s tests` was read as the
// `release` session's `twine upload`). The module's own top-level code runs as the runner imports it, and the helper
// functions the chosen code calls run with it. Like build-tasks.ts, only for a file the session wrote (config-runs.ts
// asks the ledger); pure functions over the file's text, bounded by TASK_LIMITS. Where the tasks cannot be told (a
// keyword filter, a name not found), the whole file is read, as before.
import { INPUT_COMMAND, scanOneLiner } from './one-liners.js';
import { TASK_LIMITS, type TaskLine } from './project-tasks.js';
import type { SimpleCommand } from './types.js';
import { shellQuote } from './words.js';

/** One top-level statement of a Python file: a function with its decorators, or any other statement. */
interface PyBlock {
  readonly text: string;
  /** The function's name, for a `def` (with or without decorators); undefined for any other statement. */
  readonly def: string | undefined;
  /** Its decorator lines, joined (`@nox.session(python="3.11")`); '' for none. */
  readonly decorators: string;
}

/** Which code of the file runs: every statement (`all`), or the top-level code and the functions named. */
type Chosen = 'all' | ReadonlySet<string>;

const DEF = /^(?:async[ \t]+)?def[ \t]+([A-Za-z_]\w*)/;

/**
 * A Python text's top-level statements: a new one starts at a line written at column 0 outside brackets and
 * triple-quoted strings; decorators join the `def` they decorate. Comments and blank lines belong to the statement
 * before them.
 */
function topLevel(text: string): PyBlock[] {
  const blocks: { lines: string[]; def: string | undefined; head: number }[] = [];
  let depth = 0;
  let triple: string | undefined;
  for (const line of text.split(/\r?\n/)) {
    const last = blocks[blocks.length - 1];
    const starts = depth === 0 && triple === undefined && /^[^\s#)\]}]/.test(line);
    const decorating = last?.lines[0]?.startsWith('@') === true && last.head === 0;
    if (last !== undefined && (!starts || decorating)) {
      // A line of the statement so far; or, after decorators, another decorator or the def (or class) they decorate.
      if (starts && !line.startsWith('@')) {
        last.def = DEF.exec(line)?.[1];
        last.head = last.lines.length;
      }
      last.lines.push(line);
    } else blocks.push({ lines: [line], def: DEF.exec(line)?.[1], head: 0 });
    ({ depth, triple } = scanBrackets(line, depth, triple));
  }
  return blocks.map((b) => ({
    text: b.lines.join('\n'),
    def: b.def,
    decorators: b.lines.slice(0, b.head).join('\n'),
  }));
}

/** The bracket depth and the open triple-quoted string after one line (strings and comments aside). */
function scanBrackets(line: string, depth: number, triple: string | undefined): { depth: number; triple?: string } {
  let d = depth;
  let t = triple;
  for (let i = 0; i < line.length; i++) {
    if (t !== undefined) {
      const end = line.indexOf(t, i);
      if (end === -1) return { depth: d, triple: t };
      i = end + 2;
      t = undefined;
      continue;
    }
    const c = line[i] as string;
    if (c === '#') break;
    if (c === '"' || c === "'") {
      if (line.startsWith(c.repeat(3), i)) {
        t = c.repeat(3);
        i += 2;
        continue;
      }
      for (i++; i < line.length && line[i] !== c; i++) if (line[i] === '\\') i++;
    } else if (c === '(' || c === '[' || c === '{') d++;
    else if ((c === ')' || c === ']' || c === '}') && d > 0) d--;
  }
  return t === undefined ? { depth: d } : { depth: d, triple: t };
}

/**
 * The code that runs: every top-level statement that is no function (the module runs it as it is imported), the
 * functions chosen, and each other function the code so far names (a helper it calls), to a fixed point.
 */
function chosenCode(blocks: readonly PyBlock[], chosen: Chosen, isTask: (b: PyBlock) => boolean): string {
  if (chosen === 'all') return blocks.map((b) => b.text).join('\n');
  const keep = new Set(blocks.filter((b) => b.def === undefined || (isTask(b) && chosen.has(b.def))));
  let grown = true;
  for (let round = 0; grown && round < blocks.length; round++) {
    grown = false;
    const code = [...keep].map((b) => b.text).join('\n');
    for (const b of blocks)
      if (!keep.has(b) && b.def !== undefined && !isTask(b) && new RegExp(`\\b${b.def}\\b`).test(code)) {
        keep.add(b);
        grown = true;
      }
  }
  return blocks
    .filter((b) => keep.has(b))
    .map((b) => b.text)
    .join('\n');
}

/** What Python code runs as task lines: its shell calls as shell lines; when it also writes or deletes files, the code
 * itself as `python3 -c` instead (its shell calls are read there too), so those effects are judged as well. */
function pythonLines(code: string, label: string): TaskLine[] {
  const found = scanOneLiner('python', code);
  if (found.some((f) => f.kind !== 'shell')) return [{ source: `python3 -c ${shellQuote(code)}`, label }];
  const out: TaskLine[] = [];
  for (const f of found)
    if (f.kind === 'shell' && f.command !== INPUT_COMMAND && out.length < TASK_LIMITS.maxLines)
      out.push({ source: f.command, label });
  return out;
}

const NOX_SESSION = /^@(?:nox\.)?session\b/m;
const NOX_SESSION_FLAGS = /^(?:-s|-e|--sessions?)(?:=(.*))?$/;

/** A session's name: `name=` in its decorator, else its function's. */
const sessionName = (b: PyBlock): string =>
  /^@(?:nox\.)?session\b[\s\S]*?\bname\s*=\s*["']([^"']+)["']/m.exec(b.decorators)?.[1] ?? (b.def as string);

/**
 * The sessions `nox` runs: those `-s`/`-e`/`--session(s)` name (each name may carry its Python: `tests-3.11`), else
 * the file's `nox.options.sessions = [...]` when it is a literal list, else every session not marked default=False.
 * `-k`/`-t` filters, or a name no session has, read the whole file; a list (`-l`) or help runs none.
 */
export function noxLines(text: string, command: SimpleCommand): TaskLine[] {
  const flags = [...command.globals, ...command.flags].map((f) => f.name);
  const blocks = topLevel(text);
  const sessions = blocks.filter((b) => b.def !== undefined && NOX_SESSION.test(b.decorators));
  const isSession = (b: PyBlock): boolean => sessions.includes(b);
  // A list or help imports the file (its top-level code runs) and runs no session.
  if (flags.some((f) => ['-l', '--list', '--list-sessions', '-h', '--help', '--version'].includes(f)))
    return pythonLines(chosenCode(blocks, new Set(), isSession), 'import');
  const asked = noxSessionNames(command.argv);
  let chosen: Chosen;
  if (flags.some((f) => ['-k', '--keywords', '-t', '--tags'].includes(f))) chosen = 'all';
  else if (asked !== undefined) {
    const picked = sessions.filter((s) =>
      asked.some((a) => {
        const n = sessionName(s);
        return a === n || a.startsWith(`${n}-`) || a.startsWith(`${n}(`);
      }),
    );
    chosen = picked.length === 0 ? 'all' : new Set(picked.map((s) => s.def as string));
  } else {
    const listed = /^nox\.options\.sessions\s*=\s*\[([^\]]*)\]/m.exec(text);
    const names = listed === null ? undefined : stringList(listed[1] as string);
    const defaults =
      names !== undefined
        ? sessions.filter((s) => names.includes(sessionName(s)))
        : sessions.filter((s) => !/\bdefault\s*=\s*False\b/.test(s.decorators));
    chosen = new Set(defaults.map((s) => s.def as string));
  }
  // `session.notify("login")` queues that session after the current one: nox runs it too (blind round 34).
  if (chosen !== 'all') {
    const picked = new Set(chosen);
    chosen = picked;
    let grew = true;
    for (let round = 0; grew && round < sessions.length; round++) {
      grew = false;
      for (const s of sessions.filter((x) => picked.has(x.def as string)))
        for (const m of s.text.matchAll(/\bsession\.notify\(\s*["']([^"']+)["']/g)) {
          const asked = m[1] as string;
          const target = sessions.find((t) => asked === sessionName(t) || asked.startsWith(`${sessionName(t)}-`));
          if (target !== undefined && !picked.has(target.def as string)) {
            picked.add(target.def as string);
            grew = true;
          }
        }
    }
  }
  const label = asked?.[0] ?? 'default';
  return pythonLines(chosenCode(blocks, chosen, isSession), label);
}

/** The session names given with -s/-e/--session(s) (each option takes the names after it), before `--`; undefined
 * when none is given. */
function noxSessionNames(argv: readonly string[]): string[] | undefined {
  let out: string[] | undefined;
  let taking = false;
  for (const word of argv) {
    if (word === '--') break;
    const flag = NOX_SESSION_FLAGS.exec(word);
    if (flag !== null) {
      out ??= [];
      if (flag[1] !== undefined) out.push(flag[1]);
      taking = flag[1] === undefined;
    } else if (word.startsWith('-')) taking = false;
    else if (taking) out?.push(word);
  }
  return out;
}

/** The literal strings of a Python list's inside (`"tests", 'lint'`); undefined when any item is not one. */
function stringList(inside: string): string[] | undefined {
  const items = inside
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  const out: string[] = [];
  for (const item of items) {
    const m = /^(["'])([^"']*)\1$/.exec(item);
    if (m === null) return undefined;
    out.push(m[2] as string);
  }
  return out;
}

const INVOKE_TASK = /^@(?:invoke\.)?task\b/m;

/** The names a task answers to: its function's name, dashed as invoke shows it, `name=`, and its `aliases=`. */
function taskNames(b: PyBlock): string[] {
  const own = /\bname\s*=\s*["']([^"']+)["']/.exec(b.decorators)?.[1];
  const aliases = /\baliases\s*=\s*[[(]([^\])]*)[\])]/.exec(b.decorators)?.[1];
  const fn = b.def as string;
  return [fn, fn.replace(/_/g, '-'), ...(own === undefined ? [] : [own]), ...(stringList(aliases ?? '') ?? [])];
}

/** The tasks a task runs before and after it: `@task(clean, build)`, `pre=[clean]`, `post=[notify]`. */
function prePost(b: PyBlock): { pre: string[]; post: string[] } {
  const args = /^@(?:invoke\.)?task\s*\(([\s\S]*)\)\s*$/m.exec(b.decorators)?.[1] ?? '';
  const listed = (key: string): string[] =>
    (new RegExp(`\\b${key}\\s*=\\s*\\[([^\\]]*)\\]`).exec(args)?.[1] ?? '').split(',').map((s) => s.trim());
  const positional = args
    .split(',')
    .map((s) => s.trim())
    .filter((s) => /^[A-Za-z_]\w*$/.test(s));
  const names = (list: string[]) => list.filter((s) => /^[A-Za-z_]\w*$/.test(s));
  return { pre: [...positional, ...names(listed('pre'))], post: names(listed('post')) };
}

/**
 * The tasks `invoke [TASK …]` runs from tasks.py: each task named (by its name, dashed name or alias), its pre-tasks
 * first and its post-tasks after; no name: the default task (`@task(default=True)`), else none. A word no task
 * answers to (a namespaced `docs.build`) reads the whole file; `--list` and help run none of the tasks.
 */
export function invokeLines(text: string, command: SimpleCommand): TaskLine[] {
  const blocks = topLevel(text);
  const tasks = blocks.filter((b) => b.def !== undefined && INVOKE_TASK.test(b.decorators));
  const isTask = (b: PyBlock): boolean => tasks.includes(b);
  const flags = [...command.globals, ...command.flags].map((f) => f.name);
  const listing = flags.some((f) => ['-l', '--list', '-h', '--help', '-V', '--version', '--complete'].includes(f));
  const words = command.positionals;
  const byName = (name: string) => tasks.find((t) => taskNames(t).includes(name));
  let chosen: Chosen;
  if (listing) chosen = new Set();
  else if (words.length === 0) {
    const fallback = tasks.find((t) => /\bdefault\s*=\s*True\b/.test(t.decorators));
    chosen = new Set(fallback === undefined ? [] : [fallback.def as string]);
  } else if (!words.some((w) => byName(w) !== undefined)) chosen = 'all';
  else {
    const set = new Set<string>();
    const visit = (t: PyBlock, depth: number): void => {
      if (set.has(t.def as string) || depth > 16 || set.size >= TASK_LIMITS.maxTargets) return;
      const { pre, post } = prePost(t);
      for (const p of pre) {
        const task = byName(p);
        if (task !== undefined) visit(task, depth + 1);
      }
      set.add(t.def as string);
      for (const p of post) {
        const task = byName(p);
        if (task !== undefined) visit(task, depth + 1);
      }
    };
    for (const w of words) {
      const task = byName(w);
      if (task !== undefined) visit(task, 0);
    }
    chosen = set;
  }
  return pythonLines(chosenCode(blocks, chosen, isTask), words[0] ?? 'default');
}
