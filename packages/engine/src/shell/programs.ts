// DATA: what the model knows about well-known programs. Extend here, not in code.
//  - globals: options taken out before the subcommand (value-taking ones listed in `value`, switches in `flag`);
//  - cwd: which of those globals move the directory the command runs in;
//  - options: per subcommand ('*' for all), the options that take a value, so their value is not a positional.
import { NO_OPTIONS, optionSpec, type OptionSpec } from './argv.js';

export interface ProgramSpec {
  readonly globals?: { readonly value: readonly string[]; readonly flag: readonly string[] };
  readonly cwd?: readonly string[];
  readonly options?: Readonly<Record<string, readonly string[]>>;
  /** Options whose value is only ever attached (`sed -i.bak`). */
  readonly attached?: readonly string[];
}

const TERRAFORM: ProgramSpec = {
  globals: { value: ['-chdir'], flag: ['-help', '-version'] },
  cwd: ['-chdir'],
  options: { '*': ['-var', '-var-file', '-target', '-replace', '-out', '-state', '-backend-config', '-lock-timeout'] },
};

const NPM_LIKE: ProgramSpec = {
  globals: {
    value: ['--prefix', '-C', '--dir', '-w', '--workspace', '--filter', '-F'],
    flag: ['-g', '--global', '-r', '--recursive', '-s', '--silent', '--ws', '--workspaces'],
  },
  cwd: ['--prefix', '-C', '--dir'],
  options: { '*': ['--registry', '--tag', '--otp', '--access'] },
};

const DOCKER: ProgramSpec = {
  globals: {
    value: ['-H', '--host', '--context', '-c', '--config', '-l', '--log-level'],
    flag: ['-D', '--debug', '--tls', '--tlsverify'],
  },
  options: {
    '*': ['-f', '--file', '-t', '--tag', '--format', '--filter'],
    run: [
      '-e',
      '--env',
      '-v',
      '--volume',
      '-p',
      '--publish',
      '--name',
      '-w',
      '--workdir',
      '-u',
      '--user',
      '--network',
      '--entrypoint',
      '--env-file',
      '--mount',
      '-l',
      '--label',
      '--platform',
      '--restart',
      '-m',
      '--memory',
      '--cpus',
      '-h',
      '--hostname',
    ],
    exec: ['-e', '--env', '-w', '--workdir', '-u', '--user', '--env-file'],
    build: ['--build-arg', '--target', '--platform', '--label', '--secret', '--cache-from', '-o', '--output'],
    push: [],
    compose: ['-p', '--project-name', '--profile', '--env-file', '--project-directory'],
  },
};

const KUBECTL: ProgramSpec = {
  globals: {
    value: [
      '--context',
      '-n',
      '--namespace',
      '--kubeconfig',
      '--cluster',
      '--user',
      '-s',
      '--server',
      '--as',
      '--token',
      '-v',
      '--request-timeout',
    ],
    flag: ['--insecure-skip-tls-verify', '-A', '--all-namespaces'],
  },
  options: {
    '*': [
      '-o',
      '--output',
      '-l',
      '--selector',
      '-f',
      '--filename',
      '-n',
      '--namespace',
      '--context',
      '-c',
      '--container',
      '--field-selector',
      '--sort-by',
      '-k',
      '--kustomize',
      '--type',
      '--image',
      '--replicas',
      '--timeout',
      '--grace-period',
      '-p',
      '--patch',
    ],
  },
};

const TAR: ProgramSpec = {
  options: {
    '*': ['-C', '--directory', '-f', '--file', '-T', '--files-from', '-X', '--exclude-from', '--exclude', '-b', '-H'],
  },
};

