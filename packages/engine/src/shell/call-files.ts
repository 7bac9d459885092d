// The files a shell call can read the text of: those it wrote itself earlier in the same command line (a heredoc
// into x.sh, then `bash x.sh`), else those the session wrote in earlier calls (the ledger, through the context). The
// one view every reader of a file's text goes through: `< f`, `cat f |`, `$(cat f)`, a script run, `psql -f f`, a
// patch applied, `cp` carrying a text. Paths are the model's own: resolved against the command's cwd, relative to
// where the call starts.
import type { FileEffect, GlobMatch, ShellContext, ShellFile, SimpleCommand } from './types.js';
import { pathGlobMatch } from './glob-match.js';
import { applyInPlace, EDITS_IN_PLACE, inPlaceEdit, inPlacePieces } from './sed-script.js';

/** What the call itself did to a path: wrote it (text known or not, and what it put in when not), or deleted it. */
type Local = ShellFile | 'deleted';

const NO_PIECES: readonly string[] = Object.freeze([]);

/** Effects that leave a file's text as it was (mode, owner, times; a directory). The ledger reads these too. */
export const KEEPS_TEXT: ReadonlySet<string> = new Set(['touch', 'chmod', 'chown', 'mkdir', 'mkfifo']);

/** Effects whose content is the lines a patch adds, not the file's whole text (the ledger keeps them as pieces). */
export const APPLIES_PATCH: ReadonlySet<string> = new Set(['git apply', 'git am', 'patch']);

/**
 * Effects of an editor run by a script on a file that exists (`printf '/^spike:/a\n…\n.\nw\n' | ed -s mk/x.mk`,
 * `ex -sc '%s/a/b/|x' f`, `gawk -i inplace`): their content is what the edit puts in (a/i/c text, replacements), not
 * the file's whole text. It is kept as a piece, after the text known before (the ledger does the same).
 */
export const EDITS_BY_SCRIPT: ReadonlySet<string> = new Set(['ed', 'ex', 'awk -i inplace']);

/**
 * The pieces of a file edited in a way that is not computed: what it held (its pieces, or its text known before: an
 * edit keeps most of a file, and a runner reading it later must not lose that), then what the edit put in.
 */
export function editedPieces(was: ShellFile | undefined, added: readonly string[]): readonly string[] {
  const before = was?.text !== undefined ? [was.text] : (was?.pieces ?? NO_PIECES);
  return added.length === 0 && before.length === 0 ? NO_PIECES : [...before, ...added];
}

/** At most this many files a glob names are read (each is walked as the script it is). */
export const GLOB_LIMIT = 16;

export class CallFiles {
  private readonly local = new Map<string, Local>();
  /** Paths asked of the context and not answered by the call itself: the context-free walk lists them, so the
   * context is consulted (and the call walked again) only when it knows one of them (model.ts). */
  readonly asked = new Set<string>();
  /** Set when the walk read a value programs take from the environment without a `$` in the call (the PATH a bare
   * name is looked up in, the BASH_ENV/ENV a shell starts with, NODE_OPTIONS): the session's values then matter. */
  askedEnvironment = false;
  /** Names a program read from its environment by name (`envsubst`, `yq '… strenv(NAME)'`) that the call did not set:
   * the session's value of one of them changes what the program does. */
  readonly askedNames = new Set<string>();

  constructor(private readonly context: ShellContext | undefined) {}

