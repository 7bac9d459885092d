// curl's config files (round 50: the manual's other spellings): `curl -K share.curlrc` reads its options from the
// file, one per line — `upload-file = "exports/x.csv"`, `url: https://…`, `--header "X: y"`, `silent` — as if written on
// the command line. A config file the call or the session wrote is read, and its options are added to the command as
// implied words, so a rule on `curl --upload-file … https://…` sees the upload. One the session did not write is not
// guessed at (curl's default ~/.curlrc included: the human's own).
import { type Addition, withAdded } from './implied-words.js';
import type { SimpleCommand } from './types.js';

/** The options of a curl config text, as command-line words (`--name`, then its value when it has one). */
export function curlConfigWords(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const m = /^(-{0,2})([A-Za-z0-9][\w-]*)(?:\s*[=:]\s*|\s+)?(.*)$/.exec(line);
    if (m === null) continue;
    const [, dashes, name, rest] = m as unknown as [string, string, string, string];
    // A single-dash line is a short option (`-T file`); any other name is a long one, written with or without `--`.
    out.push(dashes === '-' ? `-${name}` : `--${name}`);
    const value = unquote(rest.trim());
    if (value !== '') out.push(value);
  }
  return out;
}

/** A config value: in double quotes with curl's escapes, else up to the first white space. */
function unquote(value: string): string {
  if (!value.startsWith('"')) return value.split(/\s/)[0] ?? '';
  let out = '';
  for (let i = 1; i < value.length; i++) {
    const c = value[i] as string;
    if (c === '"') break;
    if (c === '\\' && i + 1 < value.length) {
      const next = value[++i] as string;
      out += next === 'n' ? '\n' : next === 't' ? '\t' : next === 'r' ? '\r' : next;
    } else out += c;
  }
  return out;
}

/** The curl command with the options of the config files it reads (-K/--config) that the call or the session wrote. */
export function withCurlConfig(command: SimpleCommand, text: (path: string) => string | undefined): SimpleCommand {
  if (command.program !== 'curl') return command;
  const files = command.flags.filter((f) => (f.name === '-K' || f.name === '--config') && f.value !== undefined);
  if (files.length === 0) return command;
  const additions: Addition[] = [];
  for (const f of files) {
    const body = f.value === '-' ? undefined : text(f.value as string);
    if (body === undefined) continue;
    const words = curlConfigWords(body);
    const from = `curl's config file ${f.value}`;
    for (let i = 0; i < words.length; i++) {
      const w = words[i] as string;
      const value = words[i + 1] !== undefined && !(words[i + 1] as string).startsWith('-') ? words[++i] : undefined;
      const flag = { name: w, value, token: value === undefined ? w : `${w}=${value}` };
      additions.push({ flag, words: value === undefined ? [w] : [w, value], from });
    }
  }
  return withAdded(command, additions);
}
