// A tool call that ran → the ledger after it: whole writes, edits applied to the text the ledger knows (else the text
// becomes unknown and the new text is kept as a piece), patches, and shell effects whose content is known (a heredoc,
// echo/printf, cp/mv of a ledger file); rm forgets. The old ledger is never changed: a new one shares what is unchanged.
import type { EffectFact, ToolFacts } from '../facts/types.js';
import { parsePatch } from '../shell/patch-text.js';
import { bounded, Draft } from './bounds.js';
import { applyEdit, applyHunks, editsOf, type Edit } from './edit.js';
import { applyInPlace, EDITS_IN_PLACE, inPlaceEdit, inPlacePieces, type InPlaceEdit } from '../shell/sed-script.js';
import { APPLIES_PATCH, EDITS_BY_SCRIPT, KEEPS_TEXT } from '../shell/call-files.js';
import type { Ledger, LedgerFile } from './types.js';
import { COMPUTED_PIECE, knownLines } from '../shell/computed-piece.js';

/** One change to one file, in the order the call makes them. */
type Change =
  | { readonly kind: 'text'; readonly path: string; readonly text: string; readonly via: string }
  | { readonly kind: 'append'; readonly path: string; readonly text: string; readonly via: string }
  | { readonly kind: 'edit'; readonly path: string; readonly edits: readonly Edit[]; readonly via: string }
  | {
      readonly kind: 'hunks';
      readonly path: string;
      readonly hunks: readonly { lines: readonly string[] }[];
      readonly added: string;
      readonly via: string;
    }
  | {
      readonly kind: 'unknown';
      readonly path: string;
      readonly piece: string | undefined;
      readonly why: string;
      readonly via: string;
    }
  | {
      readonly kind: 'script';
      readonly path: string;
      /** An in-place edit's script, applied to the text known; undefined: an editor whose script is not applied (ed). */
      readonly edit: InPlaceEdit | undefined;
      /** What the edit puts in, kept as a piece when the text after it is not known. */
      readonly added: string | undefined;
      readonly via: string;
    }
  | { readonly kind: 'forget'; readonly path: string };

/** The ledger after the calls (a call and a batch's inner calls) ran. Unchanged calls return the same object. */
export function recordCalls(ledger: Ledger, calls: readonly ToolFacts[], seq: number): Ledger {
  return record(ledger, calls, seq, (change) => change);
}

/**
 * The ledger after a tool call that was blocked: what it would have written, marked refused, so a later call that runs
 * the file is judged as what the agent meant it to hold (write `deploy.sh`, refused as a code change, then `bash
 * deploy.sh`: the run is the deploy it believes it wrote, not a file the session knows nothing of). Deletes and writes
 * of unknown content are not kept: nothing happened, and a refusal must not make the session forget what it knew.
 */
export function recordRefused(ledger: Ledger, calls: readonly ToolFacts[], seq: number): Ledger {
  return record(ledger, calls, seq, (change) =>
    change.kind === 'forget' || change.kind === 'unknown' ? undefined : { ...change, via: `${change.via}, refused` },
  );
}

/** Applies each change of the calls that `keep` keeps (as it returns it); unchanged: the same ledger object. */
function record(
  ledger: Ledger,
  calls: readonly ToolFacts[],
  seq: number,
  keep: (change: Change) => Change | undefined,
): Ledger {
  let draft: Draft | undefined;
  for (const f of calls)
    for (const change of changesOf(f)) {
      const kept = keep(change);
      if (kept === undefined) continue;
      draft ??= new Draft(ledger);
      apply(draft, kept, seq);
    }
  return draft === undefined ? ledger : draft.finish();
}

function apply(files: Draft, c: Change, seq: number): void {
  if (c.kind === 'forget') {
    files.remove(c.path);
    return;
  }
  const was = files.get(c.path);
  const known = (text: string): LedgerFile => bounded({ text, pieces: [], unknown: undefined, seq, via: c.via });
  const unknown = (piece: string | undefined, why: string, kept: readonly string[] = was?.pieces ?? []): LedgerFile =>
    bounded({
      text: undefined,
      pieces: piece === undefined || piece === '' ? kept : [...kept, piece],
      unknown: why,
      seq,
      via: c.via,
    });
  switch (c.kind) {
    case 'text':
      files.set(c.path, known(c.text));
      return;
    case 'append':
      files.set(
        c.path,
        was?.text !== undefined
          ? known(was.text + c.text)
          : was === undefined
            ? unknown(c.text, 'appended to a text the session never saw')
            : unknown(c.text, was.unknown ?? 'appended to'),
      );
      return;
    case 'edit': {
      let text = was?.text;
      for (const e of c.edits) {
        // A new file (or a whole rewrite) is an edit with no old text: its new text is the file.
        if (e.oldString === '') text = e.newString;
        else text = text === undefined ? undefined : applyEdit(text, e.oldString, e.newString, e.all);
        if (text === undefined) break;
      }
      files.set(
        c.path,
        text !== undefined
          ? known(text)
          : unknown(
              c.edits.map((e) => e.newString).join('\n'),
              was?.text !== undefined
                ? 'edited where the old text was not found'
                : 'edited without its text being known',
            ),
      );
      return;
    }
    case 'hunks': {
      const text = was?.text === undefined ? undefined : applyHunks(was.text, c.hunks);
      files.set(
        c.path,
        text !== undefined
          ? known(text)
          : unknown(
              c.added,
              was?.text !== undefined ? 'patched where the hunks did not fit' : 'patched without its text being known',
            ),
      );
      return;
    }
    case 'unknown':
      files.set(c.path, unknown(c.piece, c.why));
      return;
    case 'script': {
      const text = was?.text === undefined || c.edit === undefined ? undefined : applyInPlace(was.text, c.edit);
      if (text !== undefined) {
        files.set(c.path, known(text));
        return;
      }
      // Not computed: what the file held (the text known before is kept as a piece: the edit keeps most of it), then
      // what the edit put in.
      const kept = was?.text !== undefined ? [was.text] : (was?.pieces ?? []);
      const why =
        was?.text === undefined
          ? `edited by ${c.via} without its text being known`
          : `edited by ${c.via} with a script not applied to it (not read whole, or a line it looks for not found)`;
      files.set(c.path, unknown(c.added, why, kept));
      return;
    }
  }
}

