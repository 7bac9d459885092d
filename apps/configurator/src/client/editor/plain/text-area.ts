// The editor on a phone or a touch screen, where Monaco is not supported (its own README says so): the page's plain
// text area, with the same checks, problems list, quick-fix buttons, simulator and downloads as Monaco — they are
// shared. What Monaco shows beside the text, the help line under the area shows for the cursor's place: the
// documentation of the key or id there, and the problem on that line.
//
// A long file is shown as one text in three parts (text-window.ts): the lines above the text area as plain text, the
// text area with the lines around the caret, the lines below; they scroll together in one box, laid out line for line
// as a single text would be. A tap or a click on a line outside the text area moves the text area there, and so does
// the caret coming near its edge. Undo and redo are the page's (edit-history.ts): the browser's history knows only the
// text area's part.
import type { Problem, QuickFix } from '../diagnostics.ts';
import { docNode } from '../doc-view.ts';
import { el } from '../dom.ts';
import { hoverAt } from '../hover.ts';
import { markerViews, type EditorSurface, type MatchMark } from '../surface.ts';
import { linesOf, offsetOf, type Pos, type TextLines } from '../text-lines.ts';
import type { HelpContext } from '../value-help.ts';
import { editHistory, type HistoryStep } from './edit-history.ts';
import { breaksIn, EDGE_LINES, editBetween, MAX_AREA_LINES, type TextEdit, windowAround } from './text-window.ts';

/** How long the caret rests before the help for its place is shown. */
const HELP_DELAY_MS = 150;
/** On <html> while the text area has the focus: the page's style keeps closed sections out of typing's way. */
const TYPING_CLASS = 'plain-typing';

export interface PlainOptions {
  readonly help: () => HelpContext;
  /** Where the help for the cursor's place goes. */
  readonly helpLine: HTMLElement;
  /** The box that scrolls the three parts, the lines above and below the text area, and where the part is said. */
  readonly box: HTMLElement;
  readonly above: HTMLElement;
  readonly below: HTMLElement;
  readonly windowNote: HTMLElement;
}

/** Line breaks as a text area's value has them (its value setter turns \r\n and \r into \n). */
const asValue = (text: string): string => text.replace(/\r\n?/g, '\n');
/** Lines as a `white-space: pre` block shows them: a last line break alone draws no line, so an empty last one gets one more. */
const asBlock = (lines: string): string => (lines === '' || lines.endsWith('\n') ? `${lines}\n` : lines);
/** Lines per block of a part above or below the text area. */
const CHUNK_LINES = 100;
/** A block's own lines, without the line break asBlock adds to draw an empty last line. */
const chunkText = (chunk: Element): string => {
  const drawn = chunk.textContent ?? '';
  return drawn.endsWith('\n') ? drawn.slice(0, -1) : drawn;
};

/**
 * Shows lines above or below the text area in blocks of CHUNK_LINES, counted from the start of the file above it and
 * from its end below it, so that a block keeps its lines when the text area's part moves or grows: only the blocks
 * that changed are set, and the browser keeps what it measured of the others. (One block of 4,500 lines, set anew at
 * each move, was laid out whole again: 40–55 ms of a move's 60–90 ms of CPU at a load of ~11.)
 */
function showLines(part: HTMLElement, lines: readonly string[], fromEnd: boolean): void {
  const chunks: string[] = [];
  const first = fromEnd ? lines.length % CHUNK_LINES || CHUNK_LINES : CHUNK_LINES;
  for (let at = 0, size = first; at < lines.length; at += size, size = CHUNK_LINES)
    chunks.push(asBlock(lines.slice(at, at + size).join('\n')));
  const shown = Array.from(part.children);
  // The blocks that stay are those at the same place counted from the start (above) or from the end (below).
  const pairs = Math.min(shown.length, chunks.length);
  for (let i = 0; i < pairs; i++) {
    const el = fromEnd ? shown[shown.length - 1 - i]! : shown[i]!;
    const text = fromEnd ? chunks[chunks.length - 1 - i]! : chunks[i]!;
    if (el.textContent !== text) el.textContent = text;
  }
  const extra = fromEnd ? shown.slice(0, shown.length - pairs) : shown.slice(pairs);
  for (const el of extra) el.remove();
  const missing = (fromEnd ? chunks.slice(0, chunks.length - pairs) : chunks.slice(pairs)).map((text) => {
    const block = document.createElement('div');
    block.textContent = text;
    return block;
  });
  if (fromEnd) part.prepend(...missing);
  else part.append(...missing);
}
/** The widest line's width in characters (a tab as two, as the style's tab-size), for the text area's width. */
function widest(text: string): number {
  let max = 0;
  for (const line of text.split('\n')) max = Math.max(max, line.length + (line.split('\t').length - 1));
  return max;
}

