// Tool calls → facts: a canonical tool name, the paths a tool touches, the command, what it writes and fetches,
// and, for shell calls, the parsed simple commands and their file effects. The one place that knows argument names.
import { BUILTIN_TOOLS, TOOL_ALIASES, type HostFacts } from '../schema/index.js';
import { ignoreRules } from './ignored.js';
import { pathForms } from '../matchers/paths.js';
import { parseShell, shellQuote } from '../shell/index.js';
import { patchEffects, toolEffects } from './effects.js';
import { shellContext, shellFacts } from './shell.js';
import { EMPTY_LEDGER, type Ledger } from '../ledger/index.js';
import { MAX_EVENT_TEXT, type EffectFact, type PathFact, type ScannedArgument, type ToolFacts } from './types.js';

export const canonicalToolName = (name: string): string => {
  const lower = name.toLowerCase();
  return TOOL_ALIASES[lower] ?? lower;
};

/**
 * Tools whose arguments the engine reads by name; any other tool's string arguments are scanned as text. "invalid"
 * is opencode's stand-in for a call to a tool that does not exist: nothing in it is the agent's payload.
 */
export const KNOWN_TOOLS: ReadonlySet<string> = new Set([...BUILTIN_TOOLS, 'invalid']);

const PATH_KEYS = ['filePath', 'file_path', 'path', 'file', 'filename', 'notebook_path'] as const;
const PATH_LIST_KEYS = ['paths', 'files', 'filePaths'] as const;
const CONTENT_KEYS = ['content', 'newString', 'new_string', 'patchText', 'patch', 'diff'] as const;
const COMMAND_KEYS = ['command', 'cmd'] as const;
const URL_KEYS = ['url', 'uri'] as const;

/** Bounds on scanning an unknown tool's arguments: a hostile argument tree cannot make the scan expensive. */
const SCAN_DEPTH = 6;
const SCAN_STRINGS = 500;

/** What a call's facts depend on besides its arguments: the files the session wrote, what the host knows. */
export interface SessionFacts {
  readonly ledger: Ledger;
  readonly host?: HostFacts | undefined;
}

export function toolFacts(
  tool: string,
  args: Readonly<Record<string, unknown>> | undefined,
  root: string | undefined,
  attachment = false,
  session?: SessionFacts,
): ToolFacts {
  const a = args ?? {};
  const name = canonicalToolName(tool);
  const problems: string[] = [];
  const text = (key: string, value: unknown): string | undefined => {
    if (typeof value !== 'string') return undefined;
    if (value.length > MAX_EVENT_TEXT) {
      problems.push(
        `argument "${key}" is ${value.length} characters, over the ${MAX_EVENT_TEXT}-character limit, so it cannot be checked`,
      );
      return undefined;
    }
    return value;
  };
  // Known keys must hold strings (or lists of strings): anything else cannot be checked, and is said so.
  const strings = (key: string, value: unknown): string[] => {
    if (value === undefined || value === null) return [];
    if (typeof value === 'string') return value.length > 0 && text(key, value) !== undefined ? [value] : [];
    if (Array.isArray(value) && value.every((v) => typeof v === 'string'))
      return value.flatMap((v, i) => strings(`${key}[${i}]`, v));
    problems.push(`argument "${key}" is ${describe(value)}, not text, so it cannot be checked`);
    return [];
  };

  const rawPaths: string[] = [];
  for (const key of PATH_KEYS) if (!(key === 'path' && name === 'glob')) rawPaths.push(...strings(key, a[key]));
  for (const key of PATH_LIST_KEYS) rawPaths.push(...strings(key, a[key]));
  if (name === 'glob' && typeof a.pattern === 'string') {
    rawPaths.push(typeof a.path === 'string' ? `${a.path}/${a.pattern}` : a.pattern);
  }
  const content: string[] = [];
  for (const key of CONTENT_KEYS) content.push(...strings(key, a[key]));
  if (Array.isArray(a.edits)) {
    a.edits.forEach((e: unknown, i) => {
      if (e && typeof e === 'object')
        content.push(...strings(`edits[${i}].newString`, (e as Record<string, unknown>).newString));
    });
  }
  const commandParts = COMMAND_KEYS.flatMap((key) => commandText(key, a[key], problems));
  const command = commandParts[0];
  const url = URL_KEYS.map((key) => text(key, a[key])).find((u) => u !== undefined);

  const patches = name === 'patch' ? content.flatMap((c) => patchEffects(c, root)) : [];
  for (const e of patches) rawPaths.push(e.path.absolute ?? e.path.relative);
  const paths = dedupe(rawPaths).map((p) => pathForms(p, root));

  const base = typeof a.workdir === 'string' ? a.workdir : undefined;
  const ledger = session?.ledger ?? EMPTY_LEDGER;
  const host = session?.host;
  const shell =
    name === 'bash' && command !== undefined
      ? shellFacts(parseShell(command, undefined, shellContext(ledger, base, root, host)), base, root)
      : undefined;
  const effects = withIgnored(
    shell ? shell.effects : name === 'patch' ? patches : toolEffects(name, paths, content),
    host,
    ledger,
  );

  return {
    kind: 'tool',
    raw: tool,
    name,
    args: a,
    paths,
    command,
    content,
    url,
    attachment,
    shell: shell?.model,
    commands: shell?.commands ?? [],
    effects,
    scripts: shell?.scripts ?? [],
    scanned: KNOWN_TOOLS.has(name) ? [] : scan(a),
    problems,
  };
}

