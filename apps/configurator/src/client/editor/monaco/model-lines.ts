// The shared layer's TextLines over a Monaco model, read in place (no copy of a 5,000-line text per request).
import type { TextLines } from '../text-lines.ts';
import type { monaco } from './api.ts';

export function modelLines(model: monaco.editor.ITextModel): TextLines {
  return {
    get lineCount() {
      return model.getLineCount();
    },
    line: (n) => (n >= 1 && n <= model.getLineCount() ? model.getLineContent(n) : ''),
    text: () => model.getValue(),
  };
}
