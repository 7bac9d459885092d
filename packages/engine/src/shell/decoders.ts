// What the decoding filters print when what they read is known (a literal on stdin, a file the session wrote):
// `base64 -d`, `xxd -r -p`, `rev`, and `tr SET1 SET2` (ranges, escapes). A shell fed by them
// (`base64 -d <<< Z2l0… | sh`, `rev <<< 'niam …' | bash`, `tr 'A-Za-z' 'N-ZA-Mn-za-m' <<< … | sh`) runs that text,
// so it is judged as it. Anything these readers cannot compute exactly (invalid input, binary output, character
// classes, options they do not know) is unknown, never a guess.

import { gunzip, isGzip } from './inflate.js';
import { singleInput, type Read } from './filter-input.js';

/** Decoded text is kept only this long (a script fed to a shell is small; a blob is not a script). */
const MAX_DECODED = 65536;

/** Bytes → text when they are UTF-8 without NUL (a script, not a binary); undefined otherwise. */
function utf8(bytes: Uint8Array): string | undefined {
  if (bytes.length > MAX_DECODED || bytes.includes(0)) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch (error) {
    // Not UTF-8: binary data, which no shell runs as a script; unknown, not an error of the call.
    void error;
    return undefined;
  }
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B64_VALUE: ReadonlyMap<string, number> = new Map([...B64].map((c, i) => [c, i]));

/** RFC 4648 base64 (blanks and line ends skipped, `-_` of the URL alphabet too); undefined when invalid. */
export function decodeBase64(text: string, ignoreGarbage: boolean): string | undefined {
  const bytes: number[] = [];
  let acc = 0;
  let bits = 0;
  let padded = false;
  for (const c of text) {
    if (c === '=') {
      padded = true;
      continue;
    }
    const v = B64_VALUE.get(c) ?? (c === '-' ? 62 : c === '_' ? 63 : undefined);
    if (v === undefined) {
      if (c === ' ' || c === '\n' || c === '\r' || c === '\t' || ignoreGarbage) continue;
      return undefined;
    }
    if (padded) return undefined; // data after padding
    acc = (acc << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((acc >> bits) & 0xff);
      acc &= (1 << bits) - 1;
    }
    if (bytes.length > MAX_DECODED) return undefined;
  }
  return textOf(Uint8Array.from(bytes));
}

/** Decoded bytes as the text the model keeps: UTF-8, or the text a gzip member holds (a compressed stream is kept as
 * its text, as compressors.ts keeps `gzip f`'s output: `base64 -d | gunzip | sh` then runs it). */
function textOf(bytes: Uint8Array): string | undefined {
  if (!isGzip(bytes)) return utf8(bytes);
  const inner = gunzip(bytes, MAX_DECODED);
  return inner === undefined ? undefined : utf8(inner);
}

/** `base64 [-d|--decode|-D] [-i] [-w N] [FILE]` (GNU and BSD): the decoded or the encoded text; anything else is
 * unknown. */
export function base64Output(args: readonly string[], _static: boolean, stdin: string | undefined, file: Read) {
  let decode = false;
  let ignore = false;
  let wrap = 76;
  const operands: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--decode' || a === '-D') decode = true;
    else if (a === '--ignore-garbage') ignore = true;
    else if (a === '-w' || a === '--wrap' || a === '-b' || a === '--break') wrap = Number(args[++i] ?? 'x');
    else if (a.startsWith('--wrap=') || a.startsWith('--break=')) wrap = Number(a.slice(a.indexOf('=') + 1));
    else if (a === '-i' || a === '--input') {
      // BSD: -i FILE is the input; GNU: -i ignores garbage. Read as GNU when no file follows.
      const next = args[i + 1];
      if (next !== undefined && !next.startsWith('-')) {
        operands.push(next);
        i++;
      } else ignore = true;
    } else if (/^-w\d+$/.test(a)) wrap = Number(a.slice(2));
    else if (/^-[dDi]+$/.test(a)) {
      if (a.includes('d') || a.includes('D')) decode = true;
      if (a.includes('i')) ignore = true;
    } else if (a.startsWith('-') && a !== '-') return undefined;
    else operands.push(a);
  }
  const text = singleInput(operands, stdin, file);
  if (text === undefined) return undefined;
  if (decode) return decodeBase64(text, ignore);
  // Encoding (`printf %s CMD | base64 | base64 -d | sh`): the text's UTF-8 bytes, wrapped as GNU wraps them.
  if (!Number.isInteger(wrap) || wrap < 0 || text.length > MAX_DECODED) return undefined;
  const encoded = encodeBase64(new TextEncoder().encode(text));
  if (encoded === '') return '';
  if (wrap === 0) return `${encoded}\n`;
  const lines: string[] = [];
  for (let i = 0; i < encoded.length; i += wrap) lines.push(encoded.slice(i, i + wrap));
  return `${lines.join('\n')}\n`;
}

