// `semantic-anchors replay [<export.json | folder | decisions.jsonl | ->…]`: what the contracts would have done in
// real opencode sessions. Given nothing, exports the project's sessions through opencode's own CLI.
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { isPresetReference, loadConfig } from '../../load/index.js';
import { findPreset } from '../../catalogue.js';
import { compile, type CompiledPolicy } from '../../compile/index.js';
import {
  decisionLogCall,
  replayExports,
  ReplayTally,
  type ExportSource,
  type ReplayCall,
  type ReplaySession,
} from '../../hosts/opencode/index.js';
import type { CliCommand } from '../command.js';
import { parse } from '../args.js';
import { dim, printDiagnostic, readInput, readText, red, type CliIO } from '../io.js';
import { usageError } from './validate.js';
import {
  exportProjectSessions,
  expandInputs,
  fileSource,
  isDecisionLog,
  logLines,
  opencodeBinary,
  stdinSource,
} from '../replay-sources.js';
import { printCall, printSessionEnd, printSessionHeader, printTotal } from '../replay-print.js';

export const CONFIG_FILE_NAME = 'opencode-semantic-anchors.yaml';
const DEFAULT_CONFIG = 'version: 1\nextends: [software-developer]\n';

const USAGE = `semantic-anchors replay [<export.json | folder | decisions.jsonl | ->…] [options]

Replays real opencode sessions against a contract file: every tool call and human message goes through the same
mapping the plugin uses, in the order it happened (a subagent's session where its task call started it, sharing
its parent's rules state). Prints each call that would be blocked, warned or observed, with the contract, the
characters that matched and the agent's next call; per session and in total, the counts per contract, the calls
the rules could not judge (opaque code, unknown tools) and the bypasses a human would have needed.

Inputs: files written by "opencode export <sessionID>", folders of them, "-" for stdin, and the plugin's decision
log (.jsonl: its recorded verdicts are counted as they were; arguments are hashed there, so they are not judged
again). Given no input, it lists the project's sessions with "opencode session list" in the current folder and
exports each (and the subagent sessions they started) with "opencode export" (opencode from $OPENCODE_BIN or PATH).
An export made with --sanitize keeps no tool inputs or words: its calls are counted as not judged.

  --config <file|preset>  the contract file (default: .opencode/${CONFIG_FILE_NAME}, then the user's
                          $XDG_CONFIG_HOME/opencode/${CONFIG_FILE_NAME}, else the software-developer preset)
  --role <id>             the role every session starts in (default: the configuration's)
  --root <dir>            the project root paths are matched against (default: each session's own folder)
  --json                  print a JSON array of records, one per tool call (and per human message the rules did
                          not simply allow): tool, decision, contracts, matches, spans, observed, next, skipped, …

Damaged files (cut short, not JSON, wrong shapes) are reported with file:line:col; what came before the damage is
replayed. Exits 0 when everything was replayed (whatever the verdicts), 1 when an input was damaged or the
configuration has errors, 2 on unusable arguments or when no input could be read.`;

export const replayCommand: CliCommand = {
  summary: 'replay real opencode sessions (exports, decision logs) against a contract file',
  usage: USAGE,
  async run(args, io) {
    const { values, positionals } = parse(args, {
      config: { type: 'string' },
      role: { type: 'string' },
      root: { type: 'string' },
      json: { type: 'boolean' },
    });
    const cfg = configText(values.config);
    if ('diagnostic' in cfg) return (printDiagnostic(io, cfg.diagnostic, 'err'), 2);
    const loaded = loadConfig(cfg.text, { file: cfg.file, readFile: readText });
    loaded.diagnostics.filter((d) => d.severity !== 'info').forEach((d) => printDiagnostic(io, d, 'err'));
    if (values.role && !loaded.config.roles.known.includes(values.role))
      return usageError(io, `--role ${values.role} is not a known role (${loaded.config.roles.known.join(', ')})`);
    const policies = new Map<string, CompiledPolicy>();
    const policyFor = (directory: string | undefined): CompiledPolicy => {
      const root = resolve(values.root ?? directory ?? '.');
      let policy = policies.get(root);
      if (!policy) {
        // The protection the plugin always adds and a replay can know: the contract files and git hooks.
        const contractFiles = [join(root, '.opencode', CONFIG_FILE_NAME), ...(cfg.path ? [cfg.path] : [])];
        policy = compile(loaded.config, { root, protect: { contractFiles, gitHooks: true } });
        policies.set(root, policy);
      }
      return policy;
    };

    let inputs = positionals;
    let cleanup: (() => void) | undefined;
    if (inputs.length === 0) {
      const binary = opencodeBinary();
      if (!binary) {
        io.err(
          'semantic-anchors replay: no input given and no opencode on PATH to find the sessions with\nhint: pass export files (opencode export <sessionID> > session.json), or set OPENCODE_BIN',
        );
        return 2;
      }
      try {
        const exported = await exportProjectSessions(binary, process.cwd());
        inputs = exported.files;
        cleanup = exported.remove;
        io.err(dim(io, `exported ${exported.ids.length} session(s) of ${process.cwd()} with ${binary}`));
      } catch (error) {
        io.err(`semantic-anchors replay: could not list or export the sessions: ${(error as Error).message}`);
        return 2;
      }
    }
    try {
      return await replay(io, inputs, values.json === true, values.role, policyFor, loaded.status !== 'ok');
    } finally {
      cleanup?.();
    }
  },
};