export function createPlainEditor(area: HTMLTextAreaElement, text: string, options: PlainOptions): EditorSurface {
  const { box, above, below, windowNote } = options;
  // INVARIANT: the file is head + shown + tail; `shown` is the text area's value as last read, head is empty or ends
  // with a line break, tail is empty or starts with one.
  let head = '';
  let shown = '';
  let tail = '';
  let firstLine = 1;
  let headLines = 0;
  let tailLines = 0;
  let rows = 1;
  let cols = 0;
  let version = 0;
  let whole: string | undefined;
  let cachedLines: { version: number; lines: TextLines } | undefined;
  const history = editHistory();
  const listeners: (() => void)[] = [];
  let problems: readonly Problem[] = [];
  let composing = false;

  const fullText = (): string => (whole ??= head + shown + tail);
  const lines = (): TextLines => {
    if (cachedLines?.version !== version) cachedLines = { version, lines: linesOf(fullText()) };
    return cachedLines.lines;
  };
  const changedText = () => {
    version++;
    whole = undefined;
  };
  let widthCols = -1;
  const fitArea = () => {
    if (area.rows !== rows) area.rows = rows;
    if (widthCols !== cols) area.style.width = `${cols + 2}ch`;
    widthCols = cols;
  };

  /** Puts the text area's part where the caret is (the whole file when it is short), keeping the view still. */
  const load = (next: string, selection: readonly [number, number]) => {
    const scroll = [box.scrollLeft, box.scrollTop] as const;
    const win = windowAround(next, selection[1]);
    head = next.slice(0, win.from);
    shown = next.slice(win.from, win.to);
    tail = next.slice(win.to);
    whole = next;
    version++;
    firstLine = win.firstLine;
    headLines = firstLine - 1;
    tailLines = breaksIn(tail);
    rows = breaksIn(shown) + 1;
    cols = widest(shown);
    area.value = shown;
    showLines(above, head === '' ? [] : head.slice(0, -1).split('\n'), false);
    showLines(below, tail === '' ? [] : tail.slice(1).split('\n'), true);
    above.hidden = head === '';
    below.hidden = tail === '';
    windowNote.textContent =
      head === '' && tail === ''
        ? ''
        : `The text box holds lines ${firstLine} to ${firstLine + rows - 1} of ${headLines + rows + tailLines}; the lines before and after it are shown as text, and tapping one edits there.`;
    fitArea();
    const [from, to] = selection.map((o) => Math.min(Math.max(o - head.length, 0), shown.length));
    area.setSelectionRange(from!, to!);
    box.scrollLeft = scroll[0];
    box.scrollTop = scroll[1];
  };

  const selection = (): [number, number] => [head.length + area.selectionStart, head.length + area.selectionEnd];
  /** Selects [from, to) of the whole file, moving the text area's part there when it is outside. */
  const setSelection = (from: number, to = from) => {
    const inside = from >= head.length && to <= head.length + shown.length;
    if (inside) area.setSelectionRange(from - head.length, to - head.length);
    else load(fullText(), [from, to]);
    history.seal();
  };
  const caret = (): Pos => {
    const at = area.selectionEnd;
    return { line: firstLine + breaksIn(shown, 0, at), ch: at === 0 ? 0 : at - (shown.lastIndexOf('\n', at - 1) + 1) };
  };

  /** Scrolls the box so that a place shows (a text area scrolls only to its caret, and here the box scrolls). */
  const scrollIntoView = (line: number, ch: number) => {
    const style = getComputedStyle(area);
    const lineHeight = parseFloat(style.lineHeight) || 1.5 * parseFloat(style.fontSize);
    // The text area is at least as wide as the box, so its width says nothing of a character's: one is measured.
    const probe = el('span', {}, '0'.repeat(10));
    probe.style.cssText = 'position: absolute; visibility: hidden; white-space: pre;';
    probe.style.fontFamily = style.fontFamily;
    probe.style.fontSize = style.fontSize;
    box.append(probe);
    const charWidth = probe.getBoundingClientRect().width / 10;
    probe.remove();
    const pad = parseFloat(getComputedStyle(box).paddingTop) || 0;
    const y = pad + (line - 1) * lineHeight;
    if (y < box.scrollTop || y + lineHeight > box.scrollTop + box.clientHeight)
      box.scrollTop = Math.max(0, y - box.clientHeight / 3);
    const x = ch * charWidth;
    if (x < box.scrollLeft || x > box.scrollLeft + box.clientWidth - 2 * charWidth)
      box.scrollLeft = Math.max(0, x - box.clientWidth / 2);
  };

  const notify = () => {
    for (const listener of listeners) listener();
  };
  let applying = false;
  /** A change made by the page or by undo: applied to the file, told to the listeners and to the text area's own. */
  const apply = (edit: TextEdit, after: readonly [number, number]) => {
    const end = edit.at + edit.removed.length;
    const nextRows = rows + breaksIn(edit.inserted) - breaksIn(edit.removed);
    const windowed = head !== '' || tail !== '';
    // In place while the text area's part stays what load() would make it: the whole of a short file, or a part.
    const stays = nextRows <= MAX_AREA_LINES && (!windowed || headLines + nextRows + tailLines > MAX_AREA_LINES);
    if (stays && edit.at >= head.length && end <= head.length + shown.length) {
      area.setRangeText(edit.inserted, edit.at - head.length, end - head.length);
      shown = area.value;
      changedText();
      rows = nextRows;
      cols = Math.max(cols, widest(edit.inserted));
      fitArea();
      setSelection(after[0], after[1]);
    } else {
      const file = fullText();
      load(file.slice(0, edit.at) + edit.inserted + file.slice(end), after);
    }
    applying = true;
    try {
      area.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertReplacementText' }));
    } finally {
      applying = false;
    }
    notify();
  };

  // The user's own edits: one stretch of the text area changed, found by comparing its value before and after.
  let selectionBefore: [number, number] | undefined;
  area.addEventListener('beforeinput', (e) => {
    if (e.inputType === 'historyUndo' || e.inputType === 'historyRedo') {
      e.preventDefault();
      step(e.inputType === 'historyUndo' ? history.undo() : history.redo());
      return;
    }
    selectionBefore = selection();
  });
  area.addEventListener('input', () => {
    if (applying) return;
    const value = area.value;
    const edit = editBetween(shown, value, area.selectionEnd);
    shown = value;
    changedText();
    rows += breaksIn(edit.inserted) - breaksIn(edit.removed);
    if (edit.inserted.length > 0) {
      const start = value.lastIndexOf('\n', edit.at + edit.inserted.length - 1) + 1;
      const end = value.indexOf('\n', edit.at);
      cols = Math.max(cols, widest(value.slice(start, end < 0 ? value.length : end)));
    }
    fitArea();
    const at = head.length + edit.at;
    const step: HistoryStep = {
      at,
      removed: edit.removed,
      inserted: edit.inserted,
      selectionBefore: selectionBefore ?? [at, at + edit.removed.length],
      selectionAfter: selection(),
    };
    selectionBefore = undefined;
    history.typed(step);
    notify();
    edgeSoon();
  });
  const step = (change: ReturnType<typeof history.undo>) => {
    if (!change) return;
    apply(change.edit, change.selection);
    const pos = caret();
    scrollIntoView(pos.line, pos.ch);
  };

  // The caret near an edge of the text area's part with more file beyond it (or the part grown past its size, or the
  // file now short enough to be whole): the part moves to the caret. Never while a composition (a phone keyboard's
  // word in progress) is open: replacing the value would end it.
  let edgeTimer: ReturnType<typeof setTimeout> | undefined;
  const checkEdges = () => {
    edgeTimer = undefined;
    if (composing) return;
    const row = breaksIn(shown, 0, area.selectionEnd);
    const total = headLines + rows + tailLines;
    const windowed = head !== '' || tail !== '';
    if (
      (head !== '' && row < EDGE_LINES) ||
      (tail !== '' && rows - 1 - row < EDGE_LINES) ||
      rows > MAX_AREA_LINES ||
      (windowed && total <= MAX_AREA_LINES)
    )
      load(fullText(), selection());
  };
  const edgeSoon = () => {
    if (head === '' && tail === '' && rows <= MAX_AREA_LINES) return;
    if (edgeTimer === undefined) edgeTimer = setTimeout(checkEdges, 0);
  };
  area.addEventListener('compositionstart', () => {
    composing = true;
  });
  area.addEventListener('compositionend', () => {
    composing = false;
    edgeSoon();
  });

  area.addEventListener('keydown', (e) => {
    const mod = e.ctrlKey || e.metaKey;
    const key = e.key.toLowerCase();
    if (mod && !e.altKey && (key === 'z' || (key === 'y' && e.ctrlKey))) {
      e.preventDefault();
      step(key === 'z' && !e.shiftKey ? history.undo() : history.redo());
      return;
    }
    // The start and the end of the file, not of the text area's part (Ctrl+Home/End; Cmd+Up/Down on a Mac).
    const toStart = (e.ctrlKey && e.key === 'Home') || (e.metaKey && e.key === 'ArrowUp');
    const toEnd = (e.ctrlKey && e.key === 'End') || (e.metaKey && e.key === 'ArrowDown');
    if ((toStart || toEnd) && (head !== '' || tail !== '')) {
      e.preventDefault();
      const target = toStart ? 0 : fullText().length;
      setSelection(
        e.shiftKey ? Math.min(selection()[0], target) : target,
        e.shiftKey ? Math.max(selection()[1], target) : target,
      );
      if (toStart && e.shiftKey) area.setSelectionRange(area.selectionStart, area.selectionEnd, 'backward');
      const pos = caret();
      scrollIntoView(toStart ? 1 : pos.line, toStart ? 0 : pos.ch);
      return;
    }
    if (!e.key.startsWith('Arrow') && !e.key.startsWith('Page') && e.key !== 'Home' && e.key !== 'End') return;
    history.seal();
    edgeSoon();
  });
  for (const type of ['click', 'select', 'focus'] as const)
    area.addEventListener(type, () => {
      history.seal();
      edgeSoon();
    });
  // The caret dragged by its handle on a touch screen (where the browser reports it at the text area).
  area.addEventListener('selectionchange', edgeSoon);

  // A tap or a click on a line above or below the text area: the caret goes there (unless text is being selected
  // there to copy it).
  const placeFromPoint = (part: HTMLElement, e: MouseEvent) => {
    if (!(window.getSelection()?.isCollapsed ?? true)) return;
    const blocks = Array.from(part.children);
    /** The block under the pointer and the offset in its lines. */
    const hit = (): [Element, number] | undefined => {
      const doc = document as Document & {
        caretPositionFromPoint?: (x: number, y: number) => { offsetNode: Node; offset: number } | null;
      };
      const found = doc.caretPositionFromPoint?.(e.clientX, e.clientY);
      if (found && found.offsetNode.parentElement?.parentElement === part)
        return [found.offsetNode.parentElement, found.offset];
      const range = document.caretRangeFromPoint?.(e.clientX, e.clientY);
      if (range?.startContainer.parentElement?.parentElement === part)
        return [range.startContainer.parentElement, range.startOffset];
      // Where the browser says nothing, the start of the line under the pointer.
      const block = blocks.find((b) => b.getBoundingClientRect().bottom > e.clientY) ?? blocks[blocks.length - 1];
      if (!block) return undefined;
      const row = Math.floor(
        (e.clientY - block.getBoundingClientRect().top) / parseFloat(getComputedStyle(part).lineHeight),
      );
      const content = chunkText(block);
      let at = 0;
      for (let n = 0; n < row; n++) {
        const next = content.indexOf('\n', at);
        if (next < 0) break;
        at = next + 1;
      }
      return [block, at];
    };
    const found = hit();
    if (!found) return;
    const [block, offset] = found;
    let inPart = 0;
    for (const b of blocks) {
      if (b === block) break;
      inPart += chunkText(b).length + 1;
    }
    inPart += Math.min(offset, chunkText(block).length);
    const at = part === above ? Math.min(inPart, head.length - 1) : head.length + shown.length + 1 + inPart;
    const target = Math.min(at, fullText().length);
    load(fullText(), [target, target]);
    history.seal();
    area.focus({ preventScroll: true });
  };
  above.addEventListener('click', (e) => placeFromPoint(above, e));
  below.addEventListener('click', (e) => placeFromPoint(below, e));

  const showHelp = () => {
    const pos = caret();
    const help = hoverAt(lines(), pos, options.help());
    const onLine = problems.filter((p) => p.span?.line === pos.line);
    options.helpLine.replaceChildren(
      ...(help ? [docNode(help.doc)] : []),
      ...onLine.map((p) =>
        el('p', { className: `problem-${p.diagnostic.severity}` }, `Line ${pos.line}: ${p.message}`),
      ),
    );
  };
  // After the caret rests for a moment, not on every key: the help is read between keystrokes, and building it (and
  // the page's layout around it) on each key would slow typing into a long file.
  let helpTimer: ReturnType<typeof setTimeout> | undefined;
  const helpSoon = () => {
    clearTimeout(helpTimer);
    helpTimer = setTimeout(showHelp, HELP_DELAY_MS);
  };
  for (const type of ['click', 'keyup', 'focus', 'select'] as const) area.addEventListener(type, helpSoon);
  // INVARIANT: TYPING_CLASS is on <html> exactly while the text area has the focus. A class, not html:has(:focus) in the
  // style: a :has() whose subject is <html> made Chromium re-check it on every change of the page's DOM, and Monaco
  // changes it on each key (a key in a 5,000-line file 5 -> 17 ms there).
  const root = document.documentElement;
  area.addEventListener('focus', () => root.classList.add(TYPING_CLASS));
  area.addEventListener('blur', () => root.classList.remove(TYPING_CLASS));
  if (document.activeElement === area) root.classList.add(TYPING_CLASS);

  load(asValue(text), [0, 0]);

  return {
    form: 'plain',
    text: fullText,
    lines,
    caret,
    replaceAll(next) {
      const before = fullText();
      const value = asValue(next);
      history.applied({
        at: 0,
        removed: before,
        inserted: value,
        selectionBefore: selection(),
        selectionAfter: [0, 0],
      });
      area.focus({ preventScroll: true });
      apply({ at: 0, removed: before, inserted: value }, [0, 0]);
      box.scrollTop = 0;
      box.scrollLeft = 0;
    },
    applyFix(fix: QuickFix) {
      const from = offsetOf(fullText(), { line: fix.span.line, ch: fix.span.start });
      if (fullText().slice(from, from + fix.expected.length) !== fix.expected) return false;
      const edit = { at: from, removed: fix.expected, inserted: fix.replacement };
      const after = [from + fix.replacement.length, from + fix.replacement.length] as const;
      history.applied({ ...edit, selectionBefore: selection(), selectionAfter: after });
      apply(edit, after);
      return true;
    },
    reveal(line, ch) {
      const at = offsetOf(fullText(), { line, ch });
      setSelection(at);
      area.focus({ preventScroll: true });
      scrollIntoView(line, ch);
      helpSoon();
    },
    scrollTo(line) {
      setSelection(offsetOf(fullText(), { line, ch: 0 }));
      scrollIntoView(line, 0);
    },
    focus: () => area.focus(),
    showProblems(next) {
      problems = next;
      area.setAttribute('aria-invalid', String(next.some((p) => p.span && p.diagnostic.severity === 'error')));
      if (document.activeElement === area) helpSoon();
    },
    showMatches(_marks: readonly MatchMark[]) {
      // The verdicts under the simulator mark the matched text and link each contract to its lines; a text area has
      // nothing to draw with beside the text.
    },
    markers: () => markerViews(problems),
    onChange(listener) {
      listeners.push(listener);
    },
  };
}