/** RFC 4648 base64 of bytes, padded. */
function encodeBase64(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    out += B64[(n >> 18) & 63]! + B64[(n >> 12) & 63]!;
    out += i + 1 < bytes.length ? B64[(n >> 6) & 63]! : '=';
    out += i + 2 < bytes.length ? B64[n & 63]! : '=';
  }
  return out;
}

/** `xxd -r -p` (plain hex dump back to bytes; `-r -ps`, `-rp`, `-plain`): the text; any other xxd is unknown. */
export function xxdOutput(args: readonly string[], _static: boolean, stdin: string | undefined, file: Read) {
  let reverse = false;
  let plain = false;
  const operands: string[] = [];
  for (const a of args) {
    if (a === '-r' || a === '-revert') reverse = true;
    else if (a === '-p' || a === '-ps' || a === '-plain' || a === '-postscript') plain = true;
    else if (/^-[rp]+s?$/.test(a)) {
      reverse ||= a.includes('r');
      plain ||= a.includes('p');
    } else if (a.startsWith('-') && a !== '-') return undefined;
    else operands.push(a);
  }
  // `xxd -r -p IN OUT` writes OUT instead of printing.
  if (!reverse || !plain || operands.length > 1) return undefined;
  const text = singleInput(operands, stdin, file);
  if (text === undefined) return undefined;
  const bytes: number[] = [];
  let high = -1;
  for (const c of text) {
    const v = Number.parseInt(c, 16);
    if (Number.isNaN(v)) {
      if (c === ' ' || c === '\n' || c === '\r' || c === '\t') continue;
      return undefined;
    }
    if (high < 0) high = v;
    else {
      bytes.push(high * 16 + v);
      high = -1;
      if (bytes.length > MAX_DECODED) return undefined;
    }
  }
  return utf8(Uint8Array.from(bytes));
}

const B32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 (blanks and line ends skipped); undefined when invalid. */
export function decodeBase32(text: string): string | undefined {
  const bytes: number[] = [];
  let acc = 0;
  let bits = 0;
  for (const c of text) {
    if (c === '=' || c === ' ' || c === '\n' || c === '\r' || c === '\t') continue;
    const v = B32.indexOf(c);
    if (v < 0) return undefined;
    acc = ((acc << 5) | v) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((acc >> bits) & 0xff);
    }
    if (bytes.length > MAX_DECODED) return undefined;
  }
  return utf8(Uint8Array.from(bytes));
}

/** `base32 -d [FILE]` and `basenc --base32|--base64|--base64url -d [FILE]`: the decoded text; anything else unknown. */
export function baseNOutput(fixed: 'base32' | undefined) {
  return (args: readonly string[], _static: boolean, stdin: string | undefined, file: Read): string | undefined => {
    let decode = false;
    let ignore = false;
    let base: string | undefined = fixed;
    const operands: string[] = [];
    for (const a of args) {
      if (a === '-d' || a === '--decode') decode = true;
      else if (a === '-i' || a === '--ignore-garbage') ignore = true;
      else if (/^-[di]+$/.test(a)) {
        decode ||= a.includes('d');
        ignore ||= a.includes('i');
      } else if (fixed === undefined && (a === '--base32' || a === '--base64' || a === '--base64url'))
        base = a.slice(2);
      else if (a.startsWith('-') && a !== '-') return undefined;
      else operands.push(a);
    }
    const text = singleInput(operands, stdin, file);
    if (!decode || base === undefined || text === undefined) return undefined;
    return base === 'base32' ? decodeBase32(text) : decodeBase64(text, ignore);
  };
}

