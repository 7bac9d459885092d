// What the sandbox refused during one call, in words: takes the library's violation lines and the protect facts;
// returns each refusal with what it touched and why, the note the agent reads under the tool's output, and the
// categories the decision log keeps (never the paths or addresses: they come from the command).
import { isAbsolute } from 'node:path';
import { EDITOR_FOLDERS, isTempCodeCache, type ProtectFacts } from '../core/protection.js';
import { ANSWER_PREFIX } from '../core/text.js';
import { runtimeProtected } from './placeholders.js';
import { isInside } from './policy.js';

export type RefusalKind = 'write' | 'connect' | 'other';

export interface Refusal {
  readonly kind: RefusalKind;
  /** The path or host:port, as the sandbox saw it. */
  readonly target: string;
  /** A short name of what it is, for the log ('contract file', 'this machine', …). */
  readonly category: string;
  /** Why it is refused, for the agent. */
  readonly why: string;
}

const MAX_LISTED = 8;

/**
 * cargo's own bookkeeping at the top of CARGO_HOME: its download locks and its last-use database with the database's
 * journal. A read-only CARGO_HOME is one cargo works with (measured with cargo 1.95: `cargo build` with a dependency
 * exits 0 without a warning), and CARGO_HOME stays closed (bin/ is on the human's PATH, config.toml names the
 * compiler wrapper, `env` is sourced by .profile); reported, the refusal came with every cargo build.
 */
const CARGO_BOOKKEEPING = /\/\.(package-cache(-mutate)?|global-cache(-journal|-wal|-shm)?)$/;
const GIT_WHY = "git's config and hooks run later inside the human's git commands";

/** A project's `.vscode/**` or `.idea/**` (the protect facts list them among the start files). */
function isEditorFolder(glob: string): boolean {
  return EDITOR_FOLDERS.some((d) => glob.endsWith(`/${d}/**`));
}

/** Protected places by kind, in the order a path is looked up: the most specific reason wins. */
function protectedKinds(facts: ProtectFacts): readonly (readonly [string, readonly string[], string])[] {
  return [
    ['contract file', facts.contractFiles, 'a contract file: only the human changes the rules'],
    [
      'opencode configuration',
      facts.hostFiles,
      "opencode's configuration or the plugin's own files: they decide what the agent is held to",
    ],
    [
      'tool cache',
      facts.hostState.filter(isTempCodeCache),
      "a cache of the human's tools (tsx's, jest's, Node's compile cache, Go's build cache, npm's index): they run or install what it holds without checking it again",
    ],
    ['opencode state', facts.hostState, "opencode's own data (sessions, logs): only opencode writes there"],
    [
      'opencode configuration folder',
      facts.configDirs,
      "opencode's configuration folder: commands, tools and agents there run later as the human",
    ],
    ['git config or hooks', facts.gitFiles, GIT_WHY],
    [
      'editor settings',
      facts.startupFiles.filter(isEditorFolder),
      "the editor's settings run tasks and tools when the human opens the folder",
    ],
    ['shell startup file', facts.startupFiles, "a shell startup file runs in the human's next shell"],
  ];
}

/** What the call was allowed: its writable folders and the protected paths inside them. */
export interface CallLimits {
  readonly writable: readonly string[];
  readonly readOnly: readonly string[];
}

/** Where and when the call ran, to tell what the runtime protected by itself. */
export interface CallContext {
  /** The working directory of the process the runtime runs in (its built-in names are resolved against it). */
  readonly cwd: string;
  /** When the call was wrapped (ms since the epoch). */
  readonly since: number;
  /** When a file came into being (ms), undefined when it does not exist. */
  readonly createdAt: (path: string) => number | undefined;
}

/**
 * The refusals of one call, in the order they happened, each target once. The library's write monitor judges by the
 * lists of the configuration it started with; a write this call was allowed (a folder opened since) is dropped here.
 */
