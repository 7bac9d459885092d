// The sandbox's state in one line, for /anchor status, the load log and doctor: on (and what it opens), off by the
// contract file, still starting, or unavailable (and why) — never silently off.

export type SandboxStatus =
  | {
      readonly kind: 'on';
      readonly platform: NodeJS.Platform;
      /** What the contract file opened for writing beyond the defaults. */
      readonly opened: readonly string[];
      readonly localPorts: readonly number[];
      readonly publicHosts: boolean;
      readonly hosts: readonly string[];
      readonly refusedLocalPorts: readonly number[];
    }
  | { readonly kind: 'off'; readonly file: string }
  | { readonly kind: 'starting' }
  | { readonly kind: 'unavailable'; readonly reason: string };

/** What a host without the sandbox says (the opencode 2 adapter: no real opencode 2 to verify it against). */
export const NOT_WIRED_LINE =
  'Sandbox: UNAVAILABLE (not wired in the opencode 2 adapter yet): shell calls run without the OS sandbox; the contracts and self-protection rules still apply.';

const MECHANISM: Partial<Record<NodeJS.Platform, string>> = { linux: 'bubblewrap', darwin: 'sandbox-exec' };

export function sandboxStatusLine(status: SandboxStatus): string {
  switch (status.kind) {
    case 'on': {
      const net = status.publicHosts
        ? `any public host${status.hosts.length > 0 ? ` and ${status.hosts.join(', ')}` : ''}`
        : status.hosts.length === 0
          ? 'no network'
          : `only ${status.hosts.join(', ')}`;
      const ports =
        status.localPorts.length > 0 ? `this machine on port ${status.localPorts.join(', ')} only` : 'not this machine';
      const refused =
        status.refusedLocalPorts.length > 0
          ? `; localPorts ${status.refusedLocalPorts.join(', ')} ignored (opencode's own server)`
          : '';
      const opened = status.opened.length > 0 ? ` and ${status.opened.join(', ')}` : '';
      return `Sandbox: on (${MECHANISM[status.platform] ?? status.platform}) for every shell call: writes only to the project, the temp folders and the package caches${opened}; protected files read-only; network: ${net}, ${ports}; host processes hidden${refused}.`;
    }
    case 'off':
      return `Sandbox: OFF (settings.sandbox: off in ${status.file}): shell calls run without the OS sandbox; the contracts and self-protection rules still apply.`;
    case 'starting':
      return 'Sandbox: starting.';
    case 'unavailable':
      return `Sandbox: UNAVAILABLE (${status.reason}): shell calls run without the OS sandbox; the contracts and self-protection rules still apply.`;
  }
}
