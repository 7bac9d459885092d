// The AST walk: every simple command the source runs (through lists, pipelines, compounds, substitutions and
// wrappers), each normalised, with the cwd it runs in. Records into a Collector; never throws on odd trees.
import {
  forEachChild,
  parse,
  type Word,
  type Command,
  type CommandNode,
  type CompoundList,
  type ParsedScript,
  type PipelineNode,
  type AndOr,
  type Redirection,
  type SyntaxNode,
} from 'unbash';
import type { SimpleCommand } from './types.js';
import type { Collector } from './collector.js';
import type { CallFiles } from './call-files.js';
import type { Repository } from './git-branch.js';
import { clientRead, patchApply, patchEffects, shebangFamily } from './file-runs.js';
import { sedEdits, sedScripts } from './sed-script.js';
import { basename, resolve } from './paths.js';
import { shellWord, simpleWordShape, syntheticWord, type ShellWord } from './words.js';
import { unwrap } from './wrappers.js';
import { normaliseCommand } from './normalise.js';
import { isStdoutRedirect, literalOutput, programEffects, redirectEffects, stdinText, type Effect } from './effects.js';
import { interpreterUse, isSystemPath } from './interpreters.js';
import { GitAliases, isGitCommand } from './git-aliases.js';
import { splitWords } from './xargs.js';
import { scanOneLiner } from './one-liners.js';

/** Where the tree being walked came from: the top-level source, or a string parsed again (bash -c, eval). */
export interface Frame {
  /** The text this tree's positions index. */
  readonly text: string;
  /** Offset of text[0] in the top-level source when positions map 1:1, else undefined (use `span`). */
  readonly base: number | undefined;
  /** The span in the top-level source that stands for this whole frame when positions do not map. */
  readonly span: readonly [number, number];
  readonly via: readonly string[];
  readonly depth: number;
  /** Assignments every command of this frame inherits (`FOO=1 bash -c '…'`, `env A=1 sh -c '…'`). */
  readonly env: readonly string[];
  /** Set inside a file the session wrote that a command runs: its path; positions index its text (`length` long). */
  readonly file?: { readonly path: string; readonly length: number };
}

/** The shell's state that flows from one command to the next: only the directory. */
interface Scope {
  cwd: string | undefined;
}

const child = (scope: Scope): Scope => ({ cwd: scope.cwd });

/** What a walked node ran last: its command index and, when it is an interpreter reading stdin, which one. */
interface Ran {
  readonly index: number | undefined;
  readonly stdinInterpreter: string | undefined;
  /** The literal text it prints, when known (`echo k | tee .env` writes 'k\n'). */
  readonly output?: string | undefined;
}
const NOTHING: Ran = { index: undefined, stdinInterpreter: undefined };

const NO_REDIRECTS: readonly Redirection[] = Object.freeze([]);
const NO_VIA: readonly string[] = Object.freeze([]);

/** Whether a command has redirections, without building unbash's lazy `redirects` list (most have none). */
function hasRedirects(node: Command): boolean {
  for (const p of node.prefix) if (p.type !== 'Assignment') return true;
  for (const s of node.suffix) if (s.type !== 'Word' && s.type !== 'Assignment') return true;
  return false;
}

/** True when no wrapper after the frame's own (`via` from `from` on) is other than builtin/command. */
function runsInThisShell(via: readonly string[], from: number): boolean {
  for (let i = from; i < via.length; i++) if (via[i] !== 'builtin' && via[i] !== 'command') return false;
  return true;
}

const allStatic = (words: readonly ShellWord[]): boolean => {
  for (const w of words) if (w.dynamic) return false;
  return true;
};

export class Walker {
  /** git aliases defined earlier in this command line (git config writes a file: they outlive subshells and pipes). */
  private readonly gitAliases = new GitAliases();

  constructor(
    private readonly out: Collector,
    private readonly maxDepth: number,
    /** Length of the top-level source: spans are clamped to it (unbash's error recovery can overshoot by one). */
    private readonly limit: number,
    /** The files whose text the call can read: written earlier in the call, or by the session (the context). */
    private readonly files: CallFiles,
    /** The branch checked out, as the host said and as the call's git commands change it. */
    private readonly repo: Repository,
  ) {}

