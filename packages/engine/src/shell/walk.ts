// The AST walk: every simple command the source runs (through lists, pipelines, compounds, substitutions and
// wrappers), each normalised, with the directory it runs in and the values its words hold. Records into a Collector;
// never throws on odd trees. Running a command (unwrap, normalise, record, follow what it runs) is in run.ts.
import { braceExpand } from './glob-match.js';
import {
  forEachChild,
  parse,
  type ArrayValue,
  type Assignment,
  type Command,
  type CommandNode,
  type CompoundList,
  type Function as FunctionNode,
  type ParsedScript,
  type PipelineNode,
  type AndOr,
  type Redirection,
  type SyntaxNode,
  type Word,
  type WordPart,
} from 'unbash';
import type { Collector } from './collector.js';
import type { CallFiles } from './call-files.js';
import type { Repository } from './git-branch.js';
import { shellQuote, shellWord, simpleWordShape, type ShellWord } from './words.js';
import { type PartialItem, UNKNOWN, type Value } from './values.js';
import { caseArm, type ConditionWords, conditionOutcome } from './conditions.js';
import {
  arithmeticAssign,
  type ExpandContext,
  expandValue,
  expandWord,
  partialArguments,
  substitutionOutput,
} from './expand.js';
import {
  assignedNames,
  child,
  forgetAssigned,
  joinBranches,
  localNames,
  returnFromCall,
  inputDescriptorName,
  sameShell,
  shellDirectory,
  type Scope,
  type ShellFunction,
} from './scope.js';
import { NO_STDIN, redirectedStdin, type Stdin } from './stdin.js';
import { isStdoutRedirect } from './effects.js';
import { Runner, type Frame, type Ran, NOTHING } from './run.js';
import { setParams } from './follow.js';
import { regexMatch } from './regex-match.js';

export type { Frame } from './run.js';

/** The declaration builtins that take `NAME=(…)`. */
const DECLARES: ReadonlySet<string> = new Set(['declare', 'typeset', 'local', 'readonly', 'export']);
const isArrayAssignment = (s: { readonly type: string }): s is Assignment =>
  s.type === 'Assignment' && (s as Assignment).value.type === 'ArrayValue';

const NO_REDIRECTS: readonly Redirection[] = Object.freeze([]);
const NO_VIA: readonly string[] = Object.freeze([]);

/** Items of a `for` loop walked one by one (with the loop variable known); more, and the variable is unknown. A line
 * built one character code at a time (`for n in 103 105 116 …; do printf -v c …; C+=$c; done`) needs one per
 * character of a short command: 64 covers one, and MAX_UNROLLED_TURNS still bounds the whole call. */
const MAX_UNROLL = 64;
/** Loop turns unrolled in one call, all loops together: nested loops cannot multiply the walk. */
const MAX_UNROLLED_TURNS = 256;
/** Times a line cut short by an unexpected token (`&& git push`, `ls ) rm -rf x`) is parsed again from after it. */
const MAX_RECOVERIES = 32;
/** Function calls followed in one command (`a(){ b;b; }; b(){ c;c; }; …` must not multiply the walk). */
const MAX_FUNCTION_CALLS = 64;

/** Whether a command has redirections, without building unbash's lazy `redirects` list (most have none). */
function hasRedirects(node: Command): boolean {
  for (const p of node.prefix) if (p.type !== 'Assignment') return true;
  for (const s of node.suffix) if (s.type !== 'Word' && s.type !== 'Assignment') return true;
  return false;
}

const UNEXPECTED = /^unexpected token '([^']+)'/;

export class Walker extends Runner {
  private unrolled = 0;
  private functionCalls = 0;
  /** The aliases being expanded (bash does not expand an alias inside its own text). */
  private readonly expanding = new Set<string>();
  /** The functions whose call is being walked (a recursive call is not followed again). */
  private readonly calling = new Set<string>();
  private recoveries = 0;
  /** While a command's words are expanded: the text it reads on stdin, which a substitution in them reads too. */
  private shellStdin: string | undefined;

  constructor(out: Collector, maxDepth: number, limit: number, files: CallFiles, repo: Repository) {
    super(out, maxDepth, limit, files, repo);
  }

  /** Walks a script; `stdin` is what the shell running it reads (`sh -c 'bash -s' <<< …`, `ssh host 'sh' <<EOF`):
   * its first statement reads it, as the first command of a group does. */
  script(script: ParsedScript, frame: Frame, scope: Scope, stdin: Stdin = NO_STDIN): void {
    for (const e of script.errors ?? []) this.out.fail(e.message, this.map(frame, e.pos)[0]);
    let first = stdin;
    for (const statement of script.commands) {
      this.node(statement.command, frame, scope, first);
      // A builtin or program that never reads its input leaves it to the next statement (`echo "Installing…"; read
      // -r token`): the first statement that may read it gets it.
      if (!readsNoInput(statement.command)) first = NO_STDIN;
    }
    this.recover(script, frame, scope);
  }

