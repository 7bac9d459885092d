// Patch text → the files it changes: the apply_patch format ("*** Update File: path", "+line") and unified diffs
// ("--- a/x", "+++ b/x", "@@ … @@"), as written by `git diff`, `diff -u` and `git format-patch` (mbox). Pure text work,
// shared by the patch tool's facts, the ledger (hunks applied to a known text) and the shell model (git apply, patch).

export interface PatchFile {
  readonly kind: 'write' | 'delete';
  /** The path as the patch names it, leading components stripped as asked. */
  readonly path: string;
  /** The lines it adds (the lines it removes, when reversed). */
  readonly added: readonly string[];
  /** True when the patch creates the file (its whole text is the added lines). */
  readonly created: boolean;
  /** Its hunks, lines with their ' ', '-', '+' prefix (swapped when reversed), to apply to a known text. */
  readonly hunks: readonly { readonly lines: readonly string[] }[];
}

export interface PatchOptions {
  /** How many leading path components to strip: a number (`-p1`), 'basename' (GNU patch without -p), or undefined:
   * drop an `a/`/`b/` prefix when there is one (git's own prefixes). */
  readonly strip?: number | 'basename' | undefined;
  /** `git apply -R`, `patch -R`: the removed lines are what the files get. */
  readonly reverse?: boolean;
}

const APPLY_PATCH_FILE = /^\*\*\* (Add|Update|Delete) File: (.+)$/;
const APPLY_PATCH_MOVE = /^\*\*\* Move to: (.+)$/;
const DIFF_OLD = /^--- (.+?)(?:\t.*)?$/;
const DIFF_NEW = /^\+\+\+ (.+?)(?:\t.*)?$/;

interface Building {
  kind: 'write' | 'delete';
  path: string;
  added: string[];
  created: boolean;
  hunks: { lines: string[] }[];
}

function stripped(path: string, strip: PatchOptions['strip']): string {
  const p = path.trim();
  if (p === '/dev/null') return p;
  if (strip === undefined) return p.replace(/^[ab]\//, '');
  if (strip === 'basename') return p.slice(p.lastIndexOf('/') + 1);
  return p.split('/').slice(strip).join('/');
}

export function parsePatch(patch: string, options: PatchOptions = {}): PatchFile[] {
  const out: Building[] = [];
  let current: Building | undefined;
  let oldPath: string | undefined;
  const reverse = options.reverse === true;
  const lines = patch.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.replace(/\r$/, '');
    const file = APPLY_PATCH_FILE.exec(line);
    if (file) {
      const kind = file[1] === 'Delete' ? 'delete' : 'write';
      current = { kind, path: file[2]!.trim(), added: [], created: file[1] === 'Add', hunks: [] };
      out.push(current);
      continue;
    }
    const move = APPLY_PATCH_MOVE.exec(line);
    if (move && current) {
      // A move deletes the old file and writes the new one with the same changes.
      current.kind = 'delete';
      current = { kind: 'write', path: move[1]!.trim(), added: current.added, created: false, hunks: current.hunks };
      out.push(current);
      continue;
    }
    const oldFile = DIFF_OLD.exec(line);
    if (oldFile && lines[i + 1]?.startsWith('+++ ')) {
      oldPath = stripped(oldFile[1]!, options.strip);
      continue;
    }
    const newFile = DIFF_NEW.exec(line);
    if (newFile && oldPath !== undefined) {
      const target = stripped(newFile[1]!, options.strip);
      const from = reverse ? target : oldPath;
      const to = reverse ? oldPath : target;
      current =
        to === '/dev/null'
          ? { kind: 'delete', path: from, added: [], created: false, hunks: [] }
          : { kind: 'write', path: to, added: [], created: from === '/dev/null', hunks: [] };
      out.push(current);
      oldPath = undefined;
      continue;
    }
    if (current === undefined) continue;
    if (line.startsWith('@@')) {
      current.hunks.push({ lines: [] });
      continue;
    }
    const c = line[0];
    if (c !== '+' && c !== '-' && c !== ' ') continue;
    if (line.startsWith('+++') || line.startsWith('---')) continue;
    const sign = reverse && c === '+' ? '-' : reverse && c === '-' ? '+' : c;
    if (sign === '+') current.added.push(line.slice(1));
    const hunk = current.hunks[current.hunks.length - 1] ?? (current.hunks[0] = { lines: [] });
    hunk.lines.push(sign + line.slice(1));
  }
  return out.filter((e) => e.path !== '/dev/null' && e.path.length > 0);
}