  script(script: ParsedScript, frame: Frame, scope: Scope = { cwd: undefined }): void {
    for (const e of script.errors ?? []) this.out.fail(e.message, this.map(frame, e.pos)[0]);
    for (const statement of script.commands) this.node(statement.command, frame, scope);
  }

  private list(list: CompoundList, frame: Frame, scope: Scope): void {
    for (const statement of list.commands) this.node(statement.command, frame, scope);
  }

  /** Map a [pos, end) of the frame's text to the top-level source. */
  map(frame: Frame, pos: number, end = pos): [number, number] {
    const start = this.mapStart(frame, pos);
    return [start, this.mapEnd(frame, start, end)];
  }

  /** The start of `map` alone (no array: it runs for every command). */
  private mapStart(frame: Frame, pos: number): number {
    const from = frame.base === undefined ? frame.span[0] : frame.base + pos;
    return Math.min(Math.max(0, from), frame.file?.length ?? this.limit);
  }

  /** The end of `map`, given the start it returned. */
  private mapEnd(frame: Frame, start: number, end: number): number {
    const to = frame.base === undefined ? frame.span[1] : frame.base + end;
    return Math.min(Math.max(start, to), frame.file?.length ?? this.limit);
  }

  private node(node: PipelineNode | AndOr, frame: Frame, scope: Scope, piped?: string): Ran {
    if (this.out.full()) return NOTHING;
    switch (node.type) {
      case 'Command':
        return this.command(node, frame, scope, piped);
      case 'AndOr': {
        let ran = NOTHING;
        for (const c of node.commands) ran = this.node(c, frame, scope);
        return ran;
      }
      case 'Pipeline': {
        let timed = false;
        for (const p of node.prefixes) if (p.type === 'Time') timed = true;
        const inner = timed ? { ...frame, via: [...frame.via, 'time'] } : frame;
        const commands = node.commands;
        if (commands.length === 1) return this.node(commands[0] as CommandNode, inner, scope);
        let ran = NOTHING;
        for (let i = 0; i < commands.length; i++) {
          ran = this.node(commands[i] as CommandNode, inner, child(scope), ran.output);
          if (i > 0 && ran.stdinInterpreter !== undefined)
            this.out.opaque('pipe-to-interpreter', ran.index, ran.stdinInterpreter);
        }
        return ran;
      }
      case 'Subshell':
        this.list(node.body, frame, child(scope));
        return NOTHING;
      case 'BraceGroup':
        this.list(node.body, frame, scope);
        return NOTHING;
      case 'If': {
        const s = child(scope);
        this.list(node.clause, frame, s);
        this.list(node.then, frame, s);
        for (const e of node.elif) {
          this.list(e.clause, frame, s);
          this.list(e.then, frame, s);
        }
        if (node.else) this.list(node.else, frame, s);
        return NOTHING;
      }
      case 'While': {
        const s = child(scope);
        this.list(node.clause, frame, s);
        this.list(node.body, frame, s);
        return NOTHING;
      }
      case 'For':
      case 'Select': {
        const s = child(scope);
        for (const w of node.wordlist ?? []) this.substitutions(w, frame, s);
        this.list(node.body, frame, s);
        return NOTHING;
      }
      case 'ArithmeticFor':
        this.substitutionsOfChildren(node, frame, scope);
        this.list(node.body, frame, child(scope));
        return NOTHING;
      case 'Case': {
        const s = child(scope);
        this.substitutions(node.word, frame, s);
        for (const item of node.items) this.list(item.body, frame, s);
        return NOTHING;
      }
      case 'Function':
      case 'Coproc': {
        const body = node.body;
        if (body.type === 'CompoundList') this.list(body, frame, child(scope));
        else this.node(body, frame, child(scope));
        return NOTHING;
      }
      case 'TestCommand':
      case 'ArithmeticCommand':
        this.substitutionsOfChildren(node, frame, scope);
        return NOTHING;
      case 'Redirected': {
        const first = this.out.commands.length;
        this.node(node.command, frame, scope);
        for (const r of node.redirects) this.substitutions(r, frame, scope);
        // A redirected compound (`{ a; b; } > f`) has no simple command of its own: its first command carries it.
        const owner = this.out.commands.length > first ? first : undefined;
        if (owner !== undefined) this.out.effects(owner, redirectEffects(node.redirects, scope.cwd, undefined));
        return NOTHING;
      }
    }
  }