async function replay(
  io: CliIO,
  inputs: readonly string[],
  json: boolean,
  role: string | undefined,
  policyFor: (directory: string | undefined) => CompiledPolicy,
  configProblems: boolean,
): Promise<number> {
  const { files, problems } = expandInputs(inputs);
  for (const p of problems) io.err(`semantic-anchors replay: ${p}`);
  if (files.length === 0) {
    io.err('semantic-anchors replay: nothing to replay (no export files found)');
    return 2;
  }
  const total = new ReplayTally();
  const perSession = new Map<string, ReplayTally>();
  let first = true;
  const emit = (c: ReplayCall) => {
    total.add(c);
    let t = perSession.get(c.session);
    if (!t) perSession.set(c.session, (t = new ReplayTally()));
    t.add(c);
    if (json) {
      io.out(`${first ? '[' : ','}${JSON.stringify(c)}`);
      first = false;
    } else if (c.decision !== 'ALLOW' || c.observed || c.skipped) printCall(io, c, policyFor(undefined));
  };
  const sources: ExportSource[] = [];
  const sessions: ReplaySession[] = [];
  if (!json) {
    const p = policyFor(undefined);
    io.out(
      dim(io, `${p.contracts.length} contract(s), ${p.contracts.filter((c) => c.observe).length} in observe mode`),
    );
  }
  for (const f of files) {
    if (f !== '-' && isDecisionLog(f)) {
      if (!json) printSessionHeader(io, { id: '(decision log)', subagent: false, root: '', file: f });
      let n = 0;
      let unreadable = 0;
      for await (const line of logLines(f)) {
        n++;
        if (line.trim() === '') continue;
        const c = decisionLogCall(line, f, n);
        if (c === undefined) unreadable++;
        else if (c !== 'other') emit(c);
      }
      if (unreadable > 0) io.err(`${f}: ${unreadable} line(s) were not decision records and were skipped`);
    } else sources.push(f === '-' ? stdinSource() : fileSource(f));
  }
  await replayExports(sources, {
    policy: policyFor,
    role,
    onCall: emit,
    onSessionStart: (s) => {
      if (!json) printSessionHeader(io, s);
    },
    onSession: (s) => {
      sessions.push(s);
      if (s.damaged) printDiagnostic(io, s.damaged, 'err');
      if (!json) printSessionEnd(io, s, (perSession.get(s.id) ?? new ReplayTally()).result());
      perSession.delete(s.id);
    },
  });
  if (json) io.out(first ? '[]' : ']');
  else printTotal(io, sessions, total.result(), policyFor(undefined).settings.bypassBudget);
  const damaged = sessions.some((s) => s.damaged !== undefined) || problems.length > 0;
  if (sessions.length === 0 && total.result().fromLog === 0) {
    io.err(red(io, 'semantic-anchors replay: no session could be read'));
    return 2;
  }
  return damaged || configProblems ? 1 : 0;
}

/** The contract file: --config (a file or a bundled preset id), else the plugin's places, else its default. */
function configText(
  option: string | undefined,
): { text: string; file: string; path: string | undefined } | { diagnostic: Parameters<typeof printDiagnostic>[1] } {
  if (option !== undefined) {
    const preset = isPresetReference(option) && !existsSync(option) ? findPreset(option) : undefined;
    if (preset) return { text: preset.text, file: preset.file, path: undefined };
    const input = readInput(option);
    return 'diagnostic' in input ? input : { text: input.text, file: option, path: resolve(option) };
  }
  const xdg =
    process.env.XDG_CONFIG_HOME && isAbsolute(process.env.XDG_CONFIG_HOME)
      ? process.env.XDG_CONFIG_HOME
      : join(homedir(), '.config');
  for (const candidate of [join('.opencode', CONFIG_FILE_NAME), join(xdg, 'opencode', CONFIG_FILE_NAME)]) {
    if (!existsSync(candidate)) continue;
    const input = readInput(candidate);
    return 'diagnostic' in input ? input : { text: input.text, file: candidate, path: resolve(candidate) };
  }
  return { text: DEFAULT_CONFIG, file: '<default: extends software-developer>', path: undefined };
}
