// Commands a build tool's own build file runs for a task: Gradle's Exec tasks (`commandLine(…)` in build.gradle.kts or
// build.gradle) and Mage's targets (`sh.Run(…)`, `exec.Command(…)` in a magefile). Like config-commands.ts, only for a
// file the session wrote (config-runs.ts asks the ledger): the team's own build files are theirs. Pure functions over
// the file's text, bounded by TASK_LIMITS; each returns the shell lines the task would run.
import { scanOneLiner } from './one-liners.js';
import { TASK_LIMITS, type TaskLine } from './project-tasks.js';
import { shellQuote } from './words.js';

/**
 * The text of the block that opens at `from` (the index of its `{`) up to its matching `}`, braces inside string
 * literals and comments aside; undefined when it does not close (a file cut short).
 */
function blockAt(text: string, from: number): string | undefined {
  let depth = 0;
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'" || c === '`') {
      // Kotlin/Groovy/Go strings: skip to the closing quote (a backslash escapes one character; raw strings have none).
      const quote = c;
      for (i++; i < text.length && text[i] !== quote; i++) if (text[i] === '\\' && quote !== '`') i++;
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end === -1 ? text.length : end + 1;
    } else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return text.slice(from + 1, i);
  }
  return undefined;
}

/** The string literals of an argument list (Kotlin/Groovy "…" or '…'), unescaped; undefined when any part is not one. */
function literalList(args: string): string[] | undefined {
  const words: string[] = [];
  const rest = args
    .replace(/\b(listOf|arrayOf|mutableListOf)\s*\(/g, '')
    .replace(/[()[\]]/g, '')
    .trim();
  for (const part of rest.split(/\s*,\s*/)) {
    if (part === '') continue;
    const m = /^(?:"((?:[^"\\$]|\\.)*)"|'((?:[^'\\]|\\.)*)')$/.exec(part);
    if (m === null) return undefined;
    words.push(((m[1] ?? m[2]) as string).replace(/\\(.)/g, '$1'));
  }
  return words.length > 0 ? words : undefined;
}

/** `commandLine(…)`, `commandLine = listOf(…)`, Groovy's `commandLine 'git', 'push'` inside a task's block. */
const COMMAND_LINE = /\bcommandLine\s*(?:=\s*)?(\((?:[^()]|\([^()]*\))*\)|[^\n;}]+)/g;