export const PROGRAMS: Readonly<Record<string, ProgramSpec>> = {
  git: {
    globals: {
      value: ['-C', '-c', '--git-dir', '--work-tree', '--namespace', '--exec-path', '--config-env', '--super-prefix'],
      flag: [
        '-P',
        '--no-pager',
        '--paginate',
        '-p',
        '--bare',
        '--no-replace-objects',
        '--literal-pathspecs',
        '--glob-pathspecs',
        '--noglob-pathspecs',
        '--icase-pathspecs',
        '--no-optional-locks',
      ],
    },
    cwd: ['-C'],
    options: {
      commit: [
        '-m',
        '--message',
        '-F',
        '--file',
        '-C',
        '--reuse-message',
        '-c',
        '--reedit-message',
        '--author',
        '--date',
        '--fixup',
        '--squash',
        '-t',
        '--template',
        '--cleanup',
      ],
      push: ['-o', '--push-option', '--repo', '--receive-pack', '--exec'],
      checkout: ['-b', '-B', '--orphan', '--conflict'],
      switch: ['-c', '-C', '--create', '--force-create', '--orphan'],
      branch: [
        '-m',
        '-M',
        '-c',
        '-C',
        '-u',
        '--set-upstream-to',
        '--contains',
        '--merged',
        '--no-merged',
        '--sort',
        '--format',
      ],
      tag: ['-m', '--message', '-F', '--file', '-u', '--local-user'],
      merge: ['-m', '-F', '--file', '-s', '--strategy', '-X', '--strategy-option'],
      rebase: ['--onto', '-s', '--strategy', '-X', '--strategy-option', '-x', '--exec'],
      reset: [],
      restore: ['-s', '--source'],
      log: ['-n', '--max-count', '--format', '--pretty', '--author', '--since', '--until', '--grep'],
      stash: ['-m', '--message'],
      clone: ['-b', '--branch', '--depth', '-o', '--origin', '-c', '--config', '--reference'],
      fetch: ['--depth', '-j', '--jobs'],
      pull: ['-s', '--strategy', '-X', '--strategy-option', '--depth'],
      remote: ['-t', '-m'],
      config: ['--file', '-f', '--type', '--default'],
      worktree: ['-b', '-B', '--reason'],
      'cherry-pick': ['-m', '--mainline', '-X', '--strategy-option'],
      revert: ['-m', '--mainline'],
      am: ['-p'],
      apply: ['-p', '--directory', '--exclude', '--include'],
      diff: ['-U', '--unified', '--diff-filter'],
      show: ['--format', '--pretty'],
      rm: [],
      clean: ['-e', '--exclude'],
    },
  },
  kubectl: KUBECTL,
  oc: KUBECTL,
  helm: {
    globals: {
      value: ['--kube-context', '-n', '--namespace', '--kubeconfig', '--registry-config', '--repository-config'],
      flag: ['--debug'],
    },
    options: {
      '*': [
        '-f',
        '--values',
        '--set',
        '--set-string',
        '--set-file',
        '--version',
        '-o',
        '--output',
        '--timeout',
        '--repo',
        '-n',
        '--namespace',
      ],
    },
  },
  terraform: TERRAFORM,
  tofu: TERRAFORM,
  docker: DOCKER,
  podman: DOCKER,
  npm: NPM_LIKE,
  pnpm: NPM_LIKE,
  yarn: { globals: { value: ['--cwd'], flag: ['-s', '--silent'] }, cwd: ['--cwd'] },
  gh: {
    globals: { value: ['-R', '--repo'], flag: [] },
    options: {
      '*': [
        '-R',
        '--repo',
        '-t',
        '--title',
        '-b',
        '--body',
        '-F',
        '--body-file',
        '-B',
        '--base',
        '-H',
        '--head',
        '-l',
        '--label',
        '-a',
        '--assignee',
        '-m',
        '--milestone',
        '--json',
        '-q',
        '--jq',
        '-L',
        '--limit',
        '-s',
        '--state',
      ],
    },
  },
  // Cloud CLIs: their global options may come before the service and verb (`aws --profile prod s3 rb …`).
  aws: {
    globals: {
      value: [
        '--profile',
        '--region',
        '--output',
        '--endpoint-url',
        '--query',
        '--cli-read-timeout',
        '--cli-connect-timeout',
        '--ca-bundle',
        '--color',
      ],
      flag: ['--debug', '--no-verify-ssl', '--no-paginate', '--no-cli-pager', '--no-sign-request'],
    },
    options: {
      '*': ['--profile', '--region', '--output', '--endpoint-url', '--query'],
      // s3 cp/mv/sync: options whose value is not a source or destination.
      s3: [
        '--exclude',
        '--include',
        '--acl',
        '--sse',
        '--sse-kms-key-id',
        '--sse-c',
        '--sse-c-key',
        '--storage-class',
        '--content-type',
        '--cache-control',
        '--content-disposition',
        '--content-encoding',
        '--content-language',
        '--expires',
        '--grants',
        '--metadata',
        '--metadata-directive',
        '--website-redirect',
        '--expected-size',
        '--page-size',
        '--source-region',
        '--request-payer',
      ],
    },
  },
  gcloud: {
    globals: {
      value: [
        '--project',
        '--account',
        '--configuration',
        '--format',
        '--verbosity',
        '--impersonate-service-account',
        '--billing-project',
        '--flags-file',
      ],
      flag: ['-q', '--quiet', '--log-http'],
    },
    options: {
      '*': ['--project', '--account', '--format', '--zone', '--region', '--filter', '--configuration'],
      storage: [
        '--exclude',
        '-x',
        '--content-type',
        '--cache-control',
        '--storage-class',
        '-s',
        '--predefined-acl',
        '-a',
      ],
    },
  },
  gsutil: {
    globals: { value: ['-o', '-h'], flag: ['-m', '-q', '-D'] },
    options: {
      cp: ['-a', '-s', '-z', '-j', '-L', '-p'],
      mv: ['-a', '-s', '-p'],
      rsync: ['-a', '-x', '-j', '-z', '-p'],
    },
  },
  az: {
    globals: {
      value: ['--subscription', '-o', '--output', '--query'],
      flag: ['--only-show-errors', '--verbose', '--debug'],
    },
    options: {
      '*': [
        '--subscription',
        '-o',
        '--output',
        '--query',
        '-g',
        '--resource-group',
        '-n',
        '--name',
        '-l',
        '--location',
      ],
      storage: [
        '--file',
        '-f',
        '-c',
        '--container-name',
        '--account-name',
        '--account-key',
        '--connection-string',
        '--sas-token',
        '--auth-mode',
        '-d',
        '--destination',
        '-s',
        '--source',
        '--pattern',
        '--blob-url',
        '--max-connections',
      ],
    },
  },
  make: {
    globals: {
      value: ['-C', '--directory', '-f', '--file', '--makefile', '-j', '--jobs', '-I', '--include-dir'],
      flag: ['-n', '-s', '-k', '-B', '-i'],
    },
    cwd: ['-C', '--directory'],
  },
  // Programs the effects module reads: their value options decide which words are files.
  sed: { options: { '*': ['-e', '--expression', '-f', '--file', '-l', '--line-length'] }, attached: ['-i'] },
  perl: { options: { '*': ['-e', '-E', '-M', '-m', '-I', '-x'] }, attached: ['-i', '-0', '-l'] },
  cp: { options: { '*': ['-t', '--target-directory', '-S', '--suffix'] } },
  mv: { options: { '*': ['-t', '--target-directory', '-S', '--suffix'] } },
  install: {
    options: { '*': ['-t', '--target-directory', '-m', '--mode', '-o', '--owner', '-g', '--group', '-S', '--suffix'] },
  },
  ln: { options: { '*': ['-t', '--target-directory', '-S', '--suffix'] } },
  rsync: {
    options: {
      '*': [
        '-e',
        '--rsh',
        '--exclude',
        '--include',
        '--exclude-from',
        '--include-from',
        '--filter',
        '-f',
        '--chmod',
        '--chown',
        '--files-from',
        '--backup-dir',
        '--suffix',
        '-T',
        '--temp-dir',
      ],
    },
  },
  // Archives: where they unpack (-d, -C/--directory) and which words are options' values, not members.
  unzip: { options: { '*': ['-d', '-P', '-x'] } },
  tar: TAR,
  bsdtar: TAR,
  gtar: TAR,
  truncate: { options: { '*': ['-s', '--size', '-r', '--reference'] } },
  shred: { options: { '*': ['-n', '--iterations', '-s', '--size', '--random-source'] } },
  tee: { options: { '*': ['-p', '--output-error'] } },
  curl: {
    options: {
      '*': [
        '-o',
        '--output',
        '-d',
        '--data',
        '--data-raw',
        '--data-binary',
        '-H',
        '--header',
        '-X',
        '--request',
        '-u',
        '--user',
        '-T',
        '--upload-file',
        '-A',
        '--user-agent',
        '-e',
        '--referer',
        '-F',
        '--form',
        '-b',
        '--cookie',
        '-c',
        '--cookie-jar',
        '-m',
        '--max-time',
        '--connect-timeout',
        '-w',
        '--write-out',
        '-x',
        '--proxy',
        '--cacert',
        '--cert',
        '--key',
        '-K',
        '--config',
        '--retry',
        '-r',
        '--range',
        '-D',
        '--dump-header',
      ],
    },
  },
  wget: {
    options: {
      '*': [
        '-O',
        '--output-document',
        '-o',
        '--output-file',
        '-P',
        '--directory-prefix',
        '-U',
        '--user-agent',
        '--header',
        '-t',
        '--tries',
        '-T',
        '--timeout',
        '-e',
        '--execute',
        '-i',
        '--input-file',
      ],
    },
  },
  head: { options: { '*': ['-n', '--lines', '-c', '--bytes'] } },
  tail: { options: { '*': ['-n', '--lines', '-c', '--bytes', '--pid', '-s', '--sleep-interval'] } },
  mkdir: { options: { '*': ['-m', '--mode'] } },
  touch: { options: { '*': ['-d', '--date', '-r', '--reference', '-t'] } },
  chmod: { options: { '*': ['--reference'] } },
  find: {
    options: {
      '*': [
        '-name',
        '-iname',
        '-path',
        '-ipath',
        '-wholename',
        '-type',
        '-exec',
        '-execdir',
        '-ok',
        '-okdir',
        '-maxdepth',
        '-mindepth',
        '-newer',
        '-size',
        '-mtime',
        '-mmin',
        '-atime',
        '-amin',
        '-ctime',
        '-cmin',
        '-user',
        '-group',
        '-perm',
        '-regex',
        '-iregex',
        '-printf',
        '-fprint',
        '-fprintf',
        '-regextype',
      ],
    },
  },
  python: { options: { '*': ['-c', '-m', '-W', '-X', '-Q'] } },
  node: {
    options: {
      '*': [
        '-e',
        '--eval',
        '-p',
        '--print',
        '-r',
        '--require',
        '--import',
        '--loader',
        '--input-type',
        '-C',
        '--conditions',
      ],
    },
  },
  ruby: { options: { '*': ['-e', '-r', '-I', '-C', '-E'] } },
  php: { options: { '*': ['-r', '-c', '-d', '-f', '-B', '-R', '-F', '-E'] } },
  rm: {},
  cat: {},
};

