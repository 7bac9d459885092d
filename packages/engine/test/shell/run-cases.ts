// The one runner for the shell model's data tables: each YAML case names a command and what the model must find.
// Only the keys a case lists are checked, so a case states exactly the behaviour it pins down.
import { pathGlobMatch } from '../../src/shell/glob-match.js';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { expect } from 'vitest';
import {
  parseShell,
  type Flag,
  type ShellContext,
  type ShellModel,
  type SimpleCommand,
} from '../../src/shell/index.js';

export interface CommandCase {
  program?: string;
  programText?: string;
  argv?: string[];
  positionals?: string[];
  /** 'name' or 'name=value', in order. */
  flags?: string[];
  globals?: string[];
  /** Tokens of the flags (for '-auto-approve' style matching). */
  tokens?: string[];
  assignments?: string[];
  cwd?: string | null;
  via?: string[];
  text?: string;
  start?: number;
  end?: number;
  dynamic?: boolean;
  /** The words whose value cannot be known, as written (`"$BRANCH"`). */
  unknown?: string[];
  /** Where it runs when not on this machine ('ssh host', 'docker exec ctr'), or null. */
  remote?: string | null;
  /** What it reads as its own language (psql's SQL on stdin or from a file the session wrote) or the answer that stood
   * for a confirmation (`yes`): its text, or { text, from }; null: none. */
  input?: string | { text: string; from: string } | null;
}

export interface ShellCase {
  name: string;
  command: string;
  options?: { maxDepth?: number; maxBytes?: number };
  /** What the session knows before the call: exported values, its directory, the files it wrote (path → text). */
  context?: {
    env?: Record<string, string>;
    cwd?: string;
    files?: Record<string, string>;
    /** Files the session knows only in pieces (what its edits put into a file it never saw whole). */
    pieces?: Record<string, string[]>;
    branch?: string | null;
    /** The branch's upstream, `remote/branch`. */
    upstream?: string;
  };
  /** What the call leaves behind in its shell: variables (null: set to a value that cannot be known) and directory. */
  persists?: { env?: Record<string, string | null>; cwd?: string | null };
  /** The programs of every simple command, in order. */
  programs?: string[];
  commands?: CommandCase[];
  /** 'kind path' or { kind, path, content, via, command }. */
  effects?: (
    | string
    | { kind: string; path: string; content?: string | null; via?: string; command?: number; unknown?: boolean }
  )[];
  /** 'reason' or 'reason: detail'. */
  opaque?: string[];
  scripts?: string[];
  error?: boolean;
  /** false: skip the span check (escaped backticks decode their text, so it is not a slice of the source). */
  spans?: boolean;
}

const casesDir = join(dirname(fileURLToPath(import.meta.url)), 'cases');

export function loadCases(file: string): ShellCase[] {
  return parse(readFileSync(join(casesDir, file), 'utf8')) as ShellCase[];
}

export function caseFiles(): string[] {
  return readdirSync(casesDir)
    .filter((f) => f.endsWith('.yaml'))
    .sort();
}

const flagText = (f: Flag): string => (f.value === undefined ? f.name : `${f.name}=${f.value}`);

function checkCommand(got: SimpleCommand | undefined, want: CommandCase, at: string): void {
  expect(got, `${at}: missing`).toBeDefined();
  const c = got as SimpleCommand;
  const pick: Record<string, unknown> = {};
  const exp: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(want)) {
    exp[key] = value;
    if (key === 'flags') pick[key] = c.flags.map(flagText);
    else if (key === 'globals') pick[key] = c.globals.map(flagText);
    else if (key === 'tokens') pick[key] = c.flags.map((f) => f.token);
    else if (key === 'cwd') pick[key] = c.cwd ?? null;
    else if (key === 'unknown') pick[key] = c.unknown.map((u) => u.text);
    else if (key === 'remote') pick[key] = c.remote ?? null;
    else if (key === 'input')
      pick[key] = c.input === undefined ? null : typeof value === 'string' ? c.input.text : { ...c.input };
    else pick[key] = (c as unknown as Record<string, unknown>)[key];
  }
  expect(pick, at).toEqual(exp);
}

