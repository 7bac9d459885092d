// Package managers and package runners: where they run (--prefix, -C, --cwd), the command `npx`/`npm exec`/`pnpm
// dlx`/`bun x` run, and the confirmation a `yes` on stdin gives (apt-get -y, pip uninstall -y).
import { cargoBuildRuns, npmrcRuns, pipProjectRuns, pnpmfileRuns } from './build-tools.js';
import type { EffectsDeclaration, ProgramDeclaration, RunsDeclaration } from './declaration.js';

const NPX_OPTIONS = ['-p', '--package', '-c', '--call', '-w', '--workspace'];
/**
 * Packages whose command is not their name (`npx netlify-cli deploy` runs `netlify deploy`): the ones an agent runs
 * through a package runner to publish, deploy or change infrastructure, and the common tools beside them. A package
 * missing here runs its own name (unscoped) or the part after the slash (scoped), which is right for most.
 */
export const PACKAGE_BINS: Readonly<Record<string, string>> = {
  'netlify-cli': 'netlify',
  'firebase-tools': 'firebase',
  '@changesets/cli': 'changeset',
  '@cloudflare/wrangler': 'wrangler',
  '@angular/cli': 'ng',
  '@nestjs/cli': 'nest',
  typescript: 'tsc',
  'aws-cdk': 'cdk',
  'cdktf-cli': 'cdktf',
  '@aws-amplify/cli': 'amplify',
  '@railway/cli': 'railway',
  '@vscode/vsce': 'vsce',
  '@google/clasp': 'clasp',
  'eas-cli': 'eas',
  '@sentry/cli': 'sentry-cli',
  '@azure/static-web-apps-cli': 'swa',
  '@lhci/cli': 'lhci',
  '@playwright/test': 'playwright',
  '@nx/cli': 'nx',
  '@redocly/cli': 'redocly',
  '@stoplight/spectral-cli': 'spectral',
  '@biomejs/biome': 'biome',
  '@semantic-release/cli': 'semantic-release-cli',
  'gh-pages': 'gh-pages',
};
const NPX_RUNS: RunsDeclaration = { options: NPX_OPTIONS, commandOption: ['-c', '--call'], packageBins: PACKAGE_BINS };
/** `yarn workspaces foreach [options] CMD…` and `yarn workspace NAME CMD…` run `yarn CMD…` in the workspaces. */
const YARN_FOREACH_OPTIONS = ['--include', '--exclude', '--from', '-j', '--jobs'];

const REGISTRY_OPTIONS = ['--registry', '--tag', '--otp', '--access'];

const NPM_LIKE: Omit<ProgramDeclaration, 'names' | 'about' | 'runs'> = {
  globals: {
    // with npm's configuration given before the command (`npm --userconfig /tmp/npmrc publish`)
    value: [
      ...['--prefix', '-C', '--dir', '-w', '--workspace', '--filter', '-F', '--filter-prod', '--userconfig'],
      '--globalconfig',
      ...['--cache', '--loglevel', '--registry', '--workspace-concurrency', '--resume-from', '--reporter'],
    ],
    flag: [
      ...['-g', '--global', '-r', '--recursive', '-s', '--silent', '--ws', '--workspaces', '--parallel', '--stream'],
      ...['--no-bail', '--bail', '--reverse', '--no-sort', '--aggregate-output'],
    ],
  },
  cwd: ['--prefix', '-C', '--dir'],
  options: { '*': REGISTRY_OPTIONS },
};

/**
 * `npm pkg set scripts.ship='npm publish'`: each KEY=VALUE is put into package.json. A script's pair is recorded as the
 * `"ship": "…"` piece a later `npm run ship` reads (the file is then known in part, as after an edit); another key's
 * value as written, so a content rule sees it. With `-w/--workspace DIR` it is DIR's package.json (npm takes a
 * workspace's folder or its name there: a scoped name's folder is not known, so its pairs go nowhere here). pnpm hands
 * `pkg` to npm, with its own options (its `-w` is the workspace root, the folder it runs in).
 */
