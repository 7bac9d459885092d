// `semantic-anchors explain <config> --event '<json>' | --events <file>`: replays events and prints every verdict
// with its trace.
import { existsSync } from 'node:fs';
import { isPresetReference, loadConfig } from '../../load/index.js';
import { findPreset } from '../../catalogue.js';
import { compile } from '../../compile/index.js';
import { startState, step } from '../../evaluate/step.js';
import { sessionContext } from '../../evaluate/shell-session.js';
import type { SessionState } from '../../evaluate/state.js';
import { parseEvents } from '../../check/events.js';
import type { Event, HostFacts, ToolEvent } from '../../schema/index.js';
import type { Verdict } from '../../evaluate/verdict.js';
import { callSubject, toolFacts, type ToolFacts } from '../../facts/index.js';
import { matchSpans, verdictSpans } from '../../explain/index.js';
import { hasUnknownNames } from '../../matchers/glob-may.js';
import type { CompiledPolicy } from '../../compile/index.js';
import type { CliCommand } from '../command.js';
import { parse } from '../args.js';
import { bold, dim, green, printDiagnostic, readInput, readText, red, yellow, type CliIO } from '../io.js';
import { usageError } from './validate.js';
import { printSpans } from './explain-carets.js';

export const explainCommand: CliCommand = {
  summary: 'replay events against a configuration and show each verdict with its trace',
  usage: `semantic-anchors explain <config.yaml | preset-id> (--event '<json>' … | --events <file>) [options]

Events are JSON objects with one of: tool (+ args), message (+ attachments), confirm,
bypass (the reason, + contract ids; or {"bypass": "<what the human typed after /anchor
bypass>", "typed": true}, read as the plugin reads it), role, agent, reload. --events
reads JSON Lines (.jsonl), or YAML (a list of events, or a scenario file's steps).

  --event <json>   one event; repeat for several (replayed in order)
  --events <file>  a file of events
  --role <id>      the session's starting role (default: the configuration's default role)
  --agent <name>   the session's starting agent (its role comes from roles.agents)
  --root <dir>     the project root absolute paths are matched against
  --json           print a JSON array of { event, verdict, parsed, spans }

What the host knows (given to every tool event that carries no "host" of its own; with
none given the branch and the remotes' default branches are unknown, never taken for
"not main", and no path is ignored):
  --branch <name>           the branch checked out where the calls run
  --detached                HEAD is detached (no branch checked out)
  --upstream <remote/name>  the branch's upstream, e.g. origin/main
  --default-branch <[remote=]name>
                            a remote's default branch (refs/remotes/<remote>/HEAD; remote
                            origin when not named), e.g. main or upstream=develop; repeat for several
  --ignore <pattern>        a .gitignore pattern of the project root; repeat for several
  --gitignore <folder=file> a .gitignore file and the folder (relative to the root) it is in

Under each matched contract, the characters of the command (or of a written file's
path and content, or of the message) that made its trigger hold are marked with ^.

Exits 0 when the events were replayed (whatever the verdicts), 1 when the configuration
has errors (the valid contracts are still used), 2 on unusable input.`,
  async run(args, io) {
    const { values, positionals } = parse(args, {
      event: { type: 'string', multiple: true },
      events: { type: 'string' },
      role: { type: 'string' },
      agent: { type: 'string' },
      root: { type: 'string' },
      json: { type: 'boolean' },
      branch: { type: 'string' },
      detached: { type: 'boolean' },
      upstream: { type: 'string' },
      'default-branch': { type: 'string', multiple: true },
      ignore: { type: 'string', multiple: true },
      gitignore: { type: 'string', multiple: true },
    });
    const [configFile] = positionals;
    if (!configFile || positionals.length > 1) return usageError(io, 'explain needs exactly one configuration file');
    const events: Event[] = [];
    for (const [i, json] of (values.event ?? []).entries()) {
      const parsed = parseEvents(json, `--event #${i + 1}`);
      parsed.diagnostics.forEach((d) => printDiagnostic(io, d, 'err'));
      if (parsed.diagnostics.length > 0) return 2;
      events.push(...parsed.events);
    }
    if (values.events) {
      const input = readInput(values.events);
      if ('diagnostic' in input) return (printDiagnostic(io, input.diagnostic, 'err'), 2);
      const parsed = parseEvents(input.text, values.events);
      parsed.diagnostics.forEach((d) => printDiagnostic(io, d, 'err'));
      if (parsed.diagnostics.length > 0) return 2;
      events.push(...parsed.events);
    }
    if (events.length === 0) return usageError(io, 'explain needs --event or --events');
    const host = hostFacts(values, io);
    if (typeof host === 'number') return host;
    if (host !== undefined)
      for (const [i, e] of events.entries()) if ('tool' in e && e.host === undefined) events[i] = { ...e, host };

    // A bundled preset id works as well as a file: `explain software-developer --event …`.
    const preset = isPresetReference(configFile) && !existsSync(configFile) ? findPreset(configFile) : undefined;
    const input = preset ? { text: preset.text } : readInput(configFile);
    if ('diagnostic' in input) return (printDiagnostic(io, input.diagnostic, 'err'), 2);
    const loaded = loadConfig(input.text, { file: preset?.file ?? configFile, readFile: readText });
    loaded.diagnostics.filter((d) => d.severity !== 'info').forEach((d) => printDiagnostic(io, d, 'err'));
    const policy = compile(loaded.config, values.root ? { root: values.root } : {});
    let state = startState(policy, values.agent);
    if (values.role) state = { ...state, role: values.role, roles: [values.role] };

    // Each event is read in the session it was judged in (the values and directory earlier calls left).
    const results: { event: Event; verdict: Verdict; before: SessionState }[] = [];
    for (const event of events) {
      const r = step(policy, state, event);
      results.push({ event, verdict: r.verdict, before: state });
      state = r.state;
    }
    if (values.json)
      io.out(
        JSON.stringify(
          results.map((r) => ({
            event: r.event,
            verdict: r.verdict,
            parsed: parsedCall(policy, r.before, r.event),
            spans: verdictSpans(policy, r.event, r.verdict, r.before),
          })),
          null,
          2,
        ),
      );
    else {
      io.out(
        dim(
          io,
          `${policy.contracts.length} contract(s) active · role ${state.roles.join(' + ') || '(none)'} · ${events.length} event(s)`,
        ),
      );
      results.forEach((r) => printVerdict(io, r.event, r.verdict, r.before, policy));
    }
    return loaded.status === 'ok' ? 0 : 1;
  },
};