  /** Walk every `$(…)`, backtick and `<(…)` inside a node (words, redirects, heredoc bodies, [[ ]], $(( ))). */
  private substitutions(node: SyntaxNode, frame: Frame, scope: Scope): void {
    switch (node.type) {
      // Hot: every word of every command comes here, and most are plain (no parts) or hold only leaves.
      case 'Word': {
        if (simpleWordShape(node.text) !== undefined) return;
        const parts = node.parts;
        if (parts !== undefined) for (const part of parts) this.substitutions(part, frame, scope);
        return;
      }
      case 'DoubleQuoted':
        for (const part of node.parts) this.substitutions(part, frame, scope);
        return;
      case 'Literal':
      case 'SingleQuoted':
      case 'AnsiCQuoted':
      case 'SimpleExpansion':
      case 'FileDescriptor':
        return;
    }
    if (
      node.type === 'CommandExpansion' ||
      node.type === 'ProcessSubstitution' ||
      node.type === 'ArithmeticCommandExpansion'
    ) {
      if (node.script === undefined) return;
      if (frame.depth + 1 > this.maxDepth) {
        this.out.opaque('depth', undefined, node.text);
        return;
      }
      // Escaped backticks: the nested script owns a decoded source that its positions index.
      const decoded = node.script.source !== undefined && node.script.source !== frame.text;
      const inner = decoded
        ? { ...frame, text: node.script.source as string, base: undefined, span: this.map(frame, node.pos, node.end) }
        : frame;
      this.script(node.script, { ...inner, depth: frame.depth + 1 }, child(scope));
      return;
    }
    if (node.type === 'HereDoc' && node.delimiter?.quoted) return;
    forEachChild(node, (c) => this.substitutions(c, frame, scope));
  }

  private substitutionsOfChildren(node: SyntaxNode, frame: Frame, scope: Scope): void {
    forEachChild(node, (c) => this.substitutions(c, frame, scope));
  }

  private command(node: Command, frame: Frame, scope: Scope, piped: string | undefined): Ran {
    // Substitutions run before the command itself: record them first (prefix, name, suffix: the shell's order).
    let assignments: string[] | undefined;
    for (const p of node.prefix) {
      this.substitutions(p, frame, scope);
      if (p.type === 'Assignment') (assignments ??= [...frame.env]).push(p.text);
    }
    const words: ShellWord[] = [];
    if (node.name) words.push(this.word(node.name, frame, scope));
    for (const s of node.suffix) {
      if (s.type === 'Word') words.push(this.word(s, frame, scope));
      else {
        this.substitutions(s, frame, scope);
        if (s.type === 'Assignment')
          words.push({
            ...syntheticWord(s.text, s.pos, s.end),
            dynamic: s.value.type === 'Word' && shellWord(s.value).dynamic,
          });
      }
    }
    const redirects = hasRedirects(node) ? node.redirects : NO_REDIRECTS;
    const stdin =
      stdinText(redirects) ?? piped ?? (redirects.length > 0 ? this.stdinFile(redirects, scope) : undefined);
    return this.run(words, assignments ?? frame.env, redirects, stdin, frame, scope, node.pos, node.end, NO_VIA);
  }

  /** One word of a command: its substitutions walked (a simple word has none), its ShellWord returned. */
  private word(word: Word, frame: Frame, scope: Scope): ShellWord {
    const shellword = shellWord(word);
    if (!shellword.simple) this.substitutions(word, frame, scope);
    return shellword;
  }

