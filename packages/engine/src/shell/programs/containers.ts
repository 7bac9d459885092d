// Containers and clusters: docker/podman (exec, run and compose exec/run run a command in a container), kubectl/oc
// (exec runs what follows `--` in a pod), helm.
import type { EnvironmentArgs, ProgramDeclaration, RunsDeclaration } from './declaration.js';
import { COMPUTED_PIECE } from '../computed-piece.js';
import { unknownInText } from '../unknown-text.js';
import { type OptionSpec, parseArgv } from '../argv.js';

const DOCKER_RUN_OPTIONS = [
  ...['-e', '--env', '-v', '--volume', '-p', '--publish', '--name', '-w', '--workdir', '-u', '--user', '--network'],
  ...['--entrypoint', '--env-file', '--mount', '-l', '--label', '--platform', '--restart', '-m', '--memory'],
  ...['--cpus', '-h', '--hostname', '--add-host', '--cap-add', '--cap-drop', '--device', '--dns', '--ipc', '--pid'],
  ...['--security-opt', '--shm-size', '--ulimit', '--tmpfs', '--log-driver', '--log-opt', '--pull', '-a', '--attach'],
  // the rest of docker run's value options (its reference): an undeclared one took its value for the image (a real
  // Jenkins step, `docker run --volumes-from jenkins -w "$WORKSPACE" python:3.11 bash -lc '…'`, round 22)
  ...['--volumes-from', '--cidfile', '-c', '--cpu-shares', '--cpuset-cpus', '--cpuset-mems', '--cpu-period'],
  ...['--cpu-quota', '--cpu-rt-period', '--cpu-rt-runtime', '--cgroup-parent', '--cgroupns', '--dns-option'],
  ...['--dns-search', '--domainname', '--expose', '--gpus', '--group-add', '--health-cmd', '--health-interval'],
  ...['--health-retries', '--health-start-period', '--health-timeout', '--ip', '--ip6', '--isolation'],
  ...['--label-file', '--link', '--link-local-ip', '--mac-address', '--memory-reservation', '--memory-swap'],
  ...['--memory-swappiness', '--network-alias', '--oom-score-adj', '--pids-limit', '--runtime', '--stop-signal'],
  ...['--stop-timeout', '--storage-opt', '--sysctl', '--userns', '--uts', '--volume-driver', '--blkio-weight'],
  ...['--device-read-bps', '--device-write-bps', '--device-read-iops', '--device-write-iops', '--annotation'],
  ...['--detach-keys', '--kernel-memory', '--device-cgroup-rule', '--health-start-interval'],
];
const DOCKER_EXEC_OPTIONS = ['-e', '--env', '-w', '--workdir', '-u', '--user', '--env-file', '--detach-keys'];
const BUILD_OPTIONS = [
  ...['-f', '--file', '-t', '--tag', '--build-arg', '--target', '--platform', '--label', '--secret', '--cache-from'],
  ...['-o', '--output'],
];
const COMPOSE_OPTIONS = ['-p', '--project-name', '--profile', '--env-file', '--project-directory', '-f', '--file'];

// Every command these run, runs in a container: a contract can tell them apart by `remote`.
const DOCKER_RUNS: readonly RunsDeclaration[] = [
  {
    subcommands: ['exec', 'container exec'],
    options: DOCKER_EXEC_OPTIONS,
    skip: 1,
    remote: true,
    clearsEnvironment: true,
  },
  {
    subcommands: ['run', 'container run'],
    options: DOCKER_RUN_OPTIONS,
    skip: 1,
    remote: true,
    clearsEnvironment: true,
    // `docker run hashicorp/terraform:1.7 destroy` runs `terraform destroy` (image-entrypoints.ts)
    entrypoints: true,
    // `-v "$PWD":/local … -o /local/src/api` writes src/api here; `-w /local` is where the command runs in it
    mounts: true,
    cwd: ['-w', '--workdir'],
  },
  {
    subcommands: ['compose exec', 'compose run'],
    options: [...COMPOSE_OPTIONS, ...DOCKER_EXEC_OPTIONS, '--index', '--name', '-v', '--volume', '--entrypoint'],
    skip: 1,
    remote: true,
    clearsEnvironment: true,
  },
];

