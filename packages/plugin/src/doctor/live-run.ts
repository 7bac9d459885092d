// The proof: a real opencode, headless in a throw-away sandbox, with the user's contract file and this package's
// plugin bundle, against the scripted model on 127.0.0.1. Takes the call to replay; returns two checks (the
// binary, the block) — a skip, not a failure, when no opencode is installed.

import { execFileSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import {
  callDirective,
  createSandboxDirs,
  findOpencode,
  launchOpencode,
  OpencodeClient,
  sandboxOpencodeConfig,
  startScriptedModel,
  type FoundBinary,
} from '@semantic-anchors/sandbox';
import { describeCall, type DemoCall } from './demo-call.js';
import type { Check } from './report.js';
import { canary, sandboxProbe } from './sandbox-check.js';

export interface LiveRunOptions {
  readonly projectDir: string;
  /** The user's contract file (absolute), passed as the plugin option `config`; undefined: the default applies. */
  readonly configFile: string | undefined;
  readonly demo: DemoCall | undefined;
  readonly pluginBundle: string;
  readonly timeoutMs: number;
  readonly binary?: FoundBinary;
}

const MIN_VERSION = [1, 18] as const;

export function opencodeVersion(binary: string): string | undefined {
  try {
    return execFileSync(binary, ['--version'], {
      encoding: 'utf8',
      timeout: 30_000,
      stdio: ['ignore', 'pipe', 'pipe'],
    }).trim();
  } catch (error) {
    return `unknown (${(error as Error).message.split('\n')[0]})`;
  }
}

function versionOk(version: string): boolean {
  const m = /^(\d+)\.(\d+)/.exec(version);
  if (!m) return false;
  const [major, minor] = [Number(m[1]), Number(m[2])];
  return major > MIN_VERSION[0] || (major === MIN_VERSION[0] && minor >= MIN_VERSION[1]);
}

export async function liveRun(options: LiveRunOptions): Promise<Check[]> {
  const binary = options.binary ?? findOpencode(options.projectDir);
  if (binary === undefined) {
    return [
      {
        name: 'opencode',
        status: 'skip',
        detail: 'no opencode binary on PATH or in node_modules/.bin, so no live check',
        remedy: 'install it (npm install -g opencode-ai) and run doctor again to see a contract block a real call',
      },
    ];
  }
  const version = opencodeVersion(binary.path) ?? 'unknown';
  const binaryCheck: Check = versionOk(version)
    ? { name: 'opencode', status: 'pass', detail: `${binary.path} (${version}, from ${binary.source})` }
    : {
        name: 'opencode',
        status: 'fail',
        detail: `${binary.path} is version ${version}; the plugin needs opencode >= ${MIN_VERSION.join('.')}`,
        remedy: 'upgrade: npm install -g opencode-ai@latest',
      };
  if (binaryCheck.status === 'fail') return [binaryCheck];
  return [binaryCheck, ...(await blockInSandbox(binary.path, options))];
}

async function blockInSandbox(binary: string, options: LiveRunOptions): Promise<Check[]> {
  const name = 'live check';
  const started = Date.now();
  const model = await startScriptedModel();
  const dirs = createSandboxDirs();
  const listener = await canary();
  const url = pathToFileURL(options.pluginBundle).href;
  try {
    // biome-ignore lint/suspicious/noImplicitAnyLet: TypeScript types it from the assignment in the try below
    let opencode;
    try {
      opencode = await launchOpencode({
        binary,
        dirs,
        config: sandboxOpencodeConfig({
          modelBaseURL: model.baseURL,
          plugins: [options.configFile ? [url, { config: options.configFile }] : url],
          // The throw-away project needs no undo history: opencode's snapshot of it costs about half a second a step.
          extra: { snapshot: false },
        }),
        readyCommand: 'anchor',
        startTimeoutMs: options.timeoutMs,
      });
    } catch (error) {
      const pluginLines = (error as Error).message
        .split('\n')
        .filter((l) => /plugin|semantic-anchors/i.test(l))
        .slice(-5);
      return [
        {
          name,
          status: 'fail',
          detail: `the plugin did not load in a sandboxed opencode: ${(error as Error).message.split('\n')[0]}`,
          notes: pluginLines,
          remedy:
            'run opencode with --print-logs and look for "failed to load plugin"; rebuild or reinstall opencode-semantic-anchors',
        },
      ];
    }
    try {
      const client = new OpencodeClient(opencode.url, options.timeoutMs);
      const session = await client.createSession();
      const block = await demonstrate(client, session, options, started);
      return [block, await proveOsSandbox(client, session, dirs.project, listener)];
    } finally {
      await opencode.stop();
    }
  } finally {
    await listener.close();
    await model.close();
    dirs.remove();
  }
}

/** A contract blocking a real call (the user's example, or /anchor answering when there is none). */
async function demonstrate(
  client: OpencodeClient,
  session: string,
  options: LiveRunOptions,
  started: number,
): Promise<Check> {
  const name = 'live check';
  if (options.demo === undefined) {
    const answer = await client.command(session, 'anchor', 'status');
    return answer.status < 400
      ? {
          name,
          status: 'pass',
          detail:
            'the plugin loaded in a real opencode and /anchor answers; no BLOCK contract has a tool example to replay',
          remedy: 'add examples to a BLOCK contract to see one blocked here',
        }
      : {
          name,
          status: 'fail',
          detail: `/anchor status failed in the sandbox: HTTP ${answer.status}`,
          remedy: 'report this with the output of opencode --print-logs',
        };
  }
  const demo = options.demo;
  await client.prompt(session, callDirective(demo.tool, demo.args), { agent: demo.agent });
  const [part] = await client.toolParts(session);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const blocked = part?.status === 'error' && (part.error ?? '').startsWith('BLOCKED by semantic-anchors');
  if (blocked) {
    const firstLine = (part?.error ?? '').split('\n')[0] ?? '';
    return {
      name,
      status: 'pass',
      detail: `a real opencode blocked "${describeCall(demo)}" as agent ${demo.agent} (${demo.contracts.join(', ')}) in ${seconds} s`,
      notes: [firstLine],
    };
  }
  return {
    name,
    status: 'fail',
    detail: `the engine blocks "${describeCall(demo)}" (${demo.contracts.join(', ')}) but the sandboxed opencode ${part ? `ended the call as ${part.status}${part.error ? `: ${part.error.split('\n')[0]}` : ''}` : 'never made the call'}`,
    remedy:
      'check that no other plugin or opencode permission handles the call first, and report it with the output of opencode --print-logs',
  };
}

/**
 * The OS sandbox, proven in the same opencode: what the plugin says of it (/anchor status), then a bash call that
 * writes into .opencode/ through a link and connects to a listener on this machine. Off or unavailable is a warning
 * (said, not failed: the rules still hold); on but not containing is a failure.
 */
async function proveOsSandbox(
  client: OpencodeClient,
  session: string,
  projectDir: string,
  listener: Awaited<ReturnType<typeof canary>>,
): Promise<Check> {
  const name = 'OS sandbox live';
  const status = await client.command(session, 'anchor', 'status');
  const texts = (await client.messages(session)).flatMap((m) => m.texts);
  const line =
    texts
      .flatMap((t) => t.split('\n'))
      .filter((l) => l.startsWith('Sandbox:'))
      .at(-1) ?? '';
  if (status.status >= 400 || line === '')
    return {
      name,
      status: 'fail',
      detail: 'the plugin did not say whether the sandbox runs (/anchor status has no Sandbox line)',
    };
  if (/^Sandbox: (OFF|UNAVAILABLE)/.test(line))
    return {
      name,
      status: 'warn',
      detail: line.replace(/^Sandbox: /, ''),
      remedy: /UNAVAILABLE/.test(line)
        ? 'on Debian/Ubuntu: sudo apt-get install -y bubblewrap socat ripgrep (and user namespaces must be allowed)'
        : 'remove "sandbox: off" from the contract file unless a human decided so',
    };
  const probe = sandboxProbe(projectDir, listener.port);
  const before = (await client.toolParts(session)).length;
  await client.prompt(session, callDirective('bash', { command: probe.command, description: 'doctor: sandbox probe' }));
  const part = (await client.toolParts(session)).slice(before)[0];
  return probe.judge(part, listener.connections());
}