/** A tool call's facts as the evaluator read them (its first reading): in the session it was judged in, with the
 * files the session wrote and the host's facts. */
function callFacts(policy: CompiledPolicy, before: SessionState, event: ToolEvent): ToolFacts {
  return toolFacts(
    event.tool,
    event.args,
    policy.options.root,
    false,
    sessionContext(policy, before, event),
    event.realPaths,
  );
}

/** The session's values and directory a call was read with, when it kept any. */
function sessionShell(policy: CompiledPolicy, before: SessionState, event: ToolEvent) {
  const shell = sessionContext(policy, before, event)?.shell;
  if (shell === undefined || (shell.env === undefined && shell.cwd === undefined)) return undefined;
  return { env: shell.env ?? {}, cwd: shell.cwd };
}

/** What the engine read from a tool call: simple commands (with the values it could not know, where they run, what
 * they read on stdin), file effects, opaque code, the session's values it used; for the trace and --json. */
function parsedCall(policy: CompiledPolicy, before: SessionState, event: Event) {
  if (!('tool' in event)) return undefined;
  const f = callFacts(policy, before, event);
  if (f.commands.length === 0 && f.effects.length === 0 && !f.shell) return undefined;
  const session = sessionShell(policy, before, event);
  return {
    ...(session !== undefined ? { session } : {}),
    commands: f.commands.map((c) => ({
      text: c.normalized,
      program: c.command.program,
      via: c.command.via,
      cwd: c.command.cwd,
      globals: c.command.globals.map((g) => g.token),
      flags: c.command.flags.map((x) => x.name),
      positionals: c.command.positionals,
      // Spans index the command as written (the event's command argument), or the file it comes from (`file`).
      unknown: c.command.unknown.map((u) => ({ text: u.text, role: u.role, start: u.start, end: u.end })),
      ...(c.command.remote !== undefined ? { remote: c.command.remote } : {}),
      ...(c.command.input !== undefined ? { input: { from: c.command.input.from, text: c.command.input.text } } : {}),
      ...(c.command.file !== undefined ? { file: c.command.file } : {}),
      ...(c.command.implied !== undefined
        ? { implied: c.command.implied.map((w) => ({ value: w.value, written: w.written, from: w.from })) }
        : {}),
    })),
    effects: f.effects.map((e) => ({
      kind: e.kind,
      path: e.path.relative,
      via: e.via,
      command: e.command === undefined ? undefined : e.command + 1,
      ...(e.unknown === true ? { unknown: true } : {}),
      ...(e.remote !== undefined ? { remote: e.remote } : {}),
      ...(e.ignored !== undefined ? { ignored: e.ignored } : {}),
    })),
    files: (f.shell?.scripts ?? []).flatMap((s, i) =>
      s.read === undefined ? [] : [{ path: f.scripts[i], as: s.as, read: s.read, command: s.command + 1 }],
    ),
    opaque: f.shell?.opaque.map((o) => ({ reason: o.reason, detail: o.detail })) ?? [],
    persists: f.shell?.persists,
    error: f.shell?.error?.message,
  };
}