const DOCKER: Omit<ProgramDeclaration, 'names' | 'about'> = {
  globals: {
    value: ['-H', '--host', '--context', '-c', '--config', '-l', '--log-level'],
    flag: ['-D', '--debug', '--tls', '--tlsverify'],
  },
  options: {
    // -t is --tag for build but --tty for run and exec: each subcommand says which of its options take a value.
    '*': ['--format', '--filter'],
    run: DOCKER_RUN_OPTIONS,
    exec: DOCKER_EXEC_OPTIONS,
    build: [...BUILD_OPTIONS],
    buildx: [...BUILD_OPTIONS, '--builder'],
    image: ['-f', '--file', '-t', '--tag'],
    push: [],
    login: ['-u', '--username', '-p', '--password'],
    compose: COMPOSE_OPTIONS,
  },
  runs: DOCKER_RUNS,
  containerFiles: true,
  stdin: {
    confirm: { flag: '--force', subcommands: ['system prune', 'image prune', 'volume prune', 'container prune'] },
    // `login --password-stdin` stores what it reads in ~/.docker/config.json (base64) unless a helper holds it
    credential: ['login'],
  },
};

export const DOCKER_CLI: ProgramDeclaration = {
  names: ['docker'],
  // `docker X` that is no docker command runs the CLI plugin `docker-X` from its plugin folders (round 13)
  plugins: {
    prefix: 'docker-',
    folders: [
      '~/.docker/cli-plugins',
      '/usr/local/lib/docker/cli-plugins',
      '/usr/lib/docker/cli-plugins',
      '/usr/libexec/docker/cli-plugins',
    ],
  },
  about: 'docker: global options, value options per subcommand; exec/run/compose exec run a command in a container',
  ...DOCKER,
};
// `podman unshare CMD…` runs CMD here, in podman's user namespace (round 13).
export const PODMAN: ProgramDeclaration = {
  names: ['podman'],
  about: 'podman: as docker; `podman unshare CMD` runs CMD here in its user namespace',
  ...DOCKER,
  runs: [...DOCKER_RUNS, { subcommands: ['unshare'], options: [] }],
};

// The standalone Compose (v1, and podman-compose) spells `docker compose exec|run` as `docker-compose exec|run`: its
// project options come before the verb (a real Makefile's `docker-compose exec db psql -c "drop database …"`, round 12).
export const DOCKER_COMPOSE: ProgramDeclaration = {
  names: ['docker-compose', 'podman-compose'],
  about: 'docker-compose: as docker compose; exec and run run a command in a service container',
  globals: {
    value: [...COMPOSE_OPTIONS, '-H', '--host', '--context'],
    flag: ['--verbose', '--no-ansi', '--compatibility'],
  },
  options: { '*': COMPOSE_OPTIONS },
  runs: [
    {
      subcommands: ['exec', 'run'],
      options: [
        ...DOCKER_EXEC_OPTIONS,
        '--index',
        '--name',
        '-v',
        '--volume',
        '--entrypoint',
        '-p',
        '--publish',
        '-l',
        '--label',
      ],
      skip: 1,
      remote: true,
      clearsEnvironment: true,
    },
  ],
};

/**
 * What `kubectl create secret … --from-literal=K=V -o yaml` prints: a Secret manifest holding each literal (base64 in
 * `data:`, which encodes, not hides): its pairs are the known lines, so a manifest written into the repository with a
 * literal password reads as one. The rest of the manifest is a computed piece.
 */
function secretManifest(args: readonly string[]): string | undefined {
  const at = args.indexOf('create');
  if (at === -1 || args[at + 1] !== 'secret') return undefined;
  const pairs: string[] = [];
  for (let i = at + 2; i < args.length; i++) {
    const a = args[i] as string;
    const literal = a === '--from-literal' ? args[++i] : a.startsWith('--from-literal=') ? a.slice(15) : undefined;
    const eq = literal?.indexOf('=') ?? -1;
    if (literal !== undefined && eq > 0) pairs.push(`  ${literal.slice(0, eq)}: ${literal.slice(eq + 1)}`);
  }
  return pairs.length === 0 ? undefined : `${COMPUTED_PIECE}\nstringData:\n${pairs.join('\n')}\n`;
}

/** kubectl's short names and plurals, by the kind `-o name` prints (`kubectl api-resources`; with the API group for
 * the kinds outside the core group). */
