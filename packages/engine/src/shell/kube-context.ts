// The kubectl context and namespace set earlier in the call, as the branch checked out is (git-branch.ts): `kubectl
// config use-context prod && kubectl delete pod api-1` deletes in prod, so the later command is read with
// `--context=prod` implied; `kubectl config set-context --current --namespace=prod`, `kubectx prod` and `kubens prod`
// the same. A context set to a value not known makes it unknown again (never the one set before). A command naming
// its own --context, --kubeconfig or --namespace keeps them. Kept across calls: kubectl writes the choice into the
// kubeconfig, so a later call (a fresh shell too) uses it; the session carries what its calls set (ShellSession.kube).
// The host's own kubeconfig is not read: before any call of the session sets one, the context is unknown.
// The choice belongs to the kubeconfig it was written into (the KUBECONFIG the setter saw, from its prefix or the
// session's exports): a kubectl reading another one (`export KUBECONFIG=~/.kube/prod` in a later call) has that
// file's current context, which is not known.
import type { Flag, ImpliedWord, KubeChange, KubeState, SimpleCommand } from './types.js';

const KUBECTL = new Set(['kubectl', 'oc']);

/** The tools that create a local cluster and make its context the current one. */
const LOCAL_CLUSTERS = new Set(['kind', 'minikube', 'k3d']);
const SETTERS = new Set([...KUBECTL, 'kubectx', 'kubens', ...LOCAL_CLUSTERS]);

/** The programs that act on the kubeconfig's current context, and the option each names another with: helm, helmfile
 * and skaffold read the same kubeconfig (round 40: `kubectl config use-context kind-shop`, then `skaffold run`). */
const CONTEXT_OPTION: Readonly<Record<string, string>> = {
  kubectl: '--context',
  oc: '--context',
  helm: '--kube-context',
  helmfile: '--kube-context',
  skaffold: '--kube-context',
};

/** Whether a program acts on the kubeconfig's current context (a context set earlier in the call is put in). */
export const readsKubeContext = (program: string): boolean => Object.hasOwn(CONTEXT_OPTION, program);
/** Whether a program can switch the current context or namespace (observe reads what it sets). */
export const setsKubeContext = (program: string): boolean => SETTERS.has(program);
const EARLIER = 'set by an earlier call';

export class KubeContext {
  private context: string | undefined;
  private namespace: string | undefined;
  /** The kubeconfig the context and namespace are in (undefined: the default one). */
  private kubeconfig: string | undefined;
  private from = { context: EARLIER, namespace: EARLIER };
  /** Whether this call set each (to a value, or to one not known). */
  private readonly set = { context: false, namespace: false };

  /** Starts from what the session's earlier calls set. */
  start(state: KubeState | undefined): void {
    this.context = state?.context;
    this.namespace = state?.namespace;
    this.kubeconfig = state?.kubeconfig;
  }

  /** What this call set, for the session (null: set to a value not known); undefined: nothing. */
  changes(): KubeChange | undefined {
    if (!this.set.context && !this.set.namespace) return undefined;
    return {
      ...(this.set.context ? { context: this.context ?? null } : {}),
      ...(this.set.namespace ? { namespace: this.namespace ?? null } : {}),
      kubeconfig: this.kubeconfig ?? null,
    };
  }

  /**
   * Keeps what a command sets (after it is recorded, at `index`); `exported` is the KUBECONFIG the session's earlier
   * calls exported, when the command's own environment names none.
   */
  observe(command: SimpleCommand, index: number, exported: string | undefined): void {
    const p = command.positionals;
    const known = (i: number): string | undefined =>
      command.unknown.length === 0 && p[i] !== undefined && p[i] !== '-' ? p[i] : undefined;
    const label = `${[command.program, ...command.argv].join(' ')} (command ${index + 1})`;
    // What this command set (the call's `set` says what any of its commands did).
    const touched = { context: false, namespace: false };
    const setContext = (value: string | undefined) => {
      this.context = value;
      this.from.context = label;
      touched.context = true;
    };
    const setNamespace = (value: string | undefined) => {
      this.namespace = value;
      this.from.namespace = label;
      touched.namespace = true;
    };
    if (KUBECTL.has(command.program) && p[0] === 'config' && p[1] === 'use-context') {
      setContext(known(2));
    } else if (KUBECTL.has(command.program) && p[0] === 'config' && p[1] === 'set-context') {
      const ns = command.flags.find((f) => f.name === '--namespace')?.value;
      if (ns !== undefined && command.flags.some((f) => f.name === '--current'))
        setNamespace(command.unknown.length === 0 ? ns : undefined);
    } else if (LOCAL_CLUSTERS.has(command.program)) {
      // A local cluster created here: its context is written into the kubeconfig and made the current one.
      const context = localClusterContext(command);
      if (context !== NOT_CREATED) setContext(context);
    } else if (command.program === 'kubectx' && p.length === 1) {
      setContext(known(0));
    } else if (command.program === 'kubens' && p.length === 1) {
      setNamespace(known(0));
    }
    if (!touched.context && !touched.namespace) return;
    this.set.context ||= touched.context;
    this.set.namespace ||= touched.namespace;
    const file = kubeconfigOf(command, exported);
    if (file === this.kubeconfig) return;
    // Written into another kubeconfig: what was set in the one before is not in this one.
    this.kubeconfig = file;
    if (!touched.context && this.context !== undefined) {
      this.context = undefined;
      this.set.context = true;
    }
    if (!touched.namespace && this.namespace !== undefined) {
      this.namespace = undefined;
      this.set.namespace = true;
    }
  }

