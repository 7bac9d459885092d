// The doctor's OS sandbox checks: is it switched off by the contract file (a warning: a human's choice, said
// plainly), can it run on this machine (the library, bubblewrap, socat, ripgrep), and — in the live opencode —
// does it really refuse: a bash call the contracts let run writes into .opencode/ through a symbolic link whose target
// the rules cannot know (read from a file at run time: a link the call names is followed by the engine, and blocked
// before the sandbox is ever tried) and connects to a listener the doctor opened on this machine.
// Both effects must not happen: the file must not appear, the listener must see no connection.
import { createServer, type Server } from 'node:net';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CompiledPolicy } from '@semantic-anchors/engine';
import type { Check } from './report.js';

const NAME = 'OS sandbox';
const INSTALL = 'on Debian/Ubuntu: sudo apt-get install -y bubblewrap socat ripgrep; then run doctor again';

/** settings.sandbox of the user's configuration. */
export function sandboxSettingCheck(policy: CompiledPolicy | undefined, file: string | undefined): Check {
  const setting = policy?.settings.sandbox;
  if (setting?.mode === 'off') {
    return {
      name: `${NAME} setting`,
      status: 'warn',
      detail: `switched off by settings.sandbox: off in ${file ?? 'the configuration'}: the agent's shell calls run without the OS sandbox, held only by the rules`,
      remedy: 'remove "sandbox: off" unless a human decided the agent may act as you on this machine',
    };
  }
  const opened = setting?.mode === 'on' ? setting : undefined;
  const extra = [
    opened?.writable.length ? `writable: ${opened.writable.join(', ')}` : '',
    opened?.network ? `network: ${opened.network.join(', ') || 'none'}` : '',
    opened?.localPorts.length ? `local ports: ${opened.localPorts.join(', ')}` : '',
  ].filter(Boolean);
  return {
    name: `${NAME} setting`,
    status: 'pass',
    detail: `on${extra.length ? ` (opened: ${extra.join('; ')})` : ' with the defaults'}`,
  };
}

/** Whether the sandbox library can run here (checked in this process; the live check proves it in opencode). */
export async function sandboxRuntimeCheck(): Promise<Check> {
  let manager: typeof import('@anthropic-ai/sandbox-runtime')['SandboxManager'];
  try {
    manager = (await import('@anthropic-ai/sandbox-runtime')).SandboxManager;
  } catch (error) {
    return {
      name: NAME,
      status: 'warn',
      detail: `unavailable: @anthropic-ai/sandbox-runtime could not be loaded (${(error as Error).message.split('\n')[0]}); shell calls run without the OS sandbox`,
      remedy: 'reinstall opencode-semantic-anchors (the sandbox runtime is one of its dependencies)',
    };
  }
  if (!manager.isSupportedPlatform())
    return {
      name: NAME,
      status: 'warn',
      detail: `unavailable on ${process.platform}: shell calls run without the OS sandbox; the rules still apply`,
      remedy: 'run opencode on Linux (bubblewrap) or macOS (sandbox-exec, untested by this project) to get it',
    };
  const deps = manager.checkDependencies();
  if (deps.errors.length > 0)
    return {
      name: NAME,
      status: 'warn',
      detail: `unavailable: ${deps.errors.join('; ')}; shell calls run without the OS sandbox`,
      remedy: INSTALL,
    };
  return {
    name: NAME,
    status: 'pass',
    detail: `${process.platform === 'darwin' ? 'sandbox-exec' : 'bubblewrap'} and its helpers are installed`,
    notes: deps.warnings,
  };
}

/** A listener on this machine that counts who connects: the loopback target the sandbox must keep the agent from. */
export async function canary(): Promise<{ port: number; connections(): number; close(): Promise<void> }> {
  let count = 0;
  const server: Server = createServer((socket) => {
    count++;
    socket.end('canary\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    port,
    connections: () => count,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The probe call: prepared folder, the command, and how to read its outcome. */
export function sandboxProbe(projectDir: string, canaryPort: number) {
  mkdirSync(join(projectDir, '.opencode'), { recursive: true });
  const written = join(projectDir, '.opencode', 'doctor-probe');
  writeFileSync(join(projectDir, 'doctor-link-target'), '.opencode');
  const command = [
    'ln -sfn "$(cat doctor-link-target)" doctor-link',
    'touch doctor-link/doctor-probe 2>&1; echo "write=$?"',
    `curl -s -m 5 -o /dev/null http://127.0.0.1:${canaryPort}/; echo "direct=$?"`,
    `curl --noproxy "" -s -m 5 -o /dev/null http://127.0.0.1:${canaryPort}/; echo "proxied=$?"`,
  ].join('; ');
  return {
    command,
    /** The check, from what happened: the file on disk, the listener's count, the call's result. */
    judge(
      part: { status: string; error?: string | undefined; output?: string | undefined } | undefined,
      connections: number,
    ): Check {
      if (part === undefined)
        return { name: `${NAME} live`, status: 'fail', detail: 'the sandboxed opencode never made the probe call' };
      if (part.status === 'error')
        return {
          name: `${NAME} live`,
          status: 'skip',
          detail: `your contracts stopped the probe call before it ran (${(part.error ?? '').split('\n')[0]}), so the sandbox was not exercised`,
        };
      const wrote = existsSync(written);
      const failures = [
        wrote ? `a write through a link into .opencode/ happened (${written})` : '',
        connections > 0 ? `${connections} connection(s) reached a listener on 127.0.0.1:${canaryPort}` : '',
      ].filter(Boolean);
      if (failures.length > 0)
        return {
          name: `${NAME} live`,
          status: 'fail',
          detail: `the agent's shell is NOT contained: ${failures.join('; ')}`,
          remedy:
            'check /anchor status in opencode for the sandbox line, and run doctor again after installing bubblewrap, socat and ripgrep',
        };
      const noted = /The sandbox refused part of this command/.test(part.output ?? '');
      return {
        name: `${NAME} live`,
        status: 'pass',
        detail: `a real sandboxed bash call could not write into .opencode/ (through a link) nor connect to a service on 127.0.0.1${noted ? ', and the agent was told why' : ''}`,
      };
    },
  };
}