  /**
   * unbash stops at a token it did not expect and drops the rest of the line (`&& git push -f`, `git status && &&
   * git push`, `ls ) rm -rf x`): the text after that token is parsed again, so a stray operator hides nothing.
   */
  private recover(script: ParsedScript, frame: Frame, scope: Scope): void {
    const error = script.errors?.find((e) => UNEXPECTED.test(e.message));
    if (error === undefined || this.recoveries >= MAX_RECOVERIES) return;
    // The parser went on by itself when a statement starts after the error.
    if (script.commands.some((s) => s.pos > error.pos)) return;
    const token = (UNEXPECTED.exec(error.message) as RegExpExecArray)[1] as string;
    const at = frame.text.indexOf(token, error.pos);
    if (at === -1) return;
    const from = at + token.length;
    const rest = frame.text.slice(from);
    if (rest.trim() === '') return;
    this.recoveries++;
    this.script(
      parse(rest),
      { ...frame, text: rest, base: frame.base === undefined ? undefined : frame.base + from },
      scope,
    );
  }

  private list(list: CompoundList, frame: Frame, scope: Scope): void {
    for (const statement of list.commands) this.node(statement.command, frame, scope);
  }

  /**
   * A group or subshell, walked like a list; what it prints is known when each of its commands prints a known text
   * (`{ echo 'git fetch'; echo 'git push -f origin main'; } | bash` feeds bash both lines). A piped stdin reaches its
   * first command only (the others would find it read, when they read it at all).
   */
  private printingList(list: CompoundList, frame: Frame, scope: Scope, stdin: Stdin): Ran {
    const printed = new Printed();
    let first: Ran = NOTHING;
    list.commands.forEach((statement, i) => {
      const ran = this.node(statement.command, frame, scope, i === 0 ? stdin : NO_STDIN);
      if (i === 0) first = ran;
      // A command that never prints (`sleep 5`, `true`) adds nothing: `{ sleep 5; echo yes; } | terraform apply`.
      printed.add(ran.output ?? (printsNothing(statement.command) ? '' : undefined), ran.pieces);
    });
    const output = printed.whole();
    // The first command read the pipe: an interpreter there is what the pipeline reports (`curl … | { sh; }`).
    if (output === undefined) {
      const known = printed.known() === '' ? undefined : printed.known();
      if (first.stdinInterpreter === undefined) return known === undefined ? NOTHING : { ...NOTHING, pieces: known };
      return { ...first, output: undefined, pieces: known };
    }
    return { index: first.index, stdinInterpreter: first.stdinInterpreter, output };
  }

  protected walkScript(script: ParsedScript, frame: Frame, scope: Scope, stdin?: Stdin): void {
    this.script(script, frame, scope, stdin);
  }

