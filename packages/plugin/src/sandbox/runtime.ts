// The OS sandbox's lifecycle in this process: @anthropic-ai/sandbox-runtime (bubblewrap on Linux, sandbox-exec on
// macOS), imported only when the plugin starts (never at module load, never bundled: its helper binaries are found
// beside its own files), checked, initialised, and proven by one real sandboxed `true` before any call relies on it.
// One runtime per process (the library keeps one proxy and one configuration), shared by every plugin instance.
// Takes wrap requests; returns the wrapped command, the refusals it recorded, and its state for the status texts.
// INVARIANT: no method throws to its caller except wrap(); a failure to start is a state ('unavailable'), said by
// the caller at load, in /anchor status and in doctor.
import { childProcess } from '../core/builtins.js';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SandboxRuntimeConfig } from '@anthropic-ai/sandbox-runtime';
import { decideDestination, type NetworkAnswer } from './network.js';
import { keepSignalsEnding, signalsStillDefault } from './signals.js';

type Manager = typeof import('@anthropic-ai/sandbox-runtime')['SandboxManager'];

/** The package the runtime is loaded from; external to the bundle (see scripts/build.ts). */
export const RUNTIME_PACKAGE = '@anthropic-ai/sandbox-runtime';

export type RuntimeState =
  | { readonly kind: 'starting' }
  | {
      readonly kind: 'ready';
      readonly platform: NodeJS.Platform;
      readonly warnings: readonly string[];
      /** Import + checks + initialise + the proof, in milliseconds. */
      readonly startMs: number;
      /** Where the library runs from (protected like the plugin's own files). */
      readonly packageDir: string | undefined;
    }
  | { readonly kind: 'unavailable'; readonly reason: string };

/** The process-wide network policy: opencode's server ports, any public host or not, and the hosts named. */
export interface NetworkPolicy {
  readonly serverPorts: readonly number[];
  readonly publicHosts: boolean;
  readonly hosts: readonly string[];
}

/** Where a command may write, and what stays read-only inside that. */
export interface FileLimits {
  readonly writable: readonly string[];
  readonly readOnly: readonly string[];
}

export interface WrapRequest {
  readonly command: string;
  /** Unguessable, per call (the proxy ties a connection to its call's allow list by it). */
  readonly commandId: string;
  readonly binShell: string;
  readonly writable: readonly string[];
  readonly readOnly: readonly string[];
  /** Files the command cannot read (masked by an empty stand-in). */
  readonly unreadable: readonly string[];
  /** Destinations this call may reach besides the process-wide policy (its local ports). */
  readonly allowedDomains: readonly string[];
}

const PROBE_TIMEOUT_MS = 15_000;
const SERVER_REASON =
  "opencode's own server acts with the human's authority (commands, bypasses, sessions); the agent never reaches it";

export class SandboxRuntime {
  private manager: Manager | undefined;
  private current: RuntimeState = { kind: 'starting' };
  private starting: Promise<RuntimeState> | undefined;
  private network: NetworkPolicy = { serverPorts: [], publicHosts: true, hosts: [] };
  private config: SandboxRuntimeConfig | undefined;
  private readonly wrapped = new Set<string>();
  private localAddresses: ReadonlySet<string> = new Set();
  private files: FileLimits = { writable: [], readOnly: [] };

  get state(): RuntimeState {
    return this.current;
  }

  /**
   * Starts the runtime once per process; later calls get the same outcome. `files` is the first project's policy:
   * the library's write monitor (which tells refused writes from allowed ones) takes its lists when it starts.
   */
  start(files?: FileLimits): Promise<RuntimeState> {
    this.starting ??= this.startOnce(files ?? { writable: [], readOnly: [] }).then((state) => {
      this.current = state;
      return state;
    });
    return this.starting;
  }

