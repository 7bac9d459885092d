// What the literal producers print: echo's words (its -n/-e/-E options read), and base64 -d of a known input.

/** `-n`, `-e`, `-E` and their clusters (`-ne`): echo's options (what /^-[neE]+$/ matches, without a regex). */
function isEchoOption(word: string): boolean {
  if (word.length < 2 || word.charCodeAt(0) !== 45 /* - */) return false;
  for (let i = 1; i < word.length; i++) {
    const c = word.charCodeAt(i);
    if (c !== 110 /* n */ && c !== 101 /* e */ && c !== 69 /* E */) return false;
  }
  return true;
}

/** The text `echo ARGS` prints; with -e its backslash escapes are read (`\x67`, `\0147`, `\n`, `\c` stops). */
export function echoOutput(args: readonly string[]): string {
  let at = 0;
  let newline = true;
  let escapes = false;
  while (at < args.length && isEchoOption(args[at] as string)) {
    const option = args[at] as string;
    if (option.includes('n')) newline = false;
    // The last of -e/-E wins.
    const e = option.lastIndexOf('e');
    const E = option.lastIndexOf('E');
    if (e !== E) escapes = e > E;
    at++;
  }
  const text = args.slice(at).join(' ');
  if (!escapes || !text.includes('\\')) return text + (newline ? '\n' : '');
  const read = echoEscapes(text);
  return read.text + (newline && !read.stopped ? '\n' : '');
}

const ECHO_ESCAPES: Readonly<Record<string, string>> = {
  a: '\x07',
  b: '\b',
  e: '\x1b',
  E: '\x1b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  '\\': '\\',
};

/** echo -e's escapes: `\xHH` (one or two digits), `\0NNN` (octal, up to three), the letters above; `\c` ends it. */
function echoEscapes(text: string): { text: string; stopped: boolean } {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c !== '\\' || i + 1 >= text.length) {
      out += c;
      continue;
    }
    const n = text[i + 1] as string;
    if (n === 'c') return { text: out, stopped: true };
    const hex = n === 'x' ? /^[0-9a-fA-F]{1,2}/.exec(text.slice(i + 2)) : null;
    const octal = n === '0' ? /^[0-7]{0,3}/.exec(text.slice(i + 2)) : null;
    if (hex !== null) {
      out += String.fromCharCode(Number.parseInt(hex[0], 16));
      i += 1 + hex[0].length;
    } else if (octal !== null) {
      out += String.fromCharCode(Number.parseInt(octal[0] || '0', 8));
      i += 1 + octal[0].length;
    } else if (ECHO_ESCAPES[n] !== undefined) {
      out += ECHO_ESCAPES[n];
      i++;
    } else out += c;
  }
  return { text: out, stopped: false };
}
