// The kubectl context and namespace set earlier in the call, as the branch checked out is (git-branch.ts): `kubectl
// config use-context prod && kubectl delete pod api-1` deletes in prod, so the later command is read with
// `--context=prod` implied; `kubectl config set-context --current --namespace=prod`, `kubectx prod` and `kubens prod`
// the same. A context set to a value not known makes it unknown again (never the one set before). A command naming
// its own --context, --kubeconfig or --namespace keeps them. Kept across calls: kubectl writes the choice into the
// kubeconfig, so a later call (a fresh shell too) uses it; the session carries what its calls set (ShellSession.kube).
// The host's own kubeconfig is not read: before any call of the session sets one, the context is unknown.
import type { Flag, ImpliedWord, KubeChange, KubeState, SimpleCommand } from './types.js';

const KUBECTL = new Set(['kubectl', 'oc']);
const EARLIER = 'set by an earlier call';

export class KubeContext {
  private context: string | undefined;
  private namespace: string | undefined;
  private from = { context: EARLIER, namespace: EARLIER };
  /** Whether this call set each (to a value, or to one not known). */
  private set = { context: false, namespace: false };

  /** Starts from what the session's earlier calls set. */
  start(state: KubeState | undefined): void {
    this.context = state?.context;
    this.namespace = state?.namespace;
  }

  /** What this call set, for the session (null: set to a value not known); undefined: nothing. */
  changes(): KubeChange | undefined {
    if (!this.set.context && !this.set.namespace) return undefined;
    return {
      ...(this.set.context ? { context: this.context ?? null } : {}),
      ...(this.set.namespace ? { namespace: this.namespace ?? null } : {}),
    };
  }

  /** Keeps what a command sets (after it is recorded, at `index`). */
  observe(command: SimpleCommand, index: number): void {
    const p = command.positionals;
    const known = (i: number): string | undefined =>
      command.unknown.length === 0 && p[i] !== undefined && p[i] !== '-' ? p[i] : undefined;
    const label = `${[command.program, ...command.argv].join(' ')} (command ${index + 1})`;
    if (KUBECTL.has(command.program) && p[0] === 'config' && p[1] === 'use-context') {
      this.context = known(2);
      this.from.context = label;
      this.set.context = true;
    } else if (KUBECTL.has(command.program) && p[0] === 'config' && p[1] === 'set-context') {
      const ns = command.flags.find((f) => f.name === '--namespace')?.value;
      if (ns !== undefined && command.flags.some((f) => f.name === '--current')) {
        this.namespace = command.unknown.length === 0 ? ns : undefined;
        this.from.namespace = label;
        this.set.namespace = true;
      }
    } else if (command.program === 'kubectx' && p.length === 1) {
      this.context = known(0);
      this.from.context = label;
      this.set.context = true;
    } else if (command.program === 'kubens' && p.length === 1) {
      this.namespace = known(0);
      this.from.namespace = label;
      this.set.namespace = true;
    }
  }

  /** The command with the context and namespace set earlier in the call, when it names none of its own. */
  resolve(command: SimpleCommand): SimpleCommand {
    if (!KUBECTL.has(command.program) || command.positionals[0] === 'config') return command;
    if (this.context === undefined && this.namespace === undefined) return command;
    // Its own options, before the subcommand (globals) or after it.
    const has = (...names: string[]): boolean =>
      command.flags.some((f) => names.includes(f.name)) || command.globals.some((f) => names.includes(f.name));
    const add: [string, string, string][] = [];
    if (this.context !== undefined && !has('--context', '--kubeconfig', '--cluster'))
      add.push(['--context', this.context, this.from.context]);
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