const NPM_PKG_SET: EffectsDeclaration = {
  reads: [],
  effects: ({ program, positionals, flags, globals }, add) => {
    if (positionals[0] !== 'pkg' || positionals[1] !== 'set') return;
    const workspaces =
      program === 'npm'
        ? [...(globals ?? []), ...flags].flatMap((f) =>
            (f.name === '-w' || f.name === '--workspace') && f.value !== undefined ? [f.value] : [],
          )
        : [];
    const folders = workspaces.length === 0 ? ['.'] : workspaces.filter((w) => !w.startsWith('@'));
    for (const pair of positionals.slice(2)) {
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const key = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const script = /^scripts\.([^.]+)$/.exec(key)?.[1];
      const text = script === undefined ? `${key}=${value}\n` : `${JSON.stringify(script)}: ${JSON.stringify(value)}\n`;
      for (const folder of folders)
        add('append', `${folder.replace(/\/+$/, '')}/package.json`, `${program} pkg set`, text);
    }
  },
};

/** npm's commands and aliases (lib/utils/cmd-list.js, npm 10–11): any unique prefix of one is that command. */
const NPM_COMMANDS = [
  ...'access approve-scripts audit bugs cache ci completion config dedupe deny-scripts deprecate diff dist-tag docs'.split(
    ' ',
  ),
  ...'doctor edit exec explain explore find-dupes fund get help help-search init install install-ci-test'.split(' '),
  ...'install-test link ll login logout ls org outdated owner pack ping pkg prefix profile prune publish query'.split(
    ' ',
  ),
  ...'rebuild repo restart root run sbom search set stage start stop team test token trust undeprecate uninstall'.split(
    ' ',
  ),
  ...'unpublish update version view whoami author=owner home=docs issues=bugs info=view show=view find=search'.split(
    ' ',
  ),
  ...'add=install unlink=uninstall remove=uninstall rm=uninstall r=uninstall un=uninstall rb=rebuild list=ls'.split(
    ' ',
  ),
  ...'ln=link create=init i=install it=install-test cit=install-ci-test u=update up=update c=config s=search'.split(
    ' ',
  ),
  ...'se=search tst=test t=test ddp=dedupe v=view run-script=run clean-install=ci clean-install-test=install-ci-test'.split(
    ' ',
  ),
  ...'x=exec why=explain la=ll verison=version ic=ci innit=init in=install ins=install inst=install'.split(' '),
  ...'insta=install instal=install isnt=install isnta=install isntal=install isntall=install install-clean=ci'.split(
    ' ',
  ),
  ...'isntall-clean=ci hlep=help dist-tags=dist-tag upgrade=update udpate=update rum=run sit=install-ci-test'.split(
    ' ',
  ),
  ...'urn=run ogr=org'.split(' '),
];

export const NPM: ProgramDeclaration = {
  names: ['npm'],
  about: 'npm: --prefix moves it; `npm exec`/`npm x` run a command; `npm init` asks what -y answers',
  ...NPM_LIKE,
  // npm reads its configuration anywhere on the line, not only before the command (`npm run relabel --prefix
  // analysis`, `npm run release -w packages/ui`): these take a value there too (-C is --prefix, -w --workspace).
  options: { '*': [...REGISTRY_OPTIONS, '--prefix', '-C', '-w', '--workspace'] },
  runs: [{ ...NPX_RUNS, subcommands: ['exec', 'x'] }],
  stdin: { confirm: { flag: '-y', subcommands: ['init'] } },
  tasks: 'npm-scripts',
  // the project's .npmrc node-options preloads a module into every node its scripts start (build-tools.ts)
  folderRuns: npmrcRuns,
  effects: NPM_PKG_SET,
  abbreviates: NPM_COMMANDS,
};
/**
 * pnpm's own commands and aliases (pnpm 8–10). Any other first word is a script of package.json, else a binary of
 * node_modules/.bin (`pnpm netlify deploy --prod`): judged as the binary, since which one runs depends on a file the
 * engine does not read, and a script named like a deploy tool does what that tool does. The runner stays recorded.
 */
