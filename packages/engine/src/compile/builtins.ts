// Contracts no configuration can switch off: self-protection (the agent must never act as the human or rewrite the
// rules it is held to) and the defaults for shell code the engine cannot see into. They apply in every role and are
// compiled like any other contract, from data the host gives (CompileOptions.protect) and the settings.
import type { Contract } from '../schema/index.js';
import type { EffectiveSettings } from '../load/index.js';
import { joinPath, normalizePath } from '../matchers/paths.js';

/** Where a process's environment (the host's secrets) can be read: its own file and each of its threads'. */
const PROC_ENVIRON = ['/proc/*/environ', '/proc/*/task/*/environ'];

export interface ProtectOptions {
  /** Absolute paths of the contract files the host read (and what they extend): writes and deletes BLOCK, bypassable. */
  readonly contractFiles?: readonly string[];
  /**
   * Absolute paths or globs of host files that load or are the plugin (opencode.json, plugin and tool folders, the
   * plugin's package): writes and deletes BLOCK, never bypassable.
   */
  readonly hostFiles?: readonly string[];
  /**
   * Absolute paths or globs of files the host itself keeps writing (opencode's data and state, the decision log):
   * writes and deletes by the agent BLOCK, never bypassable. Unlike hostFiles their content changes on its own, so a
   * host must not treat a change there as tampering.
   */
  readonly hostState?: readonly string[];
  /**
   * Absolute paths of opencode's configuration folders (every `.opencode` from the project up to the worktree, the
   * user's config folder, $OPENCODE_CONFIG_DIR): commands, tools and agents there run later as the human, so
   * anything written under them BLOCKs, bypassable by the human.
   */
  readonly configDirs?: readonly string[];
  /** The host's server addresses ('http://127.0.0.1:4096'): any call that names one BLOCKs, never bypassable. */
  readonly servers?: readonly string[];
  /** Environment variables holding host secrets: reading them BLOCKs, never bypassable. */
  readonly secretEnv?: readonly string[];
  /**
   * This machine's own addresses and names besides loopback (its interfaces' addresses, its host name, names
   * /etc/hosts gives them): a URL that reaches a server port at one of them reaches the server too.
   */
  readonly hostAddresses?: readonly string[];
  /**
   * Git hooks, aliases and hooks paths written by hand (into .git/hooks, a git config file, core.hooksPath) run
   * later in the human's git commands: writing them BLOCKs, bypassable by the human.
   */
  readonly gitHooks?: boolean;
  /**
   * Absolute paths (a folder as `dir/**`) of this repository's git config files and hooks folders as git really
   * finds them: through a worktree's `gitdir:` file, the common dir, ~/.gitconfig, ~/.config/git. Added to the
   * git-hooks built-in (same verdict), for the places the generic `.git/…` globs cannot see.
   */
  readonly gitFiles?: readonly string[];
  /**
   * Absolute paths (a folder as `dir/**`) of the shell's startup files (~/.bashrc, ~/.profile, ~/.zshenv,
   * ~/.config/fish/, …): whatever is written there runs in the human's next shell, opencode included (an
   * OPENCODE_PURE=1 there switches the plugin off). Writes BLOCK, bypassable by the human.
   */
  readonly startupFiles?: readonly string[];
  /**
   * Absolute folders the OS sandbox lets the shell write by default (the project, its worktree, the temp folders,
   * the package managers' caches). With the sandbox on, a file tool (write, edit, patch) that changes a path outside
   * them and outside settings.sandbox.writable BLOCKs, bypassable by the human: the file tools run in the host's
   * process, where no OS sandbox holds them, so the same boundary is held by this rule.
   */
  readonly writable?: readonly string[];
  /** The human's home folder, so paths under it are also matched as the agent spells them (~/…, $HOME/…). */
  readonly home?: string;
  /**
   * The host checks after each call what the call added that the human's own tools run later by themselves (the
   * install-time scripts of package.json, .npmrc keys that name a program, a .pth `import` line, sitecustomize.py;
   * facts/run-later.ts) and undoes it. Compiles the built-in that names this protection (so a human can bypass it
   * by name and `explain` lists it); before a call it stops a hand-written sitecustomize.py or usercustomize.py.
   */
  readonly runLater?: boolean;
}