  /** Unwrap, normalise and record one command given as words, spanning [pos, end) of the frame; returns what ran. */
  private run(
    words: readonly ShellWord[],
    assignments: readonly string[],
    redirects: readonly Redirection[],
    stdin: string | undefined,
    frame: Frame,
    scope: Scope,
    pos: number,
    end: number,
    extraVia: readonly string[],
  ): Ran {
    const budget = this.maxDepth - frame.depth - extraVia.length;
    const u = unwrap(words, assignments, Math.max(0, budget), stdin);
    // Commands that no wrapper added to share their frame's via (read-only data, so sharing is safe).
    const via = extraVia.length === 0 && u.via.length === 0 ? frame.via : [...frame.via, ...extraVia, ...u.via];
    const start = this.mapStart(frame, pos);
    const stop = this.mapEnd(frame, start, end);
    let shellCwd = scope.cwd;
    for (const dir of u.cwd) shellCwd = resolve(shellCwd, dir);

    if (u.kind === 'reparse') {
      const redirectsAt = this.out.commands.length;
      const parsed = parse(u.source);
      const word = u.word;
      const inner =
        word === undefined
          ? undefined
          : word.singleQuoted
            ? word.pos + 1
            : word.text === word.value
              ? word.pos
              : undefined;
      const base = inner === undefined || frame.base === undefined ? undefined : frame.base + inner;
      this.script(
        parsed,
        {
          text: u.source,
          base,
          span: [start, stop],
          via,
          depth: frame.depth + extraVia.length + u.via.length,
          env: u.assignments,
        },
        { cwd: shellCwd },
      );
      // The wrapper's redirections (`bash -c '…' > f`) belong to the first command it ran.
      if (this.out.commands.length > redirectsAt)
        this.out.effects(redirectsAt, redirectEffects(redirects, scope.cwd, undefined));
      return NOTHING;
    }

    if (u.kind === 'fanout') {
      // xargs fed a literal: each run is walked as a command of its own; its redirections belong to the first.
      const first = this.out.commands.length;
      const inner = { cwd: shellCwd };
      for (const run of u.runs)
        this.run(run, u.assignments, NO_REDIRECTS, undefined, frame, inner, pos, end, [...extraVia, ...u.via]);
      if (this.out.commands.length > first) this.out.effects(first, redirectEffects(redirects, scope.cwd, undefined));
      return NOTHING;
    }

    let command: SimpleCommand = normaliseCommand(
      u.words,
      u.assignments,
      via,
      shellCwd,
      frame.text.slice(pos, end),
      start,
      stop,
    );
    if (frame.file !== undefined) command = { ...command, file: frame.file.path };
    const client = clientRead(command, stdin, this.files);
    if (client?.input !== undefined) command = { ...command, input: client.input };
    const program = command.program;
    if (program === 'git' && u.kind === 'command') {
      const body = this.gitAliases.expansion(command);
      if (body !== undefined)
        return this.gitAlias(body, command, u.words, u.assignments, redirects, stdin, frame, scope, pos, end, [
          ...extraVia,
          ...u.via,
        ]);
    }
    if (program === 'git') command = this.repo.resolve(command);
    const index = this.out.command(command);
    if (index === undefined) return NOTHING;
    if (program === 'git' || program === 'gh') this.repo.observe(command, index);
    if (program === 'git') {
      const defined = this.gitAliases.learn(command);
      // Defining an alias is judged as running what it stands for: a later call may use it, and the definition then
      // lives in a config file no later walk can read. So `git config alias.yolo 'push --force'` meets the rules on
      // forced pushes now, as a command via "git alias definition".
      if (defined !== undefined && !isGitCommand(defined.name)) {
        const git = u.words[0] as ShellWord;
        const call = [git, syntheticWord(defined.name, git.pos, git.end)];
        this.run(call, [], NO_REDIRECTS, undefined, frame, scope, pos, end, [
          ...extraVia,
          ...u.via,
          'git alias definition',
        ]);
      }
    }
    if (u.kind === 'opaque') this.out.opaque(u.reason, index, u.detail);
    if (command.dynamic) this.out.opaque('dynamic-command', index, u.words[0]?.text ?? '');

    // cd/pushd move the shell (not across a pipe or out of a subshell: the scope object decides), unless a wrapper
    // other than builtin/command runs them in a process of their own.
    if ((program === 'cd' || program === 'pushd') && runsInThisShell(command.via, frame.via.length)) {
      const target = command.positionals[0] ?? '~';
      if (target !== '-') scope.cwd = resolve(scope.cwd, target);
    }

    const literal = program === 'echo' || program === 'printf' ? allStatic(u.words) : false;
    const output = literalOutput(program, command.argv, literal, stdin) ?? this.catOutput(command);
    this.out.effects(index, redirectEffects(redirects, scope.cwd, output));
    if (program === 'sed') this.files.sed = sedScripts(command).flatMap(sedEdits);
    this.out.effects(index, this.carryText(programEffects(command, stdin)));
    this.files.sed = undefined;
    if (client !== undefined) for (const f of client.files) this.noteFile(f, index, 'sql');
    if (program === 'git' || program === 'patch') this.applyPatches(command, index, stdin);

    const stdinInterpreter = this.scripts(command, index, u.words, stdin, frame, scope, pos, end);
    if (program === 'find') this.findExec(u.words, frame, scope, pos, end, [...extraVia, ...u.via]);
    let printed = output ?? (program === 'tee' ? stdin : undefined);
    for (const r of redirects) if (isStdoutRedirect(r)) printed = undefined;
    // Only a pipe's next command reads what ran (its index only with an interpreter): most commands need no record.
    if (stdinInterpreter === undefined && printed === undefined) return NOTHING;
    return { index, stdinInterpreter, output: printed };
  }