/** The host facts the options give (undefined: none given; a number: the exit code of a usage error). */
function hostFacts(
  values: {
    branch?: string;
    detached?: boolean;
    upstream?: string;
    'default-branch'?: string[];
    ignore?: string[];
    gitignore?: string[];
  },
  io: CliIO,
): HostFacts | undefined | number {
  if (values.branch !== undefined && values.detached) return usageError(io, 'give --branch or --detached, not both');
  const gitignore: Record<string, string> = {};
  if (values.ignore !== undefined) gitignore['.'] = `${values.ignore.join('\n')}\n`;
  for (const spec of values.gitignore ?? []) {
    const eq = spec.indexOf('=');
    if (eq <= 0) return usageError(io, `--gitignore takes folder=file (e.g. .=.gitignore), got "${spec}"`);
    const file = spec.slice(eq + 1);
    const text = readText(file);
    if (text === undefined) return usageError(io, `--gitignore: cannot read ${file}`);
    const folder = spec.slice(0, eq);
    gitignore[folder] = gitignore[folder] === undefined ? text : `${gitignore[folder]}\n${text}`;
  }
  const defaults: Record<string, string> = {};
  for (const spec of values['default-branch'] ?? []) {
    const eq = spec.indexOf('=');
    const [remote, name] = eq < 0 ? ['origin', spec] : [spec.slice(0, eq), spec.slice(eq + 1)];
    if (remote === '' || name === '')
      return usageError(
        io,
        `--default-branch takes a branch or remote=branch (e.g. main, upstream=develop), got "${spec}"`,
      );
    defaults[remote] = name;
  }
  const host: { -readonly [K in keyof HostFacts]: HostFacts[K] } = {};
  if (values.branch !== undefined) host.branch = values.branch;
  if (values.detached) host.branch = null;
  if (values.upstream !== undefined) host.upstream = values.upstream;
  if (Object.keys(defaults).length > 0) host.defaultBranches = defaults;
  if (Object.keys(gitignore).length > 0) host.gitignore = gitignore;
  return Object.keys(host).length > 0 ? host : undefined;
}

