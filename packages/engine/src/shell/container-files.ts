// Container project files the session wrote, read for the commands they run: a compose file's services (`command:`,
// `entrypoint:`) run by `docker compose up|run`, and a Dockerfile's `RUN` lines (run while the image is built) and its
// `ENTRYPOINT`/`CMD` (run by `docker run IMAGE` of the image built earlier in the same call). The command runs in a
// container — usually with the project mounted and the network open, so a push, a publish or a cluster change made
// there reaches the same remote as one made here: it is walked and judged, marked as running elsewhere (`remote`), so
// a contract can still choose with `run.remote`. Pure functions over the file's text; follow.ts walks the lines.
import { parse as parseYaml } from 'yaml';
import { imageEntrypoint, runsAfterEntrypoint } from './image-entrypoints.js';
import type { SimpleCommand } from './types.js';

/** One command line a container runs, and the label it is shown with (`docker compose up job`). */
export interface ContainerLine {
  readonly source: string;
  readonly label: string;
}

/** Bounds: a hostile file cannot make the walk large. */
export const CONTAINER_LIMITS = { maxServices: 32, maxLines: 64 } as const;

/** The compose files `docker compose` reads: `-f FILE` (each), else the default names in the project directory. */
export function composeCandidates(command: SimpleCommand): readonly string[] {
  const named = command.flags.filter((f) => (f.name === '-f' || f.name === '--file') && f.value !== undefined);
  if (named.length > 0) return named.map((f) => f.value as string);
  const dir = command.flags.find((f) => f.name === '--project-directory')?.value;
  const names = ['compose.yaml', 'compose.yml', 'docker-compose.yml', 'docker-compose.yaml'];
  return dir === undefined ? names : names.map((n) => `${dir}/${n}`);
}

/** The override files compose merges over the default one when no -f is given (docs.docker.com, "Merge Compose
 * files": compose.override.yaml, docker-compose.override.yml): round 52. */
export function composeOverrides(command: SimpleCommand): readonly string[] {
  if (command.flags.some((f) => f.name === '-f' || f.name === '--file')) return [];
  const dir = command.flags.find((f) => f.name === '--project-directory')?.value;
  const names = [
    'compose.override.yaml',
    'compose.override.yml',
    'docker-compose.override.yml',
    'docker-compose.override.yaml',
  ];
  return dir === undefined ? names : names.map((n) => `${dir}/${n}`);
}