  /** `git x …` where x is an alias: the command it stands for (`!…` aliases are shell commands, parsed as such). */
  private gitAlias(
    body: string,
    command: SimpleCommand,
    words: readonly ShellWord[],
    assignments: readonly string[],
    redirects: readonly Redirection[],
    stdin: string | undefined,
    frame: Frame,
    scope: Scope,
    pos: number,
    end: number,
    via: readonly string[],
  ): Ran {
    const at = words.length - command.argv.length; // the alias word: after git and its global options
    const origin = words[at] as ShellWord;
    const args = words.slice(at + 1);
    const used = frame.depth + via.length + 1;
    if (used > this.maxDepth) {
      const index = this.out.command(command);
      if (index !== undefined) this.out.opaque('depth', index, `git alias ${origin.value}`);
      return NOTHING;
    }
    const parts = body.startsWith('!') ? undefined : splitWords(body);
    if (parts !== undefined && parts.length > 0) {
      const expanded = [...words.slice(0, at), ...parts.map((p) => syntheticWord(p, origin.pos, origin.end)), ...args];
      return this.run(expanded, assignments, redirects, stdin, frame, scope, pos, end, [...via, 'git alias']);
    }
    // A shell alias: git runs `sh -c '<body> "$@"'` with the arguments, from the top of the work tree.
    const source = [body.replace(/^!/, ''), ...args.map((a) => `'${a.value.replace(/'/g, "'\\''")}'`)].join(' ');
    const [start, stop] = this.map(frame, pos, end);
    const first = this.out.commands.length;
    this.script(
      parse(source),
      {
        text: source,
        base: undefined,
        span: [start, stop],
        via: [...frame.via, ...via, 'git alias !'],
        depth: used,
        env: assignments,
      },
      { cwd: command.cwd },
    );
    if (this.out.commands.length > first) this.out.effects(first, redirectEffects(redirects, scope.cwd, undefined));
    return NOTHING;
  }

