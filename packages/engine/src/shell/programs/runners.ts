// Programs that run another command on this machine (sudo CMD, timeout 5 CMD, su -c STRING, parallel CMD ::: ARGS):
// their own options, the words they take before the command, and when they run nothing. Peeled by wrappers.ts.
import { JS_TEST_RUNNERS, MKDOCS, PYTEST_VALUE_OPTIONS, pytestRuns } from './test-runners.js';
import { gemfileRuns, projectManagerRuns } from './build-tools.js';
import { dotenvSetEffects } from './config-setters.js';
import { xargsEchoOutput } from '../filter-output.js';
import type { ProgramDeclaration, RunsDeclaration, WrittenWord } from './declaration.js';
import { shellQuote } from '../words.js';

/** uv's options that take a value (uv run, uv tool run, uvx). */
const UV_OPTIONS = [
  ...['--with', '--with-editable', '--with-requirements', '--python', '-p', '--project', '--directory', '--package'],
  ...['--extra', '--group', '--only-group', '--no-group', '--env-file', '--index', '--index-url', '--default-index'],
  ...['--extra-index-url', '--find-links', '-f', '--from', '--cache-dir', '--config-file', '--color', '-C'],
  ...['--config-setting', '--exclude-newer', '--python-preference', '--resolution', '--prerelease', '--index-strategy'],
  ...['--keyring-provider', '--link-mode', '--reinstall-package', '--upgrade-package', '-P', '--refresh-package'],
  ...['--allow-insecure-host'],
];

/** nix's options that take two values, and those that take one (before `nix run`'s installable). */
const NIX_PAIRS = new Set(['--arg', '--argstr', '--override-input', '--option', '--arg-from-file', '--arg-from-stdin']);
const NIX_ONE = new Set(['-I', '--include', '--expr', '-f', '--file', '--inputs-from', '--profile', '--update-input']);

/**
 * `nix run FLAKE#PKG [--] ARGS…` as the line it runs: the package's program, named for its attribute as nix names a
 * package's main program (`nixpkgs#git` runs git, `nixpkgs#python3` python3; an output such as `^bin` is dropped),
 * with the words after it. A flake's own default app (`nix run .`, `nix run github:o/r`) names no program: left as it is.
 */
function nixRunLine(args: readonly WrittenWord[]): string | undefined {
  let i = 0;
  while (i < args.length && (args[i] as WrittenWord).value.startsWith('-')) {
    const v = (args[i] as WrittenWord).value;
    i += NIX_PAIRS.has(v) ? 3 : NIX_ONE.has(v) ? 2 : 1;
  }
  const installable = args[i];
  if (installable === undefined || installable.dynamic) return undefined;
  const attr = /#([^#]+)$/.exec(installable.value)?.[1]?.replace(/\^.*$/, '');
  const program = attr?.split('.').pop();
  if (program === undefined || !/^[A-Za-z0-9_][\w.+-]*$/.test(program)) return undefined;
  const rest = args.slice(i + 1);
  const words = rest[0]?.value === '--' ? rest.slice(1) : rest;
  return [program, ...words.map((w) => (w.dynamic ? w.text : shellQuote(w.value)))].join(' ');
}

/** A runner whose declaration is only how it runs its command. */
const runner = (names: string[], about: string, runs: RunsDeclaration): ProgramDeclaration => ({
  names,
  about,
  options: { '*': [...runs.options] },
  runs: [runs],
});

/** [names, subcommand, words before the command, value-taking options]: runners with nothing else to declare. */
const PLAIN_RUNNERS: readonly (readonly [string[], string?, number?, string[]?])[] = [
  [['rustup'], 'run', 1],
  [['pyenv', 'rbenv', 'goenv', 'nodenv', 'jenv'], 'exec'],
  [['nvm'], 'exec', 1],
  [['volta'], 'run', 0, ['--node', '--npm', '--pnpm', '--yarn']],
  [['fnm'], 'exec', 0, ['--using']],
  [['opam', 'stack'], 'exec'],
  // lerna exec's package filters take a value (`lerna exec --scope @shop/ui -- npm publish`)
  [['lerna'], 'exec', 0, ['--scope', '--ignore', '--since', '--concurrency', '--profile-location']],
  [['apptainer', 'singularity'], 'exec', 1, ['-B', '--bind', '--pwd', '-W', '--env']],
  [['xcrun'], undefined, 0, ['-sdk', '--sdk', '-toolchain', '--toolchain']],
  [['eatmydata', 'ifne']],
  [['systemd-cat'], undefined, 0, ['-t', '--identifier', '-p', '--priority', '--stderr-priority']],
  [['trickle'], undefined, 0, ['-d', '-u', '-w', '-t', '-l', '-n']],
  [['cgexec'], undefined, 0, ['-g']],
  [['softlimit'], undefined, 0, ['-m', '-a', '-d', '-o', '-p', '-f', '-c', '-r', '-t', '-s', '-l']],
  [['envdir', 'setlock', 's6-setuidgid', 'setuidgid'], undefined, 1],
  // Round 8: init shims of containers, user switches, GPU and CPU launchers, queues; each runs the words after it.
  [['dumb-init'], undefined, 0, ['-r', '--rewrite']],
  [['tini', 'tini-static'], undefined, 0, ['-p', '-e']],
  [['gosu', 'su-exec'], undefined, 1],
  [['vglrun', 'prime-run', 'gamemoderun', 'optirun', 'primusrun', 'mangohud', 'nq'], undefined, 0, ['-d']],
  [['flatpak-spawn'], undefined, 0, ['--directory', '--forward-fd', '--env', '--sandbox-expose', '--app-path']],
  [
    ['proot'],
    undefined,
    0,
    ['-r', '--rootfs', '-b', '--bind', '-m', '--mount', '-w', '--pwd', '--cwd', '-q', '-k', '-R', '-S'],
  ],
  [['cpulimit'], undefined, 0, ['-l', '--limit', '-e', '--exe', '-p', '--pid', '-m']],
  [['timelimit'], undefined, 0, ['-t', '-T', '-s', '-S']],
  [['sem'], undefined, 0, ['-j', '--jobs', '--id', '--semaphorename', '--st', '--semaphoretimeout']],
  // Round 11: retry (the retry tool's -t times, -d delay, -u until) and dbus-launch run the words after their options.
  [['retry'], undefined, 0, ['-t', '--times', '-d', '--delay', '-u', '--until', '-w', '--while', '-m', '--message']],
  [['dbus-launch'], undefined, 0, ['--config-file', '--autolaunch', '--binary-syntax']],
  // Round 13: Git Bash's console shim, env files and secret stores that inject variables, nx's and zellij's
  // command runners, dtach's session (its mode option names the socket).
  [['winpty']],
  [['railway'], 'run', 0, ['-s', '--service', '-e', '--environment']],
  [['env-cmd'], undefined, 0, ['-f', '--file', '-e', '--environments', '-r', '--rc-file']],
  [['berglas'], 'exec', 0, ['--project']],
  [['summon'], undefined, 0, ['-p', '--provider', '-f', '-D', '--environment', '--yaml']],
  [['nx'], 'exec', 0, ['-p', '--projects', '--exclude']],
  [['zellij'], 'run', 0, ['-n', '--name', '--cwd', '-d', '--direction', '--height', '--width', '-x', '-y']],
  [['dtach'], undefined, 0, ['-n', '-N', '-c', '-A', '-a', '-e', '-r']],
  // A terminal window started with a command: xterm/konsole -e WORDS, gnome-terminal -- WORDS.
  [
    ['xterm', 'uxterm', 'konsole', 'gnome-terminal'],
    undefined,
    0,
    [
      '-T',
      '-title',
      '-geometry',
      '-fa',
      '-fs',
      '-bg',
      '-fg',
      '--title',
      '-t',
      '--working-directory',
      '--workdir',
      '--geometry',
      '--profile',
      '--class',
      '-o',
    ],
  ],
];

