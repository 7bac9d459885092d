// The OS sandbox of the agent's shell calls, as the adapters use it: prepare a bash call (after the engine let it
// run), hand its wrapped form to the shell's environment, and afterwards say what the sandbox refused. The policy is
// derived from the same protect facts the engine's self-protection uses (policy.ts); the library runs in
// runtime.ts; how a call gets in is launcher.ts. Hooks stay thin: they call these methods and nothing else.
// INVARIANT: no method throws; an internal failure leaves the call fail-closed (the launcher runs the refusal, never
// the agent's command unsandboxed) once the launcher is in place, and is reported.
import { crypto } from '../core/builtins.js';
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { describeError, type Channels } from '../core/channels.js';
import { ANSWER_PREFIX } from '../core/text.js';
import { findRepository } from '../core/git-files.js';
import { isTempCodeCache } from '../core/protection.js';
import type { PolicySnapshot } from '../core/policy-loader.js';
import { LAUNCHER, refusedCommand, withLauncher, WRAPPED_ENV } from './launcher.js';
import { localPortsPrefix } from './local-ports.js';
import { excludesEnv, gitGlobalEnv, placeholderPatterns, userExcludesFile, writeExcludesFile } from './placeholders.js';
import { firstUseCaches, pnpmStoreEnv } from './pnpm-store.js';
import { quietChecksEnv } from './quiet-checks.js';
import {
  isInside,
  sandboxHost,
  sandboxPolicy,
  type SandboxHost,
  type SandboxPolicy,
  unreadableFiles,
} from './policy.js';
import { readRefusals, refusalNote, type Refusal } from './refusals.js';
import { sandboxRuntime, type SandboxRuntime } from './runtime.js';
import { sandboxStatusLine, type SandboxStatus } from './status.js';

export type { SandboxStatus } from './status.js';
export type { Refusal } from './refusals.js';

export interface SandboxOptions {
  readonly directory: string;
  readonly worktree: string | undefined;
  readonly channels: Channels;
  /** Called with what the sandbox refused in a call (the core logs it and writes the decision log). */
  readonly onRefused: (sessionID: string, tool: string, refusals: readonly Refusal[]) => void;
  readonly home?: string;
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** The runtime to use (tests); the process-wide one by default. */
  readonly runtime?: SandboxRuntime;
}

interface PendingCall {
  readonly sessionID: string;
  readonly tool: string;
  readonly original: string;
  /** The host's own args object: the agent's command goes back into it once the wrapped one is handed over. */
  readonly args: Record<string, unknown>;
  readonly commandId: string;
  readonly policy: SandboxPolicy;
  readonly facts: PolicySnapshot['protect'];
  readonly marker: string;
  handedOver: boolean;
  /** When the command was wrapped (ms since the epoch). */
  since: number;
}

const SHELLS = new Set(['bash', 'zsh', 'sh', 'dash', 'ksh', 'mksh']);
const MAX_PENDING = 1000;

export class Sandbox {
  private readonly runtime: SandboxRuntime;
  private readonly host: SandboxHost;
  private readonly pending = new Map<string, PendingCall>();
  private dir: string | undefined;
  private shell = 'bash';
  private reported: SandboxStatus['kind'] | undefined;
  private cached: { snapshot: PolicySnapshot; policy: SandboxPolicy } | undefined;
  private userExcludes: string | undefined;

  constructor(private readonly options: SandboxOptions) {
    this.runtime = options.runtime ?? sandboxRuntime;
    const env = options.env ?? process.env;
    this.host = sandboxHost(options);
    this.shell = chooseShell(undefined, env.SHELL);
  }

  /** The shell opencode's bash tool runs (its `shell` setting, else $SHELL); the sandbox runs the same inside. */
  useShell(configured: unknown): void {
    this.shell = chooseShell(
      typeof configured === 'string' ? configured : undefined,
      (this.options.env ?? process.env).SHELL,
    );
  }

  /**
   * Starts the runtime in the background and says, once, how it went (log, and a toast when it is not on). Nothing
   * of it runs before the plugin's factory has returned: opencode's start waits for the factory, not for this.
   */
  start(snapshot: PolicySnapshot): void {
    setImmediate(() => {
      try {
        if (snapshot.policy.settings.sandbox.mode === 'off') {
          this.reportOnce(snapshot);
          return;
        }
        void this.startRuntime(this.policyFor(snapshot)).then(
          () => this.reportOnce(snapshot),
          (error: unknown) => this.options.channels.log('error', `sandbox start failed: ${describeError(error)}`, {}),
        );
      } catch (error) {
        this.options.channels.log('error', `sandbox start failed: ${describeError(error)}`, {});
      }
    });
  }

