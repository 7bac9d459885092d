// Infrastructure tools: terraform/tofu (-chdir moves them; apply/destroy ask what -auto-approve answers), make,
// pulumi, cdk, go (single-dash options like terraform).
import { doitRuns, gradleInitRuns, sphinxMakeRuns } from './build-tools.js';
import type { EffectsDeclaration, EnvironmentArgs, ProgramDeclaration } from './declaration.js';
import { optionFlag, splitArgs } from '../environment-args.js';

/** TF_CLI_ARGS, and TF_CLI_ARGS_<subcommand> for its subcommand: flags terraform reads as if written after it. */
const tfCliArgs: EnvironmentArgs = (get, positionals) => {
  const out: { flag: NonNullable<ReturnType<typeof optionFlag>>; from: string }[] = [];
  for (const name of ['TF_CLI_ARGS', positionals[0] === undefined ? undefined : `TF_CLI_ARGS_${positionals[0]}`]) {
    const value = name === undefined ? undefined : get(name);
    if (value === undefined) continue;
    for (const word of splitArgs(value)) {
      const flag = optionFlag(word);
      if (flag !== undefined) out.push({ flag, from: `${name} (environment)` });
    }
  }
  return out;
};

/** The subcommands that change the state (and the infrastructure it records). */
const STATE_WRITERS = new Set(['apply', 'destroy', 'import', 'refresh', 'taint', 'untaint']);
const STATE_COMMANDS = new Set(['rm', 'mv', 'push', 'replace-provider']);

/**
 * The state file a change writes: the default local backend keeps terraform.tfstate where it runs (-chdir moves it)
 * and the one before as terraform.tfstate.backup; -state/-state-out name another. A remote backend keeps the state
 * elsewhere, which the call does not say: the local file is what the command may write (a real CI step then commits it
 * with `git add .`, round 18).
 */
const stateEffects: EffectsDeclaration['effects'] = (input, add) => {
  const [sub, verb] = input.positionals;
  if (sub === undefined || !(STATE_WRITERS.has(sub) || (sub === 'state' && STATE_COMMANDS.has(verb ?? '')))) return;
  const named = (name: string) => input.flags.find((f) => f.name === name)?.value;
  const state = named('-state-out') ?? named('-state') ?? 'terraform.tfstate';
  const via = sub === 'state' ? `${input.program} state ${verb}` : `${input.program} ${sub}`;
  add('write', state, via);
  add('write', `${state}.backup`, via);
};

const TERRAFORM: Omit<ProgramDeclaration, 'names' | 'about'> = {
  globals: { value: ['-chdir'], flag: ['-help', '-version'] },
  cwd: ['-chdir'],
  singleDashOptions: true,
  options: {
    '*': [
      '-var',
      '-var-file',
      '-target',
      '-replace',
      '-out',
      '-state',
      '-state-out',
      '-backend-config',
      '-lock-timeout',
    ],
  },
  effects: { reads: ['-state', '-state-out'], effects: stateEffects },
  stdin: { confirm: { flag: '-auto-approve', subcommands: ['apply', 'destroy'] } },
  environmentArgs: tfCliArgs,
  environmentNames: ['TF_CLI_ARGS', 'TF_CLI_ARGS_'],
};

export const TERRAFORM_CLI: ProgramDeclaration = {
  names: ['terraform'],
  about: 'terraform: -chdir moves it; apply and destroy read "yes" as -auto-approve',
  ...TERRAFORM,
};
export const TOFU: ProgramDeclaration = { names: ['tofu'], about: 'OpenTofu: as terraform', ...TERRAFORM };
export const TERRAGRUNT: ProgramDeclaration = {
  names: ['terragrunt'],
  about: 'terragrunt: as terraform; `run-all CMD` and `run [--all] -- CMD` run terragrunt CMD in every module',
  ...TERRAFORM,
  runs: [
    { subcommands: ['run-all'], options: [], self: true },
    { subcommands: ['run'], options: [], dashDash: true, self: true },
  ],
};