/** The Exec task registrations and declarations of a Gradle build file, by name, with their blocks. */
const GRADLE_TASK = [
  // Kotlin DSL: tasks.register<Exec>("name") {, tasks.register("name", Exec::class) {, tasks.create(…)
  /\btasks\.(?:register|create)\s*(?:<\s*\w+\s*>)?\s*\(\s*"([\w-]+)"[^{]*\{/g,
  // val name by tasks.registering(Exec::class) {
  /\bval\s+(\w+)\s+by\s+tasks\.(?:registering|creating)\b[^{]*\{/g,
  // Groovy: task name(type: Exec) {, tasks.register('name', Exec) {
  /\btask\s+(\w+)\s*(?:\([^)]*\))?\s*\{/g,
  /\btasks\.(?:register|create)\s*\(\s*'([\w-]+)'[^{]*\{/g,
];

/**
 * The shell lines `gradle TASK…` (or `./gradlew`) runs from a build file's Exec tasks: each named task's
 * `commandLine` given as string literals, quoted word by word (Gradle runs it without a shell). A task path
 * (`:app:syncMain`) is looked up by its last name; a task with no literal command line runs nothing known here.
 */
export function gradleTasks(text: string, names: readonly string[]): TaskLine[] {
  const blocks = new Map<string, string[]>();
  for (const re of [...GRADLE_TASK, ...GRADLE_CONFIGURED])
    for (const m of text.matchAll(re)) {
      const open = (m.index as number) + (m[0] as string).length - 1;
      // A block an edit left open (the piece ends inside it: `tasks.test {\n    finalizedBy("publish")`) runs to the
      // piece's end.
      const body = blockAt(text, open) ?? text.slice(open + 1, open + 4096);
      blocks.set(m[1] as string, [...(blocks.get(m[1] as string) ?? []), body]);
    }
  const out: TaskLine[] = [];
  const seen = new Set<string>();
  const visit = (name: string, depth: number): void => {
    const own = name.slice(name.lastIndexOf(':') + 1);
    if (seen.has(own) || depth > 8) return;
    seen.add(own);
    for (const body of blocks.get(own) ?? []) {
      // A task the named one depends on, or is finalized by (`tasks.named("build") { finalizedBy("publish") }`),
      // runs with it: Gradle's own tasks (publish, publishReleaseBundle) as `gradle TASK`, the file's own read too.
      for (const m of body.matchAll(TASK_DEPENDENCY))
        for (const dep of (m[2] ?? m[3] ?? '').matchAll(/["']([\w:-]+)["']/g)) {
          const task = dep[1] as string;
          if (out.length < TASK_LIMITS.maxLines) out.push({ source: `gradle ${task}`, label: `${name} ${m[1]}` });
          visit(task, depth + 1);
        }
      for (const m of body.matchAll(COMMAND_LINE)) {
        const words = literalList((m[1] as string).trim());
        if (words !== undefined && out.length < TASK_LIMITS.maxLines)
          out.push({ source: words.map(shellQuote).join(' '), label: name });
      }
    }
  };
  for (const name of names) visit(name, 0);
  return out;
}

/** A task's configuration block that is not a registration: `tasks.named("build") {`, `tasks.getByName("x") {`,
 * Kotlin's `tasks.build {` accessor, Groovy's `build {`/`build.configure {` left out (any block would match). */
const GRADLE_CONFIGURED = [
  /\btasks\.(?:named|getByName|findByName)\s*(?:<\s*\w+\s*>)?\s*\(\s*["']([\w-]+)["'][^{)]*\)\s*\{/g,
  /\btasks\.(?!register\b|create\b|named\b|withType\b|getByName\b|findByName\b|all\b|matching\b|configureEach\b)([a-z]\w*)\s*\{/g,
];

/** `dependsOn(…)`, `finalizedBy(…)` (Kotlin), `dependsOn '…'` (Groovy): the tasks named by string literals. */
const TASK_DEPENDENCY = /\b(dependsOn|finalizedBy)\b\s*(?:\(([^)\n]*)\)|([^\n;}]*))/g;

/** Gradle's own command-line words that are not tasks: options are parsed apart; these name none. */
export const gradleTaskNames = (positionals: readonly string[]): readonly string[] =>
  positionals.filter((p) => !p.startsWith('-'));

/**
 * The shell lines `mage TARGET…` runs from a magefile: the target's function (`func Deploy() error`, a namespace's
 * method `func (Gitops) Sync() error` for `gitops:sync`, matched without regard to case as mage does) read as Go:
 * its `sh.Run`/`sh.RunV`/`sh.Exec` and `exec.Command` calls given literal words. No target: the `Default` one.
 */
export function mageTargets(text: string, targets: readonly string[]): TaskLine[] {
  const wanted = targets.length > 0 ? targets : [/\bvar\s+Default\s*=\s*(?:\w+\.)?(\w+)/.exec(text)?.[1] ?? ''];
  const out: TaskLine[] = [];
  for (const target of wanted) {
    if (target === '') continue;
    const [space, name] = target.includes(':') ? target.split(':', 2) : [undefined, target];
    const receiver = space === undefined ? '' : String.raw`\(\s*(?:\w+\s+)?\*?${escapeRegex(space)}\s*\)\s*`;
    // Case aside, as mage matches its targets (`gitops:sync` is `Gitops.Sync`).
    const head = new RegExp(
      String.raw`\bfunc\s+${receiver}${escapeRegex(name as string)}\s*\([^)]*\)[^{]*\{`,
      'i',
    ).exec(text);
    const body = head === null ? undefined : blockAt(text, head.index + head[0].length - 1);
    for (const f of body === undefined ? [] : scanOneLiner('go', body))
      if (f.kind === 'shell' && out.length < TASK_LIMITS.maxLines) out.push({ source: f.command, label: target });
  }
  return out;
}

const escapeRegex = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