  /**
   * Settles once the runtime has started or failed to. A shell call waits for it before the result check marks the
   * call as running: loading the library makes opencode's Bun write its transpiler cache (integrity/result-check.ts).
   */
  async started(snapshot: PolicySnapshot): Promise<void> {
    if (snapshot.policy.settings.sandbox.mode === 'off') return;
    await this.startRuntime(this.policyFor(snapshot));
  }

  /** The runtime, started once per process with the first project's writable and read-only lists (runtime.ts). */
  private startRuntime(policy: SandboxPolicy) {
    return this.runtime.start({ writable: policy.writable, readOnly: [...policy.readOnly, this.privateDir()] });
  }

  /** The sandbox's state for the status texts and the load log. */
  status(snapshot: PolicySnapshot): SandboxStatus {
    if (snapshot.policy.settings.sandbox.mode === 'off') return { kind: 'off', file: snapshot.file };
    const state = this.runtime.state;
    if (state.kind !== 'ready') return state;
    const policy = this.policyFor(snapshot);
    return {
      kind: 'on',
      platform: state.platform,
      opened: policy.opened,
      localPorts: policy.localPorts,
      publicHosts: policy.publicHosts,
      hosts: policy.hosts,
      refusedLocalPorts: policy.refusedLocalPorts,
    };
  }

  statusLine(snapshot: PolicySnapshot): string {
    return sandboxStatusLine(this.status(snapshot));
  }

  /**
   * tool.execute.before, after the engine let the call run: a bash call gets the launcher in front of its command.
   * Calls of other tools run in opencode's own process and are not sandboxed.
   */
  async prepare(
    call: { sessionID: string; callID: string; tool: string; args: Record<string, unknown> },
    snapshot: PolicySnapshot,
  ): Promise<void> {
    if (call.tool !== 'bash' || typeof call.args.command !== 'string') return;
    if (snapshot.policy.settings.sandbox.mode === 'off') return;
    const policy = this.policyFor(snapshot);
    const state = await this.startRuntime(policy);
    this.reportOnce(snapshot);
    if (state.kind !== 'ready') return;
    this.runtime.setNetwork({ serverPorts: policy.serverPorts, publicHosts: policy.publicHosts, hosts: policy.hosts });
    if (this.pending.size >= MAX_PENDING) this.settle(this.pending.keys().next().value!);
    this.pending.set(call.callID, {
      sessionID: call.sessionID,
      tool: call.tool,
      original: call.args.command,
      args: call.args,
      // 128 bits: the proxy ties a connection to this call's allow list by it (see the library's README).
      commandId: crypto().randomBytes(16).toString('base64url'),
      policy,
      facts: snapshot.protect,
      marker: join(this.privateDir(), `ran-${crypto().randomBytes(8).toString('hex')}`),
      handedOver: false,
      since: Date.now(),
    });
    call.args.command = withLauncher(call.args.command);
  }

  /** shell.env for a prepared call: the wrapped command into the environment, the agent's command back in args. */
  async shellEnv(callID: string | undefined, env: Record<string, unknown>): Promise<void> {
    const call = callID === undefined ? undefined : this.pending.get(callID);
    if (call === undefined || call.handedOver) return;
    call.handedOver = true;
    call.since = Date.now();
    let wrapped: string;
    try {
      // Made at every call: a temp folder is cleaned by others (a reboot, tmp cleaners, another sandbox's exit).
      mkdirSync(runtimeTempDir(), { recursive: true });
      const inner = localPortsPrefix(call.policy.localPorts) + call.original;
      const text = await this.runtime.wrap({
        command: inner,
        commandId: call.commandId,
        binShell: this.shell,
        writable: call.policy.writable,
        readOnly: [...call.policy.readOnly, this.privateDir()],
        unreadable: unreadableFiles(this.host, { real: realPath }),
        allowedDomains: call.policy.localPorts.flatMap((p) => [`localhost:${p}`, `127.0.0.1:${p}`, `[::1]:${p}`]),
      });
      wrapped = `: > '${call.marker}'; ${text}`;
      Object.assign(
        env,
        this.gitExcludes(call.policy),
        gitGlobalEnv(this.host.home, call.policy.readOnly, existsSync),
        pnpmStoreEnv(this.host),
        quietChecksEnv(this.host.env),
      );
    } catch (error) {
      this.options.channels.log('error', `the sandbox could not wrap a bash call: ${describeError(error)}`, {
        sessionID: call.sessionID,
      });
      wrapped = refusedCommand(describeError(error));
    }
    env[WRAPPED_ENV] = wrapped;
    // The spawn already holds the launcher; what opencode stores and shows the model from now on is the agent's own.
    call.args.command = call.original;
  }