  private node(node: PipelineNode | AndOr, frame: Frame, scope: Scope, stdin: Stdin = NO_STDIN): Ran {
    if (this.out.full()) return NOTHING;
    switch (node.type) {
      case 'Command':
        return this.command(node, frame, scope, stdin);
      case 'AndOr':
        return this.andOr(node, frame, scope);
      case 'Pipeline': {
        let timed = false;
        for (const p of node.prefixes) if (p.type === 'Time') timed = true;
        const inner = timed ? { ...frame, via: [...frame.via, 'time'] } : frame;
        const commands = node.commands;
        if (commands.length === 1) return this.node(commands[0] as CommandNode, inner, scope);
        let ran = NOTHING;
        let stageFrom = this.out.effectCount;
        for (let i = 0; i < commands.length; i++) {
          // Each stage runs in a subshell of its own: what it assigns or where it cds stays there. It reads what the
          // stage before printed, and where that came from (the files that stage read: ssh sends them on).
          const stageTo = this.out.effectCount;
          const piped: Stdin =
            i === 0
              ? NO_STDIN
              : {
                  text: ran.output,
                  file: ran.file,
                  how: '|',
                  effectsFrom: stageFrom,
                  effectsTo: stageTo,
                  ...(ran.output === undefined && ran.listed !== undefined ? { listed: ran.listed } : {}),
                  ...(ran.rendered !== undefined ? { rendered: ran.rendered } : {}),
                  ...(ran.files !== undefined ? { files: ran.files } : {}),
                  ...(ran.output === undefined && ran.pieces !== undefined ? { pieces: ran.pieces } : {}),
                  ...(ran.output === undefined && ran.printedPieces !== undefined
                    ? { printedPieces: ran.printedPieces }
                    : {}),
                };
          stageFrom = stageTo;
          ran = this.node(commands[i] as CommandNode, inner, child(scope), piped);
          if (i > 0 && ran.stdinInterpreter !== undefined)
            this.out.opaque('pipe-to-interpreter', ran.index, ran.stdinInterpreter);
        }
        return ran;
      }
      case 'Subshell':
        return this.printingList(node.body, frame, child(scope), stdin);
      case 'BraceGroup':
        return this.printingList(node.body, frame, scope, stdin);
      case 'If':
        this.ifClause(node, frame, scope);
        return NOTHING;
      case 'While': {
        const read = this.whileRead(node, frame, scope, stdin);
        if (read !== undefined) return read;
        const s = this.loopScope(node, scope);
        this.list(node.clause, frame, s);
        this.list(node.body, frame, s);
        forgetAssigned(scope, s);
        return NOTHING;
      }
      case 'For':
        return this.forLoop(node, frame, scope);
      case 'Select':
        // Any of its words may be chosen: the body is judged with each, as a for loop over them is.
        this.forLoop(node, frame, scope);
        return NOTHING;
      case 'ArithmeticFor': {
        this.substitutionsOfChildren(node, frame, scope);
        const s = this.loopScope(node, scope);
        this.list(node.body, frame, s);
        forgetAssigned(scope, s);
        return NOTHING;
      }
      case 'Case': {
        const first = node.items[0];
        if (first !== undefined && first.pattern.length === 1 && first.pattern[0]?.text === '*') {
          // `case … in *) C=…;; esac`: a first arm of `*` always runs, and nothing after it does.
          this.substitutions(node.word, frame, scope);
          this.list(first.body, frame, scope);
          return NOTHING;
        }
        const word = child(scope);
        this.substitutions(node.word, frame, word);
        const words = this.conditionWords(word);
        const arm = caseArm(node.items, words.value(node.word), words);
        if (arm !== undefined) {
          // The word is known and so is the pattern that takes it: only that arm runs (or none).
          const item = node.items[arm];
          if (item !== undefined) this.list(item.body, frame, scope);
          return NOTHING;
        }
        const arms: Scope[] = [word];
        for (const item of node.items) {
          const arm = child(word);
          this.list(item.body, frame, arm);
          arms.push(arm);
        }
        joinBranches(scope, ...arms);
        return NOTHING;
      }
      case 'Function':
        // Judged at each call with that call's arguments (`f() { git push -f origin "$1"; }; f main`); where it is
        // written too, with what the shell knows there (its parameters unknown), unless the same source calls it
        // later by name at a command's place — then its calls say all it does, and an honest function of its
        // parameters (`new_adr() { cp t "docs/adr/0014-$1.md"; }; new_adr use-kafka`) is not judged as unknown.
        if (!calledLater(frame.text.slice(node.end), node.name.value)) this.functionBody(node, frame, child(scope));
        (scope.functions ??= new Map()).set(node.name.value, { node, frame });
        return NOTHING;
      case 'Coproc': {
        const body = node.body;
        if (body.type === 'CompoundList') this.list(body, frame, child(scope));
        else this.node(body, frame, child(scope));
        this.openCoprocess(node.name?.value ?? 'COPROC', frame.text.slice(body.pos, body.end), scope);
        return NOTHING;
      }
      case 'ArithmeticCommand':
        // `((j=1))` assigns as `let` does; `((i++))` makes i unknown.
        this.substitutionsOfChildren(node, frame, scope);
        arithmeticAssign(node.body, scope.vars);
        return NOTHING;
      case 'TestCommand':
        this.substitutionsOfChildren(node, frame, scope);
        if (node.expression?.type === 'TestBinary' && node.expression.operator === '=~')
          regexMatch(node.expression.left, node.expression.right, scope, this.expandContext(scope));
        return NOTHING;
      case 'Redirected': {
        const first = this.out.commands.length;
        // `while read …; done <<< …`, `{ …; } < f`: the compound reads what its redirections give it.
        const ran = this.node(
          node.command,
          frame,
          scope,
          redirectedStdin(node.redirects, this.expandContext(scope)) ?? stdin,
        );
        for (const r of node.redirects) this.substitutions(r, frame, scope);
        // A redirected compound (`{ a; b; } > f`) has no simple command of its own: its first command carries it.
        const owner = this.out.commands.length > first ? first : undefined;
        // Its stdout is what its commands print, when each of them prints a literal (a loop: turn after turn).
        if (owner !== undefined)
          this.out.effects(owner, this.redirections(node.redirects, scope, ran.output ?? this.out.outputFrom(first)));
        // Only its input redirected (`while read …; done <<'EOF' | xargs …`): what it prints goes on down the pipe.
        return node.redirects.some(isStdoutRedirect) ? NOTHING : ran;
      }
    }
  }

  /**
   * `a && b || c`: a command after `||` runs only when what came before failed. Values flow in order along `&&` (a
   * chain is read as succeeding: `cd x && B=main && git push "$B"`, and after it); from a `||` on, what the list
   * assigned is unknown — before it (it may not have happened) and after it (it may not happen). The first command
   * always runs, and what it assigns is assigned even when it then fails: `read -r -d '' S <<'EOF' || true` (read
   * reports the end of its input as a failure, hence the idiom) still sets S.
   */
  private andOr(node: AndOr, frame: Frame, scope: Scope): Ran {
    const vars = scope.vars;
    let start = vars.mark();
    let conditional = -1;
    let ran = NOTHING;
    for (let i = 0; i < node.commands.length; i++) {
      if (i > 0 && node.operators[i - 1] === '||') {
        for (const name of vars.writtenSince(start)) vars.set(name, UNKNOWN);
        if (conditional === -1) conditional = vars.mark();
      }
      ran = this.node(node.commands[i] as PipelineNode, frame, scope);
      if (i === 0) start = vars.mark();
    }
    if (conditional !== -1) for (const name of vars.writtenSince(conditional)) vars.set(name, UNKNOWN);
    return ran;
  }

  /** A loop body's scope: every name the loop may assign is unknown from its first turn on. */
  private loopScope(node: SyntaxNode, scope: Scope): Scope {
    const s = child(scope);
    for (const name of assignedNames(node)) s.vars.set(name, UNKNOWN);
    return s;
  }