  /** Sets the process-wide network policy (opencode's port is only known once its server listens). */
  setNetwork(policy: NetworkPolicy): void {
    const same =
      policy.serverPorts.join() === this.network.serverPorts.join() &&
      policy.publicHosts === this.network.publicHosts &&
      policy.hosts.join() === this.network.hosts.join();
    this.network = policy;
    if (same || this.manager === undefined || this.config === undefined) return;
    this.config = runtimeConfig(policy, this.files);
    this.manager.updateConfig(this.config);
  }

  /** The command wrapped for the sandbox. Throws when the runtime is not ready or the library refuses. */
  async wrap(request: WrapRequest): Promise<string> {
    const manager = this.manager;
    if (manager === undefined || this.current.kind !== 'ready') throw new Error('the sandbox is not running');
    if (request.allowedDomains.length > 0)
      manager.registerCommandNetworkLists(request.commandId, { allowedDomains: [...request.allowedDomains] });
    try {
      const wrapped = await manager.wrapWithSandbox(
        request.command,
        request.binShell,
        {
          filesystem: {
            denyRead: request.unreadable.map((path) => ({ path, literal: true as const })),
            allowWrite: request.writable.map((path) => ({ path, literal: true as const })),
            denyWrite: request.readOnly.map((path) => ({ path, literal: true as const })),
          },
        },
        undefined,
        { commandId: request.commandId, commandText: request.command },
      );
      this.wrapped.add(request.commandId);
      return wrapped;
    } catch (error) {
      manager.unregisterCommandNetworkLists(request.commandId);
      throw error;
    }
  }

  /** After the wrapped command ended (or never ran): gives back what its wrap holds. Idempotent. */
  release(commandId: string): void {
    const manager = this.manager;
    if (manager === undefined) return;
    manager.unregisterCommandNetworkLists(commandId);
    if (!this.wrapped.delete(commandId)) return;
    manager.cleanupAfterCommand();
  }

  /** The refusals the sandbox recorded for a call, as lines (`deny openat /p/x`, `deny network-outbound h:p (why)`). */
  refusals(commandId: string): string[] {
    return (
      this.manager
        ?.getSandboxViolationStore()
        .getViolationsForCommand(commandId)
        .map((v) => v.line) ?? []
    );
  }

  private async startOnce(files: FileLimits): Promise<RuntimeState> {
    const started = performance.now();
    // The library's Windows backend needs an elevated install and wraps into an argv, not a shell string.
    if (process.platform === 'win32')
      return { kind: 'unavailable', reason: "Windows is not supported by the plugin's sandbox (Linux and macOS are)" };
    let manager: Manager;
    try {
      // A literal specifier: the build keeps it external and checks that it is only ever loaded this way.
      manager = (await import('@anthropic-ai/sandbox-runtime')).SandboxManager;
    } catch (error) {
      return { kind: 'unavailable', reason: `${RUNTIME_PACKAGE} could not be loaded (${firstLine(error)})` };
    }
    try {
      if (!manager.isSupportedPlatform())
        return { kind: 'unavailable', reason: `this platform (${process.platform}) is not supported by the sandbox` };
      const deps = manager.checkDependencies();
      if (deps.errors.length > 0)
        return {
          kind: 'unavailable',
          reason: `${deps.errors.join('; ')} (on Debian/Ubuntu: apt-get install bubblewrap socat ripgrep)`,
        };
      this.localAddresses = interfaceAddresses();
      this.files = files;
      this.config = runtimeConfig(this.network, files);
      const wereDefault = signalsStillDefault();
      await manager.initialize(this.config, (d) => this.decide(d.host, d.port ?? 0), true);
      keepSignalsEnding(wereDefault, () => manager.reset());
      this.manager = manager;
      const proof = await this.prove(manager);
      if (proof !== undefined) {
        this.manager = undefined;
        await manager.reset();
        return { kind: 'unavailable', reason: proof };
      }
      const where = locatePackage();
      return {
        kind: 'ready',
        platform: process.platform,
        warnings: where.problem === undefined ? deps.warnings : [...deps.warnings, where.problem],
        startMs: performance.now() - started,
        packageDir: where.dir,
      };
    } catch (error) {
      this.manager = undefined;
      return { kind: 'unavailable', reason: `the sandbox did not start (${firstLine(error)})` };
    }
  }