const KIND_ALIASES: Readonly<Record<string, readonly string[]>> = {
  namespace: ['ns', 'namespaces'],
  persistentvolume: ['pv', 'persistentvolumes'],
  persistentvolumeclaim: ['pvc', 'persistentvolumeclaims'],
  pod: ['po', 'pods'],
  service: ['svc', 'services'],
  configmap: ['cm', 'configmaps'],
  secret: ['secrets'],
  'deployment.apps': ['deploy', 'deployment', 'deployments'],
  'statefulset.apps': ['sts', 'statefulset', 'statefulsets'],
  'customresourcedefinition.apiextensions.k8s.io': [
    'crd',
    'crds',
    'customresourcedefinition',
    'customresourcedefinitions',
  ],
};
const KIND_NAMES: ReadonlyMap<string, string> = new Map(
  Object.entries(KIND_ALIASES).flatMap(([kind, aliases]) => [
    [kind, kind] as const,
    ...aliases.map((a) => [a, kind] as const),
  ]),
);

const KUBECTL_GLOBAL_VALUES = [
  ...['--context', '-n', '--namespace', '--kubeconfig', '--cluster', '--user', '-s', '--server', '--as'],
  ...['--token', '-v', '--request-timeout'],
];
const KUBECTL_VALUES = [
  ...['-o', '--output', '-l', '--selector', '-f', '--filename', '-n', '--namespace', '--context', '-c'],
  ...['--container', '--field-selector', '--sort-by', '-k', '--kustomize', '--type', '--image', '--replicas'],
  ...['--timeout', '--grace-period', '-p', '--patch'],
  // global options may follow the verb too (`kubectl apply -f x --kubeconfig ~/.kube/prod`)
  ...['--kubeconfig', '--cluster', '--user', '--server'],
];
const KUBECTL_SPEC: OptionSpec = { value: new Set([...KUBECTL_GLOBAL_VALUES, ...KUBECTL_VALUES]), attached: new Set() };

/**
 * `kubectl get pvc -o name`: one line per object, `persistentvolumeclaim/<name>` — the kind known, the names not
 * (round s51: `kubectl delete $(kubectl get pv -o name)`, a loop over the claims deleting each, went past the volume
 * rule as deletes of something unknown).
 */
