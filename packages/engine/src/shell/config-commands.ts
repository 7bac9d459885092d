// Commands a program runs from a configuration file it reads: ninja's rules, lefthook's hooks, go generate's
// //go:generate lines, tmux's run-shell and if-shell, ssh's ProxyCommand/LocalCommand/KnownHostsCommand and
// `Match exec`, psql's startup file (`\!`), DVC's stages and Snakemake's rules. Like project-tasks.ts, only for a file the session wrote (follow.ts asks
// the ledger): the team's own files are theirs. Pure functions over the file's text, bounded by TASK_LIMITS; each
// returns the shell lines the program would run, and follow.ts walks them as a script of the call.
import { parse as parseYaml } from 'yaml';
import { RE2JS } from 're2js';
import { globMatch } from './glob-match.js';
import { TASK_LIMITS, type TaskLine } from './project-tasks.js';
import { shellQuote } from './words.js';

/** Runners whose lines come from a configuration file (program declarations' `tasks`). */
export const CONFIG_RUNNERS = [
  ...['ninja', 'lefthook', 'go-generate', 'tmux', 'ssh-config', 'psqlrc'],
  ...['dvc', 'snakemake', 'gradle', 'mage', 'devcontainer', 'mlflow', 'doit', 'composer'],
  // Python's task runners and project managers (python-tasks.ts, pyproject-scripts.ts): blind round 30
  ...['nox', 'invoke', 'hatch', 'pdm'],
] as const;
export type ConfigRunner = (typeof CONFIG_RUNNERS)[number];

export const isConfigRunner = (runner: string | undefined): runner is ConfigRunner =>
  runner !== undefined && (CONFIG_RUNNERS as readonly string[]).includes(runner);

const push = (out: TaskLine[], source: string, label: string): void => {
  if (out.length < TASK_LIMITS.maxLines && source.trim() !== '') out.push({ source: source.trim(), label });
};

// ── ninja ──────────────────────────────────────────────────────────────────────────────────────────────────────

interface NinjaBuild {
  readonly outputs: readonly string[];
  readonly rule: string;
  readonly inputs: readonly string[];
  readonly vars: Map<string, string>;
}

/** ninja's `$` escapes in a path or value: `$ ` a blank, `$:` a colon, `$$` a dollar. */
const ninjaWords = (text: string): string[] =>
  text
    .split(/(?<!\$) +/)
    .filter((w) => w !== '')
    .map((w) => w.replace(/\$([ :$])/g, '$1'));

/**
 * The commands `ninja [TARGET…]` runs from a build.ninja text: each named target's rule, after the builds its inputs
 * need (each once); no target: the `default` targets, else every build. `$in`, `$out` and the build's and rule's own
 * variables are put in; the `phony` rule runs nothing.
 */