  /**
   * `while read -r x; do …; done <<< 'a'` (or fed by a literal pipe, a heredoc, a file the session wrote): the body
   * once per line of the known input, after the `read` that sets its names from that line — as `for` over known
   * words is. Undefined (walked as any loop) when the condition is not a lone `read` or the input is not known.
   */
  private whileRead(
    node: Extract<PipelineNode, { type: 'While' }>,
    frame: Frame,
    scope: Scope,
    stdin: Stdin,
  ): Ran | undefined {
    const text = stdin.text;
    const clause = node.clause.commands;
    const only = clause.length === 1 ? clause[0]?.command : undefined;
    if (text === undefined || node.kind !== 'while' || only?.type !== 'Command' || only.name?.value !== 'read')
      return undefined;
    const lines = text.endsWith('\n') ? text.slice(0, -1).split('\n') : text.split('\n');
    if (text === '' || lines.length > MAX_UNROLL || this.unrolled + lines.length > MAX_UNROLLED_TURNS) return undefined;
    this.unrolled += lines.length;
    const s: Scope = sameShell(scope, scope.cwd);
    const mark = scope.vars.mark();
    const printed = new Printed();
    for (const line of lines) {
      if (this.out.full()) return NOTHING;
      s.cwd = scope.cwd;
      this.node(only, frame, s, { text: `${line}\n`, file: stdin.file, how: stdin.how });
      printed.addTurn(this.printingList(node.body, frame, s, NO_STDIN), node.body);
    }
    // After the last line read fails: what the loop assigned (the names read included) is not known for sure.
    for (const n of scope.vars.writtenSince(mark)) scope.vars.set(n, UNKNOWN);
    return printed.ran();
  }

  /** How conditions.ts reads a word here: known fields and values, or undefined. */
  private conditionWords(scope: Scope): ConditionWords {
    const ctx = this.expandContext(scope);
    return {
      fields: (w) => {
        const e = expandWord(w, ctx);
        return e.unknown ? undefined : e.fields;
      },
      value: (w) => {
        const e = expandValue(w, ctx);
        return e.unknown ? undefined : e.value;
      },
    };
  }

  /**
   * `if … elif … else … fi`. Each test is walked once, in order; a test of known words decides (conditions.ts): a true
   * one runs its branch alone, in this shell, its values kept; a false one skips it. From the first test that cannot be
   * decided, its branch and every later one are judged, each in a scope of its own, and what they assign is unknown
   * after (the branches before it are known not to run).
   */
  private ifClause(node: Extract<PipelineNode, { type: 'If' }>, frame: Frame, scope: Scope): void {
    const clause = child(scope);
    const arms: { readonly test?: CompoundList; readonly body: CompoundList }[] = [
      { test: node.clause, body: node.then },
      ...node.elif.map((e) => ({ test: e.clause, body: e.then })),
      ...(node.else ? [{ body: node.else }] : []),
    ];
    for (let i = 0; i < arms.length; i++) {
      const { test, body } = arms[i] as (typeof arms)[number];
      if (test === undefined) {
        this.list(body, frame, scope);
        forgetAssigned(scope, clause);
        return;
      }
      this.list(test, frame, clause);
      const outcome = conditionOutcome(test, this.conditionWords(clause));
      if (outcome === true) {
        this.list(body, frame, scope);
        forgetAssigned(scope, clause);
        return;
      }
      if (outcome === false) continue;
      const branches: Scope[] = [clause];
      const branch = (arm: (typeof arms)[number], withTest: boolean): void => {
        const b = child(clause);
        if (withTest && arm.test !== undefined) this.list(arm.test, frame, b);
        this.list(arm.body, frame, b);
        branches.push(b);
      };
      branch(arms[i] as (typeof arms)[number], false);
      for (const later of arms.slice(i + 1)) branch(later, true);
      joinBranches(scope, ...branches);
      return;
    }
    forgetAssigned(scope, clause);
  }

  /** `for x in a b; do …; done` over known words: the body once per word with x set; otherwise once, x unknown. */
  private forLoop(node: Extract<PipelineNode, { type: 'For' | 'Select' }>, frame: Frame, scope: Scope): Ran {
    const name = node.name.value;
    const items: string[] = [];
    let known = node.wordlist !== undefined;
    for (const w of node.wordlist ?? []) {
      this.substitutions(w, frame, scope);
      const e = expandWord(w, this.expandContext(scope));
      if (e.unknown) known = false;
      else items.push(...e.fields);
    }
    if (known && items.length > 0 && items.length <= MAX_UNROLL && this.unrolled + items.length <= MAX_UNROLLED_TURNS) {
      this.unrolled += items.length;
      // The loop runs in this shell (its values stay), its directory changes do not leak (as before).
      const s: Scope = sameShell(scope, scope.cwd);
      const mark = scope.vars.mark();
      const breaks = this.breaks;
      const printed = new Printed();
      for (const item of items) {
        if (this.out.full()) return NOTHING;
        scope.vars.set(name, item);
        s.cwd = scope.cwd;
        printed.addTurn(this.printingList(node.body, frame, s, NO_STDIN), node.body);
      }
      // A break or continue may have skipped the rest: what the body assigned, and what it printed, is unknown after.
      if (this.breaks !== breaks) {
        for (const n of scope.vars.writtenSince(mark)) scope.vars.set(n, UNKNOWN);
        return printed.ran(true);
      }
      return printed.ran();
    }
    const s = this.loopScope(node, scope);
    if (known && items.length === 0) return NOTHING;
    this.list(node.body, frame, s);
    forgetAssigned(scope, s);
    return NOTHING;
  }