/** Where git keeps what runs in a later git command: hooks, and config files that hold aliases and core.hooksPath. */
const GIT_RUNS_LATER = [
  '**/.git/hooks/**',
  '**/.git/config',
  '**/.git/config.worktree',
  '**/.git/worktrees/*/config.worktree',
  '**/.gitconfig',
  '**/.config/git/config',
];

export const BUILTIN_PREFIX = 'anchor-';
/** Self-protection built-ins: a bypass lets one of these through only when the human names it. */
export const PROTECT_PREFIX = `${BUILTIN_PREFIX}protect-`;

const ORIGIN = 'built-in';

/** The built-in contracts for these options and settings, as contract data (compiled by the caller). */
export function builtinContracts(
  protect: ProtectOptions | undefined,
  settings: EffectiveSettings,
  /** The project root: a relative settings.sandbox.writable path is resolved against it, as the sandbox does. */
  root?: string,
): { contract: Contract; origin: string }[] {
  const out: Contract[] = [];
  const base = { anchorRefs: [] as string[], examples: [] };
  const files = (list: readonly string[]) => list.filter((p) => p.length > 0).map(globLiteral);

  if (protect?.contractFiles && protect.contractFiles.length > 0) {
    out.push({
      ...base,
      id: `${BUILTIN_PREFIX}protect-contract-files`,
      description:
        'The contract files decide what the agent may do; the agent must not rewrite the rules it is held to.',
      mode: 'BLOCK',
      bypassable: true,
      when: { tool: { effect: { kind: 'change', path: files(protect.contractFiles) } } },
      message:
        'Propose the change to the human instead (show the YAML); only a human edits the contract file, or lets one edit through with a bypass.',
    });
  }
  const hostFiles = [...(protect?.hostFiles ?? []), ...(protect?.hostState ?? [])];
  if (hostFiles.length > 0) {
    out.push({
      ...base,
      id: `${BUILTIN_PREFIX}protect-host-files`,
      description:
        "The opencode configuration that loads the plugin and the plugin's own files switch enforcement on, and opencode's own state and the caches the human's tools run code from (npm's cache index, tsx's and Node's compile caches, Go's build cache) decide what runs later as the human; the agent must not change them.",
      mode: 'BLOCK',
      bypassable: false,
      when: {
        tool: {
          effect: {
            kind: 'change',
            path: hostFiles.flatMap((p) => spelled(/[*?{]/.test(p) ? p : globLiteral(p), protect?.home)),
          },
        },
      },
      message:
        "Leave opencode's configuration, the plugin's files, opencode's state and the human's tool caches alone (your own shell has caches of its own); ask the human to make that change.",
    });
  }
  const configDirs = (protect?.configDirs ?? []).filter((p) => p.length > 1);
  if (configDirs.length > 0) {
    out.push({
      ...base,
      id: `${BUILTIN_PREFIX}protect-config-dirs`,
      description:
        "opencode's configuration folders hold commands, tools, agents and plugins that opencode runs later as the human; the agent must not write there.",
      mode: 'BLOCK',
      bypassable: true,
      when: {
        tool: {
          effect: {
            kind: 'change',
            // The contract files in these folders are left to their own built-in, so that one bypass scoped to
            // it lets a rule change through ("!" globs take a path out of the list).
            path: [
              ...configDirs.flatMap((d) => spelled(`${globLiteral(d.replace(/\/+$/, ''))}/**`, protect?.home)),
              ...(protect?.contractFiles ?? [])
                .flatMap((f) => spelled(globLiteral(f), protect?.home))
                .map((g) => `!${g}`),
            ],
          },
        },
      },
      message:
        "Leave opencode's configuration folders (.opencode/, ~/.config/opencode) alone: show the human the file you would add, and let them add it (or let one write through with a bypass).",
    });
  }
  const ports = (protect?.servers ?? []).map(portOf).filter((p): p is string => p !== undefined);
  if (ports.length > 0) {
    const port = `(?:${[...new Set(ports)].join('|')})`;
    // Any host form reaches a loopback server (127.1, 0, [::1], a decimal address, $(hostname)), so the port decides:
    // ":PORT" anywhere, /dev/tcp/host/PORT, or a loopback host followed by the port as its own word (nc, socat, telnet).
    const loopback =
      '(?:localhost|127(?:\\.\\d+){0,3}|0(?:\\.0){0,3}|\\[?::1\\]?|ip6-localhost|\\$\\(hostname\\)|\\$HOSTNAME)';
    const addr = `(?i)(?::|/dev/(?:tcp|udp)/[^/\\s]+/)${port}\\b|\\b${loopback}\\s+${port}\\b`;
    out.push({
      ...base,
      id: `${BUILTIN_PREFIX}protect-host-server`,
      description:
        "opencode's own server and CLI act with the human's authority (commands, bypasses, sessions); the agent must never reach them.",
      mode: 'BLOCK',
      bypassable: false,
      when: [
        { tool: { name: 'bash', command: addr } },
        // Any URL in a call (webfetch, MCP and plugin tools' arguments, a shell command), read by the URL parser:
        // every spelling of loopback and of this host's own addresses, on a server port, is the server; a look-alike
        // (127.0.0.1.example.com, localhost in a query) is not.
        { tool: { reaches: { hosts: serverHosts(protect), ports: [...new Set(ports)].map(Number) } } },
        { tool: { name: '*', content: addr } },
        { tool: { name: 'bash', run: { program: 'opencode', notFlags: ['--version', '-v', '--help', '-h'] } } },
        // the same CLI through a package runner
        {
          tool: {
            name: 'bash',
            run: [
              { program: ['npx', 'bunx', 'pnpx'], args: ['opencode-ai', 'opencode-ai@*', 'opencode'] },
              {
                program: ['pnpm', 'yarn', 'bun', 'npm'],
                subcommand: ['dlx', 'exec', 'x'],
                args: ['opencode-ai', 'opencode-ai@*', 'opencode'],
              },
            ],
          },
        },
      ],
      message: "Do not talk to opencode's server or run opencode from the shell; ask the human for what you need.",
    });
  }
  const env = (protect?.secretEnv ?? []).filter((v) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(v));
  if (env.length > 0) {
    const names = `(?:${env.join('|')})`;
    out.push({
      ...base,
      id: `${BUILTIN_PREFIX}protect-host-secret`,
      description:
        "The host's secrets (its server password) let anyone act as the human; the agent must never read them.",
      mode: 'BLOCK',
      bypassable: false,
      when: [
        { tool: { name: 'bash', command: `\\b${names}\\b` } },
        {
          tool: {
            name: 'bash',
            run: [
              { program: 'printenv' },
              { program: 'env', maxArgs: 0 },
              { program: ['set', 'export', 'declare', 'typeset'], maxArgs: 0 },
            ],
          },
        },
        // A thread's copy (/proc/<pid>/task/<tid>/environ, /proc/thread-self/environ) is the same environment.
        { tool: { effect: { kind: 'read', path: [...PROC_ENVIRON, '/proc/self/environ'] } } },
        { tool: { name: 'read', path: PROC_ENVIRON } },
      ],
      message: "Do not read the host's secrets or dump the environment; read the one variable you need by name.",
    });
  }
  const gitFiles = (protect?.gitFiles ?? [])
    .filter((p) => p.length > 1)
    .flatMap((p) => spelled(fileGlob(p), protect?.home));
  if (protect?.gitHooks || gitFiles.length > 0) {
    out.push({
      ...base,
      id: `${BUILTIN_PREFIX}protect-git-hooks`,
      description:
        "A git hook, alias or hooks path written by hand runs later, inside the human's own git commands, out of the plugin's sight: the agent would act as the human. git's own commands (commit, fetch, config user.email) are not hand writes.",
      mode: 'BLOCK',
      bypassable: true,
      when: [
        { tool: { effect: { kind: 'change', path: [...(protect?.gitHooks ? GIT_RUNS_LATER : []), ...gitFiles] } } },
        // Setting core.hooksPath (a value follows the key); reading or unsetting it is fine.
        {
          tool: { name: 'bash', run: { program: 'git', subcommand: 'config', text: '(?i)\\bcore\\.hookspath\\s+\\S' } },
        },
      ],
      message:
        "Do not write git hooks, aliases or hooks settings by hand: they would run later in the human's name. Describe what you want and let the human add it (or let one write through with a bypass).",
    });
  }
  const startup = (protect?.startupFiles ?? [])
    .filter((p) => p.length > 1)
    .flatMap((p) => spelled(fileGlob(p), protect?.home));
  if (startup.length > 0) {
    out.push({
      ...base,
      id: `${BUILTIN_PREFIX}protect-startup-files`,
      description:
        "The shell's startup files run in the human's next shell, opencode's included: a line there (OPENCODE_PURE=1, an alias, a PATH change) acts as the human, or starts opencode without the plugin. So do what a tool starts with: a virtualenv's activate script, interpreter and pip.conf, an editor's folder tasks (.vscode/, .idea/).",
      mode: 'BLOCK',
      bypassable: true,
      when: { tool: { effect: { kind: 'change', path: startup } } },
      message:
        "Do not change the shell's startup files (~/.bashrc, ~/.profile, ~/.zshrc, …), a virtualenv's start files or the editor's folders (.vscode/, .idea/): tell the human what you would add, and let them add it.",
    });
  }
  if (protect?.runLater) {
    const sites = ['site-packages', 'dist-packages'];
    out.push({
      ...base,
      id: `${BUILTIN_PREFIX}protect-run-later`,
      description:
        "Code the human's own tools run later by themselves, outside the sandbox and in the human's name: an install-time script of package.json (`npm install` runs `postinstall`, `prepare`, …), a dependency npm builds or prepares at install (a local tarball or a git source, whose own scripts run; a binding.gyp, which npm builds with node-gyp), an .npmrc key that names a program npm runs (`script-shell`, `node-options`; in every package of the project), a .pth `import` line or a sitecustomize.py that python runs at every start, a .pnpmfile; and installed packages written by hand (a file in node_modules or site-packages: the human's `npm test` or python runs it as it is, and the package manager, which put it there, never looks at it again). The plugin checks what each call added to these files and undoes it. A Makefile and a conftest.py are the project's own code, which the human asks to run (`make`, `pytest`): only a line of theirs that changes something outside the project (the human's home, a path outside the work tree, .opencode/, .git/) is held; `test`, `build` and the rest of the project's code are not.",
      mode: 'BLOCK',
      bypassable: true,
      when: [
        {
          tool: {
            effect: {
              kind: 'change',
              path: sites.flatMap((d) => [`**/${d}/sitecustomize.py`, `**/${d}/usercustomize.py`]),
            },
          },
        },
        // Installed code, by hand: a package manager's own writes are not file effects, deleting to reinstall is not
        // a write, and node_modules/.cache is the build tools' scratch space. Notebooks and text no runtime loads as
        // code are left out: a loop over `notebooks/*/*.ipynb` names no node_modules file node or python would run.
        {
          tool: {
            effect: {
              kind: ['write', 'append'],
              // A file inside the folder (`node_modules/x/index.js`), not one that only might be named like it: `cp
              // notebooks/* out/` writes names the engine cannot know one level into out/, never a file in a
              // node_modules below it (round 44's course rebuild was held as if it could).
              path: [
                '**/node_modules/**/*',
                ...sites.map((d) => `**/${d}/**/*`),
                '!**/node_modules/.cache/**',
                // (not .txt: a dist-info's entry_points.txt names the plugins pytest loads at its next start)
                '!**/*.{ipynb,md,markdown}',
              ],
            },
          },
        },
      ],
      // Recreating a folder there (mkdir -p node_modules/.x) writes no code.
      unless: [{ tool: { run: { program: 'mkdir' } } }],
      message:
        "Do not add code that runs by itself at the human's install or at every python start, nor change installed packages by hand: show the human the script or line you would add (for a dependency, a patch-package patch or a fork), and let them add it (or let it through with `/anchor bypass anchor-protect-run-later <reason>`).",
    });
  }
  const inside = writableGlobs(protect, settings, root);
  if (inside !== undefined) {
    // A path another built-in guards is left to it (as config-dirs leaves the contract files), so that one bypass
    // scoped to that built-in lets the change through.
    const exceptions = [...inside, ...guardedElsewhere(protect).map((g) => `!${g}`)];
    const home = protect?.home?.replace(/\/+$/, '');
    const fileTools = ['write', 'edit', 'patch'];
    // What runs later in the human's name lives in hidden files and folders (~/.npmrc, ~/.ssh/config, ~/.local/bin,
    // python's user site under ~/.local, another repository's .git/hooks) and in ~/bin; outside the home folder, the
    // system's own files. A visible file beside the project (a consultant's estimate next to the client's
    // repository, notes in ~/docs) runs nowhere by itself: the file tools may write it, as the human would.
    const where =
      home === undefined || home === ''
        ? [['/**']]
        : [
            [`${globLiteral(home)}/**/.*`, `${globLiteral(home)}/**/.*/**`, `${globLiteral(home)}/bin/**`],
            ['/**', `!${globLiteral(home)}`, `!${globLiteral(home)}/**`],
          ];
    out.push({
      ...base,
      id: `${BUILTIN_PREFIX}protect-write-boundary`,
      description:
        "The file tools run in the host's process, outside the OS sandbox that holds the shell to the project, the temp folders and the package caches: a file they write into a hidden place of the home folder or outside it (~/.npmrc, ~/.ssh/config, ~/.local/bin/, python's user site, another repository's .git) runs later in the human's name.",
      mode: 'BLOCK',
      bypassable: true,
      when: where.map((path) => ({
        tool: { name: fileTools, effect: { kind: 'change' as const, path: [...path, ...exceptions] } },
      })),
      message:
        'Write inside the project (or a temp folder). To write elsewhere, tell the human the file and the change: they make it, let it through with a bypass, or open the folder in settings.sandbox.writable.',
    });
  }
  if (settings.opaque !== 'allow') {
    out.push({
      ...base,
      id: `${BUILTIN_PREFIX}shell-opaque`,
      description:
        'The call runs code the engine cannot see into (eval of a variable, a computed command name, `… | sh`, a one-liner, a file this session wrote whose whole text it does not know), so no contract can judge what it does (settings.opaque).',
      mode: settings.opaque === 'block' ? 'BLOCK' : 'WARN',
      bypassable: true,
      when: { tool: { name: 'bash', opaque: true } },
      message:
        'Run the commands themselves, so each one can be checked, instead of hiding them in eval, a variable, a pipe to a shell or a one-liner.',
    });
  }
  if (settings.unparseable !== 'allow') {
    out.push({
      ...base,
      id: `${BUILTIN_PREFIX}shell-unparseable`,
      description:
        'The shell command cannot be parsed, so contracts on commands and files cannot judge it (settings.unparseable).',
      mode: settings.unparseable === 'block' ? 'BLOCK' : 'WARN',
      bypassable: true,
      when: { tool: { name: 'bash', unparseable: true } },
      message: "Check the command's syntax, or split it into simpler commands that can be checked one by one.",
    });
  }
  return out.map((contract) => ({ contract, origin: ORIGIN }));
}

/** The hosts that are opencode's server: loopback, this machine's own addresses, the servers' own host names. */
function serverHosts(protect: ProtectOptions | undefined): string[] {
  const hosts = new Set(['loopback', ...(protect?.hostAddresses ?? [])]);
  for (const server of protect?.servers ?? []) {
    const host = /^[a-z]+:\/\/(\[[^\]]+\]|[^/:]+)/i.exec(server)?.[1];
    if (host !== undefined) hosts.add(host);
  }
  return [...hosts].filter((h) => h.length > 0 && h.length <= 300);
}

