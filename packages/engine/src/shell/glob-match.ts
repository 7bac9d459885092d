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
  const one = (seg: string, name: string): boolean =>
    (!name.startsWith('.') || seg.startsWith('.')) && globMatch(seg, name);
  if (!ps.includes('**')) return ps.length === ts.length && ps.every((seg, i) => one(seg, ts[i] as string));
  // `**` (find's ROOT/**/NAME, a globstar) stands for any number of folders: matched segment by segment, the set of
  // pattern positions reachable after each path segment (linear in both lengths).
  const close = (set: Set<number>): Set<number> => {
    for (let p = 0; p <= ps.length; p++) if (set.has(p) && ps[p] === '**') set.add(p + 1);
    return set;
  };
  let reach = close(new Set<number>([0]));
  for (const name of ts) {
    const next = new Set<number>();
    for (const p of reach) {
      const seg = ps[p];
      if (seg === '**') {
        if (!name.startsWith('.')) next.add(p);
      } else if (seg !== undefined && one(seg, name)) next.add(p + 1);
    }
    reach = close(next);
    if (reach.size === 0) return false;
  }
  return reach.has(ps.length);
}

/** At most this many words come out of one brace expansion; past it the word is kept as written. */
export const MAX_BRACE_WORDS = 64;

/**
 * Bash's brace expansion of a word's text with no quotes or expansions (`{main,}` → `main`, `a{b,c}d` → `abd acd`,
 * `{1..3}`, `{a..c}`, nested): the words, or undefined when the text holds no expansion or gives more than
 * MAX_BRACE_WORDS words. Empty words are dropped, as bash drops them when unquoted.
 */
export function braceExpand(text: string): string[] | undefined {
  const out = expandBraces(text, 0);
  if (out === undefined || (out.length === 1 && out[0] === text)) return undefined;
  return out.filter((w) => w !== '');
}

function expandBraces(text: string, depth: number): string[] | undefined {
  if (depth > 8) return undefined;
  // The first `{` whose matching `}` encloses a top-level comma or a `..` sequence.
  for (let open = text.indexOf('{'); open !== -1; open = text.indexOf('{', open + 1)) {
    if (text[open - 1] === '$' || text[open - 1] === '\\') continue;
    let level = 0;
    const commas: number[] = [];
    let close = -1;
    for (let i = open; i < text.length; i++) {
      const c = text[i];
      if (c === '\\') i++;
      else if (c === '{') level++;
      else if (c === '}' && --level === 0) {
        close = i;
        break;
      } else if (c === ',' && level === 1) commas.push(i);
    }
    if (close === -1) return [text];
    const body = text.slice(open + 1, close);
    let alternatives: string[] | undefined;
    if (commas.length > 0) {
      alternatives = [];
      let from = open + 1;
      for (const k of [...commas, close]) {
        alternatives.push(text.slice(from, k));
        from = k + 1;
      }
    } else alternatives = sequence(body);
    if (alternatives === undefined) continue;
    const prefix = text.slice(0, open);
    const suffix = text.slice(close + 1);
    const out: string[] = [];
    for (const alt of alternatives) {
      const expanded = expandBraces(prefix + alt + suffix, depth + 1);
      if (expanded === undefined) return undefined;
      out.push(...expanded);
      if (out.length > MAX_BRACE_WORDS) return undefined;
    }
    return out;
  }
  return [text];
}

/** `1..5`, `5..1`, `01..10` (not padded here), `a..e`, with an optional `..STEP`. */
function sequence(body: string): string[] | undefined {
  const m = /^(-?\d{1,6}|[A-Za-z])\.\.(-?\d{1,6}|[A-Za-z])(?:\.\.(-?\d{1,4}))?$/.exec(body);
  if (m === null) return undefined;
  const [a, b] = [m[1] as string, m[2] as string];
  const numeric = /\d/.test(a) && /\d/.test(b);
  if (!numeric && (/\d/.test(a) || /\d/.test(b))) return undefined;
  const from = numeric ? Number(a) : a.charCodeAt(0);
  const to = numeric ? Number(b) : b.charCodeAt(0);
  const step = Math.abs(Number(m[3] ?? '1')) || 1;
  if (Math.abs(to - from) / step > MAX_BRACE_WORDS) return undefined;
  const out: string[] = [];
  for (let v = from; from <= to ? v <= to : v >= to; v += from <= to ? step : -step)
    out.push(numeric ? String(v) : String.fromCharCode(v));
  return out;
}