  /** Keeps what one recorded effect of `command` did to its file. Answers the whole text an in-place edit (sed -i,
   * perl -pi) leaves in a file whose text is known, when the edit changed it: what a rule on the file's content
   * judges (two edits that each write half of `it.only(`, a `\1` in the replacement), as it judges a tool's write. */
  observe(e: FileEffect, command: SimpleCommand | undefined): string | undefined {
    // A file written on another host or in a container is not one this call can read here.
    if (e.kind === 'read' || e.remote !== undefined) return undefined;
    if (e.kind === 'delete') {
      this.local.set(e.path, 'deleted');
      return undefined;
    }
    if (KEEPS_TEXT.has(e.via)) return undefined;
    const was = this.file(e.path);
    if (EDITS_IN_PLACE.has(e.via)) {
      // The text after the script, when it is read whole and each of its commands finds its line; else what it puts
      // in, as pieces (the replacements of a script not read, from the effect's content).
      const edit = command === undefined ? undefined : inPlaceEdit(command);
      const text = was?.text === undefined || edit === undefined ? undefined : applyInPlace(was.text, edit);
      const added =
        edit?.dialect !== undefined ? inPlacePieces(edit) : e.content === undefined ? NO_PIECES : [e.content];
      this.local.set(e.path, { text, pieces: text === undefined ? editedPieces(was, added) : NO_PIECES });
      return text !== undefined && text !== was?.text ? text : undefined;
    }
    if (APPLIES_PATCH.has(e.via)) {
      // What a patch adds is read when the file runs; the rest of the file is not known.
      const pieces = e.content === undefined ? (was?.pieces ?? NO_PIECES) : [...(was?.pieces ?? NO_PIECES), e.content];
      this.local.set(e.path, { text: undefined, pieces });
      return undefined;
    }
    if (EDITS_BY_SCRIPT.has(e.via)) {
      this.local.set(e.path, {
        text: undefined,
        pieces: editedPieces(was, e.content === undefined ? [] : [e.content]),
      });
      return undefined;
    }
    if (e.kind === 'write') {
      this.local.set(e.path, { text: e.content, pieces: NO_PIECES });
      return undefined;
    }
    // An append to a text that is not known is still read when the file runs: it is a piece of it.
    const text = was?.text !== undefined && e.content !== undefined ? was.text + e.content : undefined;
    const pieces =
      text === undefined && e.content !== undefined ? [...(was?.pieces ?? NO_PIECES), e.content] : NO_PIECES;
    this.local.set(e.path, { text, pieces });
  }

  /** The next `/dev/fd/N` bash names a process substitution by (63 first, then downwards). */
  private nextFd = 63;

  /**
   * A process substitution whose output is known (`<(echo 'git push -f origin main')`): bash passes the command a
   * path, `/dev/fd/63`, that reads that output; it is kept here so that `source`, `bash`, `cat` or a client given the
   * path read the text like a file the call wrote. Returns the path.
   */
  substitution(text: string): string {
    const path = `/dev/fd/${this.nextFd > 10 ? this.nextFd-- : this.nextFd}`;
    this.local.set(path, { text, pieces: NO_PIECES });
    return path;
  }

  /** A descriptor opened for reading on a known text (`exec 3< f`, `bash /dev/fd/3 3<<< …`): `/dev/fd/N` reads it. */
  descriptor(fd: number, text: string): void {
    this.local.set(`/dev/fd/${fd}`, { text, pieces: NO_PIECES });
  }

  /** The file at `path`, when the call or the session wrote it (undefined: neither did, or the call deleted it). */
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

  /**
   * The files the call or the session wrote that a glob names (`bash scripts/*.sh`, `source ./s*.sh`, a loop variable
   * holding `tools/*.py`): the call's own first, then the session's, at most `GLOB_LIMIT`. The context-free walk lists
   * the pattern as asked, so the call is walked again only when the session wrote a file it names.
   */
  matching(pattern: string): GlobMatch[] {
    const out: GlobMatch[] = [];
    for (const [path, mine] of this.local)
      if (mine !== 'deleted' && !path.startsWith('/dev/fd/') && pathGlobMatch(pattern, path))
        out.push({ path, file: mine });
    if (this.context?.glob === undefined) this.asked.add(pattern);
    else
      for (const m of this.context.glob(pattern))
        if (!out.some((o) => o.path === m.path) && this.local.get(m.path) !== 'deleted') out.push(m);
    return out.slice(0, GLOB_LIMIT);
  }

  /** Its whole text, when known. */
  text(path: string): string | undefined {
    return this.file(path)?.text;
  }
}

/** The text a file is read as when it is run: the whole text, else what the session put into it (its pieces). */
export function runnableText(file: ShellFile): string | undefined {
  if (file.text !== undefined) return file.text;
  return file.pieces.length > 0 ? file.pieces.join('\n') : undefined;
}
