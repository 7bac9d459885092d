// Tokens written in pieces: string literals joined by `+` or written side by side (`'ghp_' + 'aBc…'`, python's
// `'ghp_' 'aBc…'`). The pieces alone are no token; joined, they are the string the program holds. Only the known token
// formats are looked for in the joined text (never the heuristics), and a finding spans the pieces as written.
import { MAX_FINDINGS } from './limits.js';
import { scanTokens } from './token-scan.js';
import type { RawFinding } from './types.js';

// One literal: single or double quotes or backticks with no escapes, newlines or interpolation inside.
const LITERAL = /(?:'[^'\\\n]*'|"[^"\\\n]*"|`[^`\\\n$]*`)/.source;
// Two or more literals, each after the first joined by `+` (with any spacing) or by spaces alone.
const RUN = new RegExp(`${LITERAL}(?:[ \\t]*\\+?[ \\t\\n]*${LITERAL})+`, 'g');
const PIECE = new RegExp(LITERAL, 'g');
/** Past this length a run is no token written in pieces (the longest token formats are a few hundred characters). */
const MAX_RUN = 2048;

export function scanSplitLiterals(text: string): RawFinding[] {
  const found: RawFinding[] = [];
  // Cheap test first: a run needs a quote followed by a joiner and another quote.
  if (!/['"`][ \t]*\+?[ \t\n]*['"`]/.test(text)) return found;
  RUN.lastIndex = 0;
  for (let m = RUN.exec(text); m !== null; m = RUN.exec(text)) {
    if (m[0].length > MAX_RUN) continue;
    const joined = [...m[0].matchAll(PIECE)].map((p) => p[0].slice(1, -1)).join('');
    const token = scanTokens(joined)[0];
    if (token === undefined) continue;
    found.push({ rule: token.rule, start: m.index, end: m.index + m[0].length });
    if (found.length >= MAX_FINDINGS) break;
  }
  return found;
}
