// One headless `opencode serve` in a sandbox: takes the binary, the sandbox and its config; returns the server URL,
// the process id, the captured log and stop(). Ready means /global/health answers and, when asked, the plugin's
// command is listed in GET /command (the only proof that the plugin under test really loaded).

import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from './free-port.js';
import { sandboxEnv, type SandboxDirs } from './sandbox-dirs.js';
import { deadline, waitUntil } from './wait.js';
import { serverAuth } from './opencode-client.js';

export interface LaunchOptions {
  readonly binary: string;
  readonly dirs: SandboxDirs;
  /** Written to `<project>/opencode.json` before the start; omitted, the project's file is used as it is (a restart). */
  readonly config?: Record<string, unknown>;
  /** Wait until GET /command lists this command (e.g. `anchor`). */
  readonly readyCommand?: string;
  readonly env?: Readonly<Record<string, string>>;
  readonly startTimeoutMs?: number;
  /**
   * Run opencode under `strace -f -e trace=connect,sendto,sendmsg -o <file>`: every connection it (or a child)
   * attempts, and every datagram sent to an address without connecting first (a DNS query can go either way).
   */
  readonly straceFile?: string;
  readonly logLevel?: 'DEBUG' | 'INFO' | 'WARN' | 'ERROR';
  /** Called once the server answers health, before the plugin check (e.g. to subscribe to GET /event early). */
  readonly onHealthy?: (url: string) => void;
}

export interface OpencodeProcess {
  readonly url: string;
  readonly port: number;
  /** The opencode process itself (under strace: the traced child, not strace). */
  readonly pid: number;
  /** stdout + stderr so far (opencode's own log with --print-logs, plugin `client.app.log` lines included). */
  log(): string;
  stop(): Promise<void>;
}

const MAX_LOG_CHARS = 4_000_000;
/**
 * One health probe's limit. A connection made just as opencode 1.18's server starts to listen can be accepted and
 * never answered (measured: without a limit the request waited 300 s, undici's own limit, while a second connection
 * was answered at once); the health endpoint answers in milliseconds, so a probe that takes longer is dropped and
 * the next one sent. With 5 s every start waited ~4 s for nothing.
 */
const HEALTH_TIMEOUT_MS = 1_000;

export async function launchOpencode(options: LaunchOptions): Promise<OpencodeProcess> {
  if (options.config !== undefined)
    writeFileSync(join(options.dirs.project, 'opencode.json'), JSON.stringify(options.config, null, 2));
  const port = await freePort();
  const args = [
    'serve',
    '--hostname',
    '127.0.0.1',
    '--port',
    String(port),
    '--print-logs',
    '--log-level',
    options.logLevel ?? 'INFO',
  ];
  const [command, argv] = options.straceFile
    ? [
        'strace',
        ['-f', '-qq', '-e', 'trace=connect,sendto,sendmsg', '-o', options.straceFile, '--', options.binary, ...args],
      ]
    : [options.binary, args];
  // detached: opencode gets its own process group, so stop() also ends the shells its bash tool started.
  const child = spawn(command, argv, {
    cwd: options.dirs.project,
    env: sandboxEnv(options.dirs, options.env),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let log = '';
  const append = (chunk: Buffer) => {
    log += chunk.toString('utf8');
    if (log.length > MAX_LOG_CHARS) log = log.slice(-MAX_LOG_CHARS / 2);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  // If the parent dies first (a test runner killed mid-run), take the detached group down with it.
  const killOnExit = () => {
    if (child.pid !== undefined && child.exitCode === null && child.signalCode === null)
      signalGroup(child.pid, 'SIGKILL');
  };
  process.once('exit', killOnExit);
  child.once('exit', () => process.removeListener('exit', killOnExit));
  let exited: string | undefined;
  child.on('exit', (code, signal) => (exited = `opencode exited early (code ${code}, signal ${signal})`));
  child.on('error', (error) => (exited = `could not start ${command}: ${error.message}`));

  const url = `http://127.0.0.1:${port}`;
  // A server started with a password answers only requests that carry it.
  const password = options.env?.OPENCODE_SERVER_PASSWORD;
  const stop = () => stopProcess(child);
  const timeoutMs = options.startTimeoutMs ?? 60_000;
  const tail = () => `\n--- opencode log (tail) ---\n${log.slice(-3000)}`;
  try {
    await waitUntil(
      'GET /global/health',
      async () =>
        ((await getJson(`${url}/global/health`, password, HEALTH_TIMEOUT_MS)) as { healthy?: boolean } | undefined)
          ?.healthy === true
          ? true
          : undefined,
      {
        timeoutMs,
        abort: () => exited,
      },
    );
    options.onHealthy?.(url);
    if (options.readyCommand !== undefined) {
      const name = options.readyCommand;
      await waitUntil(
        `the command "${name}" in GET /command (did the plugin load?)`,
        async () => {
          const list = await getJson(`${url}/command`, password);
          return Array.isArray(list) &&
            list.some((c: unknown) => typeof c === 'object' && c !== null && (c as { name?: unknown }).name === name)
            ? true
            : undefined;
        },
        { timeoutMs, abort: () => exited, intervalMs: 200 },
      );
    }
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}${tail()}`);
  }
  const pid = options.straceFile ? await tracedChild(child.pid ?? 0) : (child.pid ?? 0);
  return { url, port, pid, log: () => log, stop };
}

async function getJson(url: string, password: string | undefined, timeoutMs = 5_000): Promise<unknown> {
  const response = await fetch(url, { headers: serverAuth(password), signal: AbortSignal.timeout(timeoutMs) });
  if (!response.ok) return undefined;
  return response.json() as Promise<unknown>;
}

/** strace's direct child is opencode; read it from /proc so stop() and tests see the real process. */
async function tracedChild(stracePid: number): Promise<number> {
  return waitUntil(
    'the process traced by strace',
    async () => {
      const children = readFileSync(`/proc/${stracePid}/task/${stracePid}/children`, 'utf8')
        .trim()
        .split(/\s+/)
        .filter(Boolean);
      return children[0] ? Number(children[0]) : undefined;
    },
    { timeoutMs: 5_000 },
  );
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  signalGroup(child.pid, 'SIGTERM');
  const done = await Promise.race([exited.then(() => true), deadline(5_000).then(() => false)]);
  if (!done) {
    signalGroup(child.pid, 'SIGKILL');
    await Promise.race([exited, deadline(2_000)]);
  }
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal); // the group we created with detached: true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error; // ESRCH: already gone, which is the goal
  }
}