/** The ShellContext a case describes (files become the session's written files, looked up by resolved path). */
export function caseContext(test: ShellCase): ShellContext | undefined {
  const c = test.context;
  if (c === undefined) return undefined;
  const files = c.files ?? {};
  const pieces = c.pieces ?? {};
  return {
    ...(c.env !== undefined ? { env: c.env } : {}),
    ...(c.cwd !== undefined ? { cwd: c.cwd } : {}),
    ...(c.branch !== undefined ? { branch: c.branch } : {}),
    ...(c.upstream !== undefined ? { upstream: c.upstream } : {}),
    ...(c.files !== undefined || c.pieces !== undefined
      ? {
          file: (path: string) =>
            Object.hasOwn(files, path)
              ? { text: files[path] as string, pieces: [] as string[] }
              : Object.hasOwn(pieces, path)
                ? { text: undefined, pieces: pieces[path] as string[] }
                : undefined,
          // The session's files a glob names, as the evaluator lists them (shell-session.ts): in path order.
          glob: (pattern: string) =>
            Object.keys(files)
              .filter((path) => pathGlobMatch(pattern, path))
              .sort()
              .map((path) => ({ path, file: { text: files[path] as string, pieces: [] as string[] } })),
        }
      : {}),
  };
}

/** The text of a file a command came from: the session's (the case's context), else what the call wrote to it. */
function fileTextOf(test: ShellCase, model: ShellModel, path: string): string | undefined {
  const files = test.context?.files;
  if (files !== undefined && Object.hasOwn(files, path)) return files[path];
  let text: string | undefined;
  for (const e of model.effects) if (e.path === path && e.kind === 'write' && e.content !== undefined) text = e.content;
  return text;
}

export function checkCase(test: ShellCase): ShellModel {
  const model = parseShell(test.command, test.options, caseContext(test));
  if (test.programs)
    expect(
      model.commands.map((c) => c.program),
      'programs',
    ).toEqual(test.programs);
  if (test.commands) {
    expect(model.commands.length, 'number of commands').toBe(test.commands.length);
    test.commands.forEach((want, i) => checkCommand(model.commands[i], want, `commands[${i}]`));
  }
  if (test.effects) {
    const got = model.effects.map((e, i) => {
      const want = test.effects?.[i];
      if (typeof want !== 'object' || want === undefined) return `${e.kind} ${e.path}`;
      const out: Record<string, unknown> = { kind: e.kind, path: e.path };
      if ('content' in want) out.content = e.content ?? null;
      if ('via' in want) out.via = e.via;
      if ('command' in want) out.command = e.command;
      if ('unknown' in want) out.unknown = e.unknown;
      return out;
    });
    expect(got, 'effects').toEqual(test.effects);
  }
  if (test.opaque)
    expect(
      model.opaque.map((o) => (test.opaque?.some((w) => w.includes(':')) ? `${o.reason}: ${o.detail}` : o.reason)),
      'opaque',
    ).toEqual(test.opaque);
  if (test.scripts)
    expect(
      model.scripts.map((s) => s.path),
      'scripts',
    ).toEqual(test.scripts);
  if (test.persists) {
    const want = test.persists;
    if (want.env !== undefined) expect(model.persists.env, 'persisted variables').toEqual(want.env);
    if (want.cwd !== undefined) expect(model.persists.cwd ?? null, 'persisted directory').toBe(want.cwd);
  }
  if (test.error !== undefined)
    expect(model.error !== undefined, `error: ${JSON.stringify(model.error)}`).toBe(test.error);
  // INVARIANT: a command found directly in the source (not re-parsed from a string) points at its own text; one that
  // comes from a file the session (or the call) wrote points into that file's text.
  for (const c of model.commands) {
    if (c.file !== undefined) {
      if (test.spans === false) continue;
      const text = fileTextOf(test, model, c.file);
      expect(text, `the text of ${c.file}`).toBeDefined();
      expect(c.end, `end inside ${c.file}`).toBeLessThanOrEqual((text as string).length);
      expect((text as string).slice(c.start, c.end), 'text at start..end').toBe(c.text);
      continue;
    }
    expect(c.end, 'end inside the source').toBeLessThanOrEqual(test.command.length);
    if (c.via.length === 0 && test.spans !== false)
      expect(test.command.slice(c.start, c.end), 'text at start..end').toBe(c.text);
  }
  return model;
}