/** The port of a server address; undefined when it has none that can be told. */
function portOf(server: string): string | undefined {
  const m =
    /^[a-z]+:\/\/[^/]*:(\d{2,5})(?:\/|$)/i.exec(server) ?? /:(\d{2,5})$/.exec(server) ?? /^(\d{2,5})$/.exec(server);
  return m?.[1];
}

/** A protected path as a glob: `dir/**` stays a folder glob (the folder itself included), anything else is literal. */
/**
 * The `!` globs of what the file tools may write: the sandbox's default folders and settings.sandbox.writable (`~`
 * is the home folder; a relative path is the project's, as globs are). Undefined when the boundary does not apply:
 * the host gave no folders, or the human switched the sandbox off.
 */
function writableGlobs(
  protect: ProtectOptions | undefined,
  settings: EffectiveSettings,
  root: string | undefined,
): string[] | undefined {
  const folders = (protect?.writable ?? []).filter((p) => p.startsWith('/'));
  if (folders.length === 0 || settings.sandbox.mode === 'off') return undefined;
  const home = protect?.home?.replace(/\/+$/, '');
  const opened = settings.sandbox.writable.flatMap((p) => {
    if (p === '~' || p.startsWith('~/')) return home ? [`${home}${p.slice(1)}`] : [];
    return [root === undefined ? normalizePath(p) : joinPath(root, p)];
  });
  return [...folders.map(normalizePath), ...opened]
    .filter((p) => p.length > 0)
    .flatMap((p) => (p === '/' ? ['!/**'] : [`!${globLiteral(p)}`, `!${globLiteral(p)}/**`]));
}