const PNPM_COMMANDS = [
  ...['add', 'i', 'install', 'it', 'install-test', 'ci', 'clean-install', 'ln', 'link', 'unlink', 'rb', 'rebuild'],
  ...['rm', 'remove', 'un', 'uninstall', 'up', 'update', 'upgrade', 'audit', 'licenses', 'ls', 'list', 'll', 'la'],
  ...['outdated', 'why', 'run', 'run-script', 'test', 't', 'tst', 'start', 'stop', 'restart', 'exec', 'dlx'],
  ...['create', 'init', 'publish', 'pack', 'recursive', 'multi', 'm', 'server', 'store', 'root', 'bin', 'setup'],
  ...['env', 'deploy', 'doctor', 'config', 'c', 'get', 'set', 'import', 'fetch', 'prune', 'patch', 'patch-commit'],
  ...['patch-remove', 'dedupe', 'self-update', 'cat-file', 'cat-index', 'find-hash', 'approve-builds'],
  ...['ignored-builds', 'docs', 'home', 'bugs', 'repo', 'view', 'info', 'show', 'v', 'owner', 'login', 'adduser'],
  ...['logout', 'whoami', 'dist-tag', 'dist-tags', 'unpublish', 'deprecate', 'undeprecate', 'version', 'help'],
  ...['search', 's', 'star', 'stars', 'unstar', 'token', 'team', 'access', 'org', 'ping', 'profile', 'prefix'],
  ...['completion', 'install-completion', 'sbom', 'hook', 'edit', 'explore', 'fund', 'shrinkwrap', 'query', 'pkg'],
  ...['cache', 'node'],
];
/** yarn's own commands (classic and berry); any other first word is a script or a binary, as with pnpm. */
const YARN_COMMANDS = [
  ...['add', 'audit', 'autoclean', 'bin', 'cache', 'check', 'config', 'constraints', 'create', 'dedupe', 'dlx'],
  ...['exec', 'explain', 'generate-lock-entry', 'global', 'help', 'import', 'info', 'init', 'install', 'licenses'],
  ...['link', 'list', 'login', 'logout', 'npm', 'outdated', 'owner', 'pack', 'patch', 'patch-commit', 'plugin'],
  ...['policies', 'publish', 'rebuild', 'remove', 'run', 'search', 'set', 'sdks', 'stage', 'tag', 'team', 'test'],
  ...['unlink', 'unplug', 'up', 'upgrade', 'upgrade-interactive', 'version', 'versions', 'why', 'workspace'],
  ...['workspaces', 'start'],
];

export const PNPM: ProgramDeclaration = {
  // .pnpmfile.cjs is a module pnpm runs at every install (pnpm.io, ".pnpmfile.cjs"): round 52
  folderRuns: pnpmfileRuns,
  names: ['pnpm'],
  about: 'pnpm: -C/--dir moves it; `pnpm exec`/`pnpm dlx` run a command, and so does a word that is no pnpm command',
  ...NPM_LIKE,
  // `pnpm run --filter ./packages/ui build`: run's own options, before the script's name, include the filter.
  options: { '*': [...REGISTRY_OPTIONS, '--filter', '-F', '--filter-prod'] },
  runs: [
    { ...NPX_RUNS, subcommands: ['exec', 'dlx'] },
    { options: [], ownCommands: PNPM_COMMANDS, scriptOrBinary: true },
  ],
  tasks: 'npm-scripts',
  effects: NPM_PKG_SET,
};
export const YARN: ProgramDeclaration = {
  names: ['yarn'],
  about:
    'yarn: --cwd moves it; `yarn exec`/`yarn dlx`/`yarn run`, and a word that is no yarn command, run a command; `yarn workspaces foreach`/`yarn workspace NAME` run a yarn command',
  globals: { value: ['--cwd'], flag: ['-s', '--silent'] },
  cwd: ['--cwd'],
  options: {},
  runs: [
    { ...NPX_RUNS, subcommands: ['exec', 'dlx'] },
    { subcommands: ['workspaces foreach'], options: YARN_FOREACH_OPTIONS, self: true },
    { subcommands: ['workspace'], options: [], skip: 1, self: true },
    // `yarn run NAME` and `yarn NAME` run a script of that name, else the binary (judged as the binary, as pnpm's).
    { subcommands: ['run'], options: [], scriptOrBinary: true },
    { options: [], ownCommands: YARN_COMMANDS, scriptOrBinary: true },
  ],
  tasks: 'npm-scripts',
};
export const NPX: ProgramDeclaration = {
  names: ['npx', 'bunx', 'pnpx'],
  about: 'package runners: the rest is a command (its -c string is a shell command line)',
  options: {},
  runs: [NPX_RUNS],
};

