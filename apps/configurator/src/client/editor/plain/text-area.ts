// The editor on a phone or a touch screen, where Monaco is not supported (its own README says so): the page's plain
// text area, with the same checks, problems list, quick-fix buttons, simulator and downloads as Monaco — they are
// shared. What Monaco shows beside the text, the help line under the area shows for the cursor's place: the
// documentation of the key or id there, and the problem on that line.
import type { Problem, QuickFix } from '../diagnostics.ts';
import { docNode } from '../doc-view.ts';
import { el } from '../dom.ts';
import { hoverAt } from '../hover.ts';
import { markerViews, type EditorSurface, type MatchMark } from '../surface.ts';
import { linesOf, offsetOf, positionOf, type TextLines } from '../text-lines.ts';
import type { HelpContext } from '../value-help.ts';
import { insertText, replaceAllText } from './undoable-edit.ts';

/** How long the caret rests before the help for its place is shown. */
const HELP_DELAY_MS = 150;
/** On <html> while the text area has the focus: the page's style keeps closed sections out of typing's way. */
const TYPING_CLASS = 'plain-typing';

export interface PlainOptions {
  readonly help: () => HelpContext;
  /** Where the help for the cursor's place goes. */
  readonly helpLine: HTMLElement;
}

export function createPlainEditor(area: HTMLTextAreaElement, text: string, options: PlainOptions): EditorSurface {
  area.value = text;
  let problems: readonly Problem[] = [];
  let cached: TextLines | undefined;
  const lines = (): TextLines => (cached && cached.text() === area.value ? cached : (cached = linesOf(area.value)));

  const showHelp = () => {
    const pos = positionOf(area.value, area.selectionStart);
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

  const select = (line: number, start: number, end = start) => {
    const from = offsetOf(area.value, { line, ch: start });
    area.setSelectionRange(from, from + (end - start));
  };
  // A text area has no way to scroll to a line but the caret: place it, and let the browser bring it into view.
  const scrollToCaret = () => {
    area.blur();
    area.focus();
  };

  return {
    form: 'plain',
    text: () => area.value,
    lines,
    replaceAll(next) {
      replaceAllText(area, next);
      area.setSelectionRange(0, 0);
    },
    applyFix(fix: QuickFix) {
      const from = offsetOf(area.value, { line: fix.span.line, ch: fix.span.start });
      if (area.value.slice(from, from + fix.expected.length) !== fix.expected) return false;
      area.setSelectionRange(from, from + fix.expected.length);
      insertText(area, fix.replacement);
      return true;
    },
    reveal(line, ch) {
      select(line, ch);
      scrollToCaret();
      helpSoon();
    },
    scrollTo(line) {
      const active = document.activeElement;
      select(line, 0);
      scrollToCaret();
      if (active instanceof HTMLElement && active !== area) active.focus();
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
      area.addEventListener('input', () => listener());
    },
  };
}
