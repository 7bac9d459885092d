// opencode.json / opencode.jsonc as data: takes the file text; returns the parsed value or the first error with
// line:col. Parsing is jsonc-parser's (comments and trailing commas allowed, as opencode allows them).
import { parse, printParseErrorCode, type ParseError } from 'jsonc-parser';

/** `error` starts with "line:col: " and names what the parser expected. */
export type JsoncResult =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly error: string };

export function parseJsonc(text: string): JsoncResult {
  const errors: ParseError[] = [];
  const value: unknown = parse(text, errors, {
    allowTrailingComma: true,
    disallowComments: false,
    allowEmptyContent: false,
  });
  const first = errors[0];
  if (!first) return { ok: true, value };
  const { line, col } = lineCol(text, first.offset);
  return { ok: false, error: `${line}:${col}: ${printParseErrorCode(first.error)}` };
}

function lineCol(text: string, offset: number): { line: number; col: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, col: offset - before.lastIndexOf('\n') };
}
