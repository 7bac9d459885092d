// An INI file as Python's configparser reads it: the AWS CLI's alias file and ansible.cfg are both read by it, so one
// reader serves both. `[section]` headers, `key = value` or `key: value`, whole-line `#`/`;` comments, and a value
// that goes on over the indented lines after it (joined with newlines, as configparser keeps them).
// git's config has its own grammar (quoted subsections, escapes) and keeps its own reader (git-config.ts).

/** One key's value, with the section it stands in (as written, trimmed). */
export interface IniPair {
  readonly section: string;
  readonly key: string;
  readonly value: string;
}

/** The pairs of an INI text in file order; a key before any header stands in section ''. */
export function iniPairs(text: string): IniPair[] {
  const out: IniPair[] = [];
  let section = '';
  let current: { key: string; lines: string[] } | undefined;
  const flush = (): void => {
    if (current !== undefined) out.push({ section, key: current.key, value: current.lines.join('\n').trim() });
    current = undefined;
  };
  for (const line of text.split(/\r?\n/)) {
    if (/^\s*[#;]/.test(line) || line.trim() === '') continue;
    const header = /^\s*\[([^\]]+)\]\s*$/.exec(line);
    if (header !== null) {
      flush();
      section = (header[1] as string).trim();
      continue;
    }
    if (current !== undefined && /^\s/.test(line)) {
      current.lines.push(line.trim());
      continue;
    }
    flush();
    const pair = /^\s*([^=:\s][^=:]*?)\s*[=:]\s*(.*)$/.exec(line);
    if (pair !== null) current = { key: (pair[1] as string).trim(), lines: [pair[2] as string] };
  }
  flush();
  return out;
}
