// The plain form's long-file logic, without a browser: which lines the text area holds, the change one edit of the
// text area made, and the page's own undo and redo over the whole file (apps/configurator/src/client/editor/plain/).
import { describe, expect, it } from 'vitest';
import { editHistory, type HistoryStep } from '../../apps/configurator/src/client/editor/plain/edit-history.ts';
import {
  editBetween,
  MAX_AREA_LINES,
  type TextEdit,
  WINDOW_LINES,
  windowAround,
} from '../../apps/configurator/src/client/editor/plain/text-window.ts';

const applyEdit = (text: string, e: TextEdit) => text.slice(0, e.at) + e.inserted + text.slice(e.at + e.removed.length);
const numbered = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1}`).join('\n');

/** A small deterministic random source, so that a failure can be replayed. */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

describe('the text area part of a long file', () => {
  it('is the whole file up to 1,000 lines', () => {
    const text = numbered(MAX_AREA_LINES);
    expect(windowAround(text, text.length)).toEqual({ from: 0, to: text.length, firstLine: 1 });
  });

  it('is 500 whole lines around the caret in a longer file, fewer above it only near the start, fewer below near the end', () => {
    const text = numbered(5000);
    const lineOf = (at: number) => text.slice(0, at).split('\n').length;
    for (const caretLine of [1, 2, 249, 250, 2600, 4800, 5000]) {
      const caret =
        text
          .split('\n')
          .slice(0, caretLine - 1)
          .join('\n').length + (caretLine > 1 ? 1 : 0);
      const w = windowAround(text, caret);
      const part = text.slice(w.from, w.to);
      expect(part.split('\n')).toHaveLength(WINDOW_LINES);
      expect(w.from === 0 || text[w.from - 1] === '\n').toBe(true);
      expect(w.to === text.length || text[w.to] === '\n').toBe(true);
      expect(w.firstLine).toBe(lineOf(w.from));
      expect(caretLine).toBeGreaterThanOrEqual(w.firstLine);
      expect(caretLine).toBeLessThan(w.firstLine + WINDOW_LINES);
      // Centred where the file allows it.
      if (caretLine > WINDOW_LINES / 2 && caretLine <= 5000 - WINDOW_LINES / 2)
        expect(caretLine - w.firstLine).toBe(WINDOW_LINES / 2);
    }
  });
});

describe('the change one edit made', () => {
  it('finds the one stretch that changed, at the caret where the same text repeats', () => {
    expect(editBetween('abc', 'abXc', 3)).toEqual({ at: 2, removed: '', inserted: 'X' });
    expect(editBetween('abc', 'ac', 1)).toEqual({ at: 1, removed: 'b', inserted: '' });
    expect(editBetween('a-b', 'a+b', 2)).toEqual({ at: 1, removed: '-', inserted: '+' });
    // "aa" typed into "a|a": the stretch never starts after the caret.
    expect(editBetween('aa', 'aaa', 1)).toEqual({ at: 0, removed: '', inserted: 'a' });
    const e = editBetween('xx\nyy', 'xx\nyyyy\nyy', 8);
    expect(applyEdit('xx\nyy', e)).toBe('xx\nyyyy\nyy');
  });

  it('turns any text into any other', () => {
    const next = random(7);
    const pick = (s: string) => s[Math.floor(next() * s.length)] ?? 'a';
    for (let i = 0; i < 500; i++) {
      const a = Array.from({ length: Math.floor(next() * 12) }, () => pick('ab\n')).join('');
      const b = Array.from({ length: Math.floor(next() * 12) }, () => pick('ab\n')).join('');
      expect(applyEdit(a, editBetween(a, b, Math.floor(next() * (b.length + 1))))).toBe(b);
    }
  });
});

describe("the page's undo and redo", () => {
  it('takes keys typed on or deleted in a row back as one step, and a paste or a page edit as one of its own', () => {
    const history = editHistory();
    let text = 'abc';
    const type = (edit: TextEdit, page = false) => {
      const step: HistoryStep = { ...edit, selectionBefore: [edit.at, edit.at], selectionAfter: [edit.at, edit.at] };
      if (page) history.applied(step);
      else history.typed(step);
      text = applyEdit(text, edit);
    };
    const undo = () => {
      const back = history.undo();
      if (back) text = applyEdit(text, back.edit);
      return text;
    };
    type({ at: 3, removed: '', inserted: 'd' });
    type({ at: 4, removed: '', inserted: 'e' });
    type({ at: 5, removed: '', inserted: 'PASTE' });
    type({ at: 10, removed: '', inserted: 'f' });
    type({ at: 10, removed: 'f', inserted: '' });
    type({ at: 9, removed: 'E', inserted: '' });
    type({ at: 0, removed: 'a', inserted: 'A' }, true);
    expect(text).toBe('AbcdePAST');
    expect(undo()).toBe('abcdePAST');
    expect(undo()).toBe('abcdePASTEf');
    expect(undo()).toBe('abcdePASTE');
    expect(undo()).toBe('abcde');
    expect(undo()).toBe('abc');
    expect(undo()).toBe('abc');
  });

  it('undoes random edits back to the start and redoes them to the end', () => {
    const next = random(11);
    for (let run = 0; run < 50; run++) {
      const history = editHistory();
      const states = ['line one\nline two\n'];
      for (let i = 0; i < 40; i++) {
        const text = states[states.length - 1]!;
        const at = Math.floor(next() * (text.length + 1));
        const removed = text.slice(at, at + Math.floor(next() * 3));
        const inserted = ['', 'x', 'y', '\n', 'zz'][Math.floor(next() * 5)]!;
        if (removed === '' && inserted === '') continue;
        const step: HistoryStep = {
          at,
          removed,
          inserted,
          selectionBefore: [at, at + removed.length],
          selectionAfter: [at + inserted.length, at + inserted.length],
        };
        if (next() < 0.2) history.seal();
        history.typed(step);
        states.push(applyEdit(text, step));
      }
      let text = states[states.length - 1]!;
      const seen = [text];
      for (let back = history.undo(); back; back = history.undo()) {
        text = applyEdit(text, back.edit);
        seen.push(text);
      }
      expect(text).toBe(states[0]);
      // Every state undo passes through is one the edits made (steps join, never invent).
      for (const s of seen) expect(states).toContain(s);
      for (let forward = history.redo(); forward; forward = history.redo()) text = applyEdit(text, forward.edit);
      expect(text).toBe(states[states.length - 1]);
    }
  });
});
