// The plain form's undo and redo, over the whole file. The browser's own undo knows only the text area's value, and in
// a long file the text area holds a part of the file that moves with the caret (text-window.ts): its history would
// put text back in the wrong place. So the page keeps the history itself, as edits (a few characters for a key, not
// a copy of the file), and takes Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y and the browser's own undo commands for it.
import type { TextEdit } from './text-window.ts';

/** An edit with the selection before and after it, whole-file offsets. */
export interface HistoryStep extends TextEdit {
  readonly selectionBefore: readonly [number, number];
  readonly selectionAfter: readonly [number, number];
}

/** Steps kept; older ones are dropped (a 5,000-line file replaced by another is two copies of it). */
const MAX_STEPS = 200;

/**
 * Whether `next`, typed right after `last`, continues it: one more character typed on, or one more deleted (a paste,
 * a word deleted at once or a text dropped is a step of its own, as in the browser's own history).
 */
function continues(last: HistoryStep, next: HistoryStep): boolean {
  const typing = (s: HistoryStep) => s.removed === '' && s.inserted.length > 0;
  const deleting = (s: HistoryStep) => s.inserted === '' && s.removed.length > 0;
  if (next.inserted.length + next.removed.length !== 1) return false;
  if (typing(last) && typing(next)) return next.at === last.at + last.inserted.length;
  if (deleting(last) && deleting(next)) return next.at + next.removed.length === last.at || next.at === last.at; // Backspace, or Delete
  return false;
}

export function editHistory() {
  const undo: HistoryStep[] = [];
  const redo: HistoryStep[] = [];
  /** Set when the caret moved, the page edited or the last step was more than a key: the next key starts a step. */
  let sealed = true;
  return {
    /** A change the user made (a key, a paste, a drop): joined to the step before when it continues it. */
    typed(step: HistoryStep): void {
      redo.length = 0;
      const last = undo[undo.length - 1];
      if (!sealed && last && continues(last, step)) {
        const deleting = step.inserted === '';
        undo[undo.length - 1] = {
          at: deleting ? Math.min(step.at, last.at) : last.at,
          removed: deleting ? (step.at < last.at ? step.removed + last.removed : last.removed + step.removed) : '',
          inserted: deleting ? '' : last.inserted + step.inserted,
          selectionBefore: last.selectionBefore,
          selectionAfter: step.selectionAfter,
        };
      } else undo.push(step);
      if (undo.length > MAX_STEPS) undo.shift();
      sealed = step.inserted.length + step.removed.length !== 1;
    },
    /** A change the page made (a quick fix, composition, an import): always a step of its own. */
    applied(step: HistoryStep): void {
      redo.length = 0;
      undo.push(step);
      if (undo.length > MAX_STEPS) undo.shift();
      sealed = true;
    },
    /** The caret moved: what is typed next is a new step. */
    seal(): void {
      sealed = true;
    },
    /** The edit that takes the last step back, with the selection to restore; undefined when there is none. */
    undo(): { edit: TextEdit; selection: readonly [number, number] } | undefined {
      const step = undo.pop();
      if (!step) return undefined;
      redo.push(step);
      sealed = true;
      return {
        edit: { at: step.at, removed: step.inserted, inserted: step.removed },
        selection: step.selectionBefore,
      };
    },
    redo(): { edit: TextEdit; selection: readonly [number, number] } | undefined {
      const step = redo.pop();
      if (!step) return undefined;
      undo.push(step);
      sealed = true;
      return { edit: step, selection: step.selectionAfter };
    },
  };
}
export type EditHistory = ReturnType<typeof editHistory>;
