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
import type { Event, ToolEvent } from '../../schema/index.js';
import type { Verdict } from '../../evaluate/verdict.js';
import { callSubject, toolFacts, type ToolFacts } from '../../facts/index.js';
import { matchSpans, verdictSpans } from '../../explain/index.js';
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

/** A tool call's facts as the evaluator read them: in the session it was judged in. */
function callFacts(policy: CompiledPolicy, before: SessionState, event: ToolEvent): ToolFacts {
  return toolFacts(event.tool, event.args, policy.options.root, false, sessionContext(policy, before, event.args));
}

/** What the engine read from a tool call: simple commands (with the values it could not know, where they run, what
 * they read on stdin), file effects, opaque code, the session's values it used; for the trace and --json. */
function parsedCall(policy: CompiledPolicy, before: SessionState, event: Event) {
  if (!('tool' in event)) return undefined;
  const f = callFacts(policy, before, event);
  if (f.commands.length === 0 && f.effects.length === 0 && !f.shell) return undefined;
  const context = sessionContext(policy, before, event.args);
  return {
    ...(context !== undefined ? { session: { env: context.env ?? {}, cwd: context.cwd } } : {}),
    commands: f.commands.map((c) => ({
      text: c.normalized,
      program: c.command.program,
      via: c.command.via,
      cwd: c.command.cwd,
      globals: c.command.globals.map((g) => g.token),
      flags: c.command.flags.map((x) => x.name),
      positionals: c.command.positionals,
      // Spans index the command as written (the event's command argument).
      unknown: c.command.unknown.map((u) => ({ text: u.text, role: u.role, start: u.start, end: u.end })),
      ...(c.command.remote !== undefined ? { remote: c.command.remote } : {}),
      ...(c.command.input !== undefined ? { stdin: c.command.input } : {}),
    })),
    effects: f.effects.map((e) => ({
      kind: e.kind,
      path: e.path.relative,
      via: e.via,
      command: e.command === undefined ? undefined : e.command + 1,
      ...(e.unknown === true ? { unknown: true } : {}),
      ...(e.remote !== undefined ? { remote: e.remote } : {}),
    })),
    opaque: f.shell?.opaque.map((o) => ({ reason: o.reason, detail: o.detail })) ?? [],
    persists: f.shell?.persists,
    error: f.shell?.error?.message,
  };
}

function printParsed(io: CliIO, f: ToolFacts, v: Verdict): void {
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
      ]
        .filter(Boolean)
        .join('; ');
      // A client's stdin is shown on the lines below the command, not inside it.
      const shown = c.command.input === undefined ? c.normalized : c.normalized.slice(0, c.normalized.indexOf('\n'));
      io.out(`     [${i + 1}] ${shown}${notes ? dim(io, `  (${notes})`) : ''}${mark(by('command', i))}`);
      if (c.command.input !== undefined)
        io.out(dim(io, `         reads on stdin: ${JSON.stringify(clip(c.command.input))}`));
      for (const u of c.command.unknown)
        io.out(
          `         ${yellow(io, 'unknown')} ${u.text} ${dim(io, `(${u.role === 'positional' ? `argument ${u.index + 1}` : u.role}, characters ${u.start}–${u.end}: its value cannot be known from the call)`)}`,
        );
    });
    for (const o of f.shell.opaque)
      io.out(`     ${yellow(io, 'opaque')} ${o.reason}${o.detail ? `: ${o.detail}` : ''}`);
  }
  f.effects.forEach((e, i) => {
    const notes = [
      e.via,
      e.command !== undefined ? `command ${e.command + 1}` : '',
      e.remote !== undefined ? `on ${e.remote}` : '',
    ]
      .filter(Boolean)
      .join(', ');
    io.out(
      `     ${dim(io, `effect ${i + 1}:`)} ${e.kind} ${e.path.relative}${e.unknown === true ? ` ${yellow(io, '(a path the engine cannot know)')}` : ''} ${dim(io, `(${notes})`)}${mark(by('effect', i))}`,
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
    const context = sessionContext(policy, before, event.args);
    if (f.shell && context !== undefined) {
      const values = Object.entries(context.env ?? {}).map(([k, val]) => `${k}=${val}`);
      io.out(
        dim(
          io,
          `   the session's shell: ${[...values, context.cwd !== undefined ? `directory ${context.cwd}` : ''].filter(Boolean).join(', ')}`,
        ),
      );
    }
    if (f.shell || f.effects.length > 0) printParsed(io, f, v);
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