  /** Walk every `$(…)`, backtick and `<(…)` inside a node (words, redirects, heredoc bodies, [[ ]], $(( ))). */
  protected substitutions(node: SyntaxNode, frame: Frame, scope: Scope): void {
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

  private command(node: Command, frame: Frame, scope: Scope, piped: Stdin): Ran {
    const alias = this.aliasOf(node, scope);
    if (alias !== undefined) return this.expandAlias(node, alias, frame, scope, piped);
    // Substitutions run before the command itself: record them first (prefix, name, suffix: the shell's order).
    let assignments: string[] | undefined;
    let prefix: Assignment[] | undefined;
    for (const p of node.prefix) {
      this.substitutions(p, frame, scope);
      if (p.type === 'Assignment') {
        (assignments ??= [...frame.env]).push(p.text);
        (prefix ??= []).push(p);
      }
    }
    const words: ShellWord[] = [];
    // A substitution in its words reads what the shell reads (`bash -c 'eval "$(cat)"' <<< …`, `… | eval "$(cat)"`).
    const outer = this.shellStdin;
    this.shellStdin = piped.text;
    if (node.name) this.pushWords(words, node.name, frame, scope);
    for (const s of node.suffix) {
      if (s.type === 'Word') this.pushWords(words, s, frame, scope);
      else {
        this.substitutions(s, frame, scope);
        if (s.type === 'Assignment') words.push(this.assignmentWord(s, scope));
      }
    }
    this.shellStdin = outer;
    // NAME=value alone sets the shell's variable; before a command it is only that command's environment (its
    // values are read only if the command starts a shell that could use them).
    let given: (() => readonly (readonly [string, Value])[]) | undefined;
    if (prefix !== undefined) {
      if (node.name === undefined) for (const a of prefix) this.assign(a, scope);
      else {
        const assigned = prefix;
        given = () => assigned.map((a) => [a.name, this.assignmentValue(a, scope)] as const);
      }
    }
    const redirects = hasRedirects(node) ? node.redirects : NO_REDIRECTS;
    let own = redirects.length === 0 ? undefined : redirectedStdin(redirects, this.expandContext(scope));
    if (own === undefined && piped === NO_STDIN && this.stdinReplaced) {
      // After `exec <<< …` a command with no input of its own reads the shell's.
      const held = scope.vars.get(inputDescriptorName(0));
      if (typeof held === 'string') own = { text: held, file: undefined, how: '<' };
    }
    if (redirects.length !== 0) this.commandDescriptors(redirects, scope);
    const ran = this.run(
      words,
      assignments ?? frame.env,
      given,
      redirects,
      own ?? piped,
      frame,
      scope,
      node.pos,
      node.end,
      NO_VIA,
    );
    if (node.name !== undefined && words[0]?.value === 'alias' && !words[0].dynamic) defineAliases(words, scope);
    if (node.name !== undefined && words[0]?.value === 'hash' && !words[0].dynamic) defineHashed(words, scope);
    const called = node.name !== undefined ? this.functionCalled(words, scope) : undefined;
    if (called !== undefined) this.callFunction(called, words, scope, own ?? piped);
    // `declare -a A=(a b)`, `local -a A=(…)`: the builtin sets its scalars (run.ts); its arrays are set here, after it.
    if (node.name !== undefined && DECLARES.has(node.name.value))
      for (const s of node.suffix) if (isArrayAssignment(s)) this.assign(s, scope);
    return ran;
  }

  /** The alias a command's name is (written plainly, with no NAME=value before it), unless it is being expanded. */
  private aliasOf(node: Command, scope: Scope): { name: string; value: string } | undefined {
    const name = node.name;
    if (scope.aliases === undefined || name === undefined || node.prefix.length > 0) return undefined;
    const value = scope.aliases.get(name.text);
    return value === undefined || this.expanding.has(name.text) ? undefined : { name: name.text, value };
  }

  /**
   * `gp origin main` after `alias gp='git push -f'`: the command read again with the alias's text in place of its
   * name, in this shell. Read whether or not bash would expand it there (aliases need `shopt -s expand_aliases` in a
   * script and take effect from the next line): the stricter reading. An alias is not expanded inside itself.
   */
  private expandAlias(
    node: Command,
    alias: { name: string; value: string },
    frame: Frame,
    scope: Scope,
    piped: Stdin,
  ): Ran {
    if (frame.depth + 1 > this.maxDepth) {
      this.out.opaque('depth', undefined, frame.text.slice(node.pos, node.end));
      return NOTHING;
    }
    const source = `${alias.value}${frame.text.slice(node.name!.end, node.end)}`;
    this.expanding.add(alias.name);
    this.nested(
      source,
      {
        ...frame,
        text: source,
        base: undefined,
        span: this.map(frame, node.pos, node.end),
        depth: frame.depth + 1,
        via: [...frame.via, `alias ${alias.name}`],
      },
      scope,
      // What the pipe hands the alias's command (`echo … | addline`, addline being `tee -a f`) it reads still.
      piped,
    );
    this.expanding.delete(alias.name);
    return NOTHING;
  }

  /** The function a command calls: its name as written, defined earlier in this shell (a function comes before a
   * program of the same name, as in bash). */
  private functionCalled(words: readonly ShellWord[], scope: Scope): ShellFunction | undefined {
    const name = words[0];
    if (name === undefined || name.dynamic || scope.functions === undefined) return undefined;
    return scope.functions.get(name.value);
  }

  /**
   * A call of a function this shell defined: its body walked again in the caller's shell with the call's words as its
   * positional parameters. A call made inside the function's own body (recursion) is not followed again; past
   * MAX_FUNCTION_CALLS in one command the rest is opaque.
   */
  private callFunction(fn: ShellFunction, words: readonly ShellWord[], scope: Scope, stdin: Stdin = NO_STDIN): void {
    const name = fn.node.name.value;
    if (this.calling.has(name)) return;
    if (this.functionCalls >= MAX_FUNCTION_CALLS) {
      this.out.opaque('depth', undefined, `more than ${MAX_FUNCTION_CALLS} function calls (${name})`);
      return;
    }
    this.functionCalls++;
    this.calling.add(name);
    const s = child(scope);
    setParams(s, words.slice(1));
    // Its input is the call's (`append() { cat >> f; }; append <<'EOF'`): the body's first command reads it, as a
    // group's does.
    this.functionBody(fn.node, fn.frame, s, stdin);
    this.calling.delete(name);
    returnFromCall(scope, s, localNames(fn.node.body));
    // A function runs in the caller's shell: its `cd` is the caller's (a `( … )` body kept its own).
    scope.cwd = s.cwd;
  }

  private functionBody(node: FunctionNode, frame: Frame, scope: Scope, stdin: Stdin = NO_STDIN): void {
    const body = node.body;
    if (body.type === 'CompoundList') this.printingList(body, frame, scope, stdin);
    else this.node(body, frame, scope, stdin);
  }

  /** One word of a command, expanded: its substitutions walked, its value put in, split into fields when unquoted. */
  private pushWords(out: ShellWord[], word: Word, frame: Frame, scope: Scope): void {
    const w = shellWord(word);
    if (w.simple) {
      out.push(w);
      return;
    }
    // Its text did not show it simple (shellWord looked): walk its parts without looking again.
    const parts = word.parts;
    if (parts !== undefined) for (const part of parts) this.substitutions(part, frame, scope);
    const only = w.processSubstitution ? parts?.[0] : undefined;
    if (only?.type === 'ProcessSubstitution' && only.operator === '<' && only.script !== undefined) {
      // `<(echo …)` of a literal producer: the path bash passes, reading that known text (CallFiles.substitution).
      const text = substitutionOutput(only.script, this.expandContext(scope));
      if (text !== undefined) {
        out.push({ ...w, value: this.files.substitution(text), dynamic: false, simple: true });
        return;
      }
    }
    if (!w.dynamic) {
      // `~+` is bash's tilde for the working directory (where a cd or pushd in the call left it), `~-` for $OLDPWD.
      const tilde = /^~[+-](?=\/|$)/.exec(w.text)?.[0];
      const old = tilde === '~-' ? scope.vars.get('OLDPWD') : undefined;
      if (tilde === '~+' || typeof old === 'string') {
        const dir = tilde === '~+' ? shellDirectory(scope.cwd) : (old as string);
        out.push({ ...w, value: `${dir}${w.value.slice(2)}`, simple: true });
        return;
      }
      // `{main,}`, `{git,push,-f}`: brace expansion of a word written without quotes or globs gives its words.
      const braced = w.expands && !/["'*?[\\]/.test(w.text) ? braceExpand(w.text) : undefined;
      if (braced === undefined) out.push(w);
      else for (const value of braced) out.push({ ...w, value, expands: false, simple: true });
      return;
    }
    const e = expandWord(word, this.expandContext(scope));
    if (e.unknown) {
      const given = partialArguments(word, scope.vars) ?? partialElements(word, scope);
      if (given !== undefined) {
        for (const item of given)
          out.push(
            item.unknown
              ? { ...w, value: item.value }
              : {
                  ...w,
                  value: item.value,
                  dynamic: false,
                  singleQuoted: false,
                  processSubstitution: false,
                  simple: true,
                },
          );
        return;
      }
      out.push(e.fields[0] === w.value ? w : { ...w, value: e.fields[0] as string });
      return;
    }
    for (const value of e.fields)
      out.push({ ...w, value, dynamic: false, singleQuoted: false, processSubstitution: false, simple: true });
  }

  /** `export B=main`'s `B=main` as a word of its command, its value expanded. */
  private assignmentWord(a: Assignment, scope: Scope): ShellWord {
    const value = a.value.type === 'Word' ? expandValue(a.value, this.expandContext(scope)) : undefined;
    return {
      value: value === undefined ? a.text : `${a.name}${a.append ? '+=' : '='}${value.value}`,
      dynamic: value === undefined || value.unknown,
      pos: a.pos,
      end: a.end,
      singleQuoted: false,
      text: a.text,
      processSubstitution: false,
      expands: false,
      simple: true,
    };
  }

  private assignmentValue(a: Assignment, scope: Scope): Value {
    return this.assigned(a, scope).value;
  }

  /** What `NAME=word` assigns; for a word partly known, also that word with its unknown parts as written. */
  private assigned(a: Assignment, scope: Scope): { value: Value; spelled?: string } {
    if (a.value.type !== 'Word' || a.index !== undefined) return { value: UNKNOWN };
    const e = expandValue(a.value, this.expandContext(scope));
    if (e.unknown) return a.append ? { value: UNKNOWN } : { value: UNKNOWN, spelled: e.value };
    if (!a.append) return { value: e.value };
    const was = scope.vars.get(a.name);
    return { value: typeof was === 'string' ? was + e.value : UNKNOWN };
  }

  private assign(a: Assignment, scope: Scope): void {
    if (a.value.type === 'ArrayValue') {
      const keyed = a.append || a.index !== undefined ? undefined : this.arrayKeys(a.value, scope);
      if (keyed !== undefined) scope.vars.setKeyed(a.name, keyed);
      else if (a.index !== undefined) scope.vars.setArray(a.name, UNKNOWN);
      else if (!a.append) setItems(scope, a.name, this.arrayItems(a.value, scope));
      else {
        // `A+=(x y)`: the elements after those the array holds, when both are known word by word (an unset A starts
        // empty).
        const was =
          scope.vars.getArray(a.name)?.map((value) => ({ value, unknown: false })) ?? scope.vars.partialItems(a.name);
        const more = this.arrayItems(a.value, scope);
        setItems(scope, a.name, was === undefined || more === UNKNOWN ? UNKNOWN : [...was, ...more]);
      }
      return;
    }
    const { value, spelled } = this.assigned(a, scope);
    // A word partly known keeps its spelling (values.ts `spelled`): `"$U"` then reads as the word did.
    if (spelled !== undefined) scope.vars.setSpelled(a.name, spelled);
    else scope.vars.set(a.name, value);
  }

  /**
   * `A=(x "y z" $B)`: its elements expanded and split as a command's words are. An element not known is one word, its
   * unknown parts as written, as the same word in a command would be (`cmd=(uv publish --token "$T")` still runs uv
   * publish); unknown as a whole only when an index is out of order or a numbered element is not one word.
   */
  private arrayItems(array: ArrayValue, scope: Scope): readonly PartialItem[] | typeof UNKNOWN {
    const items: PartialItem[] = [];
    for (const w of array.elements) {
      // `A=([0]=git [1]=push)` names each index: followed when they count up from 0 in order (no gap, no overwrite).
      const index = /^\[([^\]]*)\]=/.exec(w.text);
      if (index !== null) {
        if (index[1] !== String(items.length)) return UNKNOWN;
        const e = expandWord(w, this.expandContext(scope));
        if (e.fields.length !== 1) return UNKNOWN;
        const field = e.fields[0] as string;
        items.push({ value: field.slice(field.indexOf('=') + 1), unknown: e.unknown });
        continue;
      }
      const e = expandWord(w, this.expandContext(scope));
      if (e.unknown) items.push({ value: e.fields[0] ?? w.text, unknown: true });
      else for (const value of e.fields) items.push({ value, unknown: false });
    }
    return items;
  }

  /** `M=([job]=x [k2]="y z")`: every element a literal key and a value the call knows, by key; else undefined. */
  private arrayKeys(array: ArrayValue, scope: Scope): ReadonlyMap<string, string> | undefined {
    const keys = new Map<string, string>();
    for (const w of array.elements) {
      const m = /^\[([A-Za-z0-9_.:-]+)\]=/.exec(w.text);
      if (m === null) return undefined;
      const e = expandWord(w, this.expandContext(scope));
      if (e.unknown || e.fields.length !== 1) return undefined;
      const field = e.fields[0] as string;
      keys.set(m[1] as string, field.slice(field.indexOf('=') + 1));
    }
    // Numbered from 0 in order (`A=([0]=git [1]=push)`): an indexed array, which arrayItems reads.
    if ([...keys.keys()].every((k, i) => k === String(i))) return undefined;
    return keys.size === 0 ? undefined : keys;
  }

  /** A Word's value in this scope (for redirect targets and the like). */
  protected wordValue(word: Word, scope: Scope): string {
    return expandValue(word, this.expandContext(scope)).value;
  }

  protected expandContext(scope: Scope): ExpandContext {
    return {
      vars: scope.vars,
      cwd: scope.cwd,
      fileText: this.fileText,
      branch: this.branchAt,
      upstream: this.upstreamAt,
      defaultBranch: this.defaultBranchAt,
      gitConfig: (key) => this.gitAliases.configValue(key),
      depth: 0,
      stdin: this.shellStdin,
      functions: scope.functions,
    };
  }
}

/**
 * `"${A[@]}"` (or `${A[@]}`) alone in a word, of an array assigned word by word with some unknown: those words, the
 * unknown ones as written (`cmd=(uv publish --token "$T"); "${cmd[@]}"` runs uv publish). Undefined for any other word.
 */
function partialElements(word: Word, scope: Scope): readonly PartialItem[] | undefined {
  const parts = word.parts;
  if (parts?.length !== 1) return undefined;
  const only = parts[0] as WordPart;
  const inner = only.type === 'DoubleQuoted' && only.parts.length === 1 ? (only.parts[0] as WordPart) : only;
  if (inner.type !== 'ParameterExpansion' || inner.index?.value !== '@') return undefined;
  if (inner.prefix !== undefined || inner.operation !== undefined) return undefined;
  return scope.vars.partialItems(inner.parameter);
}

/** An array's elements, word by word (all known: a plain array), or unknown. */
function setItems(scope: Scope, name: string, items: readonly PartialItem[] | typeof UNKNOWN): void {
  if (items === UNKNOWN) scope.vars.setArray(name, UNKNOWN);
  else scope.vars.setPartialArray(name, items);
}

/** Programs that never print to stdout (by name as written: a path may be another program). */
const SILENT: ReadonlySet<string> = new Set(['sleep', 'true', ':', 'wait']);

/** A simple command of a program that never prints, its name written plainly (no prefix assignment, no redirect). */
const printsNothing = (node: PipelineNode | AndOr): boolean =>
  node.type === 'Command' &&
  node.name !== undefined &&
  SILENT.has(node.name.text) &&
  node.prefix.length === 0 &&
  node.redirects.length === 0;

/** Builtins and programs that never read their standard input, by name as written. */
const NO_INPUT: ReadonlySet<string> = new Set([
  'echo',
  'printf',
  'cd',
  'export',
  'set',
  'unset',
  'declare',
  'typeset',
  'local',
  'readonly',
  'shift',
  'true',
  ':',
  'false',
  'test',
  '[',
  'mkdir',
  'chmod',
  'umask',
  'trap',
  'shopt',
  'alias',
  'sleep',
  'pwd',
  'touch',
]);

/** A simple command of a program that never reads its input, its name written plainly (a prefix assignment alone, as
 * `X=1`, reads nothing either). */
const readsNoInput = (node: PipelineNode | AndOr): boolean =>
  node.type === 'Command' && (node.name === undefined ? node.prefix.length > 0 : NO_INPUT.has(node.name.text));

const ALIAS_NAME = /^[^\s=/$`'"\\|&;()<>]+$/;

/** `alias NAME=VALUE …`: the literal definitions, kept for the commands after it (`unalias` is not followed: stricter). */
function defineAliases(words: readonly ShellWord[], scope: Scope): void {
  for (let i = 1; i < words.length; i++) {
    const w = words[i]!;
    const eq = w.value.indexOf('=');
    if (w.dynamic || eq <= 0 || !ALIAS_NAME.test(w.value.slice(0, eq))) continue;
    (scope.aliases ??= new Map()).set(w.value.slice(0, eq), w.value.slice(eq + 1));
  }
}

/** `hash -p PATH NAME`: from then on NAME runs PATH (bash's table of found programs), read as an alias of it would be. */
function defineHashed(words: readonly ShellWord[], scope: Scope): void {
  const at = words.findIndex((w) => w.value === '-p');
  const path = words[at + 1];
  const name = words[at + 2];
  if (at < 1 || path === undefined || name === undefined || path.dynamic || name.dynamic) return;
  if (!ALIAS_NAME.test(name.value) || path.value === '') return;
  (scope.aliases ??= new Map()).set(name.value, shellQuote(path.value));
}

/**
 * Whether `name` is run as a command later in `rest` (at a line's start, after ; & | ( { $( or a backquote, or after
 * a keyword that starts a command), so that the walk reaches each call. Not when the source exports functions (`export
 * -f`): a child shell may then run it where the walk does not look for it.
 */
function calledLater(rest: string, name: string): boolean {
  if (!/^[\w.:-]+$/.test(name) || !rest.includes(name) || /\b(?:export|declare|typeset)\s+-[a-z]*f/.test(rest))
    return false;
  const escaped = name.replace(/[.]/g, '\\.');
  return new RegExp(
    `(?:^|[;&|({\`\n]|\\$\\(|\\b(?:then|do|else|elif|if|while|until|time|!))[ \\t]*${escaped}(?=[\\s;&|)}\`]|$)`,
    'm',
  ).test(rest);
}

/**
 * What a list of commands prints, one after the other — a group's statements, or an unrolled loop's turns (`for m in
 * a b; do echo "src/$m.py"; done | xargs sed -i …` hands xargs both paths): known when every part printed a known
 * text; otherwise the known part (the texts of the literal producers among them).
 */
class Printed {
  private text: string | undefined = '';
  private pieces = '';
  private parts = 0;

  add(printed: string | undefined, pieces: string | undefined): void {
    this.parts++;
    this.text = this.text === undefined || printed === undefined ? undefined : this.text + printed;
    this.pieces += printed ?? pieces ?? '';
  }

  /** A loop's turn: its body's group, an empty body printing nothing. */
  addTurn(ran: Ran, body: CompoundList): void {
    this.add(ran.output ?? (body.commands.length === 0 ? '' : undefined), ran.pieces);
  }

  /** The whole text, when every part's is known (none added: not known). */
  whole(): string | undefined {
    return this.parts === 0 ? undefined : this.text;
  }

  /** What is known of it when the whole is not. */
  known(): string {
    return this.pieces;
  }

  /** As a loop's result. Cut short (a break ran): only what is known of the turns is kept, never the whole as known. */
  ran(cut = false): Ran {
    if (this.parts === 0) return NOTHING;
    if (this.text !== undefined && !cut) return { ...NOTHING, output: this.text };
    const known = cut ? (this.text ?? this.pieces) : this.pieces;
    return known === '' ? NOTHING : { ...NOTHING, pieces: known };
  }
}