/** The file changes one call makes. */
function changesOf(f: ToolFacts): Change[] {
  if (f.attachment) return [];
  switch (f.name) {
    case 'write':
      return f.effects.flatMap((e) =>
        e.kind === 'write' && e.content !== undefined
          ? [{ kind: 'text', path: e.path.relative, text: e.content, via: 'write tool' } as const]
          : [],
      );
    case 'edit': {
      const edits = editsOf(f.args);
      return f.paths.map((p) => ({ kind: 'edit', path: p.relative, edits, via: 'edit tool' }) as const);
    }
    case 'patch':
      return patchChanges(f);
    case 'bash':
      return f.effects.flatMap((e) => shellChange(e, f));
    default:
      // Another tool that writes (an MCP server's write_file): what it wrote is known, not that it is the whole file.
      return f.effects.flatMap((e): Change[] =>
        e.kind === 'delete'
          ? [{ kind: 'forget', path: e.path.relative }]
          : e.kind === 'write' || e.kind === 'append'
            ? [
                {
                  kind: 'unknown',
                  path: e.path.relative,
                  piece: e.content,
                  why: `written by the ${f.name} tool`,
                  via: e.via,
                },
              ]
            : [],
      );
  }
}

/** The patch tool's files: the facts' effects name them (resolved like any path), in the order the patch text has. */
function patchChanges(f: ToolFacts): Change[] {
  const parsed = f.content.flatMap((text) => parsePatch(text));
  return parsed.flatMap((p, i): Change[] => {
    const effect = f.effects[i];
    if (effect === undefined) return [];
    const path = effect.path.relative;
    if (p.kind === 'delete') return [{ kind: 'forget', path }];
    const added = p.added.join('\n');
    if (p.created) return [{ kind: 'text', path, text: p.added.length > 0 ? `${added}\n` : '', via: 'patch' }];
    return [{ kind: 'hunks', path, hunks: p.hunks, added, via: 'patch' }];
  });
}

/** Written in pieces, a value computed at run time among them (printf's %s of a variable): not known whole. */
function computedChange(e: EffectFact, path: string, content: string): Change[] {
  return [
    { kind: 'unknown', path, piece: knownLines(content), why: `written by ${e.via} with a computed value`, via: e.via },
  ];
}

function shellChange(e: EffectFact, f: ToolFacts): Change[] {
  // A file on another host or in a container is not one of this work tree's.
  if (e.remote !== undefined) return [];
  const path = e.path.relative;
  switch (e.kind) {
    case 'read':
      return [];
    case 'delete':
      return [{ kind: 'forget', path }];
    case 'append':
      if (e.content?.includes(COMPUTED_PIECE)) return computedChange(e, path, e.content);
      return e.content !== undefined
        ? [{ kind: 'append', path, text: e.content, via: e.via }]
        : [
            {
              kind: 'unknown',
              path,
              piece: undefined,
              why: `appended to by ${e.via} with output that is not known`,
              via: e.via,
            },
          ];
    case 'write':
      if (KEEPS_TEXT.has(e.via)) return [];
      if (EDITS_IN_PLACE.has(e.via)) return sedChange(e, f);
      if (APPLIES_PATCH.has(e.via))
        return [{ kind: 'unknown', path, piece: e.content, why: `patched by ${e.via}`, via: e.via }];
      if (EDITS_BY_SCRIPT.has(e.via)) return [{ kind: 'script', path, edit: undefined, added: e.content, via: e.via }];
      if (e.content?.includes(COMPUTED_PIECE)) return computedChange(e, path, e.content);
      return e.content !== undefined
        ? [{ kind: 'text', path, text: e.content, via: e.via }]
        : [
            {
              kind: 'unknown',
              path,
              piece: undefined,
              why: `written by ${e.via} with content that is not known`,
              via: e.via,
            },
          ];
  }
}

/** `sed -i SCRIPT file`, `perl -pi -e SCRIPT file`: the script applied to the known text; else what it puts in (the
 * text of a/i/c, the replacements: sed-script.ts inPlacePieces) is a piece, or the effect's content for a script that
 * is not read (ruby's code, a script file). */
function sedChange(e: EffectFact, f: ToolFacts): Change[] {
  const command = e.command === undefined ? undefined : f.commands[e.command]?.command;
  const edit = command === undefined ? undefined : inPlaceEdit(command);
  const pieces = edit?.dialect !== undefined ? inPlacePieces(edit) : e.content === undefined ? [] : [e.content];
  const added = pieces.length === 0 ? undefined : pieces.join('\n');
  return [{ kind: 'script', path: e.path.relative, edit, added, via: e.via }];
}