/**
 * shadcn's CLI copies a component's source into the project (`shadcn add button` writes components/ui/button.tsx,
 * under src/ or not as components.json says): code, written by a generator. Names it is not given as literals (a
 * variable, --all) are unknown: the folder's files.
 */
const shadcnEffects: EffectsDeclaration['effects'] = (input, add) => {
  if (input.positionals[0] !== 'add') return;
  const via = `${input.program} add`;
  const names = input.positionals.slice(1);
  const known = names.length > 0 && names.every((n) => /^[\w.-]+$/.test(n));
  if (!known || input.flags.some((f) => f.name === '--all' || f.name === '-a'))
    add('write', '**/components/ui/**', via);
  else for (const n of names) add('write', `**/components/ui/${n}.tsx`, via);
};
export const SHADCN: ProgramDeclaration = {
  names: ['shadcn', 'shadcn-ui'],
  about: "shadcn add NAME…: copies each component's source into components/ui (code written by a generator)",
  globals: { value: ['-c', '--cwd'], flag: [] },
  options: { '*': ['-c', '--cwd', '-p', '--path'] },
  cwd: ['-c', '--cwd'],
  effects: { reads: [], effects: shadcnEffects },
};

export const CARGO: ProgramDeclaration = {
  names: ['cargo'],
  // `cargo X` that is no cargo command runs `cargo-X` from the PATH (round 13)
  plugins: { prefix: 'cargo-' },
  about: 'cargo: `+TOOLCHAIN` and global options before the command; -C moves it',
  globals: {
    value: ['-C', '--config', '-Z', '--color'],
    flag: ['-v', '--verbose', '-q', '--quiet', '--frozen', '--locked', '--offline'],
    toolchain: true,
  },
  cwd: ['-C'],
  // its package's build script (build.rs) runs before a build, a run or a test (build-tools.ts)
  folderRuns: cargoBuildRuns,
  // `cargo login` with no token reads it on stdin and stores it in credentials.toml (blind round 37)
  stdin: { credential: ['login'] },
  // cargo-watch (`cargo watch`): -s/--shell STRING is a command line a shell runs at each change (its -x runs a
  // cargo command of its own)
  runs: [
    {
      subcommands: ['watch'],
      options: [...['-x', '--exec', '-w', '--watch', '-i', '--ignore', '-d', '--delay', '-C', '--workdir']],
      commandOption: ['-s', '--shell'],
      rest: false,
      permute: true,
    },
  ],
  options: {
    '*': [
      ...['-p', '--package', '--manifest-path', '-F', '--features', '--target', '--registry', '--index', '--token'],
      ...['-j', '--jobs', '--profile', '--target-dir', '--message-format', '--exclude', '--bin', '--example'],
    ],
  },
};