/** The effects, each change marked with the ignore rule that covers its path (when the host gave ignore files). */
function withIgnored(
  effects: readonly EffectFact[],
  host: HostFacts | undefined,
  ledger: Ledger,
): readonly EffectFact[] {
  if (host?.gitignore === undefined || effects.length === 0) return effects;
  const rules = ignoreRules(host.gitignore, ledger);
  return effects.map((e) => {
    if (e.kind === 'read') return e;
    const by = rules(e.path.relative);
    return by === undefined ? e : { ...e, ignored: by };
  });
}

/** A command as text; a command given as an argv list is quoted back into one shell line. */
function commandText(key: string, value: unknown, problems: string[]): string[] {
  if (value === undefined || value === null) return [];
  if (typeof value === 'string') {
    if (value.length > MAX_EVENT_TEXT) {
      problems.push(
        `argument "${key}" is ${value.length} characters, over the ${MAX_EVENT_TEXT}-character limit, so it cannot be checked`,
      );
      return [];
    }
    return [value];
  }
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return [value.map(shellQuote).join(' ')];
  problems.push(`argument "${key}" is ${describe(value)}, not a command line, so it cannot be checked`);
  return [];
}

/** Every string in an unknown tool's arguments, with the key path it was found at. */
function scan(args: Readonly<Record<string, unknown>>): ScannedArgument[] {
  const out: ScannedArgument[] = [];
  const walk = (value: unknown, key: string, depth: number): void => {
    if (out.length >= SCAN_STRINGS || depth > SCAN_DEPTH) return;
    if (typeof value === 'string') {
      if (value.length > 0)
        out.push({ key, text: value.length > MAX_EVENT_TEXT ? value.slice(0, MAX_EVENT_TEXT) : value });
    } else if (Array.isArray(value)) {
      value.forEach((v, i) => walk(v, `${key}[${i}]`, depth + 1));
    } else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) walk(v, key ? `${key}.${k}` : k, depth + 1);
    }
  };
  walk(args, '', 0);
  return out;
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'a list that is not all text';
  if (value === null) return 'null';
  return `a ${typeof value}`;
}

const dedupe = (list: readonly string[]): string[] => [...new Set(list)];

export type { PathFact };

/**
 * What a call is about, in one string, for a report line: its command, else its file path, path or URL; undefined
 * when it has none of them (the CLI's explain and the plugin's doctor both print calls this way).
 */
export function callSubject(args: Readonly<Record<string, unknown>> | undefined): string | undefined {
  for (const key of ['command', 'filePath', 'path', 'url']) {
    const value = args?.[key];
    if (typeof value === 'string') return value;
  }
  return undefined;
}
