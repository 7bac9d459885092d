// cargo aliases from a config file the session wrote: `[alias] ship = "publish --allow-dirty"` in .cargo/config.toml
// makes `cargo ship -p edi-core` run `cargo publish --allow-dirty -p edi-core` (blind round 30). As git's aliases
// (git-aliases.ts): an alias the session did not write (the human's own config) is not known, and a built-in command
// is never an alias. cargo reads .cargo/config.toml (or the older .cargo/config) in the folder it runs in and in each
// folder above it, the nearest winning, then $CARGO_HOME's; a `--config alias.NAME=…` of the command wins over all.
import { resolve } from './paths.js';
import { tomlTables, tomlValue } from './toml-lines.js';
import type { SimpleCommand } from './types.js';

/** cargo's built-in commands: an alias of one of these names is ignored (its built-in aliases b, c, d, r, t, rm may
 * be redefined, and are not here). */
const CARGO_COMMANDS: ReadonlySet<string> = new Set([
  ...['add', 'bench', 'build', 'check', 'clean', 'clippy', 'config', 'doc', 'fetch', 'fix', 'fmt', 'generate-lockfile'],
  ...['help', 'info', 'init', 'install', 'locate-project', 'login', 'logout', 'metadata', 'miri', 'new', 'owner'],
  ...['package', 'pkgid', 'publish', 'read-manifest', 'remove', 'report', 'run', 'rustc', 'rustdoc', 'search', 'test'],
  ...['tree', 'uninstall', 'update', 'vendor', 'verify-project', 'version', 'yank'],
]);

/** Folders above the one cargo runs in that are looked at, at most (a path written relative has no root to stop at). */
const MAX_FOLDERS = 16;

/** The config files cargo reads, nearest first: each folder's .cargo/config.toml then .cargo/config, up to the root,
 * then the home's (`$CARGO_HOME`, else `~/.cargo`). */
export function cargoConfigFiles(cwd: string | undefined, cargoHome: string | undefined): string[] {
  const out: string[] = [];
  let dir = resolve(cwd, '.');
  for (let i = 0; i < MAX_FOLDERS; i++) {
    out.push(resolve(dir, '.cargo/config.toml'), resolve(dir, '.cargo/config'));
    if (dir === '/') break;
    const up = resolve(dir, '..');
    if (up === dir) break;
    dir = up;
  }
  const home = cargoHome ?? '~/.cargo';
  out.push(`${home}/config.toml`, `${home}/config`);
  return out;
}

/** An alias's words in a cargo config text: `[alias]` then `name = "words"` (split on blanks, as cargo does) or
 * `name = ["w", …]`; undefined when the text does not define it. */
export function cargoConfigAlias(text: string, name: string): string[] | undefined {
  const value = tomlTables(text, (h) => h === 'alias')
    .get('alias')
    ?.get(name);
  return aliasWords(value);
}

function aliasWords(value: ReturnType<typeof tomlValue>): string[] | undefined {
  if (typeof value === 'string')
    return value
      .trim()
      .split(/\s+/)
      .filter((w) => w !== '');
  if (Array.isArray(value)) return [...(value as readonly string[])];
  return undefined;
}

/**
 * The words `cargo NAME …` stands for when NAME is an alias the command's `--config` or a config file the session wrote
 * defines: the alias expanded (an alias whose first word is another alias expanded in turn; a loop, or more than 8,
 * leaves it unexpanded, as cargo refuses it). Undefined when NAME is a built-in command or no alias known.
 */
export function cargoAlias(
  command: SimpleCommand,
  /** A file's text, when the call or the session wrote it. */
  text: (path: string) => string | undefined,
  cargoHome: string | undefined,
): string[] | undefined {
  const name = command.argv[0];
  if (name === undefined || name.startsWith('-') || CARGO_COMMANDS.has(name)) return undefined;
  const files = cargoConfigFiles(command.cwd, cargoHome);
  const lookup = (n: string): string[] | undefined => {
    // `--config alias.ship="publish"` (the last given wins), then the nearest file that defines it.
    for (const g of [...command.globals].reverse()) {
      const m = g.name === '--config' ? /^alias\.([\w-]+)\s*=\s*(.*)$/s.exec(g.value ?? '') : null;
      if (m?.[1] === n) return aliasWords(tomlValue(m[2] as string));
    }
    for (const path of files) {
      const t = text(path);
      const words = t === undefined ? undefined : cargoConfigAlias(t, n);
      if (words !== undefined) return words;
    }
    return undefined;
  };
  let words = lookup(name);
  if (words === undefined || words.length === 0) return undefined;
  const seen = new Set([name]);
  for (let first = words[0] as string; !CARGO_COMMANDS.has(first); first = words[0] as string) {
    const more = lookup(first);
    if (more === undefined) break;
    if (seen.has(first) || seen.size > 8 || more.length === 0) return undefined;
    seen.add(first);
    words = [...more, ...words.slice(1)];
  }
  return words;
}