  /** Scripts and interpreters: `./x.sh`, `bash x.sh`, `python -c`, `source f`, `bash <<EOF`. Returns the interpreter
   * when it reads its program from a pipe (`… | sh`). */
  private scripts(
    command: SimpleCommand,
    index: number,
    words: readonly ShellWord[],
    stdin: string | undefined,
    frame: Frame,
    scope: Scope,
    pos: number,
    end: number,
  ): string | undefined {
    const cwd = command.cwd;
    if (command.program === 'source' || command.program === '.') {
      const file = command.positionals[0];
      if (file !== undefined && !this.runFile(command, index, resolve(cwd, file), 'sh', frame, scope, pos, end)) {
        this.out.script(resolve(cwd, file), index);
        this.out.opaque('source', index, file);
      }
      return undefined;
    }
    if (command.programText.includes('/') && !isSystemPath(command.programText)) {
      const path = resolve(cwd, command.programText);
      if (!this.runFile(command, index, path, undefined, frame, scope, pos, end)) this.out.script(path, index);
    }
    const use = interpreterUse(command.program, command.argv);
    if (use === undefined) return undefined;
    if (use.inline !== undefined) {
      this.out.opaque('inline-script', index, command.program);
      if (use.code !== undefined)
        this.oneLiner(command, index, use.family, use.inline, use.code, frame, scope, pos, end);
    }
    if (use.script !== undefined) {
      const word = use.scriptAt === undefined ? undefined : words[use.scriptAt + 1];
      if (word?.processSubstitution) this.out.opaque('pipe-to-interpreter', index, `${command.program} ${word.text}`);
      else if (!this.runFile(command, index, resolve(cwd, use.script), use.family, frame, scope, pos, end))
        this.out.script(resolve(cwd, use.script), index);
    }
    if (!use.readsStdin) return undefined;
    if (stdin !== undefined) {
      // `bash <<EOF … EOF`: the heredoc is the script. Shells: parse it; others: inline code.
      if (use.family === 'sh' && frame.depth + 1 <= this.maxDepth) {
        this.script(
          parse(stdin),
          {
            text: stdin,
            base: undefined,
            span: this.map(frame, pos, end),
            via: [...command.via, `${command.program} <<`],
            depth: frame.depth + 1,
            env: command.assignments,
          },
          child(scope),
        );
      } else this.out.opaque('inline-script', index, command.program);
      return undefined;
    }
    return command.program;
  }

  /** Inline code (`python -c '…'`): the shell commands and file effects of the well-known calls with literal
   * arguments in it join the call's own (the code stays opaque besides). */
  private oneLiner(
    command: SimpleCommand,
    index: number,
    family: string,
    option: string,
    code: string,
    frame: Frame,
    scope: Scope,
    pos: number,
    end: number,
  ): void {
    const found = scanOneLiner(family, code);
    if (found.length === 0) return;
    const origin = `${command.program} ${option}`;
    for (const f of found) {
      const via = `${origin} › ${f.call}`;
      if (f.kind !== 'shell') {
        this.out.effects(index, [{ kind: f.kind, path: resolve(command.cwd, f.path), content: f.content, via }]);
        continue;
      }
      if (frame.depth + 1 > this.maxDepth) {
        this.out.opaque('depth', index, via);
        continue;
      }
      this.script(
        parse(f.command),
        {
          text: f.command,
          base: undefined,
          span: this.map(frame, pos, end),
          via: [...command.via, via],
          depth: frame.depth + 1,
          env: command.assignments,
        },
        { cwd: command.cwd ?? scope.cwd },
      );
    }
  }

  /**
   * A file the session (or this call) wrote, run by `command`: shell scripts are walked as scripts (in this shell for
   * `source`, else in a child), interpreter files are read like their inline code. `family` undefined: executed
   * directly, its `#!` line decides. Returns false when the file is not one the session wrote (it is then matched by
   * its path only, never guessed at).
   */
  private runFile(
    command: SimpleCommand,
    index: number,
    path: string,
    family: string | undefined,
    frame: Frame,
    scope: Scope,
    pos: number,
    end: number,
  ): boolean {
    const file = this.files.file(path);
    if (file === undefined) return false;
    const as = family ?? shebangFamily(file.text ?? file.pieces[0]);
    const whole = file.text !== undefined;
    this.out.script(path, index, as, whole ? 'whole' : 'pieces');
    const texts = whole ? [file.text as string] : file.pieces;
    const via = command.programText.includes('/') && family === undefined ? path : `${command.program} ${path}`;
    for (const text of texts) {
      if (as !== 'sh') {
        // Interpreter files are read like their inline code: the well-known calls with literal arguments.
        this.out.opaque('inline-script', index, via);
        this.oneLiner(command, index, as, path, text, frame, scope, pos, end);
        continue;
      }
      if (frame.depth + 1 > this.maxDepth) {
        this.out.opaque('depth', index, via);
        continue;
      }
      const parsed = parse(text);
      this.script(
        // Pieces are fragments of a file the session never saw whole: what parses is read, the rest is no error.
        whole ? parsed : { ...parsed, errors: [] },
        {
          text,
          base: 0,
          span: this.map(frame, pos, end),
          via: [...command.via, via],
          depth: frame.depth + 1,
          env: command.assignments,
          file: { path, length: text.length },
        },
        // `source` runs the file in this shell (a cd in it moves the caller); a script runs in a child shell.
        command.program === 'source' || command.program === '.' ? scope : { cwd: command.cwd ?? scope.cwd },
      );
    }
    return true;
  }

