// The simple TOML that project files' command tables are written in (pyproject.toml's scripts, .cargo/config.toml's
// aliases): `[table]` headers, `key = value` lines whose value is a one-line string, an array of strings (over lines
// too) or an inline table of those. Anything else is left unread, as a file the session did not write: no command is
// guessed from it.

/** A value of the simple TOML read here: a string, an array of strings, or an inline table of those. */
export type TomlValue = string | readonly string[] | Readonly<Record<string, string | readonly string[]>>;

/** A one-line TOML string ("basic", with JSON's escapes, or 'literal') at the start of `raw`, and what follows it. */
export function tomlString(raw: string): { value: string; rest: string } | undefined {
  const basic = /^"((?:[^"\\]|\\.)*)"/.exec(raw);
  if (basic !== null) {
    try {
      return { value: JSON.parse(`"${basic[1]}"`) as string, rest: raw.slice(basic[0].length) };
    } catch (e) {
      // Not swallowed: an escape JSON does not know leaves the value unread (as a file the session did not write).
      if (!(e instanceof SyntaxError)) throw e;
      return undefined;
    }
  }
  const literal = /^'([^']*)'/.exec(raw);
  return literal === null ? undefined : { value: literal[1] as string, rest: raw.slice(literal[0].length) };
}

/** `["a", 'b']` at the start of `raw` (its items literal strings), and what follows; undefined for any other. */
function tomlArray(raw: string): { value: string[]; rest: string } | undefined {
  if (!raw.startsWith('[')) return undefined;
  const out: string[] = [];
  let rest = raw.slice(1).trimStart();
  while (!rest.startsWith(']')) {
    const item = tomlString(rest);
    if (item === undefined) return undefined;
    out.push(item.value);
    rest = item.rest.trimStart().replace(/^,/, '').trimStart();
  }
  return { value: out, rest: rest.slice(1) };
}

/** A value as written after `key =` (an array may span lines: the caller joins them). */
export function tomlValue(raw: string): TomlValue | undefined {
  const v = raw.trim();
  if (v.startsWith('{')) {
    const table: Record<string, string | readonly string[]> = {};
    let rest = v.slice(1).trimStart();
    while (!rest.startsWith('}')) {
      const key = /^("[^"]+"|[\w-]+)\s*=\s*/.exec(rest);
      if (key === null) return undefined;
      rest = rest.slice(key[0].length);
      const item = tomlString(rest) ?? tomlArray(rest);
      if (item === undefined) return undefined;
      table[(key[1] as string).replace(/^"|"$/g, '')] = item.value;
      rest = item.rest.trimStart().replace(/^,/, '').trimStart();
    }
    return table;
  }
  return tomlString(v)?.value ?? tomlArray(v)?.value;
}

/**
 * The keys of each table of a TOML text whose header `wanted` accepts (`tool.pdm.scripts`), by table: `key = value`
 * lines, an array continued over lines joined first. Keys of other tables and values not read stay out.
 */
export function tomlTables(text: string, wanted: (header: string) => boolean): Map<string, Map<string, TomlValue>> {
  const out = new Map<string, Map<string, TomlValue>>();
  let table: Map<string, TomlValue> | undefined;
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const head = /^\s*\[\s*([^[\]]+?)\s*\]\s*(?:#.*)?$/.exec(line);
    if (head !== null) {
      const name = (head[1] as string).replace(/\s*\.\s*/g, '.');
      table = wanted(name) ? (out.get(name) ?? new Map()) : undefined;
      if (table !== undefined) out.set(name, table);
      continue;
    }
    if (/^\s*\[\[/.test(line)) table = undefined;
    const kv = table === undefined ? null : /^\s*("[^"]+"|'[^']+'|[\w-]+)\s*=\s*(.*)$/.exec(line);
    if (kv === null || table === undefined) continue;
    let raw = kv[2] as string;
    // An array written over several lines: up to its closing bracket (bounded).
    for (let j = 0; raw.trim().startsWith('[') && !/\]\s*(?:#.*)?$/.test(raw.trim()) && j < 64; j++) {
      i++;
      if (i >= lines.length) break;
      raw += ` ${(lines[i] as string).trim().replace(/^#.*$/, '')}`;
    }
    const value = tomlValue(raw.replace(/,\s*\]/, ']').replace(/\s+#[^"']*$/, ''));
    if (value !== undefined) table.set((kv[1] as string).replace(/^["']|["']$/g, ''), value);
  }
  return out;
}
