// tar archives whose members the model knows. The model keeps what a file holds as text (compressors.ts: `gzip f`
// writes f.gz holding f's text); an archive packed from files the call or the session wrote holds their texts, by
// member name, so taking a member out again is known too: `tar -cf a.tar job.sh && tar -xOf a.tar job.sh | sh` runs
// job.sh, `tar -xf a.tar -C out && bash out/job.sh` as well (blind round 6's pending variants). An archive holding a
// file the model does not know is not known at all: its members are judged by their paths, as before.
import type { FileAccess, OutputReader } from './programs/declaration.js';

/** The first characters of an archive's text as the model keeps it: no shell line or script starts with them. */
const MARK = '\u0000tar-members\u0000';

/** At most this many members are kept; a larger archive is not known. */
const MAX_MEMBERS = 64;

export interface Member {
  readonly name: string;
  readonly text: string;
}

/** The text the model keeps for an archive of these members. */
export const packArchive = (members: readonly Member[]): string => `${MARK}${JSON.stringify(members)}`;

/** The members of an archive text the model made (undefined for any other text). */
export function unpackArchive(text: string): readonly Member[] | undefined {
  if (!text.startsWith(MARK)) return undefined;
  try {
    const members: unknown = JSON.parse(text.slice(MARK.length));
    return Array.isArray(members) ? (members as Member[]) : undefined;
  } catch {
    return undefined;
  }
}

/** A member's name as tar stores it: leading `/` and `./` taken off. */
const stored = (name: string): string => name.replace(/^(?:\.?\/)+/, '');

/** What a tar command line asks for, read from its words as tar reads them (old style `cf a.tar`, `-xOf a.tar`, long). */
export interface TarCall {
  readonly mode: 'create' | 'extract' | 'other';
  readonly stdout: boolean;
  readonly archive: string | undefined;
  readonly dir: string | undefined;
  readonly operands: readonly string[];
}

/** Option letters whose value is the next word (or the rest of their group): f, C, T, X, b, H, I, F, K, L, N, V, g. */
const VALUE_LETTERS = 'fCTXbHIFKLNVg';

export function tarCall(argv: readonly string[], valueOptions: readonly string[]): TarCall {
  let mode: TarCall['mode'] = 'other';
  let stdout = false;
  let archive: string | undefined;
  let dir: string | undefined;
  const operands: string[] = [];
  const letter = (c: string, value: () => string | undefined): void => {
    if (c === 'c') mode = 'create';
    else if (c === 'x') mode = 'extract';
    else if (c === 'O') stdout = true;
    else if (c === 't' || c === 'r' || c === 'u' || c === 'A' || c === 'd') mode = 'other';
    if (VALUE_LETTERS.includes(c)) {
      const v = value();
      if (c === 'f') archive = v;
      if (c === 'C') dir = v;
    }
  };
  let i = 0;
  // The old style: a first word of letters without a dash, whose value letters take the next words in turn.
  const first = argv[0];
  if (first !== undefined && /^[A-Za-z]+$/.test(first)) {
    i = 1;
    for (const c of first) letter(c, () => argv[i++]);
  }
  let ended = false;
  for (; i < argv.length; i++) {
    const a = argv[i] as string;
    if (ended || a === '-' || !a.startsWith('-')) {
      operands.push(a);
      continue;
    }
    if (a === '--') {
      ended = true;
      continue;
    }
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      const name = eq === -1 ? a : a.slice(0, eq);
      const value = eq === -1 ? (valueOptions.includes(name) ? argv[++i] : undefined) : a.slice(eq + 1);
      if (name === '--create') mode = 'create';
      else if (name === '--extract' || name === '--get') mode = 'extract';
      else if (['--list', '--append', '--update', '--diff', '--compare', '--delete', '--concatenate'].includes(name))
        mode = 'other';
      else if (name === '--to-stdout') stdout = true;
      else if (name === '--file') archive = value;
      else if (name === '--directory') dir = value;
      continue;
    }
    // A group of short letters (`-xOf a.tar`, `-cf/tmp/a.tar`): a value letter takes the group's rest, else the next word.
    const group = a.slice(1);
    for (let k = 0; k < group.length; k++) {
      const c = group[k] as string;
      let took = false;
      letter(c, () => {
        took = true;
        const rest = group.slice(k + 1);
        return rest !== '' ? rest : argv[++i];
      });
      if (took) break;
    }
  }
  return { mode, stdout, archive, dir, operands };
}

/** The members an archive of `operands` holds, when every one is a file the call or the session wrote. */
export function packedMembers(call: TarCall, files: FileAccess): readonly Member[] | undefined {
  if (call.operands.length === 0 || call.operands.length > MAX_MEMBERS) return undefined;
  const members: Member[] = [];
  for (const o of call.operands) {
    const text = files.text(call.dir === undefined || o.startsWith('/') ? o : `${call.dir}/${o}`);
    if (text === undefined) return undefined;
    members.push({ name: stored(o), text });
  }
  return members;
}

/** The members an extraction takes out of a known archive: those named, else all. */
export function extractedMembers(call: TarCall, text: string | undefined): readonly Member[] | undefined {
  const members = text === undefined ? undefined : unpackArchive(text);
  if (members === undefined) return undefined;
  if (call.operands.length === 0) return members;
  const wanted = new Set(call.operands.map(stored));
  return members.filter((m) => wanted.has(m.name));
}

/** `tar -xOf a.tar [member…]`: what it prints, when the archive is one the model knows. */
export function tarOutput(valueOptions: readonly string[]): OutputReader {
  return (args, _static, _stdin, file) => {
    const call = tarCall(args, valueOptions);
    if (call.mode !== 'extract' || !call.stdout || call.archive === undefined || call.archive === '-') return undefined;
    const members = extractedMembers(call, file(call.archive));
    return members === undefined || members.length === 0 ? undefined : members.map((m) => m.text).join('');
  };
}
