// What a program reads from its environment by name, put in where it is read: `process.env.STRIPE_SECRET_KEY`,
// `os.environ['TOKEN']`, `os.getenv('TOKEN')`, Ruby's `ENV['TOKEN']`, Perl's `$ENV{TOKEN}`. When the command's
// environment holds a known value (`STRIPE_SECRET_KEY=sk_live_… node scripts/write-config.mjs`, an export earlier in
// the call or the session), the read becomes that value as a literal, so a file the program writes with it holds it.
// A name whose value is not known is left as written (the scan reads it as a value computed at run time).
import { quote } from './one-liner-fold.js';
import type { Language } from './one-liner-strings.js';

/** The reads by name, per language; the name is group `name`. */
const READS: Readonly<Partial<Record<Language, RegExp>>> = {
  js: /\b(?:process\.env|Bun\.env|import\.meta\.env)(?:\.(?<name>[A-Za-z_]\w*)\b(?!\s*=(?!=))|\[\s*['"`](?<quoted>[A-Za-z_]\w*)['"`]\s*\])|\bDeno\.env\.get\(\s*['"`](?<deno>[A-Za-z_]\w*)['"`]\s*\)/g,
  python:
    /\bos\.(?:environ\[\s*['"](?<name>[A-Za-z_]\w*)['"]\s*\]|environ\.get\(\s*['"](?<quoted>[A-Za-z_]\w*)['"]\s*(?:,[^()\n]*)?\)|getenv\(\s*['"](?<deno>[A-Za-z_]\w*)['"]\s*(?:,[^()\n]*)?\))/g,
  ruby: /\bENV(?:\[\s*['"](?<name>[A-Za-z_]\w*)['"]\s*\]|\.fetch\(\s*['"](?<quoted>[A-Za-z_]\w*)['"]\s*(?:,[^()\n]*)?\))/g,
  perl: /\$ENV\{\s*['"]?(?<name>[A-Za-z_]\w*)['"]?\s*\}/g,
};

/** At most this many reads are put in per program. */
const MAX_READS = 32;

/**
 * The code with each read of a variable whose value `value` knows replaced by that value as a literal; the code itself
 * when it reads none (most programs) or none is known.
 */
export function putInEnvironment(
  code: string,
  language: Language,
  value: (name: string) => string | undefined,
): string {
  const reads = READS[language];
  if (reads === undefined || !/env|ENV|getenv/.test(code)) return code;
  let n = 0;
  return code.replace(reads, (all, ...m) => {
    const groups = m.at(-1) as Record<string, string | undefined>;
    const name = groups.name ?? groups.quoted ?? groups.deno;
    const known = name === undefined || n >= MAX_READS ? undefined : value(name);
    if (known === undefined) return all;
    n++;
    return quote(known);
  });
}
