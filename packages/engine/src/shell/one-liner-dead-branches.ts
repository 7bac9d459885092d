// A Python program's branches that a constant flag rules out: `DRY_RUN = True` at the top, then `if DRY_RUN: print(…)
// else: upload_folder(…)` never uploads. The else branch is blanked (spaces, so offsets stay) before the program is
// read, as the interpreter never runs it. Only a flag given a literal True/False exactly once, at the top level and
// never rebound (no other assignment, `global`, augmented or annotated one), counts: a flag an argument, the
// environment or a later line sets is not a constant, and both branches stay (the stricter reading).

const FLAG = /^([A-Za-z_]\w*)[ \t]*=[ \t]*(True|False)[ \t]*(?:#.*)?$/;
/** At most this many lines are read for flags and branches (a program the agent wrote is small). */
const MAX_LINES = 4000;

const indentOf = (line: string): number => line.length - line.trimStart().length;
const blank = (line: string): string => ' '.repeat(line.length);

/** The constant flags: a name assigned a literal once at the top level and nowhere else. */
function constantFlags(lines: readonly string[], code: string): Map<string, boolean> {
  const flags = new Map<string, boolean>();
  for (const line of lines) {
    const m = FLAG.exec(line);
    if (m === null) continue;
    const name = m[1] as string;
    const bound = code.match(
      new RegExp(
        `(^|[^\\w.])${name}[ \\t]*(?:[-+*/|&]?=(?!=)|:[^=\\n]*=)|\\bglobal\\b[^\\n]*\\b${name}\\b|\\bfor[ \\t]+${name}\\b|\\bas[ \\t]+${name}\\b`,
        'gm',
      ),
    );
    if (bound?.length === 1) flags.set(name, m[2] === 'True');
  }
  return flags;
}

/** The end (exclusive) of the block of lines indented deeper than `indent` that starts after line `at`. */
function blockEnd(lines: readonly string[], at: number, indent: number): number {
  let i = at + 1;
  while (i < lines.length) {
    const line = lines[i] as string;
    if (line.trim() !== '' && indentOf(line) <= indent) break;
    i++;
  }
  return i;
}

/** The code with the branches a constant flag rules out blanked; the code itself when there are none. */
export function withoutDeadBranches(code: string): string {
  if (!/\b(?:True|False)\b/.test(code) || !/\bif\b/.test(code)) return code;
  const lines = code.split('\n');
  if (lines.length > MAX_LINES) return code;
  const flags = constantFlags(lines, code);
  if (flags.size === 0) return code;
  let changed = false;
  for (let i = 0; i < lines.length; i++) {
    const m = /^([ \t]*)if[ \t]+(not[ \t]+)?([A-Za-z_]\w*)[ \t]*:[ \t]*(?:#.*)?$/.exec(lines[i] as string);
    const value = m === null ? undefined : flags.get(m[3] as string);
    if (m === null || value === undefined) continue;
    const indent = (m[1] as string).length;
    const taken = value !== (m[2] !== undefined);
    const bodyEnd = blockEnd(lines, i, indent);
    // The clauses that follow at the same indentation: elif … and else.
    let clauseEnd = bodyEnd;
    while (clauseEnd < lines.length) {
      const line = lines[clauseEnd] as string;
      if (indentOf(line) !== indent || !/^(?:elif\b|else[ \t]*:)/.test(line.trimStart())) break;
      clauseEnd = blockEnd(lines, clauseEnd, indent);
    }
    // Taken: every clause after the body is dead. Not taken: the body is (an elif after it may still run).
    const [from, to] = taken ? [bodyEnd, clauseEnd] : [i + 1, bodyEnd];
    for (let j = from; j < to; j++) lines[j] = blank(lines[j] as string);
    changed ||= to > from;
  }
  return changed ? lines.join('\n') : code;
}
