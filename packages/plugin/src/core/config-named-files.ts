// The files the human's opencode configuration names by path: opencode loads or runs them at its next start, in its
// own process or as its own child, outside the shell's sandbox — a plugin given as a path (`"./tools/x.ts"`,
// `file:///…`), a local MCP server's, formatter's or LSP server's program and script, and any `{file:…}` the
// configuration substitutes (a command template with `` !`…` ``, an agent's prompt). Writing one is writing the
// configuration. Takes the configuration files' paths; returns absolute paths (a folder as `dir/**`). Reads only
// the configuration files (bounded) and stats the paths they name.
import { readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'jsonc-parser';

/** A configuration larger than this is read up to it (opencode's are a few kilobytes). */
const MAX_CONFIG_BYTES = 1024 * 1024;
/** Bounds the paths taken from one configuration. */
const MAX_NAMED = 200;

export interface NamedFilesContext {
  /** The project directory (a local server's command runs there: its relative paths are the project's). */
  readonly directory: string;
  readonly home: string;
}

/** Every file the configuration files name by path, existing or not (a name alone decides what opencode loads). */
export function configNamedFiles(
  configFiles: readonly string[],
  ctx: NamedFilesContext,
  /** A configuration given inline (OPENCODE_CONFIG_CONTENT): its relative paths are the project's. */
  inline?: string,
): string[] {
  const out = new Set<string>();
  const texts = configFiles.map((file) => ({ text: readConfig(file), dir: dirname(file) }));
  if (inline !== undefined) texts.push({ text: inline.slice(0, MAX_CONFIG_BYTES), dir: ctx.directory });
  for (const { text, dir } of texts) {
    if (text === undefined) continue;
    for (const path of namedIn(text, dir, ctx)) {
      if (out.size >= MAX_NAMED * texts.length) break;
      if (isWide(path, ctx)) continue;
      out.add(isDirectory(path) ? join(path, '**') : path);
    }
  }
  return [...out];
}

/** The paths one configuration names: its `{file:…}`s, its plugin paths and its local commands' files. */
export function namedIn(text: string, configDir: string, ctx: NamedFilesContext): string[] {
  const out: string[] = [];
  const at = (p: string, base: string) => (p.startsWith('~/') ? join(ctx.home, p.slice(2)) : resolve(base, p));
  // opencode replaces `{file:path}` in the raw text before parsing it, relative to the configuration's folder.
  for (const m of text.matchAll(/\{file:([^}]+)\}/g)) out.push(at(m[1]!.trim(), configDir));
  const data = parse(text) as Record<string, unknown> | undefined;
  if (data === null || typeof data !== 'object') return out;
  for (const entry of Array.isArray(data.plugin) ? data.plugin : []) {
    const spec = Array.isArray(entry) ? entry[0] : entry;
    if (typeof spec !== 'string') continue;
    if (spec.startsWith('file:')) out.push(fromFileUrl(spec) ?? spec);
    else if (/^(\.{1,2}\/|\/|~\/)/.test(spec)) out.push(at(spec, configDir));
  }
  // Local MCP servers, formatters and LSP servers: a command is a program and its arguments. The program, when it is
  // a file there (`./scripts/fmt.sh`), and an argument that is a script file (`node ./tools/mcp.js`: a code
  // extension or the executable bit) are code opencode runs. A folder or a data file given as an argument (an MCP
  // server's root, its database) is the server's data, not code: left writable. Relative paths are taken against the
  // project (where opencode runs them) and the configuration's folder.
  for (const section of ['mcp', 'formatter', 'lsp']) {
    const items = data[section];
    if (items === null || typeof items !== 'object' || Array.isArray(items)) continue;
    for (const item of Object.values(items as Record<string, unknown>)) {
      const command = (item as { command?: unknown } | null)?.command;
      if (!Array.isArray(command)) continue;
      command.slice(0, 32).forEach((arg, index) => {
        if (typeof arg !== 'string' || arg === '' || arg.startsWith('-') || arg.includes('$FILE')) return;
        if (!arg.includes('/') && !CODE_FILE.test(arg)) return; // a program found on PATH, a word
        const candidates =
          isAbsolute(arg) || arg.startsWith('~/')
            ? [at(arg, ctx.directory)]
            : [resolve(ctx.directory, arg), resolve(configDir, arg)];
        for (const c of candidates) {
          const st = statQuiet(c);
          if (st?.isFile() && (index === 0 || CODE_FILE.test(c) || (st.mode & 0o111) !== 0)) out.push(c);
        }
      });
    }
  }
  return out;
}

/** The extensions of scripts and programs a command's argument may be (what the interpreter before it runs). */
const CODE_FILE = /\.(c?js|mjs|[cm]?ts|jsx|tsx|py|pyc|sh|bash|zsh|fish|rb|pl|php|lua|jar|exe|bat|cmd|ps1)$/i;

/** A path so wide that protecting it would close the project or the home folder itself. */
function isWide(path: string, ctx: NamedFilesContext): boolean {
  const p = resolve(path);
  const inside = (dir: string) => p === dir || dir.startsWith(`${p}/`);
  return p === '/' || inside(resolve(ctx.directory)) || inside(resolve(ctx.home));
}

function readConfig(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8').slice(0, MAX_CONFIG_BYTES);
  } catch (error) {
    if (isNotThere(error)) return undefined;
    throw error;
  }
}

function fromFileUrl(spec: string): string | undefined {
  try {
    return fileURLToPath(spec);
  } catch (error) {
    if (error instanceof TypeError) return undefined; // Not a file URL opencode could load either.
    throw error;
  }
}

function isDirectory(path: string): boolean {
  return statQuiet(path)?.isDirectory() === true;
}

function statQuiet(path: string) {
  try {
    return statSync(path);
  } catch (error) {
    if (isNotThere(error)) return undefined;
    throw error;
  }
}

const isNotThere = (error: unknown): boolean =>
  error instanceof Error &&
  'code' in error &&
  ['ENOENT', 'ENOTDIR', 'EACCES', 'ELOOP', 'ENAMETOOLONG'].includes(String((error as NodeJS.ErrnoException).code));
