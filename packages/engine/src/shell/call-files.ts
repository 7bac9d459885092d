// The files a shell call can read the text of: those it wrote itself earlier in the same command line (a heredoc
// into x.sh, then `bash x.sh`), else those the session wrote in earlier calls (the ledger, through the context).
// Paths are the model's own: resolved against the command's cwd, relative to where the call starts.
import type { FileEffect, ShellContext, ShellFile } from './types.js';
import { applySed, type SedEdit } from './sed-script.js';

/** What the call itself did to a path: wrote it (text known or not, and what it appended when not), or deleted it. */
type Local = { readonly text: string | undefined; readonly pieces: readonly string[] } | 'deleted';

export class CallFiles {
  private readonly local = new Map<string, Local>();
  /** Paths asked of the context and not answered by the call itself: the context-free walk lists them, so the
   * context is consulted (and the call walked again) only when it knows one of them. */
  readonly asked = new Set<string>();

  /** The substitutions of the `sed -i` command whose effects are being recorded (set by the walk around them). */
  sed: readonly SedEdit[] | undefined;

  constructor(private readonly context: ShellContext | undefined) {}

  /** Keeps what one recorded effect did to its file. */
  observe(e: FileEffect): void {
    if (e.kind === 'read') return;
    if (e.kind === 'delete') {
      this.local.set(e.path, 'deleted');
      return;
    }
    if (KEEPS_TEXT.has(e.via)) return;
    const was = this.file(e.path);
    if (e.via === 'sed -i' && this.sed !== undefined) {
      // The text after the substitutions, when they are literal and found; else what they put in, as pieces.
      const text = was?.text === undefined ? undefined : applySed(was.text, this.sed);
      const pieces = text === undefined ? [...(was?.pieces ?? NO_PIECES), ...this.sed.map((x) => x.to)] : NO_PIECES;
      this.local.set(e.path, { text, pieces });
      return;
    }
    if (e.kind === 'write') {
      this.local.set(e.path, { text: e.content, pieces: NO_PIECES });
      return;
    }
    // An append to a text that is not known is still read when the file runs: it is a piece of it.
    const text = was?.text !== undefined && e.content !== undefined ? was.text + e.content : undefined;
    const pieces =
      text === undefined && e.content !== undefined ? [...(was?.pieces ?? NO_PIECES), e.content] : NO_PIECES;
    this.local.set(e.path, { text, pieces });
  }

  /** The file at `path`, when the call or the session wrote it (undefined: neither did, or it was deleted). */
  file(path: string): ShellFile | undefined {
    const mine = this.local.get(path);
    if (mine === 'deleted') return undefined;
    if (mine !== undefined) return mine;
    if (this.context?.file === undefined) {
      this.asked.add(path);
      return undefined;
    }
    return this.context.file(path);
  }

  /** Its whole text, when known. */
  text(path: string): string | undefined {
    return this.file(path)?.text;
  }
}

const NO_PIECES: readonly string[] = Object.freeze([]);

/** Effects that leave a file's text as it was (mode, owner, times; a directory). */
const KEEPS_TEXT: ReadonlySet<string> = new Set(['touch', 'chmod', 'chown', 'mkdir']);