export const PULUMI: ProgramDeclaration = {
  names: ['pulumi'],
  about: 'pulumi: -C/--cwd moves it; up and destroy ask what --yes answers',
  globals: { value: ['-C', '--cwd', '-s', '--stack'], flag: ['--non-interactive'] },
  cwd: ['-C', '--cwd'],
  options: { '*': ['-s', '--stack', '-m', '--message', '-t', '--target'] },
  stdin: { confirm: { flag: '--yes', subcommands: ['up', 'destroy', 'update'] } },
  // (pulumi's documented aliases: `pulumi dn` destroys, `pulumi update` is up)
  aliases: { dn: 'destroy', update: 'up' },
};

// CDK's own options take values before or after the verb (`cdk deploy --require-approval never -c k=v`): without them
// `never` would read as a stack name and the approval level would be lost (real deploy scripts, round 11).
const CDK_VALUE_OPTIONS = [
  ...['-a', '--app', '-c', '--context', '--profile', '-o', '--output', '-r', '--role-arn', '--plugin', '--proxy'],
  ...['--ca-bundle-path', '--require-approval', '--concurrency', '--outputs-file', '-O', '--parameters', '--method'],
  ...['-m', '--toolkit-stack-name', '--change-set-name', '--tags', '-t', '--notification-arns', '--asset-parallelism'],
];
export const CDK: ProgramDeclaration = {
  names: ['cdk'],
  about: 'cdk: value options (app, context, profile, approval level) before or after the verb',
  globals: { value: CDK_VALUE_OPTIONS, flag: ['-v', '--verbose', '--debug', '-j', '--json', '--no-color', '--ci'] },
  options: { '*': CDK_VALUE_OPTIONS },
};

const MAKE_RUN_OPTIONS = [
  ...['-C', '--directory', '-f', '--file', '--makefile', '-j', '--jobs', '-I', '--include-dir', '-o'],
  ...['--old-file', '-W', '--what-if', '--eval', '-E'],
];

