// A test host for the opencode 1.18 adapter: a real project folder with a real YAML file, the recorded payloads
// (test/fixtures/v1, recorded from opencode-ai@1.18.33) placed in that folder, and a client that records the
// log lines and toasts the plugin sends (the one part of opencode not running here).
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import plugin from '../../src/index.js';
import type { V1Hooks } from '../../src/v1/server.js';

/** A V1 hook driven with recorded payloads: JSON data, which no type can promise, as opencode's runtime passes it. */
type Recorded<F> = F extends (...args: infer A) => infer R ? (...args: { [I in keyof A]: unknown }) => R : never;

/**
 * The plugin's hooks as the tests call them: every payload as data (the adapter parses it, which is what these tests
 * pin down), the status tool with a context that holds only what the plugin reads.
 */
export type RecordedHooks = { readonly [K in Exclude<keyof V1Hooks, 'tool'>]: Recorded<V1Hooks[K]> } & {
  readonly tool: Readonly<Record<string, Readonly<Record<'args', unknown>> & { execute: Recorded<ToolExecute> }>>;
};
type ToolExecute = V1Hooks['tool'][string]['execute'];

const here = dirname(fileURLToPath(import.meta.url));
export const fixtures = join(here, '..', 'fixtures');

export interface LogBody {
  service: string;
  level: string;
  message: string;
  extra?: Record<string, unknown>;
}
export interface ToastBody {
  title?: string;
  message: string;
  variant: string;
}

export interface V1TestHost {
  readonly hooks: RecordedHooks;
  readonly project: string;
  readonly logs: LogBody[];
  readonly toasts: ToastBody[];
  /** A recorded payload, with the recording's sandbox path replaced by this project's folder. */
  payload(
    name: string,
    edit?: (json: string) => string,
  ): { input: Record<string, unknown>; output: Record<string, unknown>; event?: Record<string, unknown> };
}

export interface StartOptions {
  /** A config fixture (test/fixtures/configs/<name>.yaml) to install as the project's .opencode file. */
  readonly config?: string;
  /** Extra files to write into the project, path → text. */
  readonly files?: Readonly<Record<string, string>>;
  /** Plugin options, as the tuple form in opencode.json passes them. */
  readonly options?: Record<string, unknown>;
  /** Install the config fixture here (relative to the project) instead of .opencode/. */
  readonly configAt?: string;
}

export async function startV1(opts: StartOptions = {}): Promise<V1TestHost> {
  const project = mkdtempSync(join(tmpdir(), 'sa-plugin-project-'));
  // An empty user config folder, so the machine's own ~/.config never leaks into a test.
  process.env.XDG_CONFIG_HOME = mkdtempSync(join(tmpdir(), 'sa-plugin-xdg-'));
  if (opts.config) {
    const target = join(project, opts.configAt ?? '.opencode/opencode-semantic-anchors.yaml');
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(join(fixtures, 'configs', `${opts.config}.yaml`), target);
  }
  for (const [path, text] of Object.entries(opts.files ?? {})) {
    mkdirSync(dirname(join(project, path)), { recursive: true });
    writeFileSync(join(project, path), text);
  }
  const logs: LogBody[] = [];
  const toasts: ToastBody[] = [];
  const client = {
    app: { log: async (o: { body: LogBody }) => (logs.push(o.body), { data: true }) },
    tui: { showToast: async (o: { body: ToastBody }) => (toasts.push(o.body), { data: true }) },
  };
  const input = JSON.parse(
    readFileSync(join(fixtures, 'v1', 'plugin.input.json'), 'utf8').replaceAll('/SANDBOX/project', project),
  ).input;
  const hooks = await plugin.server({ ...input, client }, opts.options);
  // The factory returns before the rules are loaded (they load in the background; every hook waits for them): wait
  // as any hook does, so the load's logs and toasts are in before a test reads them.
  await hooks.event({ event: { type: 'server.connected', properties: {} } });
  return {
    // Widening the payload types only (each hook takes `unknown` where opencode's type names a shape): no hook added.
    hooks: hooks as RecordedHooks,
    project,
    logs,
    toasts,
    payload(name, edit = (j) => j) {
      const text = readFileSync(join(fixtures, 'v1', `${name}.json`), 'utf8').replaceAll('/SANDBOX/project', project);
      return JSON.parse(edit(text));
    },
  };
}

/** Runs tool.execute.before; returns the thrown message, or undefined when the call may run. */
export async function before(
  host: V1TestHost,
  p: { input: Record<string, unknown>; output: Record<string, unknown> },
): Promise<string | undefined> {
  try {
    await host.hooks['tool.execute.before'](p.input, p.output);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

/** A bash call in the recorded shape, with another command. */
export function bash(
  host: V1TestHost,
  command: string,
  callID = `call_${Math.random().toString(36).slice(2)}`,
  sessionID?: string,
) {
  const p = host.payload('tool.execute.before.bash');
  return {
    input: { ...p.input, callID, ...(sessionID ? { sessionID } : {}) },
    output: { args: { command, description: 'test' } },
  };
}

/** Sends `/anchor <args>` through command.execute.before and returns the parts it left. */
export async function anchor(
  host: V1TestHost,
  args: string,
  sessionID = ROOT_SESSION,
): Promise<Array<Record<string, unknown>>> {
  const p = host.payload('command.execute.before');
  const parts = p.output.parts as Array<Record<string, unknown>>;
  await host.hooks['command.execute.before']({ ...p.input, command: 'anchor', arguments: args, sessionID }, { parts });
  return parts;
}

export const ROOT_SESSION = 'ses_dd759d142ffewqD37g18fYmfAH';
export const CHILD_SESSION = 'ses_dd759c9d4ffeHZPedyr6029NKa';

/**
 * The decision log's lines once at least `count` are written. The log writes in the background (a slow disk never
 * delays a tool call), so a test waits for the records, bounded, instead of sleeping a fixed time.
 */
export async function decisionLogLines(project: string, count: number, timeoutMs = 10_000): Promise<string[]> {
  const file = join(project, '.opencode', 'semantic-anchors-decisions.jsonl');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
    const lines = text.split('\n').filter((l) => l.trim() !== '');
    if (lines.length >= count || Date.now() > deadline) return lines;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * What opencode does while a tool runs that passed `tool.execute.before`: for bash it asks `shell.env` for the shell's
 * environment (the plugin's sandbox hands the wrapped command over there), then calls `tool.execute.after`.
 */
export async function afterRun(
  host: V1TestHost,
  input: { tool: string; sessionID: string; callID: string },
  args: Record<string, unknown>,
  result: Record<string, unknown>,
): Promise<void> {
  if (input.tool === 'bash')
    await host.hooks['shell.env']({ cwd: host.project, sessionID: input.sessionID, callID: input.callID }, { env: {} });
  await host.hooks['tool.execute.after']({ ...input, args }, result);
}
