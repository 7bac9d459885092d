// A text read from a file the engine does not know, changed by a literal replacement, then written back:
// `src = src.replace("test('pays'", "test.only('pays'")` … `p.write_text(src)` (blind round 35). What the file gets is
// not known as a whole, but the replacement text is in it. So where the changed name is then handed whole to a call
// (`write_text(src)`, `fs.writeFileSync(f, src)`), it is read as `src + 'REPLACEMENT'`: a computed value and the
// literal it is known to hold, which the content readers take as pieces — the way sed's replacement over a file the
// session does not know is kept (sed-run.ts). Python's str.replace and re.sub, JavaScript's replace/replaceAll and
// Ruby's sub/gsub, each with a literal replacement; anything else leaves the code as written.
import { closing, splitTop } from './one-liner-helpers.js';
import { readLiteral, type Language } from './one-liner-strings.js';

/** More replacements than this in one program are not followed (a generated file, not a script). */
const MAX_REPLACEMENTS = 16;

/** The code with each whole-argument read of a name changed by a literal replacement followed by that literal. */
export function replacedNames(code: string, language: Language): string {
  if (!/\b(replace|replaceAll|sub|gsub)\s*\(/.test(code)) return code;
  const changes = new Map<string, { texts: string[]; after: number }>();
  const statement =
    /(^|[;\n{])[ \t]*(?:(?:const|let|var)[ \t]+)?([A-Za-z_$][\w$]*)[ \t]*=[ \t]*([A-Za-z_$][\w$]*)[ \t]*\.[ \t]*(replace|replaceAll|sub|gsub)[ \t]*\(/g;
  for (let m = statement.exec(code); m !== null; m = statement.exec(code)) {
    if (changes.size >= MAX_REPLACEMENTS) break;
    const name = m[2] as string;
    const open = m.index + m[0].length - 1;
    const end = closing(code, open, language);
    const list = end === undefined ? undefined : splitTop(code.slice(open + 1, end - 1), language);
    if (end === undefined || list === undefined) continue;
    // `name = name.replace(a, B)` or Python's `name = re.sub(p, B, name)`: the same name changed in place.
    const viaRe = m[3] === 're' && m[4] === 'sub';
    if (viaRe ? language !== 'python' || list[2] !== name : m[3] !== name) continue;
    const replacement = list[1];
    if (replacement === undefined) continue;
    const literal = readLiteral(replacement, 0, language);
    if (literal?.value === undefined || literal.end !== replacement.length) continue;
    const entry = changes.get(name) ?? { texts: [], after: 0 };
    entry.texts.push(replacement);
    entry.after = end;
    changes.set(name, entry);
  }
  if (changes.size === 0) return code;
  let out = code;
  // Right to left, so the offsets of the earlier names stay right.
  const reads: { at: number; end: number; text: string }[] = [];
  for (const [name, { texts, after }] of changes) {
    const read = new RegExp(`([(,][ \\t]*)(${name.replace(/\$/g, '\\$')})([ \\t]*[),])`, 'g');
    read.lastIndex = after;
    for (let m = read.exec(code); m !== null; m = read.exec(code)) {
      const at = m.index + (m[1] as string).length;
      reads.push({ at, end: at + name.length, text: [name, ...texts].join(' + ') });
    }
  }
  reads.sort((a, b) => b.at - a.at);
  for (const r of reads) out = out.slice(0, r.at) + r.text + out.slice(r.end);
  return out;
}