/** The globs the other self-protection built-ins guard. */
function guardedElsewhere(protect: ProtectOptions | undefined): string[] {
  const lists = [
    protect?.contractFiles,
    protect?.hostFiles,
    protect?.hostState,
    protect?.gitFiles,
    protect?.startupFiles,
    (protect?.configDirs ?? []).map((d) => `${d.replace(/\/+$/, '')}/**`),
  ];
  const out = lists.flatMap((list) =>
    (list ?? []).filter((p) => p.length > 1).map((p) => (/[*?{]/.test(p) && !p.endsWith('/**') ? p : fileGlob(p))),
  );
  return [
    ...out,
    ...out.filter((g) => g.endsWith('/**')).map((g) => g.slice(0, -3)),
    ...(protect?.gitHooks ? GIT_RUNS_LATER : []),
  ];
}

function fileGlob(path: string): string {
  return path.endsWith('/**') ? `${globLiteral(path.slice(0, -3))}/**` : globLiteral(path);
}

/**
 * A glob for an absolute path, and the same glob as the agent may spell it under the home folder (~/…, $HOME/…,
 * ${HOME}/…): the shell model keeps those spellings unexpanded, and a folder glob also covers the folder itself.
 */
function spelled(glob: string, home: string | undefined): string[] {
  const out = [glob];
  if (glob.endsWith('/**')) out.push(glob.slice(0, -3));
  if (home === undefined || home.length < 2) return out;
  const prefix = `${globLiteral(home.replace(/\/+$/, ''))}/`;
  for (const g of [...out]) {
    if (!g.startsWith(prefix)) continue;
    const rest = g.slice(prefix.length);
    out.push(`~/${rest}`, `\\$HOME/${rest}`, `\\$\\{HOME\\}/${rest}`);
  }
  return out;
}

/** A file path as a glob that matches exactly it. */
const globLiteral = (path: string): string => path.replace(/[*?[\]{}()!+@\\]/g, (c) => `\\${c}`);