function kindNames(args: readonly string[]): string | undefined {
  const parsed = parseArgv(args, KUBECTL_SPEC, undefined);
  const [verb, kinds] = parsed.positionals;
  const output = parsed.flags.find((f) => f.name === '-o' || f.name === '--output')?.value;
  if (verb !== 'get' || output !== 'name' || kinds === undefined || /[$`⟨]/.test(kinds)) return undefined;
  return kinds
    .split(',')
    .map((k) => {
      const [kind, name] = k.split('/', 2) as [string, string | undefined];
      const canonical = KIND_NAMES.get(kind.toLowerCase()) ?? kind.toLowerCase();
      return `${canonical}/${name ?? unknownInText('name')}\n`;
    })
    .join('');
}

const KUBECTL: Omit<ProgramDeclaration, 'names' | 'about'> = {
  piecedOutput: secretManifest,
  output: kindNames,
  // `kubectl kustomize DIR | kubectl apply -f -` applies DIR (blind round 26)
  renders: (p) => (p[0] === 'kustomize' && p.length <= 2 ? (p[1] ?? '.') : undefined),
  readsRendered: true,
  globals: { value: KUBECTL_GLOBAL_VALUES, flag: ['--insecure-skip-tls-verify', '-A', '--all-namespaces'] },
  options: { '*': KUBECTL_VALUES },
  runs: [
    {
      subcommands: ['exec'],
      options: ['-c', '--container', '-f', '--filename', '--pod-running-timeout', '-n', '--namespace'],
      skip: 1,
      remote: true,
      dashDash: true,
      clearsEnvironment: true,
    },
  ],
};

/** kubectl's own commands: a plugin cannot take their names (kubectl runs the built-in). */
const KUBECTL_COMMANDS: ReadonlySet<string> = new Set([
  ...['annotate', 'api-resources', 'api-versions', 'apply', 'attach', 'auth', 'autoscale', 'certificate'],
  ...['cluster-info', 'completion', 'config', 'cordon', 'cp', 'create', 'debug', 'delete', 'describe', 'diff'],
  ...['drain', 'edit', 'events', 'exec', 'explain', 'expose', 'get', 'help', 'kustomize', 'label', 'logs'],
  ...['options', 'patch', 'plugin', 'port-forward', 'proxy', 'replace', 'rollout', 'run', 'scale', 'set', 'taint'],
  ...['top', 'uncordon', 'version', 'wait'],
]);

export const KUBECTL_CLI: ProgramDeclaration = {
  names: ['kubectl'],
  // `kubectl X` that is no kubectl command runs the plugin `kubectl-X` from the PATH (round 13)
  plugins: { prefix: 'kubectl-', builtins: KUBECTL_COMMANDS },
  about: 'kubectl: global options before the verb; exec runs what follows -- in a pod',
  ...KUBECTL,
};
export const OC: ProgramDeclaration = {
  names: ['oc'],
  about: 'the OpenShift CLI: as kubectl; rsh POD CMD runs CMD in the pod',
  ...KUBECTL,
  // `oc rsh POD CMD…` (blind round 7)
  runs: [
    ...(KUBECTL.runs ?? []),
    {
      subcommands: ['rsh'],
      options: ['-c', '--container', '--shell', '-n', '--namespace', '--timeout'],
      skip: 1,
      remote: true,
      clearsEnvironment: true,
    },
  ],
};

export const KUSTOMIZE: ProgramDeclaration = {
  names: ['kustomize'],
  about: 'kustomize: build DIR prints the manifests of a kustomization (applied when piped into kubectl apply -f -)',
  options: {
    '*': ['-o', '--output', '--load-restrictor', '--helm-command', '--env', '-e', '--mount', '--network-name'],
  },
  renders: (p) => (p[0] === 'build' && p.length <= 2 ? (p[1] ?? '.') : undefined),
};

export const HELMFILE: ProgramDeclaration = {
  names: ['helmfile'],
  about: 'helmfile: its global options (environment, file, context, selector) come before apply/sync/destroy',
  globals: {
    value: [
      ...['-e', '--environment', '-f', '--file', '--kube-context', '-n', '--namespace', '-l', '--selector'],
      ...['--state-values-set', '--state-values-file', '-b', '--helm-binary', '--chart'],
    ],
    flag: ['-q', '--quiet', '--debug', '-i', '--interactive', '--allow-no-matching-release'],
  },
  options: { '*': ['--set', '--values', '--args', '--concurrency', '--context', '--suppress', '--output'] },
};

export const FLUX: ProgramDeclaration = {
  names: ['flux'],
  about:
    'flux: global options (namespace, context, kubeconfig) may come before the verb (`flux -n default delete helmrelease x`)',
  globals: {
    value: ['-n', '--namespace', '--context', '--kubeconfig', '--cluster', '--timeout', '--token', '--as'],
    flag: ['--verbose', '--insecure-skip-tls-verify'],
  },
  options: {
    '*': [
      ...['-n', '--namespace', '--context', '--kubeconfig', '--timeout', '--source', '--chart', '--chart-version'],
      ...['--interval', '--values', '--target-namespace', '--label', '--url', '--branch', '--tag', '--path'],
      ...['--secret-ref', '--kind', '--status-selector'],
    ],
  },
};

export const ARGOCD: ProgramDeclaration = {
  names: ['argocd'],
  about: 'argocd: global options (server, auth token, gRPC-web, context) may come before the verb',
  globals: {
    value: ['--server', '--auth-token', '--argocd-context', '--config', '--header', '-H', '--port-forward-namespace'],
    flag: ['--grpc-web', '--insecure', '--plaintext', '--core', '--port-forward'],
  },
  options: {
    '*': [
      ...['--server', '--auth-token', '--revision', '--resource', '-l', '--selector', '--timeout', '-o', '--output'],
      ...['-N', '--app-namespace', '--project', '--dest-server', '--dest-namespace', '--repo', '--path', '-p'],
      ...['--parameter', '--values', '--retry-limit'],
      // app create: the new application's name, sync policy and destination cluster take values too
      ...['--name', '--sync-policy', '--sync-option', '--dest-name', '--helm-set', '--helm-set-string'],
    ],
  },
};

export const SKOPEO: ProgramDeclaration = {
  names: ['skopeo'],
  about: 'skopeo: global options (policy, temporary directory, platform overrides) may come before the verb',
  globals: {
    value: ['--policy', '--registries.d', '--tmpdir', '--override-arch', '--override-os', '--override-variant'],
    flag: ['--insecure-policy', '--debug'],
  },
  options: {
    '*': [
      ...['--authfile', '--src-authfile', '--dest-authfile', '--src-creds', '--dest-creds', '--creds'],
      ...['--format', '-f', '--sign-by', '--retry-times', '--additional-tag', '--multi-arch'],
      ...['--src-cert-dir', '--dest-cert-dir'],
      ...['--src-registry-token', '--dest-registry-token', '--registry-token', '--username', '--password'],
    ],
  },
};

/** helm's context and namespace from HELM_KUBECONTEXT and HELM_NAMESPACE, when no option names them (round 40: a
 * sourced env file naming the kind cluster's context, then `helm uninstall` there). */
const helmEnvironment: EnvironmentArgs = (get) => {
  const out: ReturnType<EnvironmentArgs>[number][] = [];
  for (const [name, option, spellings] of [
    ['HELM_KUBECONTEXT', '--kube-context', ['--kube-context']],
    ['HELM_NAMESPACE', '--namespace', ['-n', '--namespace']],
  ] as const) {
    const value = get(name);
    if (value === undefined || value === '') continue;
    const token = `${option}=${value}`;
    out.push({ flag: { name: option, value, token }, from: `${name} (environment)`, yieldsTo: spellings });
  }
  return out;
};

export const HELM: ProgramDeclaration = {
  names: ['helm'],
  about: 'helm: global options, value options of install/upgrade; HELM_KUBECONTEXT and HELM_NAMESPACE',
  environmentArgs: helmEnvironment,
  environmentNames: ['HELM_KUBECONTEXT', 'HELM_NAMESPACE'],
  globals: {
    value: ['--kube-context', '-n', '--namespace', '--kubeconfig', '--registry-config', '--repository-config'],
    flag: ['--debug'],
  },
  options: {
    '*': [
      ...['-f', '--values', '--set', '--set-string', '--set-file', '--version', '-o', '--output', '--timeout'],
      ...['--repo', '-n', '--namespace', '--kube-context', '--kubeconfig'],
    ],
  },
};

// kubectx and kubens switch the context and namespace a later kubectl uses (kube-context.ts reads them).
export const KUBECTX: ProgramDeclaration = {
  names: ['kubectx'],
  about: 'kubectx NAME: switches the kubectl context (a later kubectl in the call uses it)',
  options: {},
};
// Local clusters: creating one writes its context into the kubeconfig and makes it the current one, so a later kubectl
// or helm in the call (and in later calls) acts on it (kube-context.ts reads them).
export const KIND: ProgramDeclaration = {
  names: ['kind'],
  about: 'kind create cluster [--name N]: a local cluster; its context kind-N becomes the current one',
  options: { '*': ['--name', '--config', '--image', '--kubeconfig', '--wait', '--retain', '-v', '--verbosity'] },
};
export const MINIKUBE: ProgramDeclaration = {
  names: ['minikube'],
  about: 'minikube start [-p P]: a local cluster; its context P (minikube) becomes the current one',
  options: {
    '*': [
      ...['-p', '--profile', '--driver', '--kubernetes-version', '--cpus', '--memory', '--nodes', '--addons'],
      ...['--container-runtime', '--image-repository', '--mount-string', '--insecure-registry', '-n', '--node'],
    ],
  },
};
export const K3D: ProgramDeclaration = {
  names: ['k3d'],
  about: 'k3d cluster create [NAME]: a local cluster; its context k3d-NAME becomes the current one',
  options: {
    '*': [
      ...['-c', '--config', '-a', '--agents', '-s', '--servers', '-p', '--port', '-i', '--image', '--api-port'],
      ...['-v', '--volume', '--k3s-arg', '--registry-use', '--registry-create', '--network', '--timeout'],
    ],
  },
};
export const KUBENS: ProgramDeclaration = {
  names: ['kubens'],
  about: 'kubens NAME: switches the kubectl namespace (a later kubectl in the call uses it)',
  options: {},
};
