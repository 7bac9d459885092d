// One simple command of the shell model → where its words and redirections stand in the original command text.
// The model keeps only the command's own span (to keep the evaluation path lean), so its text is parsed again here,
// on demand, and its words lined up with what the model read (program, global options, argv).
import { forEachChild, parse, type Command, type SyntaxNode } from 'unbash';
import type { SimpleCommand } from '../shell/index.js';
import { shellWord } from '../shell/words.js';

/** A word of the original text: its value (quotes removed) and where it stands. */
export interface LocatedWord {
  readonly value: string;
  readonly start: number;
  readonly end: number;
  /** Where the value starts in the word as written when it stands there unchanged: 0 for a plain word, 1 for one
   * quoted string without escapes ('…' or "…"); undefined when escapes or several parts change its length. */
  readonly inner: 0 | 1 | undefined;
}

export interface LocatedRedirect {
  readonly operator: string;
  readonly target: LocatedWord;
}

export interface LocatedCommand {
  /** The command's own span in the original text (a wrapper's span when its inner text could not be placed). */
  readonly start: number;
  readonly end: number;
  /** Offset of the command's text in the original, when the text stands there as written. */
  readonly base: number | undefined;
  /** The program word, then the global options' words, then one word per argv entry; undefined when the words could
   * not be lined up (a wrapper's string with escapes, env -S): callers then mark the whole command. */
  readonly words: readonly LocatedWord[] | undefined;
  /** How many of `words` after the program are global options (git -C dir: 2). */
  readonly globalWords: number;
  readonly redirects: readonly LocatedRedirect[];
  /** What the program read on stdin (`cmd.input`), where it stands verbatim in the original (a quoted heredoc's body,
   * an `echo '…' |` producer's word); undefined when it does not (read from a file, or changed by expansion). */
  readonly input?: LocatedWord;
}

/** Where the text a command reads on stdin stands in `source`, written as the model read it. */
function locateInput(source: string, cmd: SimpleCommand): LocatedWord | undefined {
  const text = cmd.input?.from === 'stdin' ? cmd.input.text : undefined;
  if (!text) return undefined;
  // `echo 'x' |` feeds "x\n": the newline is echo's, not the call's.
  for (const value of text.endsWith('\n') ? [text, text.slice(0, -1)] : [text]) {
    const at = value === '' ? -1 : source.indexOf(value);
    if (at !== -1) return { value, start: at, end: at + value.length, inner: 0 };
  }
  return undefined;
}

/** Where the command's text stands in `source`: at its span when they agree, else found by search (a double-quoted
 * `bash -c "…"` string, a heredoc fed to `bash <<EOF`). */
function findBase(source: string, cmd: SimpleCommand): number | undefined {
  if (cmd.text.length === 0) return undefined;
  if (source.slice(cmd.start, cmd.start + cmd.text.length) === cmd.text) return cmd.start;
  const inside = source.indexOf(cmd.text, cmd.start);
  if (inside !== -1 && inside + cmd.text.length <= cmd.end) return inside;
  // A script fed on stdin (`bash <<EOF`): its body follows the wrapper's own span.
  if (cmd.via.some((v) => v.endsWith(' <<')) && inside !== -1) return inside;
  return undefined;
}

/** The first simple command node of a parsed text. */
function firstCommand(node: SyntaxNode): Command | undefined {
  if (node.type === 'Command') return node;
  let found: Command | undefined;
  forEachChild(node, (child) => {
    found ??= firstCommand(child);
  });
  return found;
}

/** The words the model read for this command, in order: program, globals (1 or 2 words each), argv as written
 * (an implied word put back as written, or left out when it was added). */
function expectedValues(cmd: SimpleCommand): string[] {
  const out = [cmd.programText];
  for (const g of cmd.globals) {
    out.push(g.token);
    // A global written as two words (`-C dir`) has its name as token; `--git-dir=x` and flags are one word.
    if (g.value !== undefined && g.token === g.name) out.push(g.value);
  }
  out.push(...writtenArgv(cmd));
  return out;
}

/** The argv as the command spells it: implied words (a push's branch) as written, or left out when added. */
export function writtenArgv(cmd: SimpleCommand): readonly string[] {
  if (cmd.implied === undefined) return cmd.argv;
  const argv = [...cmd.argv];
  for (const w of cmd.implied) if (w.written !== undefined) argv[w.at] = w.written;
  const added = new Set(cmd.implied.filter((w) => w.written === undefined).map((w) => w.at));
  return argv.filter((_, i) => !added.has(i));
}

/** The last place where `want` stands as consecutive values (wrappers are peeled off the front, so the command the
 * model read is the last run of words that spells it). */
function lineUp(words: readonly LocatedWord[], want: readonly string[]): number {
  for (let at = words.length - want.length; at >= 0; at--) {
    let ok = true;
    for (let i = 0; i < want.length && ok; i++) ok = words[at + i]!.value === want[i];
    if (ok) return at;
  }
  return -1;
}

function innerOffset(text: string, value: string): 0 | 1 | undefined {
  if (text === value) return 0;
  const q = text[0];
  const quoted = (q === "'" || q === '"') && text.length === value.length + 2 && text.endsWith(q);
  return quoted && text.slice(1, -1) === value ? 1 : undefined;
}

export function locateCommand(source: string, cmd: SimpleCommand): LocatedCommand {
  const base = findBase(source, cmd);
  const input = locateInput(source, cmd);
  const whole = { start: cmd.start, end: cmd.end, base, words: undefined, globalWords: 0, redirects: [], input };
  if (base === undefined || cmd.program === '') return whole;
  const parsed = parse(cmd.text);
  let node: Command | undefined;
  for (const statement of parsed.commands) if ((node ??= firstCommand(statement.command)) !== undefined) break;
  if (node === undefined) return whole;
  const at = (w: { text: string; pos: number; end: number }, value: string): LocatedWord => ({
    value,
    start: base + w.pos,
    end: base + w.end,
    inner: innerOffset(w.text, value),
  });
  const words: LocatedWord[] = [];
  if (node.name) words.push(at(node.name, shellWord(node.name).value));
  for (const s of node.suffix) {
    if (s.type === 'Word') words.push(at(s, shellWord(s).value));
    else if (s.type === 'Assignment') words.push(at(s, s.text));
  }
  const redirects: LocatedRedirect[] = [];
  for (const r of [...node.prefix, ...node.suffix])
    if (r.type === 'Redirect' && r.target !== undefined)
      redirects.push({ operator: r.operator, target: at(r.target, shellWord(r.target).value) });
  const want = expectedValues(cmd);
  const from = lineUp(words, want);
  const start = base;
  const end = base + cmd.text.length;
  if (from < 0) return { start, end, base, words: undefined, globalWords: 0, redirects, input };
  const globalWords = want.length - 1 - writtenArgv(cmd).length;
  return { start, end, base, words: words.slice(from, from + want.length), globalWords, redirects, input };
}
