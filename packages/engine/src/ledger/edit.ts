// Applying a change to the text the ledger knows: an edit's old text replaced by its new text, a patch's hunks.
// Either gives the new whole text, or undefined when the old text is not where the change expects it.

/** `text` with `oldString` replaced (every occurrence with `all`); undefined when it does not occur. */
export function applyEdit(text: string, oldString: string, newString: string, all: boolean): string | undefined {
  if (oldString === '') return newString;
  const at = text.indexOf(oldString);
  if (at < 0) return undefined;
  if (all) return text.split(oldString).join(newString);
  return text.slice(0, at) + newString + text.slice(at + oldString.length);
}

export interface Hunk {
  /** The hunk's lines as the patch has them: ' ' context, '-' removed, '+' added (the prefix kept). */
  readonly lines: readonly string[];
}

/**
 * `text` with each hunk applied in order: the hunk's context and removed lines must stand in the text as one block
 * (searched from where the previous hunk ended), and are replaced by its context and added lines.
 */
export function applyHunks(text: string, hunks: readonly Hunk[]): string | undefined {
  const lines = text.split('\n');
  let from = 0;
  for (const hunk of hunks) {
    const before: string[] = [];
    const after: string[] = [];
    for (const l of hunk.lines) {
      const body = l.slice(1);
      if (l.startsWith('+')) after.push(body);
      else if (l.startsWith('-')) before.push(body);
      else {
        before.push(body);
        after.push(body);
      }
    }
    const at = findBlock(lines, before, from);
    if (at < 0) return undefined;
    lines.splice(at, before.length, ...after);
    from = at + after.length;
  }
  return lines.join('\n');
}

function findBlock(lines: readonly string[], block: readonly string[], from: number): number {
  if (block.length === 0) return from;
  for (let i = from; i + block.length <= lines.length; i++) {
    let ok = true;
    for (let j = 0; j < block.length && ok; j++) ok = lines[i + j] === block[j];
    if (ok) return i;
  }
  return -1;
}

/** One change of an edit tool call: its old text, its new text, and whether every occurrence is replaced. */
export interface Edit {
  readonly oldString: string;
  readonly newString: string;
  readonly all: boolean;
}

/** The edits a call's arguments ask for (opencode's oldString/newString, the snake_case spellings, a multiedit's `edits` list). */
export function editsOf(args: Readonly<Record<string, unknown>>): Edit[] {
  const one = (r: Record<string, unknown>): Edit | undefined => {
    const oldString = r.oldString ?? r.old_string;
    const newString = r.newString ?? r.new_string;
    if (typeof oldString !== 'string' || typeof newString !== 'string') return undefined;
    return { oldString, newString, all: r.replaceAll === true || r.replace_all === true };
  };
  if (Array.isArray(args.edits))
    return args.edits.flatMap((e) => (e && typeof e === 'object' ? (one(e as Record<string, unknown>) ?? []) : []));
  const single = one(args as Record<string, unknown>);
  return single === undefined ? [] : [single];
}