  /**
   * tool.execute.after: gives the call's sandbox back, puts the agent's command back into the title, and returns
   * the note about what the sandbox refused (undefined when it refused nothing).
   */
  finish(callID: string, output: Record<string, unknown>): string | undefined {
    const call = this.pending.get(callID);
    if (call === undefined) return undefined;
    if (typeof output.title === 'string' && output.title.startsWith(LAUNCHER)) output.title = call.original;
    const lines = this.runtime.refusals(call.commandId);
    const launched = existsSync(call.marker);
    this.settle(callID);
    const notes: string[] = [];
    if (!call.handedOver) {
      // The launcher ran without the wrapped command: nothing of the agent's command ran. Say so to both.
      const message =
        'semantic-anchors: opencode ran this bash call without asking the plugin for its shell environment, so the sandbox never received the command and it did not run. Report this with your opencode version.';
      this.options.channels.log('error', message, { sessionID: call.sessionID });
      this.options.channels.toast(message, 'error');
      notes.push(`${ANSWER_PREFIX} ${message.replace(/^semantic-anchors: /, '')}`);
    } else if (!launched) {
      // The launcher did not run: opencode ran something else than the command it held before shell.env.
      const message =
        'semantic-anchors: this bash call did not go through the sandbox launcher; opencode may have changed how its bash tool runs commands. Shell calls may be running unsandboxed: report this, and switch to an opencode version the plugin supports.';
      this.options.channels.log('error', message, { sessionID: call.sessionID });
      this.options.channels.toast(message, 'error');
    }
    const refusals = readRefusals(lines, call.facts, call.policy, {
      cwd: process.cwd(),
      since: call.since,
      createdAt: birthTime,
    });
    if (refusals.length > 0) {
      this.options.onRefused(call.sessionID, call.tool, refusals);
      const note = refusalNote(refusals);
      if (note) notes.push(note);
    }
    return notes.length > 0 ? notes.join('\n\n') : undefined;
  }

  /** A call ended without tool.execute.after (aborted, refused by a permission): give back what it holds. */
  settle(callID: string): void {
    const call = this.pending.get(callID);
    if (call === undefined) return;
    this.pending.delete(callID);
    this.runtime.release(call.commandId);
    if (existsSync(call.marker)) rmSync(call.marker, { force: true });
    if (!call.handedOver && call.args.command !== call.original) call.args.command = call.original;
  }

  /** A private folder for the launcher's markers and the git excludes file; read-only inside the sandbox. */
  private privateDir(): string {
    if (this.dir === undefined) {
      const dir = realpathSync(mkdtempSync(join(tmpdir(), 'semantic-anchors-')));
      this.dir = dir;
      // Markers and excludes files are only for this process's calls.
      process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    }
    return this.dir;
  }

  private policyFor(snapshot: PolicySnapshot): SandboxPolicy {
    if (this.cached?.snapshot === snapshot) return this.cached.policy;
    const settings = snapshot.policy.settings.sandbox;
    const on =
      settings.mode === 'on' ? settings : { mode: 'on' as const, writable: [], network: undefined, localPorts: [] };
    this.makeTempCodeCaches(snapshot.protect.hostState);
    this.makeFirstUseCaches();
    const policy = sandboxPolicy(snapshot.protect, on, this.host, { real: realPath });
    this.makeProtectedFolders(snapshot.protect.startupFiles, policy.writable);
    this.cached = { snapshot, policy };
    if (policy.refusedLocalPorts.length > 0)
      this.options.channels.log(
        'warn',
        `settings.sandbox.localPorts lists opencode's own server port (${policy.refusedLocalPorts.join(', ')}); it stays closed to the agent`,
        {},
      );
    return policy;
  }

  /**
   * Folders protected whole outside the project inside a folder the sandbox opens (a PATH folder of the human's under
   * /tmp or ~/.cache, yarn's and deno's bin folders, a folder the startup files source from) are made when missing,
   * empty, and left: bound read-only as they are. A missing one would be a mount point the sandbox runtime makes on the
   * host before each command and removes after it — and a second opencode on this machine that saw it in between binds
   * a path that is gone when its bubblewrap starts ("Can't find source path": its honest command does not run).
   */
  private makeProtectedFolders(startupFiles: readonly string[], writable: readonly string[]): void {
    const project = [
      this.host.directory,
      ...(this.host.worktree && this.host.worktree !== '/' ? [this.host.worktree] : []),
    ];
    for (const entry of startupFiles) {
      if (!entry.endsWith('/**')) continue;
      const dir = entry.slice(0, -3);
      if (project.some((p) => isInside(dir, p)) || !writable.some((w) => isInside(dir, w) && dir !== w)) continue;
      if (existsSync(dir)) continue;
      try {
        mkdirSync(dir, { recursive: true, mode: 0o755 });
      } catch (error) {
        this.options.channels.log('warn', `sandbox: could not make the protected folder ${dir} (${String(error)})`, {});
      }
    }
  }

