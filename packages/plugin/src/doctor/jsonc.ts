// opencode.json / opencode.jsonc as data: takes the file text; returns the parsed value or an error with
// line:col. Comments and trailing commas are blanked out (same length, so positions stay true) before JSON.parse.

/** `error` starts with "line:col: " when the JSON engine named a position (Node names none for some inputs). */
export type JsoncResult = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly error: string };

export function parseJsonc(text: string): JsoncResult {
  const cleaned = blankTrailingCommas(blankComments(text));
  try {
    return { ok: true, value: JSON.parse(cleaned) as unknown };
  } catch (error) {
    const message = (error as Error).message;
    const at = /position (\d+)/.exec(message);
    if (!at) return { ok: false, error: message };
    const { line, col } = lineCol(text, Number(at[1]));
    return { ok: false, error: `${line}:${col}: ${message}` };
  }
}

function blankComments(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '"') {
      const end = stringEnd(text, i);
      out += text.slice(i, end);
      i = end;
    } else if (c === '/' && text[i + 1] === '/') {
      const end = text.indexOf('\n', i);
      const stop = end < 0 ? text.length : end;
      out += ' '.repeat(stop - i);
      i = stop;
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end < 0 ? text.length : end + 2;
      out += text.slice(i, stop).replace(/[^\n]/g, ' ');
      i = stop;
    } else {
      out += c;
      i += 1;
    }
  }
  return out;
}

function blankTrailingCommas(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '"') {
      const end = stringEnd(text, i);
      out += text.slice(i, end);
      i = end;
      continue;
    }
    if (c === ',') {
      const rest = /^\s*/.exec(text.slice(i + 1))?.[0] ?? '';
      const next = text[i + 1 + rest.length];
      out += next === '}' || next === ']' ? ' ' : c;
    } else out += c;
    i += 1;
  }
  return out;
}

/** Index just past the closing quote of the string starting at `start`. */
function stringEnd(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
  return Math.min(i + 1, text.length);
}

function lineCol(text: string, offset: number): { line: number; col: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, col: (before.at(-1)?.length ?? 0) + 1 };
}