function printParsed(io: CliIO, f: ToolFacts, v: Verdict, host: HostFacts | undefined): void {
  if (host !== undefined) {
    const said = [
      host.branch === undefined ? 'branch unknown' : host.branch === null ? 'HEAD detached' : `branch ${host.branch}`,
      host.upstream !== undefined ? `upstream ${host.upstream}` : '',
      host.defaultBranches !== undefined
        ? `default branch ${Object.entries(host.defaultBranches)
            .map(([r, b]) => `${r}/${b}`)
            .join(', ')}`
        : '',
      host.gitignore !== undefined ? `ignore files in ${Object.keys(host.gitignore).join(', ')}` : '',
    ].filter(Boolean);
    io.out(dim(io, `   host: ${said.join('; ')}`));
  }
  const by = (kind: 'command' | 'effect', i: number) =>
    v.matches.filter((m) => m.unit.kind === kind && m.unit.index === i && m.subject === 'tool call').map((m) => m.id);
  const mark = (ids: string[]) => (ids.length > 0 ? `  ${red(io, `← ${ids.join(', ')}`)}` : '');
  if (f.shell) {
    io.out(
      dim(
        io,
        `   parsed: ${f.commands.length} simple command(s)${f.shell.error ? `, a part does not parse (${f.shell.error.message})` : ''}`,
      ),
    );
    f.commands.forEach((c, i) => {
      const notes = [
        c.command.via.length > 0 ? `via ${c.command.via.join(' › ')}` : '',
        c.command.cwd !== undefined ? `in ${c.command.cwd}` : '',
        c.command.globals.length > 0
          ? `global ${c.command.globals.map((g) => (g.value !== undefined && g.token === g.name ? `${g.token} ${g.value}` : g.token)).join(' ')}`
          : '',
        c.command.remote !== undefined ? `runs on ${c.command.remote}` : '',
        c.command.file !== undefined ? `in ${c.command.file}, a file this session wrote` : '',
        ...(c.command.implied ?? []).map(
          (w) => `${w.written === undefined ? `${w.value} implied` : `${w.written} is ${w.value}`}: ${w.from}`,
        ),
      ]
        .filter(Boolean)
        .join('; ');
      // What a client reads as its input is shown on the line below the command, not inside it.
      const shown = c.command.input === undefined ? c.normalized : [c.command.program, ...c.command.argv].join(' ');
      io.out(`     [${i + 1}] ${shown}${notes ? dim(io, `  (${notes})`) : ''}${mark(by('command', i))}`);
      if (c.command.input !== undefined)
        io.out(
          dim(
            io,
            `         reads ${c.command.input.from === 'stdin' ? 'on stdin' : `from ${c.command.input.from}`}: ${JSON.stringify(clip(c.command.input.text))}`,
          ),
        );
      for (const u of c.command.unknown)
        io.out(
          `         ${yellow(io, 'unknown')} ${u.text} ${dim(io, `(${u.role === 'positional' ? `argument ${u.index + 1}` : u.role}, characters ${u.start}–${u.end}: its value cannot be known from the call)`)}`,
        );
    });
    for (const o of f.shell.opaque)
      io.out(`     ${yellow(io, 'opaque')} ${o.reason}${o.detail ? `: ${o.detail}` : ''}`);
    f.shell.scripts.forEach((s, i) => {
      if (s.read === undefined) return;
      const how =
        s.read === 'whole' ? 'its whole text, as this session wrote it' : 'only what this session put into it';
      io.out(
        `     ${dim(io, 'runs')} ${f.scripts[i]} ${dim(io, `(as ${s.as}; read ${how}; command ${s.command + 1})`)}`,
      );
    });
  }
  f.effects.forEach((e, i) => {
    const notes = [
      e.via,
      e.command !== undefined ? `command ${e.command + 1}` : '',
      e.remote !== undefined ? `on ${e.remote}` : '',
      e.ignored !== undefined ? `ignored by git: ${e.ignored.pattern}` : '',
    ]
      .filter(Boolean)
      .join(', ');
    io.out(
      `     ${dim(io, `effect ${i + 1}:`)} ${e.kind} ${e.path.relative}${e.unknown === true ? ` ${yellow(io, '(a path the engine cannot know)')}` : hasUnknownNames(e.path.relative) ? ` ${yellow(io, '(file names the engine cannot know)')}` : ''} ${dim(io, `(${notes})`)}${mark(by('effect', i))}`,
    );
  });
  const persists = f.shell?.persists;
  if (persists !== undefined && (Object.keys(persists.env).length > 0 || persists.cwd !== undefined)) {
    const values = Object.entries(persists.env).map(([k, v]) => (v === null ? `${k} (unknown)` : `${k}=${v}`));
    io.out(
      dim(
        io,
        `   leaves in its shell: ${[...values, persists.cwd !== undefined ? `directory ${persists.cwd}` : ''].filter(Boolean).join(', ')}`,
      ),
    );
  }
}