  /** The proxy asks about destinations no list decides (only in "any public host" mode). */
  private async decide(host: string, port: number): Promise<NetworkAnswer> {
    return decideDestination(
      { host, port },
      { serverPorts: this.network.serverPorts, localAddresses: this.localAddresses },
    );
  }

  /**
   * One real sandboxed command before any call relies on the sandbox: bubblewrap may be installed and still unable
   * to make namespaces (user namespaces switched off, a container without the capability). Undefined when it ran.
   */
  private async prove(manager: Manager): Promise<string | undefined> {
    const dir = realpathSync(mkdtempSync(join(tmpdir(), 'sa-sandbox-proof-')));
    const commandId = `proof-${process.pid}-${Date.now()}`;
    try {
      const wrapped = await manager.wrapWithSandbox(
        'true',
        'sh',
        { filesystem: { denyRead: [], allowWrite: [dir], denyWrite: [] } },
        undefined,
        { commandId },
      );
      try {
        const { code, stderr } = await run(wrapped, dir);
        return code === 0
          ? undefined
          : `a sandboxed test command failed (exit ${code}: ${stderr.trim().split('\n')[0] ?? ''})`;
      } finally {
        manager.cleanupAfterCommand();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}

/** The one runtime of this process. */
export const sandboxRuntime = new SandboxRuntime();

function runtimeConfig(policy: NetworkPolicy, files: FileLimits): SandboxRuntimeConfig {
  const serverEntries = policy.serverPorts.map((p) => `*:${p}`);
  return {
    network: {
      // The hosts a team named are allowed first (an address literal among them is an explicit exception to the
      // refusal of non-public addresses); any public host goes through the ask callback (decideDestination), unless
      // the team's list left `public` out: then its hosts are the only way out.
      allowedDomains: [...policy.hosts],
      deniedDomains: serverEntries,
      deniedDomainReasons: Object.fromEntries(serverEntries.map((e) => [e, SERVER_REASON])),
      strictAllowlist: !policy.publicHosts,
    },
    // Every call passes its own lists; these are what the write monitor judges by (see start()).
    filesystem: {
      denyRead: [],
      allowWrite: files.writable.map((path) => ({ path, literal: true as const })),
      denyWrite: files.readOnly.map((path) => ({ path, literal: true as const })),
    },
  };
}

function run(command: string, cwd: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = childProcess().spawn('/bin/sh', ['-c', command], { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), PROBE_TIMEOUT_MS);
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ code: -1, stderr: error.message });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

function interfaceAddresses(): ReadonlySet<string> {
  const out = new Set<string>();
  for (const list of Object.values(networkInterfaces())) for (const a of list ?? []) out.add(a.address.toLowerCase());
  return out;
}

/** Where the library is installed (its folder), without loading it; undefined when the host cannot say. */
export function runtimePackageDir(): string | undefined {
  return locatePackage().dir;
}

/** The installed library's folder, when the host can say (import.meta.resolve exists in Bun and Node >= 20.6). */
function locatePackage(): { readonly dir: string | undefined; readonly problem: string | undefined } {
  try {
    const file = new URL(import.meta.resolve(RUNTIME_PACKAGE)).pathname;
    const at = file.lastIndexOf(`/node_modules/${RUNTIME_PACKAGE}/`);
    return {
      dir: at < 0 ? undefined : file.slice(0, at + `/node_modules/${RUNTIME_PACKAGE}`.length),
      problem: at < 0 ? `${RUNTIME_PACKAGE} runs from ${file}, not from a node_modules folder` : undefined,
    };
  } catch (error) {
    // Only needed to protect its files; the sandbox itself runs. Said with the start's warnings.
    return { dir: undefined, problem: `could not tell where ${RUNTIME_PACKAGE} is installed (${firstLine(error)})` };
  }
}

function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split('\n')[0] ?? text;
}