  /**
   * The human's tool caches in the temp folder (tsx's, jest's: protection.ts, tempCodeCaches) are bound read-only; one
   * that does not exist yet is made first (empty, the human's only), as the tool itself would at its first run: a
   * missing one would be open to the agent to plant, or be mounted over by an empty stand-in while a call runs.
   */
  private makeTempCodeCaches(hostState: readonly string[]): void {
    for (const entry of hostState.filter(isTempCodeCache)) {
      const dir = entry.replace(/\/\*\*$/, '');
      try {
        mkdirSync(dir, { recursive: true, mode: 0o700 });
      } catch (error) {
        this.options.channels.log(
          'warn',
          `sandbox: could not make the tool cache ${dir} to protect it (${String(error)})`,
          {},
        );
      }
    }
  }

  /**
   * pnpm's store, Go's module cache and cargo's registry, made where the program would make them at its first run when it is installed
   * (pnpm-store.ts, firstUseCaches): a folder that does not exist cannot be opened to the sandbox.
   */
  private makeFirstUseCaches(): void {
    for (const dir of firstUseCaches(this.host)) {
      if (existsSync(dir)) continue;
      try {
        mkdirSync(dir, { recursive: true, mode: 0o755 });
      } catch (error) {
        this.options.channels.log('warn', `sandbox: could not make the cache ${dir} (${String(error)})`, {});
      }
    }
  }

  /**
   * The git excludes for this call's placeholders. Worked out for every call (a few stat calls): a placeholder
   * exists only while its path does not, and a stale exclude would hide a real file the human created from git.
   */
  private gitExcludes(policy: SandboxPolicy): Record<string, string> {
    const env = this.options.env ?? process.env;
    this.userExcludes ??= userExcludesFile(this.host.directory, this.host.home, env);
    const repo = findRepository(this.host.directory);
    const patterns = placeholderPatterns(repo?.workTree, process.cwd(), policy.readOnly, existsSync);
    const file = writeExcludesFile(this.privateDir(), this.userExcludes, patterns);
    return file === undefined ? {} : excludesEnv(file, env);
  }

  private reportOnce(snapshot: PolicySnapshot): void {
    const status = this.status(snapshot);
    if (this.reported === status.kind || status.kind === 'starting') return;
    this.reported = status.kind;
    const line = sandboxStatusLine(status);
    const { channels } = this.options;
    if (status.kind === 'on') {
      channels.log('info', line, {});
      for (const warning of this.runtimeWarnings()) channels.log('warn', `sandbox: ${warning}`, {});
      return;
    }
    channels.log(status.kind === 'unavailable' ? 'error' : 'warn', line, {});
    channels.toast(line, status.kind === 'unavailable' ? 'error' : 'warning');
  }

  private runtimeWarnings(): readonly string[] {
    const state = this.runtime.state;
    return state.kind === 'ready' ? state.warnings : [];
  }
}

function chooseShell(configured: string | undefined, envShell: string | undefined): string {
  for (const candidate of [configured, envShell]) {
    const name = candidate ? basename(candidate) : undefined;
    if (name && SHELLS.has(name)) return name;
  }
  return 'bash';
}

/** When a file came into being (its change time, which git init sets), undefined when it is not there. */
function birthTime(path: string): number | undefined {
  try {
    const s = statSync(path);
    return Math.min(s.birthtimeMs || Number.POSITIVE_INFINITY, s.ctimeMs);
  } catch (error) {
    if (error instanceof Error && 'code' in error) return undefined; // Not there: nothing the runtime protected.
    throw error;
  }
}

function realPath(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch (error) {
    if (error instanceof Error && 'code' in error) return undefined; // Not there (yet): denied by name.
    throw error;
  }
}

/**
 * The temp folder the runtime gives every sandboxed command as TMPDIR (its CLAUDE_CODE_TMPDIR, else /tmp/claude). The
 * runtime does not make it: where it is missing, `mktemp`, `go build` and every tool that writes a temp file fail
 * ("go: creating work dir: stat /tmp/claude: no such file or directory", measured with H.46), so it is made before
 * each call is wrapped.
 */
function runtimeTempDir(): string {
  return process.env.CLAUDE_CODE_TMPDIR || process.env.CLAUDE_TMPDIR || '/tmp/claude';
}