export function readRefusals(
  lines: readonly string[],
  facts: ProtectFacts,
  limits: CallLimits,
  context: CallContext,
): Refusal[] {
  const out: Refusal[] = [];
  const seen = new Set<string>();
  for (const line of lines) {
    const refusal = readLine(line, facts, limits, context);
    if (refusal === undefined || seen.has(`${refusal.kind} ${refusal.target}`)) continue;
    seen.add(`${refusal.kind} ${refusal.target}`);
    out.push(refusal);
  }
  return out;
}

function readLine(line: string, facts: ProtectFacts, limits: CallLimits, context: CallContext): Refusal | undefined {
  const net = /^deny network-outbound (\S+?)(?: \((.*)\))?$/.exec(line.trim());
  if (net?.[1]) {
    const why = net[2] ?? 'not allowed';
    const category = /opencode's own server/.test(why)
      ? 'opencode server'
      : /this machine|loopback|this host|unspecified/.test(why)
        ? 'this machine'
        : /allow list/.test(why)
          ? 'not on the allow list'
          : 'refused destination';
    return { kind: 'connect', target: net[1], category, why };
  }
  const fs = /^deny (\S+) (.+)$/.exec(line.trim());
  if (fs?.[2] && isAbsolute(fs[2])) {
    const path = fs[2];
    // The sandbox's own /proc and /dev are writable (bubblewrap's --proc and --dev); the library's monitor reports
    // writes there all the same (a JVM's /proc/self/coredump_filter). /sys is the kernel's, never writable to the
    // agent whatever the settings, and nothing there runs later as the human: bun tries its tracing marker
    // (/sys/kernel/debug/tracing/trace_marker) at every run, a note the agent could only misread.
    if (/^\/(proc|dev|sys)(\/|$)/.test(path)) return undefined;
    const inWritable = limits.writable.some((w) => isInside(path, w));
    if (
      inWritable &&
      !limits.readOnly.some((r) => isInside(path, r)) &&
      !runtimeProtected(path, context.cwd, context.since, context.createdAt)
    )
      return undefined;
    for (const [category, list, why] of protectedKinds(facts)) {
      if (list.some((entry) => covers(entry, path))) return { kind: 'write', target: path, category, why };
    }
    if (/\/\.git\/(hooks(\/|$)|config$)/.test(path))
      return { kind: 'write', target: path, category: 'git config or hooks', why: GIT_WHY };
    if (!inWritable && CARGO_BOOKKEEPING.test(path)) return undefined;
    if (inWritable)
      return {
        kind: 'write',
        target: path,
        category: 'protected by the sandbox',
        why: 'the sandbox keeps shell, editor and git settings read-only (they run later as the human)',
      };
    return {
      kind: 'write',
      target: path,
      category: 'outside the writable folders',
      why: "outside the folders a command may write (the project, the temp folders, the package managers' caches)",
    };
  }
  return line.trim() === '' ? undefined : { kind: 'other', target: line.trim(), category: 'other', why: 'refused' };
}

/** True when a protect-list entry (a path, or a folder as dir/**) covers this path. */
function covers(entry: string, path: string): boolean {
  if (/[*?[\]{}]/.test(entry.replace(/\/\*\*$/, ''))) return false;
  const base = entry.endsWith('/**') ? entry.slice(0, -3) : entry;
  return isInside(path, base);
}

/** The note under the tool's output: what was refused and why, and what the agent should do instead. */
export function refusalNote(refusals: readonly Refusal[]): string | undefined {
  if (refusals.length === 0) return undefined;
  const verb = (r: Refusal) => (r.kind === 'write' ? 'writing' : r.kind === 'connect' ? 'connecting to' : '');
  const lines = refusals.slice(0, MAX_LISTED).map((r) => `- ${verb(r)} ${r.target}: ${r.why}.`.replace('-  ', '- '));
  if (refusals.length > MAX_LISTED) lines.push(`- … and ${refusals.length - MAX_LISTED} more.`);
  return [
    `${ANSWER_PREFIX} The sandbox refused part of this command (what it refused did not happen):`,
    ...lines,
    'These limits hold for every shell command, however it is written. If the work needs one of them, tell the human: only they can change it (settings.sandbox in the contract file).',
  ].join('\n');
}
