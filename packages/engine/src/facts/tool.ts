// Tool calls → facts: a canonical tool name, the paths a tool touches, the command, what it writes and fetches,
// and, for shell calls, the parsed simple commands and their file effects. The one place that knows argument names.
import { BUILTIN_TOOLS, TOOL_ALIASES } from '../schema/index.js';
import { pathForms } from '../matchers/paths.js';
import type { ShellContext } from '../shell/index.js';
import { shellQuote } from '../shell/words.js';
import { shellModel } from './shell-model.js';
import { patchEffects, toolEffects } from './effects.js';
import { shellFacts, withLinks } from './shell.js';
import { editsOf } from '../ledger/index.js';
import {
  MAX_EVENT_TEXT,
  type EffectFact,
  type PathFact,
  type ScannedArgument,
  type ToolFacts,
  type UrlFact,
} from './types.js';
import { urlsIn } from './url-hosts.js';
import type { IgnoreRules } from './ignored.js';

/** What a call's facts depend on besides its arguments (evaluate/shell-session.ts builds it, the one place). */
export interface CallContext {
  /** What the shell model may know: the session's values and directory, the files it wrote, the branch. */
  readonly shell?: ShellContext;
  /** Whether git ignores a path (the host's ignore files, less those the session wrote): marks the effects. */
  readonly ignored?: IgnoreRules;
}

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

export function toolFacts(
  tool: string,
  args: Readonly<Record<string, unknown>> | undefined,
  root: string | undefined,
  attachment = false,
  /** What the session and the host know before the call (see CallContext). */
  context?: CallContext,
  realPaths?: Readonly<Record<string, string>>,
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
  const real = realPaths === undefined ? undefined : realPathOf(realPaths, root);
  const given = dedupe(rawPaths).map((p) => pathForms(p, root));
  const paths = withReal(
    given,
    real,
    (p) => p,
    (_, path) => path,
  );

  const base = typeof a.workdir === 'string' ? a.workdir : undefined;
  const shell =
    name === 'bash' && command !== undefined
      ? shellFacts(
          shellModel().parseShell(command, undefined, modelContext(context?.shell, base, root)),
          base,
          root,
          context?.shell?.env,
          context?.shell?.links,
        )
      : undefined;
  const effects = withSessionWrote(
    withIgnored(
      withReal(
        shell
          ? shell.effects
          : name === 'patch'
            ? patches
            : throughSessionLinks(
                withEditedLines(name, a, toolEffects(name, given, content), context?.shell?.file),
                context?.shell?.links,
                root,
              ),
        real,
        (e) => e.path,
        (e, path) => ({ ...e, path }),
      ),
      context?.ignored,
    ),
    context?.shell?.file,
  );
  const scanned = KNOWN_TOOLS.has(name) ? [] : scan(a);

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
    scanned,
    urls: callUrls(url, name === 'bash' ? commandParts : [], scanned),
    problems,
  };
}

/** A file tool's effects, and their copies on the paths they reach through the links the session made. */
/**
 * The session's context as the shell model reads it: its links are relative to the project root, as the model's own
 * paths are when the call starts there (or where the session's `cd` left it, which the context gives); a call given
 * another working directory reads its paths from there, so the links are left to the facts stage (withLinks).
 */
function modelContext(
  shell: ShellContext | undefined,
  workdir: string | undefined,
  root: string | undefined,
): ShellContext | undefined {
  if (shell?.links === undefined || workdir === undefined || workdir === root) return shell;
  const { links: _, ...rest } = shell;
  return rest;
}

function throughSessionLinks(
  effects: EffectFact[],
  links: Readonly<Record<string, string>> | undefined,
  root: string | undefined,
): EffectFact[] {
  return links === undefined || effects.length === 0 ? effects : withLinks(effects, links, root);
}