/** `rev [FILE]`: each line with its characters reversed. */
export function revOutput(args: readonly string[], _static: boolean, stdin: string | undefined, file: Read) {
  if (args.some((a) => a.startsWith('-') && a !== '-')) return undefined;
  const text = singleInput(args, stdin, file);
  if (text === undefined) return undefined;
  return text
    .split('\n')
    .map((line) => [...line].reverse().join(''))
    .join('\n');
}

const ESCAPES: Readonly<Record<string, string>> = { r: '\r', n: '\n', t: '\t', '\\': '\\', '-': '-' };

const span = (from: string, to: string): string[] =>
  Array.from({ length: to.charCodeAt(0) - from.charCodeAt(0) + 1 }, (_, k) =>
    String.fromCharCode(from.charCodeAt(0) + k),
  );
/** tr's character classes in the C locale, each in ascending order (GNU tr's order). */
const TR_CLASSES: Readonly<Record<string, readonly string[]>> = {
  upper: span('A', 'Z'),
  lower: span('a', 'z'),
  digit: span('0', '9'),
  alpha: [...span('A', 'Z'), ...span('a', 'z')],
  alnum: [...span('0', '9'), ...span('A', 'Z'), ...span('a', 'z')],
  xdigit: [...span('0', '9'), ...span('A', 'F'), ...span('a', 'f')],
  space: ['\t', '\n', '\v', '\f', '\r', ' '],
  blank: ['\t', ' '],
};

/** A tr SET as its characters in order: literals, escapes (\n \t \r \\ \-), ranges a-z and the classes above;
 * undefined for repeats (`[x*]`), equivalence classes, octal escapes and anything else it cannot spell out exactly. */
export function trSet(set: string): string[] | undefined {
  const out: string[] = [];
  let i = 0;
  const next = (): string | undefined => {
    const c = set[i++];
    if (c !== '\\') return c;
    const e = ESCAPES[set[i++] ?? ''];
    return e;
  };
  while (i < set.length) {
    // A character class, as the C locale lists it (ascending): `[:upper:]` to `[:lower:]` maps case.
    if (set[i] === '[') {
      const name = /^\[:([a-z]+):\]/.exec(set.slice(i))?.[1];
      const members = name === undefined ? undefined : TR_CLASSES[name];
      if (members === undefined) return undefined;
      out.push(...members);
      i += name!.length + 4;
      continue;
    }
    const c = next();
    if (c === undefined) return undefined;
    if (set[i] === '-' && i + 1 < set.length) {
      i++;
      const to = next();
      if (to === undefined) return undefined;
      const from = c.codePointAt(0)!;
      const end = to.codePointAt(0)!;
      if (end < from || end - from > 255) return undefined;
      for (let p = from; p <= end; p++) out.push(String.fromCodePoint(p));
    } else out.push(c);
  }
  return out;
}

/** `tr SET1 SET2` (the last character of SET2 repeats to SET1's length) and `tr -d SET`, reading stdin. */
export function trOutput(args: readonly string[], _static: boolean, stdin: string | undefined): string | undefined {
  if (stdin === undefined || args.length !== 2) return undefined;
  if (args[0] === '-d' || args[0] === '--delete') {
    const set = trSet(args[1]!);
    if (set === undefined) return undefined;
    const chars = new Set(set);
    let out = '';
    for (const c of stdin) if (!chars.has(c)) out += c;
    return out;
  }
  if (args[0]!.startsWith('-')) return undefined;
  const from = trSet(args[0]!);
  const to = trSet(args[1]!);
  if (from === undefined || to === undefined || to.length === 0) return undefined;
  const map = new Map<string, string>();
  // A character listed twice in SET1 takes its last mapping (GNU tr).
  from.forEach((c, k) => map.set(c, to[Math.min(k, to.length - 1)]!));
  let out = '';
  for (const c of stdin) out += map.get(c) ?? c;
  return out;
}
