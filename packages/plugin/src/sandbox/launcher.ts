// How a bash call gets into the sandbox through opencode 1.18's bash tool (checked on 1.18.33, pinned by
// tests/opencode/sandbox.test.ts). The tool reads `args.command` into the command it will spawn, then asks the
// `shell.env` hook for the environment, then starts `<shell> -c <command>`. So:
//   1. tool.execute.before puts a one-line launcher in front of the agent's command (the permission check and the
//      spawn see it);
//   2. shell.env wraps the agent's command for the sandbox, hands the wrapped text over in one environment variable,
//      and puts the agent's own command back into `args` — the tool part stores and the model later reads `args` as
//      they are at that moment, so the transcript shows what the agent wrote, not the launcher;
//   3. the launcher replaces the shell with `/bin/sh -c <wrapped>`: the agent's command never runs outside.
// INVARIANT: fail closed. Without the variable (shell.env never ran, the wrap failed) the launcher runs `sh -c ''`
// or the failure text, never the agent's command; the command after the launcher is never reached (exec).

/** The environment variable that carries the wrapped command from shell.env to the launcher. */
export const WRAPPED_ENV = 'SEMANTIC_ANCHORS_SANDBOXED';

/** The line put in front of the agent's command. */
export const LAUNCHER = `exec /usr/bin/env -u ${WRAPPED_ENV} /bin/sh -c "$${WRAPPED_ENV}"`;

/** The agent's command behind the launcher. */
export const withLauncher = (command: string): string => `${LAUNCHER}\n${command}`;

/** The agent's command without the launcher (undefined when it does not start with it). */
export function withoutLauncher(command: string): string | undefined {
  return command.startsWith(`${LAUNCHER}\n`) ? command.slice(LAUNCHER.length + 1) : undefined;
}

/** What runs instead of a command the sandbox could not wrap: it says why, and the command does not run. */
export function refusedCommand(reason: string): string {
  const text = `semantic-anchors: the sandbox could not start this command (${reason.replace(/[\r\n]+/g, ' ')}); it did not run.`;
  return `printf '%s\\n' '${text.replace(/'/g, "'\\''")}' >&2; exit 126`;
}