/** Each change of a file whose whole text an earlier call of this session wrote (the ledger holds it), marked so. */
function withSessionWrote(effects: EffectFact[], file: ShellContext['file']): EffectFact[] {
  if (file === undefined || effects.length === 0) return effects;
  let out: EffectFact[] | undefined;
  effects.forEach((e, i) => {
    if (e.kind === 'read' || file(e.path.absolute ?? e.path.relative)?.text === undefined) return;
    out ??= [...effects];
    out[i] = { ...e, sessionWrote: true };
  });
  return out ?? effects;
}

/**
 * An edit of a file whose text the session knows (it wrote it) writes whole lines: the lines the new text lands on,
 * with what stays around it on them, are its content, so `password: ${DB_PASSWORD}` edited to a literal reads as the
 * assignment it makes, not as a bare value (blind round 24). Otherwise the new text alone, as before.
 */
function withEditedLines(
  name: string,
  args: Readonly<Record<string, unknown>>,
  effects: EffectFact[],
  file: ShellContext['file'],
): EffectFact[] {
  if (name !== 'edit' || file === undefined || effects.length !== 1) return effects;
  // (the edit the ledger applies afterwards, read by the same reader; a multiedit's list keeps the new text alone)
  const edits = Array.isArray(args.edits) ? [] : editsOf(args);
  const [edit] = edits;
  const effect = effects[0] as EffectFact;
  if (edit === undefined || edit.oldString === '') return effects;
  const { oldString, newString } = edit;
  const text = file(effect.path.absolute ?? effect.path.relative)?.text;
  const at = text?.indexOf(oldString) ?? -1;
  if (text === undefined || at < 0) return effects;
  const end = at + oldString.length;
  const lineEnd = text.indexOf('\n', end);
  const lines =
    text.slice(text.lastIndexOf('\n', at - 1) + 1, at) +
    newString +
    text.slice(end, lineEnd < 0 ? text.length : lineEnd);
  return [{ ...effect, content: lines }];
}

/** The URLs a call would connect to: its url argument, URLs in a shell command, URLs in unknown tools' arguments. */
function callUrls(
  url: string | undefined,
  commands: readonly string[],
  scanned: readonly ScannedArgument[],
): UrlFact[] {
  const out: UrlFact[] = [];
  if (url !== undefined) urlsIn(url, out);
  for (const c of commands) if (c.includes('://')) urlsIn(c, out);
  for (const s of scanned) urlsIn(s.text, out);
  return out;
}

/** The real path the host gave for a path fact (looked up by the path as written and by its absolute form). */
function realPathOf(
  realPaths: Readonly<Record<string, string>>,
  root: string | undefined,
): (p: PathFact) => PathFact | undefined {
  const byAbsolute = new Map<string, string>();
  for (const [given, target] of Object.entries(realPaths)) {
    const abs = pathForms(given, root).absolute;
    if (abs !== undefined) byAbsolute.set(abs, target);
  }
  return (p) => {
    const target = (p.absolute !== undefined ? byAbsolute.get(p.absolute) : undefined) ?? realPaths[p.relative];
    if (target === undefined) return undefined;
    const forms = pathForms(target, root);
    return forms.absolute === p.absolute && forms.relative === p.relative ? undefined : forms;
  };
}

/**
 * Each item, followed by a copy on the real path when the item's path leads there through a link: the call is
 * judged on both, so neither the name it used nor the place it reaches can hide it.
 */
function withReal<T>(
  items: readonly T[],
  real: ((p: PathFact) => PathFact | undefined) | undefined,
  pathOf: (item: T) => PathFact,
  onPath: (item: T, path: PathFact) => T,
): T[] {
  if (real === undefined) return [...items];
  const out: T[] = [];
  for (const item of items) {
    out.push(item);
    const target = real(pathOf(item));
    if (target !== undefined) out.push(onPath(item, target));
  }
  return out;
}

/** The effects, each change marked with the ignore rule that covers its path (when the host gave ignore files). A
 * change on another host is not one of this work tree's. */
function withIgnored(effects: EffectFact[], rules: IgnoreRules | undefined): EffectFact[] {
  if (rules === undefined || effects.length === 0) return effects;
  return effects.map((e) => {
    if (e.kind === 'read' || e.remote !== undefined) return e;
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
