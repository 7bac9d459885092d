// A tar archive the call packs from files whose text it knows keeps those texts, as a compressed file keeps the text it
// holds: `tar -cf a.tar -C /tmp x.sh` writes a.tar holding x.sh's text, and `tar -xOf a.tar x.sh` prints it (into a
// shell, say). The archive's text in the model is this encoding, never real tar bytes: only this module reads it.

const HEAD = '\u0000tar\n';
const MEMBER = '\u0000member ';

/** The model's text of an archive holding these members (name → text), in order. */
export function packArchive(members: readonly (readonly [string, string])[]): string {
  let out = HEAD;
  for (const [name, text] of members) out += `${MEMBER}${name}\n${text}`;
  return out;
}

/** The members of an archive text packArchive made, by name; undefined for any other text. */
export function unpackArchive(text: string): Map<string, string> | undefined {
  if (!text.startsWith(HEAD)) return undefined;
  const out = new Map<string, string>();
  for (const part of text.slice(HEAD.length).split(MEMBER)) {
    if (part === '') continue;
    const nl = part.indexOf('\n');
    if (nl < 0) return undefined;
    out.set(memberName(part.slice(0, nl)), part.slice(nl + 1));
  }
  return out;
}

/** A member's name as tar stores and matches it: without a leading `./` or `/` (tar removes a leading slash). */
export const memberName = (name: string): string => name.replace(/^(?:\.\/|\/)+/, '');

/**
 * What `tar -xO` (`--to-stdout`) prints of an archive the model knows: the named members' texts, or all of them, in
 * order; undefined when it is not such a command, the archive is not known, or a named member is not in it.
 */
export function tarStdout(args: readonly string[], file: (path: string) => string | undefined): string | undefined {
  let extract = false;
  let stdout = false;
  let archive: string | undefined;
  const names: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    if (a === '--extract' || a === '--get') extract = true;
    else if (a === '--to-stdout') stdout = true;
    else if (a === '-f' || a === '--file') archive = args[++i];
    else if (a.startsWith('--file=')) archive = a.slice(7);
    else if (/^-?[xOzjJvf]+$/.test(a) && (a.startsWith('-') || i === 0)) {
      // `-xOf A`, `xOf A` (the old style, first word): letters, f taking the next word.
      extract ||= a.includes('x');
      stdout ||= a.includes('O');
      if (a.includes('f')) archive = args[++i];
    } else if (a.startsWith('-')) return undefined;
    else names.push(memberName(a));
  }
  if (!extract || !stdout || archive === undefined || archive === '-') return undefined;
  const text = file(archive);
  const members = text === undefined ? undefined : unpackArchive(text);
  if (members === undefined) return undefined;
  if (names.length === 0) return [...members.values()].join('');
  let out = '';
  for (const n of names) {
    const t = members.get(n);
    if (t === undefined) return undefined;
    out += t;
  }
  return out;
}
