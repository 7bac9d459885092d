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

/** The text `echo ARGS` prints. */
export function echoOutput(args: readonly string[]): string {
  let at = 0;
  let newline = true;
  while (at < args.length && isEchoOption(args[at] as string)) {
    if ((args[at] as string).includes('n')) newline = false;
    at++;
  }
  return args.slice(at).join(' ') + (newline ? '\n' : '');
}