/** A list of words as one shell line (each quoted when it needs it), or a string as it is. */
function commandLine(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (!Array.isArray(value) || value.length === 0 || !value.every((v) => typeof v === 'string')) return undefined;
  return (value as string[]).map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`)).join(' ');
}

/** The line an image or a service runs: its entrypoint with its command as arguments (a string entrypoint is a shell
 * line of its own, as docker runs it under `/bin/sh -c`, and ignores the command). */
function entryLine(entrypoint: unknown, cmd: unknown): string | undefined {
  const e = commandLine(entrypoint);
  const c = commandLine(cmd);
  if (e === undefined) return c;
  if (typeof entrypoint === 'string' || c === undefined) return e;
  return `${e} ${c}`;
}

/** The first word of a command: a list's first item, a string's first word (compose splits a string command into
 * words as a shell would, without running one). */
function firstWord(cmd: unknown): string | undefined {
  if (Array.isArray(cmd)) return typeof cmd[0] === 'string' ? cmd[0] : undefined;
  return typeof cmd === 'string' ? /^\s*(\S+)/.exec(cmd)?.[1] : undefined;
}

/**
 * The line a service runs: its own entrypoint with its command; without one (the key absent: `entrypoint: []` clears
 * the image's), the image's entrypoint — for an image whose entrypoint is a known tool (image-entrypoints.ts) the
 * command is that tool's arguments (`image: hashicorp/terraform:1.9`, `command: apply -auto-approve` runs `terraform
 * apply -auto-approve`), else the command as written.
 */
function serviceLine(s: { command?: unknown; entrypoint?: unknown; image?: unknown }): string | undefined {
  if (s.entrypoint !== undefined) return entryLine(s.entrypoint, s.command);
  const c = commandLine(s.command);
  if (c === undefined || typeof s.image !== 'string') return c;
  const first = firstWord(s.command);
  const tool = imageEntrypoint(s.image, first);
  return tool === undefined || !runsAfterEntrypoint(tool, first) ? c : `${tool} ${c}`;
}

/**
 * What `docker compose up [SERVICE…]` or `docker compose run SERVICE` (with no command of its own) runs from a compose
 * text: each named service's (every service's for a bare `up`) entrypoint and command. Undefined when the text is not
 * YAML with `services`; services with neither (an image's own command) add nothing.
 */
export function composeLines(text: string, sub: 'up' | 'run', names: readonly string[]): ContainerLine[] | undefined {
  let doc: unknown;
  try {
    doc = parseYaml(text);
  } catch (e) {
    // A compose file docker could not read either: nothing runs from it (the command is judged as written).
    if (e instanceof Error) return undefined;
    throw e;
  }
  const services = (doc as { services?: unknown } | null)?.services;
  if (services === null || typeof services !== 'object') return undefined;
  const out: ContainerLine[] = [];
  const table = services as Record<string, unknown>;
  // A service named starts the services it `depends_on` first (compose does, for `run` too unless --no-deps): their
  // lines run before its own.
  const wanted: string[] = [];
  const visit = (name: string, depth: number): void => {
    if (
      wanted.includes(name) ||
      depth > 8 ||
      wanted.length >= CONTAINER_LIMITS.maxServices ||
      !Object.hasOwn(table, name)
    )
      return;
    const deps = (table[name] as { depends_on?: unknown } | null)?.depends_on;
    const list = Array.isArray(deps) ? deps : deps !== null && typeof deps === 'object' ? Object.keys(deps) : [];
    for (const d of list) if (typeof d === 'string') visit(d, depth + 1);
    wanted.push(name);
  };
  for (const name of names.length > 0 ? names : Object.keys(table)) visit(name, 0);
  for (const name of wanted) {
    if (!Object.hasOwn(table, name)) continue;
    const s = table[name] as { command?: unknown; entrypoint?: unknown; image?: unknown } | null;
    if (s === null || typeof s !== 'object') continue;
    const line = serviceLine(s);
    if (line !== undefined && line.trim() !== '') out.push({ source: line, label: `docker compose ${sub} ${name}` });
  }
  return out;
}

/**
 * What `docker compose up|run` runs from a compose file known only in the pieces the session put into it: each piece
 * read on its own — a piece with `services:` as a compose text (what yq -i writes, json-updates.ts), else as a fragment
 * of the services mapping (an edit that added `  tf:\n    image: …\n    command: …` under the team's `services:`).
 * A piece that names no service asked for runs nothing; undefined when no piece is YAML.
 */
export function composePieceLines(
  pieces: readonly string[],
  sub: 'up' | 'run',
  names: readonly string[],
): ContainerLine[] | undefined {
  let read = false;
  const out: ContainerLine[] = [];
  for (const piece of pieces.slice(0, CONTAINER_LIMITS.maxServices)) {
    const lines = composeLines(piece, sub, names) ?? composeLines(`services:\n${indented(piece)}`, sub, names);
    if (lines === undefined) continue;
    read = true;
    for (const line of lines) if (out.length < CONTAINER_LIMITS.maxLines) out.push(line);
  }
  return read ? out : undefined;
}

/** A fragment's lines moved two spaces in, under a key of their own (its own indentation kept relative). */
function indented(fragment: string): string {
  const lines = fragment.split(/\r?\n/);
  const least = Math.min(...lines.filter((l) => l.trim() !== '').map((l) => /^ */.exec(l)?.[0].length ?? 0));
  const cut = Number.isFinite(least) ? least : 0;
  return lines.map((l) => (l.trim() === '' ? '' : `  ${l.slice(cut)}`)).join('\n');
}

/** The services a `docker compose up|run` names (its positionals after the verb; `run`: the first only, and only when
 * no command follows — one that does is run by the runner's declaration). */
export function composeTargets(command: SimpleCommand): { sub: 'up' | 'run'; names: readonly string[] } | undefined {
  const p = command.positionals;
  const at = p.indexOf('compose');
  const verb = at === -1 ? p[0] : p[at + 1];
  const rest = p.slice(at === -1 ? 1 : at + 2);
  if (verb === 'up') return { sub: 'up', names: rest };
  if (verb === 'run' && rest.length === 1) return { sub: 'run', names: rest };
  return undefined;
}

/** One Dockerfile instruction with its continuation lines joined. */
function instructions(text: string): { op: string; arg: string }[] {
  const out: { op: string; arg: string }[] = [];
  const lines = text.replace(/\\\r?\n/g, ' ').split(/\r?\n/);
  for (const raw of lines) {
    const m = /^\s*([A-Za-z]+)\s+(.*)$/.exec(raw);
    if (m !== null && !raw.trimStart().startsWith('#'))
      out.push({ op: (m[1] as string).toUpperCase(), arg: (m[2] as string).trim() });
    if (out.length >= CONTAINER_LIMITS.maxLines) break;
  }
  return out;
}

/** An instruction's argument: the exec form (a JSON array) as its words, else the shell form as written. */
function formOf(arg: string): unknown {
  if (!arg.startsWith('[')) return arg;
  try {
    return JSON.parse(arg) as unknown;
  } catch (e) {
    // Not JSON: docker reads it as the shell form.
    if (e instanceof SyntaxError) return arg;
    throw e;
  }
}

const RUN_OPTIONS = /^(?:\s*--(?:mount|network|security)=\S+)+\s*/;

/** What a Dockerfile text runs: its RUN lines (at build) and the line the image runs (ENTRYPOINT/CMD, the last of each). */
export function dockerfileLines(text: string): { build: string[]; image: string | undefined } {
  const build: string[] = [];
  let entrypoint: unknown;
  let cmd: unknown;
  for (const { op, arg } of instructions(text)) {
    if (op === 'RUN') {
      // BuildKit's RUN options come before the command (`RUN --mount=type=secret,id=npmrc npm publish`).
      const line = commandLine(formOf(arg.replace(RUN_OPTIONS, '')));
      if (line !== undefined) build.push(line);
    } else if (op === 'CMD') cmd = formOf(arg);
    else if (op === 'ENTRYPOINT') entrypoint = formOf(arg);
  }
  return { build, image: entryLine(entrypoint, cmd) };
}

/** `docker build|buildx build|image build [-f F] [-t TAG…] CONTEXT`: the Dockerfile it reads and the tags it makes. */
export function dockerBuild(command: SimpleCommand): { file: string; tags: readonly string[] } | undefined {
  const p = command.positionals;
  const verbAt = p[0] === 'build' ? 0 : (p[0] === 'buildx' || p[0] === 'image') && p[1] === 'build' ? 1 : -1;
  if (verbAt === -1) return undefined;
  const context = p[verbAt + 1];
  if (context === undefined || context.includes('://') || context === '-') return undefined;
  const named = command.flags.find((f) => f.name === '-f' || f.name === '--file')?.value;
  const file = named ?? `${context === '.' ? '' : `${context.replace(/\/$/, '')}/`}Dockerfile`;
  const tags = command.flags
    .filter((f) => (f.name === '-t' || f.name === '--tag') && f.value !== undefined)
    .map((f) => imageName(f.value as string));
  return { file, tags };
}

/** An image reference without a `:latest` tag (`job` and `job:latest` are one image). */
export const imageName = (ref: string): string => ref.replace(/:latest$/, '');

/** `docker run [OPTIONS] IMAGE` with no command of its own: the image it runs (undefined: not such a command). */
export function dockerRunImage(command: SimpleCommand): string | undefined {
  const p = command.positionals;
  const at = p[0] === 'run' ? 0 : p[0] === 'container' && p[1] === 'run' ? 1 : -1;
  if (at === -1 || p.length !== at + 2) return undefined;
  if (command.flags.some((f) => f.name === '--entrypoint')) return undefined;
  return imageName(p[at + 1] as string);
}