/** cargo-make's options that take a value (`--makefile FILE`, `-t TASK`), read by workspace-tasks.ts as well. */
export const CARGO_MAKE_VALUE_OPTIONS: readonly string[] = [
  ...['--makefile', '--cwd', '-p', '--profile', '-e', '--env', '--env-file', '-t', '--task', '-l', '--loglevel'],
  ...['--skip-tasks', '--output-format', '--output-file', '--config-file', '--time-summary'],
];

export const CARGO_MAKE: ProgramDeclaration = {
  names: ['makers', 'cargo-make'],
  about:
    'cargo-make: `makers TASK` (and `cargo make TASK`) runs a task of Makefile.toml — its dependencies, command, shell script (workspace-tasks.ts)',
  options: { '*': CARGO_MAKE_VALUE_OPTIONS },
};

export const PIP: ProgramDeclaration = {
  names: ['pip', 'pip3'],
  about: 'pip: `pip uninstall` asks what -y answers',
  options: { '*': ['-r', '--requirement', '-c', '--constraint', '-e', '--editable', '-i', '--index-url', '-t'] },
  stdin: { confirm: { flag: '-y', subcommands: ['uninstall'] } },
  // installing or building a local project runs its setup.py or in-tree build backend (build-tools.ts)
  folderRuns: (input) => pipProjectRuns(input),
};

export const DART: ProgramDeclaration = {
  names: ['dart', 'flutter'],
  about: "dart and flutter: `pub token add` stores the token it reads on stdin in pub's pub-tokens.json",
  options: { '*': ['--env-var', '-C', '--directory'] },
  // what a pipe, a here-string, a heredoc or a file the session wrote hands `pub token add` is the token it stores
  stdin: { credential: ['pub token add'] },
};

export const DOTNET: ProgramDeclaration = {
  names: ['dotnet'],
  about: 'dotnet: the options that take a value, so `nuget push PKG --source DIR` names its feed (round 39)',
  options: {
    '*': [
      ...['-s', '--source', '-k', '--api-key', '-ss', '--symbol-source', '-sk', '--symbol-api-key', '--timeout'],
      ...['-c', '--configuration', '-o', '--output', '--framework', '-r', '--runtime', '--verbosity', '--project'],
      // (not -f, -v or -p: `dotnet ef … -f` forces and -v is verbose there; `-p:Name=value` is a property)
      ...['--version-suffix', '--arch', '--os', '--environment', '--property'],
    ],
  },
};

export const FVM: ProgramDeclaration = {
  names: ['fvm'],
  about:
    'fvm (Flutter Version Management): `fvm dart …`/`fvm flutter …` run them with the pinned SDK, `fvm exec CMD` runs CMD',
  options: {},
  runs: [
    { subcommands: ['exec'], options: [] },
    {
      options: [],
      ownCommands: [
        ...['install', 'i', 'use', 'list', 'ls', 'releases', 'remove', 'config', 'doctor', 'global', 'flavor'],
        ...['spawn', 'exec', 'api', 'destroy', 'fork', 'update', 'help'],
      ],
    },
  ],
};

export const SYSTEM_PACKAGES: ProgramDeclaration = {
  names: ['apt-get', 'apt', 'yum', 'dnf', 'zypper'],
  about: 'system package managers: a `yes` on stdin answers their question as -y does',
  options: { '*': ['-o', '-c', '-t', '--target-release', '-n', '--name', '-p', '--prefix'] },
  stdin: { confirm: { flag: '-y' } },
};

export const CONDA: ProgramDeclaration = {
  names: ['conda', 'mamba', 'micromamba'],
  about:
    'conda package managers: a `yes` on stdin answers their question as -y does; `conda run [-n ENV] CMD` runs CMD',
  options: { '*': ['-o', '-c', '-t', '--target-release', '-n', '--name', '-p', '--prefix', '--cwd'] },
  stdin: { confirm: { flag: '-y' } },
  runs: [{ subcommands: ['run'], options: ['-n', '--name', '-p', '--prefix', '--cwd'], cwd: ['--cwd'] }],
};
