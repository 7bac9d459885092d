// Finds passwords given on command lines in the forms flags cannot name: `mysql -pS3cret`, `sshpass -p S3cret`,
// `curl -u user:S3cret`. `--password=…` and `--password …` are key-value pairs and handled by the assignment scanner.
import { isPlaceholder, isReference, isSubstitutionMarker } from './allowances.js';
import { isHex, looksRandom } from './entropy.js';
import { MAX_FINDINGS } from './limits.js';
import type { RawFinding } from './types.js';

// Each pattern starts with a literal flag and has one bounded, greedy class at the end: no backtracking.
const MYSQL_P = /(?:^|[\s;&|(])-p([^\s'"`;&|)-][^\s'"`;&|)]{0,200})/g;
const MYSQL_P_QUOTED = /(?:^|[\s;&|(])-p(['"])([^'"\n]{1,200})\1/g;
const SSHPASS_P = /\bsshpass[ \t]+-p[ \t]*(['"]?)([^\s'"]{1,200})\1/g;
const CURL_U = /(?:^|\s)(?:-u|--user)[ \t=]*(['"]?)([^\s:'"@]{1,100}):([^\s'"]{1,200})\1/g;
// sed's and perl's `s<d>SLOT<d>VALUE<d>` with a literal value: a placeholder filled in place (blind round 24).
// (the value may hold any other of those characters: a generated password often has a `!` or a `#`)
const FILL = /\bs([/|#,:@!])((?:\\.|[^/|#,:@!'"\\\n]){2,80})\1((?:(?!\1)[^\s'"\\$&]){16,200})\1/g;
const SLOT_NAME = /^(?:[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|\{\{\s*[\w.]+\s*\}\}|<[\w .-]+>)$/;
const MYSQL_CLIENTS = /\b(?:mysql|mysqldump|mysqladmin|mariadb|mariadb-dump|mysqlimport|mysqlsh)\b/;
// A registry's login with its password after -p (`docker login -u ci -p 'Vq8#tLz2…' registry`, round 45): the password
// is in the script for every reader, where --password-stdin would have kept it out.
// (the words of one command: from the program to the next `;`, `&`, `|` or the line's end)
const REGISTRY_LOGIN = /\b(?:docker|podman|nerdctl|buildah|skopeo|oras|crane|helm)\b[^\n;&|]*?\blogin\b/;
const LOGIN_P = /(?:^|[\s;&|(])-p(?:[ \t]+|=)(['"]?)([^\s'"`;&|)][^\s'"`;&|)]{0,200})\1(?=[\s;&|)]|$)/g;

/** Every real-looking password passed with `-p…` to a MySQL client, to sshpass or to a registry's login, or as `curl -u
 * user:password`. */
export function scanCommandLine(text: string, fixture: boolean): RawFinding[] {
  const found: RawFinding[] = [];
  const keep = (value: string, start: number, rule = 'command-line-password'): void => {
    if (value.length < 6 || isReference(value) || isPlaceholder(value)) return;
    if (fixture && !looksRandom(value, 16)) return;
    if (found.length >= MAX_FINDINGS) return;
    found.push({ rule, start, end: start + value.length });
  };
  if (text.includes('-p') && (text.includes('mysql') || text.includes('mariadb'))) {
    for (const line of linesContaining(text, MYSQL_CLIENTS)) {
      for (const m of line.text.matchAll(MYSQL_P)) keep(m[1]!, line.start + m.index + m[0].length - m[1]!.length);
      for (const m of line.text.matchAll(MYSQL_P_QUOTED))
        keep(m[2]!, line.start + m.index + m[0].length - m[2]!.length - 1);
    }
  }
  if (text.includes('login') && text.includes('-p')) {
    for (const line of linesContaining(text, REGISTRY_LOGIN)) {
      // only the login command's own words: `docker run -p 8080:80 app && echo login` maps a port
      const login = REGISTRY_LOGIN.exec(line.text)!;
      const from = login.index;
      const stop = line.text.slice(from).search(/[;&|]/);
      const words = stop === -1 ? line.text.slice(from) : line.text.slice(from, from + stop);
      for (const m of words.matchAll(LOGIN_P))
        keep(m[2]!, line.start + from + m.index + m[0].length - m[2]!.length - m[1]!.length);
    }
  }
  if (text.includes('sshpass')) {
    for (const m of text.matchAll(SSHPASS_P)) keep(m[2]!, m.index + m[0].length - m[2]!.length - m[1]!.length);
  }
  if (text.includes('-u') || text.includes('--user')) {
    for (const m of text.matchAll(CURL_U)) {
      if (m[2] === m[3]) continue; // `-u admin:admin`: a local default
      keep(m[3]!, m.index + m[0].length - m[3]!.length - m[1]!.length);
    }
  }
  if (/\b(?:g?sed|perl)\b/.test(text)) {
    // A slot a template leaves for a value (REPLACE_ME, __STRIPE_KEY__, {{ api_key }}, STRIPE_SECRET_KEY) filled with
    // a random-looking literal is a secret put into the file, whatever the slot's name says; a hash is not.
    for (const m of text.matchAll(FILL)) {
      // (a slot written as a regular expression has its escapes: s/\{\{ db_password \}\}/…/)
      const slot = m[2]!.replace(/\\(.)/g, '$1').trim();
      const value = m[3]!;
      if (!(SLOT_NAME.test(slot) || isSubstitutionMarker(slot) || isPlaceholder(slot))) continue;
      if (isHex(value) || !looksRandom(value, 16) || !switchesOften(value)) continue;
      keep(value, m.index + m[0].length - value.length - 1, 'placeholder-filled');
    }
  }
  return found;
}

/**
 * Switches between lower case, upper case and digits at least every 2.5 letters or digits, as generated keys do
 * (Zq7vR2mX…: about 6 switches in 10); names, dates and versions do not (myAwesomeProjectName, orders-api-2024-11-30:
 * 2 in 10 or fewer, their separators left out).
 */
function switchesOften(value: string): boolean {
  const kind = (c: number): number => (c >= 97 && c <= 122 ? 0 : c >= 65 && c <= 90 ? 1 : c >= 48 && c <= 57 ? 2 : 3);
  let runs = 0;
  let count = 0;
  let last = -1;
  for (let i = 0; i < value.length; i++) {
    const k = kind(value.charCodeAt(i));
    if (k === 3) continue;
    count++;
    if (k !== last) runs++;
    last = k;
  }
  return count >= 16 && runs >= count * 0.4;
}

interface Line {
  readonly text: string;
  readonly start: number;
}

/** The lines of `text` that match `re`; one pass over the text. */
function linesContaining(text: string, re: RegExp): Line[] {
  const lines: Line[] = [];
  let start = 0;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const line = text.slice(start, end);
    if (re.test(line)) lines.push({ text: line, start });
    start = end + 1;
  }
  return lines;
}