export function ninjaCommands(text: string, targets: readonly string[]): TaskLine[] {
  const rules = new Map<string, Map<string, string>>();
  const builds: NinjaBuild[] = [];
  const globals = new Map<string, string>();
  const defaults: string[] = [];
  let block: Map<string, string> | undefined;
  for (const line of text.replace(/\$\r?\n[ \t]*/g, '').split(/\r?\n/)) {
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    const indented = /^[ \t]/.test(line);
    const binding = /^\s*([A-Za-z0-9_.-]+)\s*=\s?(.*)$/.exec(line);
    if (indented && block !== undefined && binding !== null) {
      block.set(binding[1] as string, binding[2] as string);
      continue;
    }
    block = undefined;
    const rule = /^rule\s+(\S+)/.exec(line);
    if (rule !== null) {
      block = new Map();
      rules.set(rule[1] as string, block);
      continue;
    }
    const build = /^build\s+(.*?)(?<!\$):\s*(\S+)\s*(.*)$/.exec(line);
    if (build !== null) {
      const inputs = (build[3] as string).split(/\s+\|\|?\s+/)[0] as string;
      block = new Map();
      builds.push({
        outputs: ninjaWords((build[1] as string).replace(/\s\|\s.*$/, '')),
        rule: build[2] as string,
        inputs: ninjaWords(inputs),
        vars: block,
      });
      continue;
    }
    const deflt = /^default\s+(.*)$/.exec(line);
    if (deflt !== null) {
      defaults.push(...ninjaWords(deflt[1] as string));
      continue;
    }
    if (binding !== null) globals.set(binding[1] as string, binding[2] as string);
  }
  const byOutput = new Map<string, NinjaBuild>();
  for (const b of builds) for (const o of b.outputs) if (!byOutput.has(o)) byOutput.set(o, b);
  const out: TaskLine[] = [];
  const seen = new Set<NinjaBuild>();
  const visit = (b: NinjaBuild | undefined, depth: number): void => {
    if (b === undefined || seen.has(b) || seen.size >= TASK_LIMITS.maxTargets || depth > 16) return;
    seen.add(b);
    for (const input of b.inputs) visit(byOutput.get(input), depth + 1);
    const rule = rules.get(b.rule);
    const command = rule?.get('command');
    if (b.rule === 'phony' || command === undefined) return;
    const lookup = (name: string): string =>
      name === 'in'
        ? b.inputs.join(' ')
        : name === 'out'
          ? b.outputs.join(' ')
          : (b.vars.get(name) ?? rule?.get(name) ?? globals.get(name) ?? '');
    // One pass, so `$$HOME` stays `$HOME` for the shell (an escape is not read again as a variable).
    const expanded = command.replace(
      /\$(?:([ :$])|\{([A-Za-z0-9_.-]+)\}|([A-Za-z0-9_-]+))/g,
      (_m, escaped?: string, braced?: string, bare?: string) => escaped ?? lookup((braced ?? bare) as string),
    );
    push(out, expanded, b.outputs[0] ?? b.rule);
  };
  const wanted = targets.length > 0 ? targets : defaults;
  if (wanted.length === 0) for (const b of builds) visit(b, 0);
  else for (const t of wanted) visit(byOutput.get(t.replace(/^\.\//, '')), 0);
  return out;
}

// ── lefthook ───────────────────────────────────────────────────────────────────────────────────────────────────

/** The files lefthook reads its hooks from, in its folder (lefthook.yml and its variants, local overrides too). */
export const LEFTHOOK_FILES: readonly string[] = [
  'lefthook',
  '.lefthook',
  '.config/lefthook',
  'lefthook-local',
  '.lefthook-local',
].flatMap((n) => [`${n}.yml`, `${n}.yaml`]);

/**
 * The commands `lefthook run HOOK` runs from a lefthook.yml text: its `commands.*.run`, its `jobs` (and groups'
 * jobs) `run`, and its `scripts` as `RUNNER .lefthook/HOOK/NAME` (a script the session wrote there is then read).
 * Lefthook's `{staged_files}`-style templates stay as written. Not YAML, or no such hook: nothing known to run.
 */
export function lefthookCommands(text: string, hook: string): TaskLine[] {
  const entry = record(record(yamlDocument(text))?.[hook]);
  if (entry === undefined) return [];
  const out: TaskLine[] = [];
  for (const [name, command] of Object.entries(record(entry.commands) ?? {})) {
    const run = record(command)?.run;
    if (typeof run === 'string') push(out, run, `${hook} ${name}`);
  }
  const jobs = (list: unknown, depth: number): void => {
    if (!Array.isArray(list) || depth > 4) return;
    for (const job of list) {
      const j = record(job);
      if (j === undefined) continue;
      if (typeof j.run === 'string') push(out, j.run, `${hook} ${typeof j.name === 'string' ? j.name : 'job'}`);
      if (typeof j.script === 'string')
        push(out, `${typeof j.runner === 'string' ? j.runner : 'sh'} .lefthook/${hook}/${j.script}`, `${hook} script`);
      jobs(record(j.group)?.jobs, depth + 1);
    }
  };
  jobs(entry.jobs, 0);
  for (const [name, script] of Object.entries(record(entry.scripts) ?? {})) {
    const runner = record(script)?.runner;
    push(out, `${typeof runner === 'string' ? runner : 'sh'} .lefthook/${hook}/${name}`, `${hook} ${name}`);
  }
  return out;
}

/** A YAML text's document; undefined when it is not YAML (its program runs nothing of it). */
function yamlDocument(text: string): unknown {
  try {
    return parseYaml(text, { maxAliasCount: 16 });
  } catch (e) {
    if (!(e instanceof Error)) throw e;
    return undefined;
  }
}

/** A value as a mapping (not a list, not null); undefined for anything else. */
export const record = (v: unknown): Record<string, unknown> | undefined =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;

// ── go generate ────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * The commands `go generate` runs from a Go file's text: each `//go:generate CMD` line, with the aliases its
 * `//go:generate -command NAME CMD…` lines define put in. `run` keeps only directives the -run regexp matches and
 * `skip` drops those -skip matches (RE2, as Go's regexp). Go runs each without a shell; its words are the same.
 */
export function goGenerateCommands(text: string, run?: string, skip?: string): TaskLine[] {
  const compile = (source: string | undefined): RE2JS | undefined => {
    if (source === undefined || source === '') return undefined;
    try {
      return RE2JS.compile(source);
    } catch {
      return undefined;
    }
  };
  const keep = compile(run);
  const drop = compile(skip);
  const aliases = new Map<string, string>();
  const out: TaskLine[] = [];
  for (const m of text.matchAll(/^\/\/go:generate[ \t]+(.+?)[ \t]*\r?$/gm)) {
    const directive = m[1] as string;
    const alias = /^-command\s+(\S+)\s+(.+)$/.exec(directive);
    if (alias !== null) {
      aliases.set(alias[1] as string, alias[2] as string);
      continue;
    }
    if (keep !== undefined && !keep.matcher(directive).find()) continue;
    if (drop?.matcher(directive).find()) continue;
    const [first = '', ...rest] = directive.split(/(?<=^\S+)\s+/);
    push(out, aliases.has(first) ? [aliases.get(first), ...rest].join(' ') : directive, 'go:generate');
  }
  return out;
}

/**
 * The Go files `go generate [PKG…]` reads, as globs under its folder: `./...` and `dir/...` every .go file below,
 * `dir` or none its own folder, a `.go` file that file. An import path (no leading `.` or `/`) is not a folder here.
 */
export function goGenerateGlobs(positionals: readonly string[]): string[] {
  const packages = positionals.slice(1);
  if (packages.length === 0) return ['*.go'];
  const out: string[] = [];
  for (const p of packages) {
    if (p.endsWith('.go')) out.push(p);
    else if (p === '...' || p.endsWith('/...')) {
      const dir = p.slice(0, -3).replace(/\/$/, '');
      if (dir === '' || /^(?:\.|\.\.|\/)/.test(dir)) out.push(`${dir === '' ? '.' : dir}/**/*.go`);
    } else if (/^(?:\.|\.\.|\/)/.test(p)) out.push(`${p.replace(/\/$/, '')}/*.go`);
  }
  return out;
}

// ── tmux ───────────────────────────────────────────────────────────────────────────────────────────────────────

/** Words of a tmux configuration line: blanks split, '…' and "…" quote (with \ escapes in "…"), # starts a comment. */
function tmuxWords(line: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i] as string;
    if (c === ' ' || c === '\t') {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else if (c === '#' && word === undefined) break;
    else if (c === "'" || c === '"') {
      const close = c === "'" ? line.indexOf("'", i + 1) : closingDoubleQuote(line, i + 1);
      const end = close === -1 ? line.length : close;
      const body = line.slice(i + 1, end);
      word = (word ?? '') + (c === '"' ? body.replace(/\\(.)/g, '$1') : body);
      i = end;
    } else if (c === '\\' && i + 1 < line.length) word = (word ?? '') + line[++i];
    else if (c === ';' && word === undefined) words.push(';');
    else word = (word ?? '') + c;
  }
  if (word !== undefined) words.push(word);
  return words;
}

function closingDoubleQuote(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"') return i;
  }
  return -1;
}

/** tmux's options of the commands that hand a string to a shell, that take a value. */
const TMUX_VALUE_OPTIONS: Readonly<Record<string, ReadonlySet<string>>> = {
  'run-shell': new Set(['-c', '-d', '-t']),
  'if-shell': new Set(['-t']),
};
const TMUX_ALIASES: Readonly<Record<string, string>> = { run: 'run-shell', if: 'if-shell' };

/**
 * The shell commands a tmux configuration text runs when it is sourced: `run-shell [-b] CMD` (`run`), the condition of
 * `if-shell CMD A [B]` (not with -F, a format) and the tmux commands A and B read again, anywhere in a line — after
 * `bind KEY` too (the human's key press runs it later, in the human's name).
 */
export function tmuxCommands(text: string, depth = 0): TaskLine[] {
  const out: TaskLine[] = [];
  if (depth > 3) return out;
  for (const line of text.replace(/\\\r?\n/g, ' ').split(/\r?\n/)) {
    const words = tmuxWords(line);
    for (let i = 0; i < words.length; i++) {
      const name = TMUX_ALIASES[words[i] as string] ?? (words[i] as string);
      const values = TMUX_VALUE_OPTIONS[name];
      if (values === undefined) continue;
      let j = i + 1;
      let format = false;
      while (j < words.length && /^-[A-Za-z]+$/.test(words[j] as string)) {
        const flag = words[j] as string;
        if (flag.includes('F')) format = true;
        j += values.has(flag) ? 2 : 1;
      }
      const first = words[j];
      if (first === undefined) continue;
      if (name === 'run-shell') {
        push(out, first, 'run-shell');
        i = j;
        continue;
      }
      if (!format) push(out, first, 'if-shell');
      for (const branch of words.slice(j + 1, j + 3))
        for (const inner of tmuxCommands(branch, depth + 1)) push(out, inner.source, inner.label);
      i = j + 2;
    }
  }
  return out;
}

// ── ssh ────────────────────────────────────────────────────────────────────────────────────────────────────────

/** ssh_config's keywords whose value is a command its local shell runs. */
const SSH_COMMANDS: Readonly<Record<string, string>> = {
  proxycommand: 'ProxyCommand',
  localcommand: 'LocalCommand',
  knownhostscommand: 'KnownHostsCommand',
};

/** Whether an ssh_config `Host` line's patterns (`*`, `?`, `!neg`, comma or blank separated) match the host. */
function hostMatches(patterns: string, host: string): boolean {
  let hit = false;
  for (const p of patterns.split(/[\s,]+/).filter(Boolean)) {
    const negated = p.startsWith('!');
    if (globMatch((negated ? p.slice(1) : p).toLowerCase(), host.toLowerCase())) {
      if (negated) return false;
      hit = true;
    }
  }
  return hit;
}

/**
 * The commands ssh's local shell runs for a connection to `host` from an ssh_config text: ProxyCommand, LocalCommand
 * (ssh runs it only with PermitLocalCommand: the stricter reading keeps it) and KnownHostsCommand in the blocks whose
 * `Host` patterns match, and every `Match exec "CMD"` (ssh runs it to decide whether the block applies). `none` runs
 * nothing; `%h`-style tokens stay as written. The first value of a keyword wins, as ssh reads it.
 */
export function sshConfigCommands(text: string, host: string): TaskLine[] {
  const out: TaskLine[] = [];
  const taken = new Set<string>();
  let applies = true;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const m = /^([A-Za-z]+)(?:\s*=\s*|\s+)(.*)$/.exec(line);
    if (m === null) continue;
    const key = (m[1] as string).toLowerCase();
    const value = (m[2] as string).trim();
    if (key === 'host') {
      applies = hostMatches(value, host);
      continue;
    }
    if (key === 'match') {
      // Every `exec` criterion runs while ssh decides; the block's other criteria are not read (it may apply).
      for (const e of value.matchAll(/\bexec\s+(?:"((?:[^"\\]|\\.)*)"|(\S+))/gi))
        push(out, (e[1] ?? e[2]) as string, 'Match exec');
      applies = true;
      continue;
    }
    const keyword = SSH_COMMANDS[key];
    if (keyword === undefined || !applies || taken.has(key) || /^none$/i.test(value)) continue;
    taken.add(key);
    push(out, value, keyword);
  }
  return out;
}

/** The host an ssh command connects to: its first word, without `user@` and `:port`. */
export const sshHost = (destination: string): string =>
  destination
    .replace(/^ssh:\/\//, '')
    .replace(/^[^@]*@/, '')
    .replace(/:\d+$/, '');

// ── psql ───────────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * The shell commands psql runs from its startup file: `\! CMD` lines, and the pipe of `\o |CMD` and `\g |CMD`
 * (psql starts CMD to take the output). Other meta-commands and SQL run nothing on this machine.
 */
export function psqlrcCommands(text: string): TaskLine[] {
  const out: TaskLine[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    const shell = /^\\!\s*(.*)$/.exec(line);
    if (shell !== null) push(out, shell[1] as string, '\\!');
    const pipe = /\\[og]\s*\|\s*(.+)$/.exec(line);
    if (pipe !== null) push(out, pipe[1] as string, '\\o |');
  }
  return out;
}

/** A rule's `{input}` and `{output}` put in when its `input:`/`output:` are plain strings (`input: "data/raw/x.csv"`). */
function withFiles(shell: string, body: string): string {
  let out = shell;
  for (const key of ['input', 'output']) {
    const m = new RegExp(
      `^\\s+${key}\\s*:\\s*((?:"[^"\\n{}]*"|'[^'\\n{}]*')(?:\\s*,\\s*(?:"[^"\\n{}]*"|'[^'\\n{}]*'))*)\\s*$`,
      'm',
    ).exec(body);
    if (m === null) continue;
    const files = [...(m[1] as string).matchAll(/"([^"]*)"|'([^']*)'/g)].map((f) => (f[1] ?? f[2]) as string);
    out = out
      .replace(new RegExp(`\\{${key}\\}`, 'g'), files.join(' '))
      .replace(new RegExp(`\\{${key}\\[(\\d+)\\]\\}`, 'g'), (all, i: string) => files[Number(i)] ?? all);
  }
  return out;
}

// ── dvc ────────────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * The commands `dvc repro [STAGE…]` (and `dvc exp run`) runs from a dvc.yaml text: each stage's `cmd` (a string or a
 * list), of the stages named, or of all of them. A `foreach` stage's `${item}` templates stay as written.
 */
export function dvcCommands(text: string, targets: readonly string[]): TaskLine[] {
  const stages = record(record(yamlDocument(text))?.stages) ?? {};
  // `dvc repro dvc.yaml:train` and `dvc repro train` name the same stage.
  const named = targets.map((t) => t.slice(t.lastIndexOf(':') + 1)).filter((t) => Object.hasOwn(stages, t));
  const out: TaskLine[] = [];
  for (const [name, stage] of Object.entries(stages)) {
    if (named.length > 0 && !named.includes(name)) continue;
    const body = record(stage);
    const cmd = body?.cmd ?? record(body?.do)?.cmd;
    for (const line of Array.isArray(cmd) ? cmd : [cmd]) if (typeof line === 'string') push(out, line, `stage ${name}`);
  }
  return out;
}

/** A block's lines with the indentation they all share taken off. */
function dedent(code: string): string {
  const lines = code.split(/\r?\n/);
  const indents = lines.filter((l) => l.trim() !== '').map((l) => /^[ \t]*/.exec(l)?.[0].length ?? 0);
  const cut = indents.length === 0 ? 0 : Math.min(...indents);
  return lines.map((l) => l.slice(cut)).join('\n');
}

/** A Snakefile rule's `run:` block: the lines indented under it (a triple-quoted string's lines whatever their
 * indentation), its common indentation taken off. */
function runBlock(rule: string): string | undefined {
  const lines = rule.split(/\r?\n/);
  const at = lines.findIndex((l) => /^[ \t]+run\s*:\s*(?:#.*)?$/.test(l));
  if (at === -1) return undefined;
  const own = (/^[ \t]*/.exec(lines[at] as string) as RegExpExecArray)[0].length;
  const out: string[] = [];
  let quoted: string | undefined;
  for (const line of lines.slice(at + 1)) {
    const indent = (/^[ \t]*/.exec(line) as RegExpExecArray)[0].length;
    if (quoted === undefined && line.trim() !== '' && indent <= own) break;
    out.push(line);
    for (const q of line.matchAll(/'''|"""/g))
      quoted = quoted === undefined ? q[0] : quoted === q[0] ? undefined : quoted;
  }
  return out.length === 0 ? undefined : dedent(out.join('\n'));
}

// ── snakemake ──────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * The shell commands `snakemake [TARGET…]` runs from a Snakefile text: each rule's `shell:` string (one line, or
 * triple-quoted), of the rules named, or of all of them (a target that is a file, not a rule, may need any rule).
 * Snakemake's `{input}`/`{output}` templates stay as written; `run:` blocks (Python) are not read.
 */
export function snakemakeCommands(text: string, targets: readonly string[]): TaskLine[] {
  const rules: { name: string; shell: string }[] = [];
  const rule = /^rule\s+(\w+)\s*:/gm;
  const starts = [...text.matchAll(rule)].slice(0, TASK_LIMITS.maxLines);
  starts.forEach((m, i) => {
    const body = text.slice(m.index, starts[i + 1]?.index ?? text.length);
    const shell =
      /^\s+shell\s*:\s*(?:"{3}([\s\S]*?)"{3}|'{3}([\s\S]*?)'{3}|"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)')/m.exec(
        body,
      );
    const line = shell?.[1] ?? shell?.[2] ?? shell?.[3] ?? shell?.[4];
    if (line !== undefined) rules.push({ name: m[1] as string, shell: withFiles(line, body) });
    // a `run:` block is Python that snakemake runs in its own process: read as that Python (round 52)
    const code = runBlock(body);
    if (code !== undefined) rules.push({ name: m[1] as string, shell: `python3 -c ${shellQuote(code)}` });
  });
  const named = rules.filter((r) => targets.includes(r.name));
  const out: TaskLine[] = [];
  for (const r of named.length > 0 ? named : rules) push(out, r.shell, `rule ${r.name}`);
  return out;
}

// ── dev containers ─────────────────────────────────────────────────────────────────────────────────────────────

/** The lifecycle commands of devcontainer.json, in the order `devcontainer up` runs them (containers.dev,
 * "Lifecycle scripts"); initializeCommand runs on the host, the others in the container, on the mounted workspace. */
const DEVCONTAINER_LIFECYCLE = [
  ...['initializeCommand', 'onCreateCommand', 'updateContentCommand', 'postCreateCommand', 'postStartCommand'],
  'postAttachCommand',
] as const;

/** JSON with comments and trailing commas (devcontainer.json is JSONC) as plain JSON: comments outside strings go. */
function withoutComments(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c === '"') {
      const start = i;
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++;
      out += text.slice(start, i + 1);
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
      out += '\n';
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end === -1 ? text.length : end + 1;
    } else out += c;
  }
  return out.replace(/,(\s*[}\]])/g, '$1');
}

/**
 * The commands `devcontainer up` (and `run-user-commands`, `set-up`) runs from a devcontainer.json text: each
 * lifecycle command, a string (through a shell), an array (the program and its words, no shell) or an object of
 * named commands run in parallel (each a string or an array).
 */
export function devcontainerCommands(text: string): TaskLine[] {
  let doc: unknown;
  try {
    doc = JSON.parse(withoutComments(text));
  } catch (e) {
    if (!(e instanceof SyntaxError)) throw e;
    return [];
  }
  const config = record(doc);
  const out: TaskLine[] = [];
  const add = (value: unknown, label: string): void => {
    if (typeof value === 'string') push(out, value, label);
    else if (Array.isArray(value) && value.every((w) => typeof w === 'string'))
      push(out, (value as string[]).map(shellQuote).join(' '), label);
  };
  for (const key of DEVCONTAINER_LIFECYCLE) {
    const value = config?.[key];
    const named = record(value);
    if (named !== undefined && !Array.isArray(value))
      for (const [name, one] of Object.entries(named)) add(one, `${key} ${name}`);
    else add(value, key);
  }
  return out;
}

// ── MLflow projects ────────────────────────────────────────────────────────────────────────────────────────────

/** The command `mlflow run DIR -e ENTRY` runs from an MLproject text: the entry point's `command` (main by default;
 * an entry point that is a .py or .sh file runs that file). Its `{param}` templates stay as written. */
export function mlprojectCommands(text: string, entry: string): TaskLine[] {
  const points = record(record(yamlDocument(text))?.entry_points) ?? {};
  const out: TaskLine[] = [];
  const command = record(points[entry])?.command;
  if (typeof command === 'string') push(out, command, `entry point ${entry}`);
  else if (/\.(py|sh)$/.test(entry))
    push(out, `${entry.endsWith('.py') ? 'python' : 'bash'} ${shellQuote(entry)}`, entry);
  return out;
}

// ── doit ───────────────────────────────────────────────────────────────────────────────────────────────────────

/** The cmd-actions of a dodo.py (pydoit.org, "Tasks: actions"): the string literals of its tasks' `actions` lists,
 * each a shell command doit runs (a python-action is the module's own code, read as Python: build-tools.ts). */
export function doitActions(text: string): TaskLine[] {
  const out: TaskLine[] = [];
  for (const m of text.matchAll(/["']actions["']\s*:\s*\[([^\]]*)\]/g))
    for (const a of (m[1] as string).matchAll(/(?<![\w)])(?:"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)')/g))
      push(out, (a[1] ?? a[2] ?? '').replace(/\\(.)/g, '$1'), 'action');
  return out;
}

// ── composer ───────────────────────────────────────────────────────────────────────────────────────────────────

/** The script events each composer command fires (getcomposer.org, "Scripts: event names"). */
const COMPOSER_EVENTS: Readonly<Record<string, readonly string[]>> = {
  install: ['pre-install-cmd', 'post-install-cmd', 'pre-autoload-dump', 'post-autoload-dump'],
  update: ['pre-update-cmd', 'post-update-cmd', 'pre-autoload-dump', 'post-autoload-dump'],
  require: ['pre-update-cmd', 'post-update-cmd', 'pre-autoload-dump', 'post-autoload-dump'],
  'dump-autoload': ['pre-autoload-dump', 'post-autoload-dump'],
  'create-project': ['post-root-package-install', 'post-create-project-cmd'],
};
const COMPOSER_ALIASES: Readonly<Record<string, string>> = {
  i: 'install',
  u: 'update',
  upgrade: 'update',
  dumpautoload: 'dump-autoload',
};

/**
 * The commands a composer command runs from a composer.json text's `scripts`: the events it fires (install: pre- and
 * post-install-cmd …), or the script `run-script NAME` (or `composer NAME`) names. A script is a string or a list;
 * `@other` runs another script, `@php`/`@composer` the program; a PHP callback (`Vendor\\Class::method`) is not read.
 */
export function composerScripts(text: string, sub: string | undefined, rest: readonly string[]): TaskLine[] {
  let scripts: Record<string, unknown> | undefined;
  try {
    scripts = record(record(JSON.parse(text))?.scripts);
  } catch (e) {
    if (!(e instanceof SyntaxError)) throw e;
    return [];
  }
  if (scripts === undefined || sub === undefined) return [];
  const command = COMPOSER_ALIASES[sub] ?? sub;
  const names =
    command === 'run-script' || command === 'run'
      ? rest.slice(0, 1)
      : (COMPOSER_EVENTS[command] ?? (Object.hasOwn(scripts, command) ? [command] : []));
  const out: TaskLine[] = [];
  const seen = new Set<string>();
  const run = (name: string, depth: number): void => {
    if (seen.has(name) || depth > 8 || !Object.hasOwn(scripts ?? {}, name)) return;
    seen.add(name);
    const value = scripts?.[name];
    for (const line of Array.isArray(value) ? value : [value]) {
      if (typeof line !== 'string' || /^[\w\\]+::\w+$/.test(line.trim())) continue;
      const ref = /^@(\S+)(.*)$/.exec(line.trim());
      if (ref === null) push(out, line, `script ${name}`);
      else if (ref[1] === 'php' || ref[1] === 'composer') push(out, `${ref[1]}${ref[2]}`, `script ${name}`);
      else if (ref[1] !== 'putenv') run(ref[1] as string, depth + 1);
    }
  };
  for (const n of names) run(n, 0);
  return out;
}