export const MAKE: ProgramDeclaration = {
  names: ['make', 'gmake'],
  about: 'make: -C/--directory moves it; -f names the makefile',
  globals: {
    value: ['-C', '--directory', '-f', '--file', '--makefile', '-j', '--jobs', '-I', '--include-dir'],
    flag: ['-n', '-s', '-k', '-B', '-i'],
  },
  cwd: ['-C', '--directory'],
  options: {},
  // Sphinx's Makefile: `make html` runs sphinx-build, which runs conf.py (build-tools.ts)
  folderRuns: sphinxMakeRuns,
  // `make --eval='x: ; CMD' x` defines a rule on the command line: its recipe is run by the shell.
  runs: [
    // `make --eval='X := $(shell CMD)'` runs CMD as make reads it (round 13): the value from `$(shell` on.
    {
      options: [...MAKE_RUN_OPTIONS],
      commandOption: ['--eval', '-E'],
      commandPrefix: /^[^=]*(?::{1,3}|!)=\s*\$\(shell\s+/,
      rest: false,
    },
    { options: [...MAKE_RUN_OPTIONS], commandOption: ['--eval', '-E'], rest: false },
  ],
  tasks: 'makefile',
};

export const JUST: ProgramDeclaration = {
  names: ['just'],
  about: 'just: runs a recipe of the justfile (-f/--justfile names it, -d/--working-directory moves it)',
  globals: {
    value: ['-f', '--justfile', '-d', '--working-directory', '--set', '--shell', '--dotenv-path'],
    flag: ['-n', '--dry-run', '-q', '--quiet', '-v', '--verbose', '-l', '--list', '-s', '--show', '--summary'],
  },
  cwd: ['-d', '--working-directory'],
  options: {},
  tasks: 'justfile',
};

export const GO_TASK: ProgramDeclaration = {
  names: ['task', 'go-task'],
  about: 'task (go-task): runs a task of the Taskfile (-t/--taskfile names it, -d/--dir moves it)',
  globals: {
    value: ['-t', '--taskfile', '-d', '--dir', '-o', '--output', '-C', '--concurrency', '--interval'],
    flag: ['-n', '--dry', '-f', '--force', '-s', '--silent', '-v', '--verbose', '-p', '--parallel', '-l', '--list'],
  },
  cwd: ['-d', '--dir'],
  options: {},
  tasks: 'taskfile',
};

/** act's options that take a value, before or after the event's name. */
const ACT_VALUES = [
  ...['-W', '--workflows', '-j', '--job', '-e', '--eventpath', '-P', '--platform', '-s', '--secret', '--var'],
  ...['--env', '--input', '-C', '--directory', '--secret-file', '--var-file', '--env-file', '--input-file'],
  ...['-a', '--actor', '--container-architecture', '--artifact-server-path', '--cache-server-path', '--matrix'],
];

export const ACT: ProgramDeclaration = {
  names: ['act'],
  about:
    "act: runs GitHub Actions workflows locally (-W names the file or folder, -j the job; the steps' run: scripts)",
  globals: {
    value: ACT_VALUES,
    flag: ['-l', '--list', '-g', '--graph', '-n', '--dryrun', '-v', '--verbose', '-b', '--bind', '-r', '--reuse'],
  },
  cwd: ['-C', '--directory'],
  // `act workflow_dispatch -W f.yml`: the same options after the event's name (round 34: -W was read as a flag there)
  options: { '*': ACT_VALUES },
  tasks: 'act',
};

export const HONCHO: ProgramDeclaration = {
  names: ['honcho', 'foreman'],
  about: 'honcho/foreman start [NAME…]: runs the Procfile’s processes (-f/--procfile names another Procfile)',
  options: { '*': ['-f', '--procfile', '-e', '--env', '-d', '--app-root', '-p', '--port', '-c', '--concurrency'] },
  tasks: 'procfile',
};

export const SYSTEMCTL: ProgramDeclaration = {
  names: ['systemctl'],
  about:
    'systemctl [--user] start|restart|reload|enable [--now] UNIT…: runs a unit’s Exec lines now or at login or boot (a timer, path or socket unit: the service it activates; -H/-M: another machine’s)',
  options: {
    '*': [
      '-t',
      '--type',
      '-p',
      '--property',
      '--state',
      '-s',
      '--signal',
      '--kill-whom',
      '--kill-value',
      '-n',
      '--lines',
      '-o',
      '--output',
      '--root',
      '--image',
      '--job-mode',
      '--what',
      '--timestamp',
      '--preset-mode',
      '--boot-loader-entry',
      '--boot-loader-menu',
      '--reboot-argument',
      '--message',
      '--check-inhibitors',
      '-H',
      '--host',
      '-M',
      '--machine',
      '--drop-in',
      '--when',
    ],
  },
  tasks: 'systemd',
};

export const TOX: ProgramDeclaration = {
  names: ['tox'],
  about: 'tox [run] [-e ENV,…]: runs the commands of tox.ini’s environments',
  options: { '*': ['-e', '--env', '-c', '--conf', '--root', '--workdir', '-r', '--recreate', '-x', '--override'] },
  tasks: 'tox',
  // `tox exec -e ENV -- CMD` runs CMD in the environment (blind round 7)
  runs: [{ subcommands: ['exec'], options: ['-e', '--env', '-c', '--conf', '--root', '--workdir'] }],
};

/** ansible-playbook's options that take a value: `-i inventories/prod` is the inventory, not a flag and a playbook
 * (the ad-hoc `ansible` is a runner, runners.ts). */
const ANSIBLE_OPTIONS = [
  ...['-i', '--inventory', '--inventory-file', '-l', '--limit', '-e', '--extra-vars', '-u', '--user', '-t', '--tags'],
  ...['--skip-tags', '-f', '--forks', '--vault-password-file', '--vault-id', '--become-user', '--become-method'],
  ...['-c', '--connection', '-T', '--timeout', '-M', '--module-path', '--private-key', '--key-file'],
  ...['--ssh-common-args', '--ssh-extra-args', '--scp-extra-args', '--sftp-extra-args', '--start-at-task'],
];

export const ANSIBLE_PLAYBOOK: ProgramDeclaration = {
  names: ['ansible-playbook'],
  about: 'ansible-playbook: -i/--inventory and -l/--limit name the hosts the playbook changes',
  options: { '*': ANSIBLE_OPTIONS },
};

export const POE: ProgramDeclaration = {
  names: ['poe'],
  about: 'poe NAME: runs a [tool.poe.tasks] task',
  globals: {
    value: ['-C', '--directory', '--root', '-e', '--executor'],
    flag: ['-v', '--verbose', '-q', '--quiet', '-d', '--dry-run', '--ansi', '--no-ansi'],
  },
  cwd: ['-C', '--directory'],
  options: {},
  tasks: 'poe',
};

export const PRE_COMMIT: ProgramDeclaration = {
  names: ['pre-commit', 'prek'],
  about: 'pre-commit run [HOOK]: runs the config’s hooks (the local system/script hooks’ entry is a command line)',
  options: { '*': ['-c', '--config', '--hook-stage', '--from-ref', '--to-ref', '-s', '--source', '-o', '--origin'] },
  tasks: 'pre-commit',
};

export const RAKE: ProgramDeclaration = {
  names: ['rake'],
  about: 'rake: runs a task of the Rakefile (-f names it, -C/--directory moves it)',
  globals: {
    value: ['-f', '--rakefile', '-C', '--directory', '-I', '--libdir', '-r', '--require', '-j', '--jobs'],
    flag: ['-n', '--dry-run', '-q', '--quiet', '-s', '--silent', '-t', '--trace', '-T', '--tasks', '-v', '--verbose'],
  },
  cwd: ['-C', '--directory'],
  options: {},
  tasks: 'rakefile',
};

export const GRADLE: ProgramDeclaration = {
  names: ['gradle', 'gradlew', 'gradlew.bat'],
  about: 'gradle TASK…: runs the build file’s tasks (an Exec task’s commandLine; -p moves it, -b names the file)',
  // No globals: Gradle reads its options anywhere among the tasks (`gradle publish -m` is `gradle -m publish`), so
  // they stay flags, where a rule's flags and notFlags see them (and -p's folder is read where the tasks are found).
  options: {
    '*': [
      ...['-p', '--project-dir', '-b', '--build-file', '-c', '--settings-file', '-I', '--init-script'],
      ...['-x', '--exclude-task', '-g', '--gradle-user-home', '--console', '--warning-mode', '--max-workers'],
      ...['--priority', '--tests', '--include-build', '--project-cache-dir', '-D', '-P'],
    ],
  },
  tasks: 'gradle',
  // init scripts run before every build: -I FILE, and the user home's init.d folder (build-tools.ts)
  folderRuns: gradleInitRuns,
};

export const NIXOS_REBUILD: ProgramDeclaration = {
  names: ['nixos-rebuild', 'nixos-rebuild-ng', 'darwin-rebuild'],
  about: 'nixos-rebuild switch|boot|test|build… [--flake F] [--target-host H]: its options may come before the action',
  options: {
    '*': [
      ...['--flake', '--target-host', '--build-host', '-I', '--include', '--profile-name', '-p', '--specialisation'],
      ...['-c', '--max-jobs', '-j', '--cores', '--builders', '--file', '-f', '--attr', '-A', '--override-input'],
    ],
  },
};

export const MAGE: ProgramDeclaration = {
  names: ['mage'],
  about: 'mage TARGET…: runs the magefile’s target functions (their sh.Run and exec.Command calls)',
  globals: { value: ['-d', '-w', '-t', '-gocmd', '-goos', '-goarch', '-ldflags'], flag: ['-v', '-l', '-h', '-f'] },
  cwd: ['-w'],
  options: {},
  tasks: 'mage',
};

export const NINJA: ProgramDeclaration = {
  names: ['ninja', 'samu'],
  about:
    'ninja [TARGET…]: runs the rules of build.ninja (-f names it, -C moves it) the targets need; -n and -t run none',
  globals: { value: ['-C', '-f', '-j', '-k', '-l', '-d', '-t', '-w'], flag: ['-n', '-v', '--verbose', '--quiet'] },
  options: {},
  cwd: ['-C'],
  tasks: 'ninja',
};

export const LEFTHOOK: ProgramDeclaration = {
  names: ['lefthook'],
  about: 'lefthook run HOOK: runs the hook’s commands, jobs and scripts from lefthook.yml',
  options: { '*': ['--commands', '--jobs', '--tags', '--file', '--exclude'] },
  tasks: 'lefthook',
};

export const DOIT: ProgramDeclaration = {
  names: ['doit'],
  about:
    'doit [TASK…]: runs dodo.py (-f FILE), its tasks’ cmd-actions through a shell and its python-actions as Python',
  options: {
    '*': ['-f', '--file', '-d', '--dir', '-n', '--process', '-P', '--parallel-type', '--db-file', '--backend'],
  },
  folderRuns: doitRuns,
  tasks: 'doit',
};

export const COMPOSER: ProgramDeclaration = {
  names: ['composer', 'composer.phar'],
  about: 'composer install|update|require|run-script NAME: runs the scripts composer.json binds to the event or names',
  options: {
    '*': ['-d', '--working-dir', '--prefer-install', '--ignore-platform-req', '-a', '--classmap-authoritative'],
  },
  tasks: 'composer',
};

export const MLFLOW: ProgramDeclaration = {
  names: ['mlflow'],
  about: 'mlflow run [DIR] [-e ENTRY]: runs the entry point’s command from the project’s MLproject (round 52)',
  options: {
    '*': [
      ...['-e', '--entry-point', '-v', '--version', '-P', '--param-list', '-A', '--docker-args', '--experiment-name'],
      ...['--experiment-id', '-b', '--backend', '-c', '--backend-config', '--env-manager', '--run-name', '--run-id'],
    ],
  },
  tasks: 'mlflow',
};

export const DVC: ProgramDeclaration = {
  names: ['dvc'],
  about: 'dvc repro [STAGE…] and dvc exp run: run the stages’ cmd lines from dvc.yaml',
  options: {
    '*': ['-R', '--recursive', '--downstream', '--pull', '-j', '--jobs', '-S', '--set-param', '-n', '--name'],
  },
  tasks: 'dvc',
};

export const SNAKEMAKE: ProgramDeclaration = {
  names: ['snakemake'],
  about: 'snakemake [TARGET…]: runs the rules’ shell: commands from the Snakefile (-s FILE)',
  options: {
    '*': [
      '-s',
      '--snakefile',
      '-c',
      '--cores',
      '-j',
      '--jobs',
      '--configfile',
      '--config',
      '-d',
      '--directory',
      '--profile',
    ],
  },
  tasks: 'snakemake',
};

export const GO: ProgramDeclaration = {
  names: ['go'],
  about: 'go: single-dash options (-run, -count=1, -update); -C moves it; `go run x.go` runs the file',
  globals: { value: ['-C'], flag: [] },
  // `go run main.go`: the program's exec.Command calls with literal words are read (one-liner-words.ts)
  interpreter: { family: 'go', inline: [], scriptWord: 'js-file', scriptPattern: /\.go$/ },
  // `go run ./tool`, `go run .`: the package in that folder, its .go files the session wrote
  folderRuns: (input) => {
    if (input.positionals[0] !== 'run') return [];
    const dir = input.positionals[1];
    return dir === undefined || dir.endsWith('.go') || !/^(?:\.{1,2}|\.{0,2}\/.*|\/.*)$/.test(dir)
      ? []
      : [{ dir, files: '*.go', family: 'go' }];
  },
  cwd: ['-C'],
  singleDashOptions: true,
  options: {
    '*': [
      ...['-run', '-skip', '-bench', '-count', '-timeout', '-o', '-p', '-tags', '-ldflags', '-gcflags', '-asmflags'],
      ...['-coverprofile', '-covermode', '-coverpkg', '-cpu', '-parallel', '-exec', '-mod', '-modfile', '-buildmode'],
    ],
  },
  // `go generate [PKG…]`: the //go:generate lines of the Go files the session wrote there (config-commands.ts)
  tasks: 'go-generate',
};
