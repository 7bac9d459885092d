// The text of a crontab as the shell commands cron runs: each entry's five time fields (or an `@daily`-style
// nickname) are blanked out, so what is left at the same offsets is the command line, walked as a script line
// (positions still index the file). Comments and `NAME=value` lines are already shell. A `%` (cron's stdin marker)
// is kept: what follows it is read as words of the command, the stricter reading.

const NICKNAME = /^[ \t]*@(?:reboot|yearly|annually|monthly|weekly|daily|midnight|hourly)\b/;
/** Five time fields: numbers, names (jan, mon), `*`, ranges, lists and steps. */
const FIELDS = /^[ \t]*(?:[\w*,/-]+[ \t]+){4}[\w*,/-]+(?=[ \t])/;

export function crontabCommands(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      if (/^\s*(?:#|$)/.test(line) || /^\s*[A-Za-z_]\w*\s*=/.test(line)) return line;
      const m = NICKNAME.exec(line) ?? FIELDS.exec(line);
      return m === null ? line : ' '.repeat(m[0].length) + line.slice(m[0].length);
    })
    .join('\n');
}