export const RUNNERS: readonly ProgramDeclaration[] = [
  runner(['sudo'], 'sudo: runs its command as another user (-D moves it; -l, -v, -e run none)', {
    options: [
      ...['-u', '--user', '-g', '--group', '-h', '--host', '-p', '--prompt', '-C', '--close-from', '-D', '--chdir'],
      ...['-r', '--role', '-t', '--type', '-U', '--other-user', '-T', '--command-timeout'],
    ],
    notWhen: ['-l', '--list', '-v', '--validate', '-V', '--version', '-K', '--remove-timestamp', '-e', '--edit'],
    cwd: ['-D', '--chdir'],
    // sudo's env_reset: the command sees none of the caller's exported variables unless it keeps them.
    clearsEnvironment: true,
    keepsEnvironmentWith: ['-E', '--preserve-env'],
    // `sudo -s <<EOF`, `sudo -i <<< …`: with no command, the shell it starts reads its script on stdin.
    stdinScript: true,
  }),
  runner(['doas'], 'doas: runs its command as another user (-s: a shell, reading stdin)', {
    options: ['-u', '-C'],
    clearsEnvironment: true,
    stdinScript: true,
  }),
  runner(['pkexec'], 'pkexec: runs its command as another user', {
    options: ['--user', '-u'],
    clearsEnvironment: true,
  }),
  runner(['env'], 'env: NAME=value words, -i/-, -u, -C moves it, -S splits a string into words', {
    options: [
      ...['-u', '--unset', '-C', '--chdir', '-S', '--split-string', '-P', '--default-signal', '--ignore-signal'],
      '--block-signal',
    ],
    cwd: ['-C', '--chdir'],
    special: 'env',
  }),
  runner(['timeout'], 'timeout: DURATION, then the command', {
    options: ['-s', '--signal', '-k', '--kill-after'],
    skip: 1,
  }),
  runner(['nice'], 'nice: runs its command at another priority', { options: ['-n', '--adjustment'] }),
  runner(['nohup'], 'nohup: runs its command immune to hangups', { options: [] }),
  runner(['time'], 'time: runs and times its command', { options: ['-f', '--format', '-o', '--output'] }),
  runner(['command'], 'command: runs its command (-v and -V only look it up)', { options: [], notWhen: ['-v', '-V'] }),
  runner(['builtin'], 'builtin: runs a shell builtin', { options: [] }),
  runner(['exec'], 'exec: replaces the shell with its command', { options: ['-a'] }),
  runner(['stdbuf'], 'stdbuf: runs its command with other buffering', {
    options: ['-i', '--input', '-o', '--output', '-e', '--error'],
  }),
  runner(['ionice'], 'ionice: runs its command at another I/O class (-p changes a running process)', {
    options: ['-c', '--class', '-n', '--classdata'],
    notWhen: ['-p', '--pid', '-P', '--pgid', '-u', '--uid'],
  }),
  runner(['chrt'], 'chrt: PRIORITY, then the command (-p changes a running process)', {
    options: ['-T', '--sched-runtime', '-P', '--sched-period', '-D', '--sched-deadline'],
    skip: 1,
    notWhen: ['-p', '--pid', '-m', '--max'],
  }),
  runner(['strace'], 'strace: traces its command (-p attaches to a process)', {
    options: ['-o', '-e', '-p', '-s', '-u', '-E', '-a', '-b', '-I', '-O', '-S', '-X', '-P'],
    notWhen: ['-p'],
  }),
  runner(['ltrace'], 'ltrace: traces its command (-p attaches to a process)', {
    options: ['-o', '-e', '-p', '-s', '-u', '-a', '-n'],
    notWhen: ['-p'],
  }),
  runner(['flock'], 'flock: FILE, then the command or -c STRING', {
    options: ['-w', '--timeout', '-E', '--conflict-exit-code', '-c', '--command'],
    skip: 1,
    commandOption: ['-c', '--command'],
  }),
  runner(['caffeinate'], 'caffeinate (macOS): runs its command', { options: ['-t', '-w'] }),
  runner(['unbuffer'], 'unbuffer: runs its command', { options: [] }),
  runner(['setsid'], 'setsid: runs its command in a new session', { options: [] }),
  runner(['chroot'], 'chroot: NEWROOT, then the command (a shell without one)', {
    options: ['--userspec', '--groups'],
    skip: 1,
  }),
  runner(['unshare'], 'unshare: runs its command in new namespaces', {
    options: [
      ...['--map-user', '--map-group', '-S', '--setuid', '-G', '--setgid', '-R', '--root', '-w', '--wd'],
      ...['--propagation', '--map-users', '--map-groups', '--setgroups'],
    ],
    attached: ['-m', '-u', '-i', '-n', '-p', '-U', '-C', '-T'],
  }),
  runner(['nsenter'], "nsenter: runs its command in another process's namespaces", {
    options: ['-t', '--target', '-S', '--setuid', '-G', '--setgid'],
    attached: ['-m', '-u', '-i', '-n', '-p', '-U', '-C', '-T', '-r', '-w'],
  }),
  runner(['systemd-run'], 'systemd-run: runs its command as a transient unit (--working-directory moves it)', {
    options: [
      ...['--unit', '-u', '-p', '--property', '--description', '--slice', '-E', '--setenv', '--uid', '--gid'],
      ...['--nice', '--working-directory', '-M', '--machine', '-H', '--host', '--on-active', '--on-boot'],
      ...['--on-startup', '--on-unit-active', '--on-unit-inactive', '--on-calendar', '--service-type'],
    ],
    cwd: ['--working-directory'],
    clearsEnvironment: true,
  }),
  runner(['script'], 'script: -c STRING is the command it records; without one, the shell it starts reads its stdin', {
    options: ['-c', '--command', '-E', '--echo', '-I', '--log-in', '-O', '--log-out', '-T', '--log-timing'],
    commandOption: ['-c', '--command'],
    rest: false,
    stdinScript: true,
  }),
  runner(['su'], 'su: -c STRING runs as the user (its other words are arguments of the shell)', {
    options: ['-c', '--command', '-s', '--shell', '-g', '--group', '-G', '--supp-group', '-w'],
    commandOption: ['-c', '--command'],
    rest: false,
    permute: true,
    clearsEnvironment: true,
    keepsEnvironmentWith: ['-m', '-p', '--preserve-environment'],
    // `su deploy <<EOF`: with no -c, the user's shell reads its script on stdin.
    stdinScript: true,
  }),
  runner(['runuser'], 'runuser: -u USER CMD, or -c STRING', {
    options: ['-u', '--user', '-g', '--group', '-G', '--supp-group', '-s', '--shell', '-w', '-c', '--command'],
    commandOption: ['-c', '--command'],
    skip: 1,
    skipUnless: ['-u', '--user'],
    clearsEnvironment: true,
    keepsEnvironmentWith: ['-m', '-p', '--preserve-environment'],
  }),
  runner(['sg'], 'sg: GROUP, then the command or -c STRING', { options: ['-c'], skip: 1, commandOption: ['-c'] }),
  runner(['taskset'], 'taskset: MASK, then the command (-p changes a running process)', {
    options: [],
    skip: 1,
    notWhen: ['-p', '--pid'],
  }),
  runner(['numactl'], 'numactl: runs its command with a NUMA policy', {
    options: [
      ...['-N', '--cpunodebind', '-m', '--membind', '-C', '--physcpubind', '-i', '--interleave', '-p'],
      '--preferred',
    ],
    notWhen: ['-s', '--show', '-H', '--hardware'],
  }),
  runner(['firejail'], 'firejail: runs its command in a sandbox', {
    options: ['--profile', '--name', '--private'],
    notWhen: ['--list', '--tree', '--version', '--help', '--top'],
  }),
  runner(['xvfb-run'], 'xvfb-run: runs its command with a virtual display', {
    options: ['-n', '--server-num', '-s', '--server-args', '-f', '--auth-file', '-e', '--error-file', '-p', '-w'],
  }),
  runner(['proxychains', 'proxychains4', 'torsocks', 'tsocks'], 'proxies: run their command through a proxy', {
    options: ['-f', '-u', '-p', '-a', '-P'],
  }),
  runner(['fakeroot'], 'fakeroot: runs its command in a faked root environment', {
    options: ['-l', '--lib', '--faked', '-s', '-i'],
  }),
  runner(['faketime'], 'faketime: TIMESTAMP, then the command it runs at that faked time', {
    options: ['-m', '-f', '-p'],
    skip: 1,
  }),
  runner(['ssh-agent'], 'ssh-agent [opts] CMD: runs CMD with the agent (with no command, -k or -T: none)', {
    options: ['-a', '-E', '-O', '-P', '-t'],
    notWhen: ['-k', '-T', '-l'],
  }),
  runner(['sshpass'], 'sshpass [-p PASS|-f FILE|-d FD|-e] CMD: runs CMD (usually ssh) with the password', {
    options: ['-p', '-f', '-d', '-P'],
  }),
  runner(['cross-env'], 'cross-env NAME=value… CMD: runs CMD with the variables set', { options: [], special: 'env' }),
  runner(['cross-env-shell'], 'cross-env-shell NAME=value… CMD: its words, joined, run by a shell', {
    options: [],
    special: 'env',
    joined: true,
  }),
  runner(['bwrap'], 'bwrap (bubblewrap): runs its command in a sandbox built by its options', {
    options: [
      ...['--args', '--unshare-user', '--uid', '--gid', '--hostname', '--chdir', '--unsetenv', '--lock-file'],
      ...['--sync-fd', '--remount-ro', '--proc', '--dev', '--tmpfs', '--mqueue', '--dir', '--seccomp', '--userns'],
      ...[
        '--info-fd',
        '--json-status-fd',
        '--block-fd',
        '--userns-block-fd',
        '--pidns',
        '--exec-label',
        '--file-label',
      ],
      ...['--cap-add', '--cap-drop', '--perms', '--size', '--argv0'],
    ],
    // --bind SRC DEST and its kin take two values (BWRAP_PAIRS in wrappers.ts)
    special: 'bwrap',
  }),
  runner(['watchexec'], 'watchexec [opts] [--] CMD: its words, each quoted, run by a shell whenever files change', {
    options: [
      ...['-w', '--watch', '-W', '--watch-non-recursive', '-e', '--exts', '-f', '--filter', '--filter-file'],
      ...['-i', '--ignore', '--ignore-file', '-d', '--debounce', '--delay-run', '--poll', '--shell', '-s', '--signal'],
      ...['--stop-signal', '--stop-timeout', '-E', '--env', '--workdir', '--project-origin', '--on-busy-update'],
      ...['--emit-events-to', '--fs-events', '--color', '--log-file', '--timeout', '--wrap-process', '--socket'],
    ],
    cwd: ['--workdir'],
    joined: true,
    // on Unix it quotes each word before the shell reads the line (its --quote is always on there)
    quotesWords: true,
  }),
  runner(['nodemon'], 'nodemon --exec STRING: runs the string whenever files change (a script alone: node runs it)', {
    options: [
      '-w',
      '--watch',
      '-e',
      '--ext',
      '-i',
      '--ignore',
      '-d',
      '--delay',
      '--signal',
      '--config',
      '-x',
      '--exec',
    ],
    commandOption: ['-x', '--exec'],
    rest: false,
  }),
  runner(['concurrently'], "concurrently [opts] 'CMD' 'CMD'…: each operand is a command line a shell runs", {
    options: [
      ...['-n', '--names', '-c', '--prefix-colors', '-p', '--prefix', '-l', '--prefix-length', '-t'],
      ...['--timestamp-format', '--name-separator', '-s', '--success', '--restart-tries', '--restart-after'],
      ...['-m', '--max-processes', '--default-input-target', '--kill-signal', '--pad-prefix', '--teardown'],
    ],
    everyOperand: true,
    commandOption: ['--teardown'],
  }),
  runner(
    ['hyperfine'],
    "hyperfine [opts] 'CMD'…: runs each operand (and its --setup/--prepare/--cleanup) through a shell",
    {
      options: [
        ...['-w', '--warmup', '-m', '--min-runs', '-M', '--max-runs', '-r', '--runs', '-s', '--setup', '-p'],
        ...['--prepare', '-c', '--cleanup', '--conclude', '-S', '--shell', '-u', '--time-unit', '-n', '--command-name'],
        ...['--export-asciidoc', '--export-csv', '--export-json', '--export-markdown', '--export-orgmode', '--output'],
        ...['--input', '--style', '--sort', '--reference'],
      ],
      everyOperand: true,
      commandOption: ['-s', '--setup', '-p', '--prepare', '-c', '--cleanup', '--conclude', '--reference'],
    },
  ),
  runner(['dbus-run-session', 'nocache', 'catchsegv', 'chronic', 'ts-run'], 'small runners: run their command', {
    options: ['--config-file', '--dbus-daemon'],
  }),
  runner(['watch'], 'watch: its words, joined, run through sh -c (-x runs them directly)', {
    options: ['-n', '--interval', '-q', '--equexit', '--differences'],
    joined: true,
    directWhen: ['-x', '--exec'],
  }),
  {
    ...runner(['xargs'], 'xargs: runs its command with the words it reads (a literal input gives the exact runs)', {
      options: [
        ...['-a', '--arg-file', '-d', '--delimiter', '-E', '-e', '--eof', '-I', '--replace', '-J', '-L'],
        ...['--max-lines', '-n', '--max-args', '-P', '--max-procs', '-s', '--max-chars', '--process-slot-var', '-R'],
      ],
      attached: ['-i', '-l'],
      special: 'xargs',
    }),
    // with no command it runs echo: `$(xargs <<< '  main  ')` prints the words it reads (round 13)
    output: xargsEchoOutput,
  },
  runner(
    ['parallel'],
    'GNU parallel: its command with the arguments after ::: (or stdin; --pipe: on its stdin); -S: on a host',
    {
      options: [
        ...['-j', '--jobs', '-S', '--sshlogin', '--joblog', '--results', '--res', '-a', '--arg-file', '--delay'],
        ...['--timeout', '--retries', '-N', '-n', '--max-args', '-L', '-l', '--max-lines', '-d', '--delimiter'],
        ...['-I', '--colsep', '-C', '--tmpdir', '--workdir', '--wd', '--env', '--sshloginfile', '--slf'],
        ...['--transferfile', '--tf', '--return', '--basefile', '--bf', '--memfree', '--load', '--nice', '-E'],
        ...['--halt', '--tagstring', '--tag-string', '--rpl', '--termseq', '-s', '--max-chars', '--shebang-wrap'],
        ...['--sqlmaster', '--sqlandworker', '--ctag', '--header', '--progress-cmd', '--seqreplace'],
        ...['--block', '--block-size', '--recstart', '--recend'],
      ],
      notWhen: ['--dry-run', '--help', '--version', '--number-of-cpus', '--number-of-cores', '--citation'],
      special: 'parallel',
    },
  ),
  runner(['busybox', 'toybox'], 'busybox and toybox: run their applet (--list and --help run none)', {
    options: [],
    notWhen: ['--list', '--list-full', '--help', '--install', '-l'],
  }),
  // Secret and credential injectors: they run their command with the secrets (or a cloud session) in its environment,
  // so the command is what a rule judges (`aws-vault exec prod -- aws s3 rb …` is an aws delete).
  runner(['aws-vault'], "aws-vault exec PROFILE [--] CMD: runs CMD with the profile's credentials", {
    subcommands: ['exec'],
    options: [
      '-d',
      '--duration',
      '--region',
      '-t',
      '--mfa-token',
      '--prompt',
      '--backend',
      '--ec2-server',
      '--ecs-server',
    ],
    skip: 1,
    dashDash: true,
  }),
  runner(['op'], '1Password CLI: op run [--env-file F] -- CMD runs CMD with the secrets resolved', {
    subcommands: ['run'],
    options: ['--env-file', '--account', '--session', '--config', '--encoding'],
    dashDash: true,
  }),
  runner(['doppler'], 'Doppler: doppler run [-p P -c C] -- CMD (or --command STRING)', {
    subcommands: ['run'],
    options: [
      ...['-p', '--project', '-c', '--config', '-t', '--token', '--name-transformer', '--mount'],
      '--mount-format',
    ],
    commandOption: ['--command'],
    dashDash: true,
  }),
  runner(['infisical'], 'Infisical: infisical run [--env E] -- CMD (or --command STRING)', {
    subcommands: ['run'],
    options: ['--env', '--path', '--projectId', '--token', '--tags', '--domain'],
    commandOption: ['--command'],
    dashDash: true,
  }),
  runner(['dotenvx'], 'dotenvx run [-f FILE] -- CMD: runs CMD with the env files loaded', {
    subcommands: ['run'],
    options: ['-f', '--env-file', '--env', '-fk', '--env-keys-file', '--convention'],
    dashDash: true,
  }),
  // The same name is python-dotenv's CLI: `dotenv [-f FILE] set KEY VALUE` writes KEY=VALUE into FILE (.env by default).
  {
    ...runner(
      ['dotenv'],
      'dotenv-cli: dotenv [-e FILE] -- CMD runs CMD with the env files loaded; python-dotenv: dotenv [-f FILE] set KEY VALUE writes it',
      {
        options: ['-e', '-c', '-v', '-p', '-f', '--file', '-q', '--quote'],
        dashDash: true,
        // dotenv is a command of its own too: python-dotenv's `set` writes the file (dotenvSetEffects)
        itself: true,
      },
    ),
    effects: { reads: ['-f', '--file'], effects: dotenvSetEffects },
  },
  runner(['saml2aws'], "saml2aws exec [--] CMD: runs CMD with the assumed role's credentials", {
    subcommands: ['exec'],
    options: ['-a', '--idp-account', '-p', '--profile', '--exec-profile', '--region', '--session-duration'],
    dashDash: true,
  }),
  // Project and tool environments: they run their command with the project's interpreter, tools or packages on the
  // PATH, so the command is what a rule judges (`uv run twine upload` uploads, `poetry run git push -f` pushes).
  {
    ...runner(
      ['uv'],
      'uv run [opts] [--] CMD and uv tool run PKG: run CMD in the project environment (--directory moves it)',
      {
        subcommands: ['run', 'tool run'],
        options: UV_OPTIONS,
        cwd: ['--directory'],
        packageBins: {},
        scriptsBy: { '.py': 'python', '.pyw': 'python' },
      },
    ),
    // sync, run, build and pip install build the project: its setup.py or in-tree backend runs (build-tools.ts)
    folderRuns: projectManagerRuns,
  },
  runner(['uvx'], 'uvx [--from PKG] CMD: runs a Python package command (uv tool run)', {
    options: UV_OPTIONS,
    packageBins: {},
  }),
  {
    ...runner(['pipx'], 'pipx run [--spec S] PKG ARGS: runs a Python package command', {
      subcommands: ['run'],
      options: ['--spec', '--python', '--index-url', '-i', '--pip-args', '--backend'],
      packageBins: {},
    }),
    folderRuns: projectManagerRuns,
  },
  {
    ...runner(['poetry'], 'poetry run CMD: runs CMD in the project virtualenv (-C/--directory moves it)', {
      subcommands: ['run'],
      options: [],
    }),
    // its global options come before the command (`poetry -C packages/features publish --build`: round 47)
    globals: {
      value: ['-C', '--directory', '-P', '--project'],
      flag: ['-n', '--no-interaction', '-q', '--quiet', '-v', '-vv', '-vvv', '--verbose', '--no-ansi', '--ansi'],
    },
    cwd: ['-C', '--directory', '-P', '--project'],
    folderRuns: projectManagerRuns,
  },
  runner(['pipenv', 'rye', 'pixi'], 'pipenv/rye/pixi run CMD: run CMD in the project environment', {
    subcommands: ['run'],
    options: ['-e', '--environment', '--manifest-path', '-p', '--project'],
  }),
  // pdm and hatch run a script of the pyproject.toml the session wrote by its name (pyproject-scripts.ts: blind round
  // 30); a name that is no script is a program run in the environment.
  {
    ...runner(['pdm'], 'pdm run NAME|CMD: runs the [tool.pdm.scripts] NAME, else CMD in the project environment', {
      subcommands: ['run'],
      options: ['-e', '--environment', '--manifest-path', '-p', '--project'],
      scriptOrBinary: true,
    }),
    folderRuns: projectManagerRuns,
    tasks: 'pdm',
  },
  {
    ...runner(['hatch'], 'hatch run [ENV:]NAME|CMD: runs the environment script NAME, else CMD in the environment', {
      subcommands: ['run'],
      options: [],
      environmentPrefix: true,
      scriptOrBinary: true,
    }),
    // `hatch test [ARGS]` runs pytest with its words (hatch.pypa.io, "Testing"): what pytest imports runs
    // `hatch build` builds the project: its build hook runs (build-tools.ts)
    folderRuns: (input) =>
      input.positionals[0] === 'test'
        ? pytestRuns({ ...input, positionals: input.positionals.slice(1) })
        : projectManagerRuns(input),
    tasks: 'hatch',
  },
  {
    ...runner(['bundle', 'bundler'], 'bundle exec CMD: runs CMD with the Gemfile bundle', {
      subcommands: ['exec'],
      options: [],
    }),
    // the Gemfile is Ruby that every bundle command evaluates first (bundler.io, "Gemfile"): round 52
    folderRuns: gemfileRuns,
  },
  runner(['mise', 'rtx'], 'mise exec [TOOL@VER…] -- CMD (or -c STRING): runs CMD with the tools on the PATH', {
    subcommands: ['exec', 'x'],
    options: ['-C', '--cd', '-j', '--jobs', '-c', '--command'],
    cwd: ['-C', '--cd'],
    commandOption: ['-c', '--command'],
    dashDash: true,
  }),
  runner(['asdf'], 'asdf exec CMD: runs CMD with the selected tool versions', { subcommands: ['exec'], options: [] }),
  runner(['devbox'], 'devbox run CMD: runs CMD in the devbox shell', {
    subcommands: ['run'],
    options: ['-c', '--config', '-e', '--env', '--env-file'],
  }),
  {
    names: ['nix'],
    about:
      'nix develop/shell [INSTALLABLE] -c CMD…: runs CMD in the flake environment; nix run FLAKE#PKG [--] ARGS runs PKG',
    options: { '*': [] },
    runs: [
      { subcommands: ['develop', 'shell'], options: [], commandAfter: ['-c', '--command'] },
      { subcommands: ['run'], options: [], translates: nixRunLine },
    ],
  },
  runner(['mix'], 'mix cmd [--app APP] [--cd DIR] CMD…: runs CMD (in each umbrella app)', {
    subcommands: ['cmd'],
    options: ['--app', '--cd'],
    cwd: ['--cd'],
  }),
  runner(['nix-shell'], 'nix-shell --run/--command STRING: runs the string in the environment', {
    options: ['-p', '--packages', '-A', '--attr', '-I', '--arg', '--argstr', '--run', '--command'],
    commandOption: ['--run', '--command'],
    rest: false,
  }),
  runner(['corepack'], 'corepack pnpm|yarn|npm ARGS: runs the pinned package manager (its own commands run nothing)', {
    ownCommands: ['enable', 'disable', 'prepare', 'install', 'use', 'up', 'pack', 'hydrate', 'cache'],
    options: [],
    packageBins: {},
  }),
  // Another program's name for the same command line.
  runner(['kubecolor'], 'kubecolor: kubectl with colours (its words are kubectl’s)', {
    options: [],
    runsAs: 'kubectl',
  }),
  {
    names: ['microk8s', 'k3s', 'k0s'],
    about: 'microk8s, k3s, k0s: `kubectl …` and `helm …` run kubectl and helm against their cluster',
    options: {},
    runs: [
      { subcommands: ['kubectl'], options: [], runsAs: 'kubectl' },
      { subcommands: ['helm', 'helm3'], options: [], runsAs: 'helm' },
    ],
  },
  // Terminal multiplexers and watchers: the command runs, only later or detached.
  {
    names: ['tmux'],
    about: 'tmux new-session/new-window/split-window/respawn-pane/run-shell: the shell command runs in the new pane',
    globals: { value: ['-L', '-S', '-f'], flag: ['-2', '-u', '-v', '-C', '-D', '-l', '-N'] },
    options: {},
    // `tmux source-file F`, `tmux -f F …`: F's run-shell and if-shell commands (config-commands.ts)
    tasks: 'tmux',
    runs: [
      {
        subcommands: ['new-session', 'new', 'new-window', 'neww', 'split-window', 'splitw', 'respawn-pane', 'respawnp'],
        options: ['-s', '-n', '-t', '-c', '-x', '-y', '-e', '-F', '-l', '-f'],
        cwd: ['-c'],
        joined: true,
        // a command of its own too: the server it starts reads `-f F` (its run-shell lines run)
        itself: true,
      },
      {
        subcommands: ['respawn-window', 'respawnw', 'run-shell', 'run'],
        options: ['-t', '-c', '-e', '-d'],
        joined: true,
      },
    ],
  },
  runner(['screen'], 'screen [-dmS NAME] CMD: runs CMD in a (detached) session; -ls/-r/-X run none', {
    options: ['-S', '-c', '-e', '-h', '-p', '-t', '-T', '-s', '-Logfile'],
    notWhen: ['-ls', '-list', '-r', '-R', '-x', '-X', '-wipe', '-v', '-Q'],
  }),
  // entr(1): with -s its first operand is a command line the shell ($SHELL) evaluates (`ls *.ts | entr -s 'make test'`)
  runner(['entr'], 'entr [-acdnprz] CMD: runs CMD whenever a file on its stdin changes; -s STRING: a shell runs it', {
    options: ['-s'],
    commandOption: ['-s'],
  }),
  // Virtual machines and system containers: the command runs there (remote).
  runner(['multipass'], 'multipass exec VM [--] CMD: runs CMD in the VM', {
    subcommands: ['exec'],
    options: ['-n', '--name', '-d', '--working-directory'],
    skip: 1,
    dashDash: true,
    remote: true,
    clearsEnvironment: true,
  }),
  runner(['lxc', 'incus'], 'lxc/incus exec INSTANCE [--] CMD: runs CMD in the instance', {
    subcommands: ['exec'],
    options: ['--env', '--cwd', '--user', '--group', '--mode'],
    skip: 1,
    dashDash: true,
    remote: true,
    clearsEnvironment: true,
  }),
  runner(['distrobox', 'distrobox-enter'], 'distrobox enter NAME -- CMD: runs CMD in the container', {
    subcommands: ['enter'],
    options: ['-n', '--name', '-a', '--additional-flags'],
    skip: 1,
    dashDash: true,
    remote: true,
  }),
  // (a toolbox shares the user's home and the working tree: what it runs acts here)
  runner(['toolbox'], 'toolbox run [-c NAME] CMD: runs CMD in the toolbox container', {
    subcommands: ['run'],
    options: ['-c', '--container', '-d', '--distro', '-r', '--release'],
  }),
  runner(['vagrant'], 'vagrant ssh [NAME] -c STRING: runs the string in the VM', {
    subcommands: ['ssh'],
    options: ['-c', '--command'],
    commandOption: ['-c', '--command'],
    skip: 1,
    rest: false,
    permute: true,
    remote: true,
  }),
  runner(['wsl'], 'wsl [-d DISTRO] [-e|--] CMD: runs CMD in the Linux distribution (its management options run none)', {
    options: ['-d', '--distribution', '-u', '--user', '--cd'],
    notWhen: [
      ...['-l', '--list', '--install', '--shutdown', '--status', '--update', '-s', '--set-default', '--export'],
      ...['--import', '--unregister', '-t', '--terminate', '--help', '--mount', '--unmount', '--set-version'],
      ...['--set-default-version', '--version'],
    ],
  }),
  {
    names: ['ip'],
    about: 'ip netns exec NAME CMD: runs CMD in the network namespace (its other commands run none)',
    options: { '*': ['-n', '-netns', '-b', '-batch', '-rc', '-rcvbuf'] },
    runs: [{ subcommands: ['netns exec'], options: [], skip: 1 }],
  },
  {
    names: ['fd', 'fdfind'],
    about: 'fd … -x/-X CMD: runs CMD for each found path (or once with all of them)',
    options: {
      '*': [
        ...['-d', '--max-depth', '--min-depth', '--exact-depth', '-t', '--type', '-e', '--extension', '-E'],
        ...['--exclude', '-S', '--size', '--changed-within', '--changed-before', '-o', '--owner', '-j', '--threads'],
        ...['--max-results', '-c', '--color', '--ignore-file', '--base-directory', '--path-separator', '--search-path'],
        ...['--batch-size', '--format'],
      ],
    },
    runs: [{ options: [], commandAfter: ['-x', '--exec', '-X', '--exec-batch'] }],
  },
  runner(['direnv'], "direnv exec DIR CMD: runs CMD with DIR's .envrc loaded (a bash script, run first)", {
    subcommands: ['exec'],
    options: [],
    skip: 1,
    sourcesFirst: '.envrc',
  }),
  // Blind round 6: process tools that run their command as it is (profilers, debuggers, limits, personalities,
  // privileges, supervision, queues), and secret injectors not met before.
  runner(['perf'], 'perf stat|record|trace [opts] [--] CMD: runs and measures CMD (-p/-a watch others: none)', {
    subcommands: ['stat', 'record', 'trace'],
    options: [
      ...['-e', '--event', '-o', '--output', '-r', '--repeat', '-p', '--pid', '-t', '--tid', '-C', '--cpu'],
      ...['-G', '--cgroup', '-x', '--field-separator', '-I', '--interval-print', '-F', '--freq', '-c', '--count'],
    ],
    notWhen: ['-p', '--pid', '-t', '--tid', '-a', '--all-cpus'],
  }),
  runner(['valgrind'], 'valgrind [--tool=… and other --x=y options] CMD: runs CMD under the tool', {
    options: [],
    notWhen: ['--version', '--help', '-h'],
  }),
  {
    ...runner(
      ['gdb', 'cgdb'],
      'gdb … --args CMD ARGS: runs CMD when its script says run (without --args: debugs, runs none)',
      {
        options: [
          ...['-ex', '--ex', '-eval-command', '--eval-command', '-iex', '-init-eval-command', '-x', '--command', '-ix'],
          ...['-p', '--pid', '-cd', '--cd', '-d', '--directory', '-s', '--symbols', '-e', '--exec', '-c', '--core'],
          ...['-tty', '--tty'],
        ],
        commandAfter: ['--args'],
        // `-ex 'shell CMD'` (or `-ex '!CMD'`) runs CMD through a shell (blind round 7)
        commandOption: ['-ex', '--ex', '-eval-command', '--eval-command'],
        commandPrefix: /^\s*(?:shell\s+|!)/,
      },
    ),
    // `gdb -x FILE` (`-x /dev/stdin`) reads a command file: its `shell CMD` lines run CMD (round 13)
    program: { language: 'gdb', options: [], fileOptions: ['-x', '--command'] },
  },
  // Round 12: lldb's `platform shell CMD` (and its `shell` alias) runs CMD through a shell, given by -o/-O/-k.
  runner(['lldb'], 'lldb -o "platform shell CMD": runs CMD (the program after -- is debugged, not run)', {
    options: [
      ...['-o', '--one-line', '-O', '--one-line-before-file', '-k', '--one-line-on-crash', '-s', '--source'],
      ...['-S', '--source-before-file', '-a', '--arch', '-p', '--attach-pid', '-n', '--attach-name', '-c', '--core'],
    ],
    commandOption: ['-o', '--one-line', '-O', '--one-line-before-file', '-k', '--one-line-on-crash'],
    commandPrefix: /^\s*(?:platform\s+)?shell\s+/,
    rest: false,
  }),
  // schroot -c CHROOT -- CMD runs CMD in the chroot; lckdo LOCKFILE CMD (moreutils) runs CMD holding the lock.
  runner(['schroot'], 'schroot: -c CHROOT, then the command (after --)', {
    options: ['-c', '--chroot', '-u', '--user', '-d', '--directory', '-r', '--run-session', '-n', '--session-name'],
    cwd: ['-d', '--directory'],
    notWhen: ['-l', '--list', '-i', '--info', '-b', '--begin-session', '-e', '--end-session'],
  }),
  runner(['lckdo'], 'lckdo LOCKFILE CMD (moreutils): runs CMD holding the lock', { options: [], skip: 1 }),
  // pee (moreutils) hands its stdin to each of its operands, each a command line a shell runs.
  runner(['pee'], "pee 'CMD' …: each operand is a command line run with its stdin", {
    options: [],
    everyOperand: true,
  }),
  // Python task runners (round 13): invoke's tasks.py (-c NAME: NAME.py; -r DIR) and nox's noxfile.py (-f) run the
  // task or session named, with the module's own top-level code (python-tasks.ts: blind round 30); SCons' SConstruct
  // (-f; -C DIR moves it) runs whole as it starts, and pytest the test files it is given.
  {
    names: ['invoke', 'inv', 'fab'],
    about: "invoke/fab [TASK…]: runs the TASK's body in tasks.py (fabfile.py), whose c.run('CMD') lines run CMD",
    options: { '*': ['-c', '--collection', '-r', '--search-root', '-f', '--config', '-H', '--hosts'] },
    tasks: 'invoke',
  },
  {
    names: ['nox'],
    about: 'nox [-s SESSION]: runs the sessions of noxfile.py (-f FILE), whose session.run(…) calls run commands',
    options: {
      '*': ['-s', '-e', '--sessions', '--session', '-f', '--noxfile', '-p', '--python', '-k', '-t', '--tags'],
    },
    tasks: 'nox',
  },
  {
    names: ['scons'],
    about: 'scons: runs its SConstruct (-f FILE) as Python as it starts, even with -n',
    options: { '*': ['-f', '--file', '--makefile', '--sconstruct', '-C', '--directory', '-j', '--jobs', '-Y'] },
    folderRuns: (input) => {
      if (input.flags.some((f) => f.name === '-h' || f.name === '--help' || f.name === '-H')) return [];
      const file =
        input.flags.find((f) => ['-f', '--file', '--makefile', '--sconstruct'].includes(f.name))?.value ?? 'SConstruct';
      const slash = file.lastIndexOf('/');
      return [
        { dir: slash === -1 ? '.' : file.slice(0, slash) || '/', files: file.slice(slash + 1), family: 'python' },
      ];
    },
  },
  {
    names: ['pytest', 'py.test'],
    about:
      'pytest [FILE|DIR…]: imports the conftest.py files and the test files it collects (under the folders given, else here), so their code runs',
    options: { '*': PYTEST_VALUE_OPTIONS },
    folderRuns: pytestRuns,
  },
  ...JS_TEST_RUNNERS,
  MKDOCS,
  // run-parts DIR runs every executable file directly in DIR (--test and --list only name them).
  {
    names: ['run-parts'],
    about: 'run-parts DIR: runs each executable file in DIR (--test/--list run none)',
    options: { '*': ['-u', '--umask', '--arg', '-a', '--regex'] },
    folderRuns: (input) =>
      input.flags.some((f) => f.name === '--test' || f.name === '--list')
        ? []
        : input.positionals.slice(0, 1).map((dir) => ({ dir, files: '*' })),
  },
  runner(['setarch'], 'setarch ARCH [opts] [CMD]: runs CMD with another reported architecture', {
    options: [],
    skip: 1,
    notWhen: ['--list'],
  }),
  runner(['linux32', 'linux64', 'i386', 'x86_64'], 'setarch by its architecture names: run their command', {
    options: [],
  }),
  runner(['prlimit'], 'prlimit --RESOURCE=LIMITS… CMD: runs CMD with the limits (--pid changes a running process)', {
    options: ['-p', '--pid', '-o', '--output'],
    attached: ['-c', '-d', '-e', '-f', '-i', '-l', '-m', '-n', '-q', '-r', '-s', '-t', '-u', '-v', '-x', '-y'],
    notWhen: ['-p', '--pid'],
  }),
  runner(['systemd-inhibit'], 'systemd-inhibit [--what --who --why --mode] CMD: runs CMD holding an inhibitor lock', {
    options: ['--what', '--who', '--why', '--mode'],
    notWhen: ['--list'],
  }),
  runner(['setpriv'], 'setpriv [privilege options] CMD: runs CMD with other ids, groups or capabilities', {
    options: [
      ...['--reuid', '--regid', '--ruid', '--rgid', '--euid', '--egid', '--groups', '--inh-caps', '--ambient-caps'],
      ...['--bounding-set', '--securebits', '--pdeathsig', '--selinux-label', '--apparmor-profile'],
      ...['--landlock-access', '--landlock-rule'],
    ],
    notWhen: ['-d', '--dump', '--help', '--version'],
  }),
  // capsh hands the words after `--` to /bin/bash: `capsh --caps=… -- -c STRING` is `bash -c STRING`.
  runner(['capsh'], 'capsh [--caps=… --user=…] -- -c STRING: bash runs the string with the capabilities set', {
    options: [],
    commandAfter: ['--'],
    commandOption: ['-c'],
    rest: false,
  }),
  runner(['chpst'], 'chpst (runit) [-u USER -e DIR -/ ROOT …] CMD: runs CMD with a changed process state', {
    options: ['-u', '-U', '-b', '-e', '-/', '-n', '-l', '-L', '-m', '-d', '-o', '-p', '-f', '-c', '-r', '-t'],
  }),
  runner(['rlwrap'], 'rlwrap [opts] CMD: runs CMD with readline editing', {
    options: [
      ...['-b', '-C', '-D', '-e', '-f', '-g', '-H', '-l', '-M', '-O', '-P', '-q', '-s', '-S', '-t', '-w', '-z'],
      ...['--break-chars', '--command-name', '--history-no-dupes', '--extra-char-after-completion', '--file'],
      ...['--forget-matching', '--history-filename', '--logfile', '--multi-line-ext', '--only-cook'],
      ...['--one-shot', '--quote-characters', '--histsize', '--substitute-prompt', '--set-term-name'],
      ...['--polling', '--filter'],
    ],
  }),
  runner(['tsp', 'ts-spooler'], 'tsp (task spooler) [opts] CMD: queues CMD, run as soon as the queue allows', {
    options: ['-L', '-N', '-D', '-W'],
    notWhen: [
      ...['-l', '-S', '-C', '-K', '-t', '-c', '-p', '-o', '-i', '-s', '-r', '-w', '-k', '-u', '-U', '-h', '-V'],
      ...['-T', '-M'],
    ],
  }),
  runner(['pueue'], 'pueue add [opts] [--] CMD…: queues the words, joined, for a shell to run', {
    subcommands: ['add'],
    options: [
      ...['-w', '--working-directory', '-d', '--delay', '-g', '--group', '-a', '--after', '-l', '--label'],
      ...['-o', '--priority'],
    ],
    cwd: ['-w', '--working-directory'],
    joined: true,
  }),
  runner(['envchain'], 'envchain NAMESPACE[,…] CMD: runs CMD with the keychain secrets (--set/--list run none)', {
    options: [],
    skip: 1,
    notWhen: ['-s', '--set', '-l', '--list', '--unset'],
  }),
  runner(['chamber'], 'chamber exec SERVICE… -- CMD: runs CMD with the services’ secrets', {
    subcommands: ['exec'],
    options: ['--strict-value'],
    dashDash: true,
  }),
  runner(['sops'], 'sops exec-env|exec-file FILE STRING: a shell runs the string with the decrypted values', {
    subcommands: ['exec-env', 'exec-file'],
    options: ['--user', '--filename', '--input-type', '--output-type'],
    skip: 1,
    joined: true,
  }),
  runner(['systemd-nspawn'], 'systemd-nspawn [-D ROOT …] [CMD]: runs CMD in a container of that tree', {
    options: [
      ...['-D', '--directory', '-i', '--image', '-M', '--machine', '-u', '--user', '--chdir', '--bind', '--bind-ro'],
      ...['-E', '--setenv', '--network-interface', '-p', '--port', '--template', '--tmpfs', '--overlay'],
      ...['--overlay-ro', '-S', '--slice', '--property', '--private-users', '--capability', '--drop-capability'],
      ...['--uuid', '--register', '--kill-signal', '--link-journal', '--resolv-conf', '--timezone', '--console'],
    ],
    // (not marked remote: no word names where, and the tree is local; judged like a command run here)
    clearsEnvironment: true,
  }),
  runner(['limactl'], 'limactl shell [--workdir D] INSTANCE [CMD]: runs CMD in the Lima VM', {
    subcommands: ['shell'],
    options: ['--workdir', '--shell'],
    skip: 1,
    remote: true,
    clearsEnvironment: true,
  }),
  // (the default VM mounts the home folder: judged like a command run here)
  runner(['lima'], 'lima CMD: runs CMD in the default Lima VM', { options: [], clearsEnvironment: true }),
  runner(['fly', 'flyctl'], 'fly ssh console -C STRING: runs the string on the app’s machine', {
    subcommands: ['ssh console'],
    options: ['-a', '--app', '-u', '--user', '-r', '--region', '--machine', '--process-group', '-C', '--command'],
    commandOption: ['-C', '--command'],
    rest: false,
    // (the app is named by -a, not a word: not marked remote, judged like a command run here)
    clearsEnvironment: true,
  }), // Blind round 7: toolchain managers and process tools that run the command after them as it is, as
  // [names, subcommand, words before the command, value-taking options] (`rustup run stable cargo publish`).
  ...PLAIN_RUNNERS.map(([names, sub, skip, options = []]) =>
    runner(names, `${names[0]}${sub ? ` ${sub}` : ''} CMD: runs CMD`, {
      ...(sub ? { subcommands: [sub] } : {}),
      options,
      skip,
    }),
  ),
  // Round 13: file watchers that run a command once at start (--initial, -i) and at each change: chokidar-cli's
  // -c STRING through a shell, onchange's and reflex's words after `--`.
  // pytest-watch (`ptw`): --runner is the command line it runs at once and at each change (instead of pytest), and
  // --beforerun/--afterrun/--onpass/--onfail/--onexit are commands it runs around each run (its README)
  runner(['ptw', 'pytest-watch'], "ptw [--runner 'CMD'] [--onpass 'CMD'…]: runs the command lines at each change", {
    options: ['--ext', '--ignore', '--spool'],
    commandOption: ['--runner', '--beforerun', '--afterrun', '--onpass', '--onfail', '--onexit'],
    rest: false,
    permute: true,
  }),
  runner(['chokidar'], 'chokidar GLOBS -c STRING: a shell runs the string at each change (--initial: at once)', {
    options: ['-c', '--command', '-d', '--debounce', '-t', '--throttle', '-i', '--ignore', '--poll-interval'],
    commandOption: ['-c', '--command'],
    rest: false,
    permute: true,
  }),
  runner(['onchange'], 'onchange GLOBS -- CMD…: runs CMD at each change (-i: at once)', {
    options: ['-d', '--delay', '-e', '--exclude', '-j', '--jobs', '-f', '--filter', '--cwd', '-p', '--poll'],
    commandAfter: ['--'],
  }),
  runner(['reflex'], 'reflex [-r REGEX] -- CMD…: runs CMD at each change (-s: as a service, at once)', {
    options: ['-r', '--regex', '-R', '--inverse-regex', '-g', '--glob', '-G', '--inverse-glob', '-d', '-c', '--config'],
    commandAfter: ['--'],
  }),
  // Round 13: Teleport's ssh and parallel-ssh run their words, joined, on the host(s); newgrp starts a shell in the
  // group that reads its commands on stdin; the Dev Containers CLI runs a command in the project's container.
  runner(['tsh'], 'tsh ssh [opts] [USER@]HOST CMD…: the words, joined, run on the host', {
    subcommands: ['ssh'],
    options: ['-l', '--login', '-p', '--port', '--cluster', '-L', '-R', '--proxy'],
    skip: 1,
    joined: true,
    remote: true,
    clearsEnvironment: true,
  }),
  runner(['pssh', 'parallel-ssh'], 'pssh -H HOST|-h FILE [-i] CMD…: the words, joined, run on each host', {
    options: ['-h', '--hosts', '-H', '--host', '-l', '--user', '-p', '--par', '-o', '--outdir', '-e', '--errdir'],
    joined: true,
    clearsEnvironment: true,
  }),
  runner(['newgrp'], 'newgrp GROUP: a shell in the group reads its commands on stdin', {
    options: [],
    skip: 1,
    rest: false,
    stdinScript: true,
  }),
  {
    ...runner(['devcontainer'], 'devcontainer exec [--workspace-folder DIR] CMD…: runs CMD in the dev container', {
      subcommands: ['exec'],
      options: ['--workspace-folder', '--container-id', '--id-label', '--config', '--remote-env', '--docker-path'],
      // (the container is named by an option, not a word: not marked remote; the project is mounted there)
      clearsEnvironment: true,
    }),
    about:
      'devcontainer exec CMD runs CMD in the dev container; up, run-user-commands and set-up run the lifecycle commands of devcontainer.json (initializeCommand on the host, postCreateCommand… in the container, on the mounted workspace)',
    options: {
      '*': [
        ...['--workspace-folder', '--container-id', '--id-label', '--config', '--override-config', '--remote-env'],
        ...['--docker-path', '--mount', '--log-level', '--dotfiles-repository', '--secrets-file', '--cache-from'],
      ],
    },
    tasks: 'devcontainer',
  },
  runner(['guix'], 'guix shell [PKG…] -- CMD: runs CMD with the packages', {
    subcommands: ['shell'],
    options: ['-m', '--manifest', '-f', '--file'],
    commandAfter: ['--'],
  }),
  runner(['mosh'], 'mosh [opts] HOST [--] CMD: runs CMD on the host', {
    options: ['--ssh', '-p', '--port', '--predict', '--client', '--server', '--family'],
    skip: 1,
    remote: true,
    clearsEnvironment: true,
  }),
  runner(['pdsh', 'clush'], 'pdsh/clush -w HOSTS CMD…: the words, joined, run on each host', {
    options: ['-w', '-x', '-g', '-X', '-l', '-f', '-t', '-u', '-R', '-o'],
    joined: true,
    // (the hosts are named by -w, not a word: not marked remote, judged like a command run here)
    clearsEnvironment: true,
  }),
  runner(['ansible'], "ansible HOSTS -m shell|command|raw -a STRING: the hosts' shell runs the string", {
    options: ['-i', '--inventory', '-m', '--module-name', '-u', '--user', '-e', '--extra-vars', '-f', '-a', '--args'],
    skip: 1,
    commandOption: ['-a', '--args'],
    permute: true,
    rest: false,
    remote: true,
    clearsEnvironment: true,
  }),
  runner(['scl'], 'scl enable COLLECTION STRING: a shell runs the string with the collection enabled', {
    subcommands: ['enable'],
    options: [],
    skip: 1,
    joined: true,
  }),
  runner(['machinectl'], 'machinectl shell [USER@]MACHINE [CMD]: runs CMD in the container', {
    subcommands: ['shell'],
    options: ['--uid', '-E', '--setenv'],
    skip: 1,
    clearsEnvironment: true,
  }),
  runner(['socat'], 'socat ADDRESS ADDRESS: an EXEC:CMD or SYSTEM:CMD address runs CMD, fed by the other', {
    options: ['-b', '-t', '-T', '-lf', '-lp', '-L', '-W'],
    everyOperand: true,
    commandPrefix: /^(?:exec|system):/i,
    // socat moves data too (`socat -u FILE:dump.sql TCP:host:9000`): it stays a command of its own
    itself: true,
  }),
  // Pending in blind round 7: zip's archive test runs a command of the user's choosing (`-T -TT CMD` runs `CMD
  // archive`); zip writes its archive too, so it stays a command of its own.
  runner(['zip'], 'zip -T -TT|--unzip-command CMD ARCHIVE FILES: CMD runs to test the archive zip wrote', {
    options: ['-TT', '--unzip-command', '-b', '--temp-path', '-n', '--suffixes', '-t', '--from-date', '-tt'],
    commandOption: ['-TT', '--unzip-command'],
    rest: false,
    itself: true,
  }),
  // SaltStack: `salt TARGET cmd.run STRING` runs the string on the minions' shells (salt-ssh the same over ssh);
  // salt-call runs it on this machine. Other functions (test.ping, state.apply) run none of the agent's words.
  runner(['salt', 'salt-ssh'], "salt TARGET cmd.run|cmd.shell STRING: the minions' shell runs the string", {
    options: [
      ...['-t', '--timeout', '-b', '--batch', '--batch-size', '-s', '--static', '--out', '--output', '-c'],
      ...['--config-dir', '--return', '-d', '--doc', '--roster', '--roster-file', '-i', '--priv', '--user'],
    ],
    commandAfter: ['cmd.run', 'cmd.shell', 'cmd.run_all', 'cmd.run_stdout', 'cmd.run_stderr', 'cmd.run_bg'],
    skip: 1,
    joined: true,
    permute: true,
    remote: true,
    clearsEnvironment: true,
  }),
  runner(['salt-call'], 'salt-call cmd.run|cmd.shell STRING: runs the string on this machine', {
    options: ['-c', '--config-dir', '--out', '--output', '-l', '--log-level', '--file-root', '--pillar-root'],
    commandAfter: ['cmd.run', 'cmd.shell', 'cmd.run_all', 'cmd.run_stdout', 'cmd.run_stderr', 'cmd.run_bg'],
    joined: true,
  }),
  runner(['start-stop-daemon'], 'start-stop-daemon --start --exec PROGRAM -- ARGS: starts PROGRAM with ARGS', {
    options: [
      '-p',
      '--pidfile',
      '-u',
      '--user',
      '-c',
      '--chuid',
      '-n',
      '--name',
      '-d',
      '--chdir',
      '-x',
      '--exec',
      '-a',
      '--startas',
    ],
    programOption: ['-x', '--exec', '-a', '--startas'],
    notWhen: ['-K', '--stop', '-T', '--status'],
  }),
];