  /** The command with the context and namespace set earlier in the call, when it names none of its own. */
  resolve(command: SimpleCommand, exported: string | undefined): SimpleCommand {
    const contextOption = Object.hasOwn(CONTEXT_OPTION, command.program) ? CONTEXT_OPTION[command.program] : undefined;
    if (contextOption === undefined || command.positionals[0] === 'config') return command;
    if (this.context === undefined && this.namespace === undefined) return command;
    // Another kubeconfig (KUBECONFIG=… kubectl …, or exported by an earlier call) has a current context of its own.
    if (kubeconfigOf(command, exported) !== this.kubeconfig) return command;
    // Its own options, before the subcommand (globals) or after it.
    const has = (...names: string[]): boolean =>
      command.flags.some((f) => names.includes(f.name)) || command.globals.some((f) => names.includes(f.name));
    const add: [string, string, string][] = [];
    if (this.context !== undefined && !has('--context', '--kube-context', '--kubeconfig', '--cluster'))
      add.push([contextOption, this.context, this.from.context]);
    if (this.namespace !== undefined && !has('-n', '--namespace', '-A', '--all-namespaces'))
      add.push(['--namespace', this.namespace, this.from.namespace]);
    if (add.length === 0) return command;
    const argv = [...command.argv];
    const flags: Flag[] = [...command.flags];
    const implied: ImpliedWord[] = [...(command.implied ?? [])];
    for (const [name, value, from] of add) {
      const token = `${name}=${value}`;
      implied.push({ at: argv.length, value: token, written: undefined, from });
      argv.push(token);
      flags.push({ name, value, token });
    }
    return { ...command, argv, flags, implied };
  }
}

/** The kubeconfig a command reads: its --kubeconfig, its environment's KUBECONFIG, else the session's export;
 * undefined: the default one. */
function kubeconfigOf(command: SimpleCommand, exported: string | undefined): string | undefined {
  const option = [...command.globals, ...command.flags].find((f) => f.name === '--kubeconfig')?.value;
  if (option !== undefined) return option;
  // An empty KUBECONFIG is the default file, as kubectl reads it.
  const own = command.environment?.KUBECONFIG;
  if (typeof own === 'string') return own === '' ? undefined : own;
  return command.cleanEnvironment || exported === '' ? undefined : exported;
}

const NOT_CREATED = Symbol('not created');

/**
 * The context a local cluster's creation makes current: `kind create cluster [--name N]` (KIND_CLUSTER_NAME, else
 * `kind`) → kind-N; `minikube start [-p P]` → P (minikube); `k3d cluster create [NAME]` → k3d-NAME (k3s-default).
 * Undefined (unknown) when the name is not known; NOT_CREATED when the command creates none or leaves the current one
 * alone (k3d's --kubeconfig-switch-context=false). kind's --kubeconfig F makes it F's current context (kubeconfigOf).
 */
function localClusterContext(command: SimpleCommand): string | undefined | typeof NOT_CREATED {
  const p = command.positionals;
  const flag = (...names: string[]): string | undefined => command.flags.find((f) => names.includes(f.name))?.value;
  const named = (value: string | undefined, fallback: string): string | undefined =>
    value === undefined
      ? fallback
      : value.includes('$') || command.unknown.some((u) => u.value === value)
        ? undefined
        : value;
  if (command.program === 'kind') {
    // (with --kubeconfig F its context is F's current one: the kubeconfig a later kubectl must read to reach it)
    if (p[0] !== 'create' || p[1] !== 'cluster') return NOT_CREATED;
    const fromEnv = command.environment?.KIND_CLUSTER_NAME;
    const name = named(flag('--name') ?? (typeof fromEnv === 'string' ? fromEnv : undefined), 'kind');
    return name === undefined ? undefined : `kind-${name}`;
  }
  if (command.program === 'minikube') {
    if (p[0] !== 'start') return NOT_CREATED;
    return named(flag('-p', '--profile'), 'minikube');
  }
  if (p[0] !== 'cluster' || p[1] !== 'create') return NOT_CREATED;
  const sw = command.flags.find(
    (f) => f.name === '--kubeconfig-switch-context' || f.name === '--kubeconfig-update-default',
  );
  if (sw !== undefined && sw.value === 'false') return NOT_CREATED;
  const name = named(p[2], 'k3s-default');
  return name === undefined ? undefined : `k3d-${name}`;
}
