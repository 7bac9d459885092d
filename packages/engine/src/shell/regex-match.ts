// `[[ TEXT =~ ERE ]]`: bash sets BASH_REMATCH to the match and its groups, which a later word reads
// (`[[ $line =~ ^run:\ (.*)$ ]] && eval "${BASH_REMATCH[1]}"`). Computed when both sides are known, with RE2 in
// leftmost-longest mode (POSIX's rule) over the pattern translated as sed-regex.ts does; anything else leaves
// BASH_REMATCH unknown, never empty by guess.
import { RE2JS } from 're2js';
import type { Word } from 'unbash';
import { type ExpandContext, expandValue } from './expand.js';
import type { Scope } from './scope.js';
import { posixToRe2 } from './sed-regex.js';
import { UNKNOWN } from './values.js';

const NAME = 'BASH_REMATCH';

export function regexMatch(left: Word, right: Word, scope: Scope, ctx: ExpandContext): void {
  const text = expandValue(left, ctx);
  const pattern = expandValue(right, ctx);
  // A quoted part of the pattern is matched as a string: read only when the pattern is written without quotes.
  const source =
    text.unknown || pattern.unknown || /["'\\]/.test(right.text) ? undefined : posixToRe2(pattern.value, true);
  let re: RE2JS | undefined;
  try {
    re = source === undefined ? undefined : RE2JS.compile(source, RE2JS.LONGEST_MATCH);
  } catch {
    re = undefined; // a pattern RE2 does not take: unknown, as any value not read
  }
  if (re === undefined) {
    scope.vars.setArray(NAME, UNKNOWN);
    return;
  }
  const m = re.matcher(text.value);
  if (!m.find()) {
    scope.vars.setArray(NAME, []);
    return;
  }
  const groups: string[] = [];
  for (let g = 0; g <= m.groupCount(); g++) groups.push(m.group(g) ?? '');
  scope.vars.setArray(NAME, groups);
}