const clip = (s: string): string => (s.length > 120 ? `${s.slice(0, 117)}...` : s);

function printVerdict(io: CliIO, event: Event, v: Verdict, before: SessionState, policy: CompiledPolicy): void {
  const decision =
    v.decision === 'BLOCK' ? red(io, 'BLOCK') : v.decision === 'WARN' ? yellow(io, 'WARN') : green(io, 'ALLOW');
  // Observe mode: the decision is what happens; what would have happened is said beside it.
  const observed = v.observed ? ` ${yellow(io, `(observe mode: would ${v.observed.decision})`)}` : '';
  io.out(
    `${bold(io, `#${v.seq}`)} ${describeEvent(event)} → ${decision}${observed}${v.role ? dim(io, `  (role ${v.role})`) : ''}`,
  );
  if ('tool' in event && v.error === undefined) {
    const f = callFacts(policy, before, event);
    const session = sessionShell(policy, before, event);
    if (f.shell && session !== undefined) {
      const values = Object.entries(session.env).map(([k, val]) => `${k}=${val}`);
      io.out(
        dim(
          io,
          `   the session's shell: ${[...values, session.cwd !== undefined ? `directory ${session.cwd}` : ''].filter(Boolean).join(', ')}`,
        ),
      );
    }
    if (f.shell || f.effects.length > 0) printParsed(io, f, v, event.host);
  }
  for (const m of v.matches) {
    const mark =
      m.effect === 'block'
        ? red(io, '✗')
        : m.effect === 'bypassed'
          ? yellow(io, '↷')
          : m.effect === 'observed'
            ? yellow(io, '◌')
            : yellow(io, '!');
    io.out(
      `   ${mark} ${m.id} [${m.mode}${m.effect === 'bypassed' || m.effect === 'observed' ? `, ${m.effect}` : ''}] ${m.trigger}: ${m.held.join('; ')}${m.subject === 'tool call' || m.subject === 'message' ? '' : ` (${m.subject})`}`,
    );
    printSpans(io, matchSpans(policy, event, m, before), '     ');
  }
  for (const e of v.excused) io.out(dim(io, `   ○ ${e.id} excused by ${e.exception}: ${e.exceptionHeld.join('; ')}`));
  if (v.notice) io.out(`   ${dim(io, 'notice:')} ${v.notice}`);
  if (v.decision === 'BLOCK' && v.agentMessage)
    io.out(
      dim(
        io,
        `   ${v.agentMessage
          .split('\n')
          .filter((l) => l.startsWith('Bypass:'))
          .join(' ')}`,
      ),
    );
  if (v.error) io.out(red(io, `   error: ${v.error}`));
  for (const f of v.faults) io.out(red(io, `   contract ${f.id} failed while matching: ${f.error}`));
}

export function describeEvent(e: Event): string {
  if ('tool' in e) {
    const detail = callSubject(e.args) ?? '';
    return `tool ${e.tool}${detail ? ` ${JSON.stringify(truncate(detail))}` : ''}`;
  }
  if ('message' in e)
    return `message ${JSON.stringify(truncate(e.message))}${e.attachments?.length ? ` + ${e.attachments.join(', ')}` : ''}`;
  if ('confirm' in e) return 'confirm';
  if ('bypass' in e) return `bypass ${JSON.stringify(e.bypass)}`;
  if ('role' in e) return `role ${e.role}`;
  if ('agent' in e) return `agent ${e.agent}`;
  return 'reload';
}

const truncate = (s: string): string => (s.length > 80 ? `${s.slice(0, 77)}...` : s);
