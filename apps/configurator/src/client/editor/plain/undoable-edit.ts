// Edits of the plain text area made by the page (a quick fix, composition, an import) the way the browser's own edits
// are made, so that its undo (Ctrl+Z, shake to undo) takes each back in one step. execCommand is the one way to edit a
// text area that keeps the browser's undo history; setting `value` would clear it.

/** Line breaks as a text area's value has them (the value setter and the HTML parser turn \r\n and \r into \n). */
const asValue = (text: string): string => text.replace(/\r\n?/g, '\n');

const escapeMarkup = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Replaces the selection with `text` as typing does; where the browser refuses, the value is edited directly. */
export function insertText(area: HTMLTextAreaElement, text: string): void {
  area.focus({ preventScroll: true });
  if (!document.execCommand('insertText', false, text)) {
    area.setRangeText(text, area.selectionStart, area.selectionEnd, 'end');
    area.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

/**
 * Replaces the whole text as one undoable edit. Typed in (insertText), a text of many lines is inserted a line at a
 * time — a paragraph break and a layout of the whole text area per line: 44 s for a 5,000-line file in Chromium here,
 * and it left the text area laid out in a way that made every later key a third slower. The text as markup, escaped,
 * takes the path of the browser's own paste into a text area instead (the markup's plain text replaces the selection in
 * one step): 0.2 s, one undo step, and the same value. Where a browser refuses that or makes another value of it, the
 * text is typed in after all.
 */
export function replaceAllText(area: HTMLTextAreaElement, text: string): void {
  const wanted = asValue(text);
  area.focus({ preventScroll: true });
  area.setSelectionRange(0, area.value.length);
  const done = document.execCommand('insertHTML', false, escapeMarkup(wanted));
  if (done && area.value === wanted) return;
  if (done) console.warn('editor: the text area made another text of the file given as markup; it is typed in instead');
  area.setSelectionRange(0, area.value.length);
  insertText(area, wanted);
}