/** A program's table compiled once at load: Sets for lookups, one OptionSpec per subcommand ('*' merged in). */
export interface CompiledProgram {
  readonly spec: ProgramSpec;
  /** Options before (or without) a known subcommand. */
  readonly base: OptionSpec;
  /** Subcommands with options of their own. */
  readonly bySubcommand: ReadonlyMap<string, OptionSpec>;
  readonly globalValue: ReadonlySet<string>;
  readonly globalFlag: ReadonlySet<string>;
  readonly cwd: ReadonlySet<string>;
}

function compileProgram(spec: ProgramSpec): CompiledProgram {
  const options = spec.options ?? {};
  const star = options['*'] ?? [];
  const attached = spec.attached ?? [];
  const bySubcommand = new Map<string, OptionSpec>();
  for (const [sub, own] of Object.entries(options))
    if (sub !== '*') bySubcommand.set(sub, optionSpec([...star, ...own], attached));
  return {
    spec,
    base: optionSpec(star, attached),
    bySubcommand,
    globalValue: new Set(spec.globals?.value ?? []),
    globalFlag: new Set(spec.globals?.flag ?? []),
    cwd: new Set(spec.cwd ?? []),
  };
}

// A Map, not the object: program names come from user input and must never reach Object.prototype.
const BY_NAME: ReadonlyMap<string, CompiledProgram> = new Map(
  Object.entries(PROGRAMS).map(([name, spec]) => [name, compileProgram(spec)]),
);

/** The compiled entry of `program`, or undefined (never an Object.prototype member: names come from user input). */
export function compiledProgram(program: string): CompiledProgram | undefined {
  return BY_NAME.get(program);
}

/** The value-taking options of `program` once its subcommand is known. */
export function optionsOf(program: string, subcommand: string | undefined): OptionSpec {
  const entry = BY_NAME.get(program);
  if (entry === undefined) return NO_OPTIONS;
  return (subcommand === undefined ? undefined : entry.bySubcommand.get(subcommand)) ?? entry.base;
}

/** The program's entry, or undefined (never an Object.prototype member: program names come from user input). */
export function programSpec(program: string): ProgramSpec | undefined {
  return BY_NAME.get(program)?.spec;
}
