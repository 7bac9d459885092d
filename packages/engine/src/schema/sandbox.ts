// The OS sandbox settings (`settings.sandbox`): what a team opens beyond the defaults the plugin runs every shell
// call with (writes to the project and the temp folders only, protected files read-only, no connection to this
// machine, public hosts reachable). The engine only carries the data; the plugin turns it into the sandbox's config.
// The namespace import (not { z }) lets bundlers drop the parts of zod we do not use, its locales above all.
import * as z from 'zod';

// A path to open for writing: absolute, in the home folder (~/…), or relative to the project directory without
// climbing out of it (a path outside the project is written absolutely, so nobody misreads where it points).
const SANDBOX_PATH = /^(?:\/(?!$)[^\0]*|~(?:\/[^\0]*)?|(?!\/)(?!~)(?!(?:[^\0]*\/)?\.\.(?:\/|$))(?!\.?$)[^\0]+)$/;

// A destination: a host name (with at least one dot), a wildcard for its subdomains (*.example.com), an IPv4
// address or a bracketed IPv6 address; optionally :port (1-65535).
const PORT = '(?:6553[0-5]|655[0-2]\\d|65[0-4]\\d{2}|6[0-4]\\d{3}|[1-5]\\d{4}|[1-9]\\d{0,3})';
const HOST =
  '(?:(?:\\*\\.)?(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?|\\[[0-9A-Fa-f:.]+\\])';
const NETWORK_DESTINATION = new RegExp(`^(?:public|${HOST}(?::${PORT})?)$`);

export const SandboxPath = z
  .string()
  .min(1)
  .max(1000)
  .regex(SANDBOX_PATH, 'use an absolute path, ~/…, or a path inside the project (no "..", not "/" alone)')
  .meta({
    description:
      'A folder (or file) the sandboxed shell may write besides the project and the temp folders: absolute, ~/… ' +
      'for the home folder, or relative to the project directory (it may not climb out of it with ".."). Protected ' +
      'files stay read-only inside it.',
    examples: ['~/.cache/ms-playwright'],
  });

export const NetworkDestination = z
  .string()
  .min(1)
  .max(300)
  .regex(
    NETWORK_DESTINATION,
    'use "public", a host name (example.com), *.example.com, an IPv4 or [IPv6] address, optionally :port',
  )
  .meta({
    description:
      '`public` (any public host), or a host the sandboxed shell may connect to: a name (registry.npmjs.org), its ' +
      'subdomains (*.example.com), an IPv4 address or a bracketed IPv6 address ([2001:db8::1]), optionally with ' +
      ':port. An address the sandbox refuses by default (the cloud metadata service 169.254.169.254) is opened by ' +
      'naming it. This machine (localhost, its own addresses) is opened with localPorts instead.',
    examples: ['public', 'registry.npmjs.org', '*.github.com', '169.254.169.254:80'],
  });

export const SandboxOptions = z
  .strictObject({
    writable: z
      .array(SandboxPath)
      .max(100)
      .optional()
      .meta({
        description:
          'More places the sandboxed shell may write, besides the project, the temp folders and the package ' +
          "managers' caches. Protected files (contract files, .opencode/, git's config and hooks, shell startup " +
          'files) stay read-only wherever they are.',
        examples: [['~/.cache/ms-playwright', '/srv/fixtures']],
      }),
    network: z
      .array(NetworkDestination)
      .max(500)
      .optional()
      .meta({
        description:
          'Where the sandboxed shell may connect. Omitted, the default is [public]: any public host. A list without ' +
          '`public` allows only the hosts it names (an empty list: no network at all); `public` with hosts adds ' +
          'those to the public ones (an internal registry, the cloud metadata service). Either way this machine is ' +
          'reachable only on localPorts.',
        examples: [
          ['registry.npmjs.org', '*.github.com', 'github.com'],
          ['public', '169.254.169.254:80'],
        ],
      }),
    localPorts: z
      .array(z.int().min(1).max(65535))
      .max(100)
      .optional()
      .meta({
        description:
          "Ports on this machine the sandboxed shell may connect to (a team's dev server or database), as " +
          "localhost, 127.0.0.1 or [::1]. opencode's own server port is never opened, whatever this list says.",
        examples: [[3000, 5432]],
      }),
  })
  .meta({ description: 'What the sandbox opens beyond its defaults.' });

export const Sandbox = z.union([z.literal('off'), z.literal(false), SandboxOptions]).meta({
  description:
    'The OS sandbox every shell call of the agent runs in (bubblewrap on Linux). On by default: writes go only to ' +
    "the project, the temp folders and the package managers' caches; protected files are read-only; no connection " +
    "reaches this machine (opencode's server, other local services) except localPorts; public hosts are reachable; " +
    "no process of the host is visible. `off` runs shell calls without it (a human's choice: this file is " +
    'protected); the rule-based protections still apply.',
  examples: ['off', { writable: ['~/.cache/ms-playwright'], localPorts: [3000] }],
});

export type SandboxSetting = z.output<typeof Sandbox>;
export type SandboxOptions = z.output<typeof SandboxOptions>;