  /** Records a file a command reads as its language (psql -f f), when the session wrote it. */
  private noteFile(path: string, index: number, as: string): void {
    const file = this.files.file(path);
    if (file !== undefined) this.out.script(path, index, as, file.text !== undefined ? 'whole' : 'pieces');
  }

  /** `git apply f`, `git am f`, `patch -p1 < f`: the targets of a patch the session wrote, written with what it adds. */
  private applyPatches(command: SimpleCommand, index: number, stdin: string | undefined): void {
    const apply = patchApply(command);
    if (apply === undefined) return;
    const texts: string[] = [];
    for (const f of apply.files) {
      const file = this.files.file(f);
      if (file === undefined) continue;
      this.out.script(f, index, 'patch', file.text !== undefined ? 'whole' : 'pieces');
      if (file.text !== undefined) texts.push(file.text);
      else texts.push(...file.pieces);
    }
    if (apply.files.length === 0 && stdin !== undefined) texts.push(stdin);
    if (texts.length > 0) this.out.effects(index, patchEffects(apply, texts));
  }

  /** What `cat FILE` prints, when the call or the session wrote FILE and its text is known. */
  private catOutput(command: SimpleCommand): string | undefined {
    if (command.program !== 'cat' || command.positionals.length !== 1 || command.flags.length > 0) return undefined;
    return this.files.text(resolve(command.cwd, command.positionals[0] as string));
  }

  /** `< FILE` on a command: FILE's text is its stdin, when known. */
  private stdinFile(redirects: readonly Redirection[], scope: Scope): string | undefined {
    for (const r of redirects) {
      if (r.type !== 'Redirect' || r.operator !== '<' || r.target === undefined) continue;
      if (r.descriptor?.type === 'FileDescriptor' && r.descriptor.value !== 0) continue;
      const file = this.files.file(resolve(scope.cwd, r.target.value));
      if (file !== undefined) return file.text ?? (file.pieces.length > 0 ? file.pieces.join('\n') : undefined);
    }
    return undefined;
  }

  /** cp, mv and install carry a known text to their destination: the write gets its source's text. */
  private carryText(effects: readonly Effect[]): readonly Effect[] {
    if (effects.length < 2) return effects;
    const via = effects[0]?.via;
    if (via !== 'cp' && via !== 'mv' && via !== 'install') return effects;
    const sources = effects.filter((e) => e.kind === 'read' || (via === 'mv' && e.kind === 'delete'));
    const writes = effects.filter((e) => e.kind === 'write');
    if (sources.length === 0) return effects;
    return effects.map((e) => {
      if (e.kind !== 'write' || e.content !== undefined) return e;
      const source =
        sources.length === 1 && writes.length === 1
          ? sources[0]
          : sources.find((s) => basename(s.path) === basename(e.path));
      const text = source === undefined ? undefined : this.files.text(source.path);
      return text === undefined ? e : { ...e, content: text };
    });
  }

  /** `find … -exec CMD … ;` runs CMD for each file: walk it as a command of its own. */
  private findExec(
    words: readonly ShellWord[],
    frame: Frame,
    scope: Scope,
    pos: number,
    end: number,
    via: readonly string[],
  ): void {
    for (let i = 1; i < words.length; i++) {
      const option = (words[i] as ShellWord).value;
      if (option !== '-exec' && option !== '-execdir' && option !== '-ok' && option !== '-okdir') continue;
      let stop = i + 1;
      while (
        stop < words.length &&
        (words[stop] as ShellWord).value !== ';' &&
        (words[stop] as ShellWord).value !== '+'
      )
        stop++;
      const inner = words.slice(i + 1, stop);
      if (inner.length > 0)
        this.run(inner, [], NO_REDIRECTS, undefined, frame, scope, pos, end, [...via, `find ${option}`]);
      i = stop;
    }
  }
}
