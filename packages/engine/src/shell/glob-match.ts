// Shell pattern matching (`*`, `?`, `[…]`, `\x`) for ${X#p} and ${X%p}: linear, no backtracking beyond the last star.

/**
 * Whether a shell pattern (`*`, `?`, `[…]`, `\x`) matches the whole text. Linear backtracking over the last `*` only
 * (the classic wildcard match), so no pattern can make it exponential.
 */
export function globMatch(pattern: string, text: string): boolean {
  let p = 0;
  let t = 0;
  let star = -1;
  let mark = 0;
  while (t < text.length) {
    const c = pattern[p];
    if (c === '*') {
      star = p++;
      mark = t;
      continue;
    }
    const step = c === undefined ? 0 : matchOne(pattern, p, text[t] as string);
    if (step > 0) {
      p += step;
      t++;
      continue;
    }
    if (star === -1) return false;
    p = star + 1;
    t = ++mark;
  }
  while (pattern[p] === '*') p++;
  return p === pattern.length;
}

/** How many pattern characters match the one text character at p (0: no match). */
function matchOne(pattern: string, p: number, ch: string): number {
  const c = pattern[p] as string;
  if (c === '?') return 1;
  if (c === '\\' && p + 1 < pattern.length) return pattern[p + 1] === ch ? 2 : 0;
  if (c === '[') {
    const close = pattern.indexOf(']', p + 2);
    if (close === -1) return c === ch ? 1 : 0;
    let body = pattern.slice(p + 1, close);
    const negate = body.startsWith('!') || body.startsWith('^');
    if (negate) body = body.slice(1);
    let hit = false;
    for (let i = 0; i < body.length; i++) {
      if (body[i + 1] === '-' && i + 2 < body.length) {
        if (ch >= (body[i] as string) && ch <= (body[i + 2] as string)) hit = true;
        i += 2;
      } else if (body[i] === ch) hit = true;
    }
    return hit !== negate ? close - p + 1 : 0;
  }
  return c === ch ? 1 : 0;
}

/** Whether a word holds a glob bash would expand (`*`, `?`, `[…]` not escaped). */
export function hasGlob(word: string): boolean {
  for (let i = 0; i < word.length; i++) {
    const c = word[i];
    if (c === '\\') i++;
    else if (c === '*' || c === '?' || (c === '[' && word.indexOf(']', i + 2) > i)) return true;
  }
  return false;
}

/**
 * Whether a pathname glob matches a path as bash expands it: segment by segment (a `*` never crosses a `/`), a
 * leading `./` and repeated slashes ignored, a dot file matched only by a segment that starts with a dot.
 */
export function pathGlobMatch(pattern: string, path: string): boolean {
  const ps = pattern
    .split('/')
    .filter((x, i) => x !== '' || i === 0)
    .filter((x) => x !== '.');
  const ts = path
    .split('/')
    .filter((x, i) => x !== '' || i === 0)
    .filter((x) => x !== '.');
  if (ps.length !== ts.length) return false;
  for (let i = 0; i < ps.length; i++) {
    const seg = ps[i] as string;
    const name = ts[i] as string;
    if (name.startsWith('.') && !seg.startsWith('.')) return false;
    if (!globMatch(seg, name)) return false;
  }
  return true;
}
