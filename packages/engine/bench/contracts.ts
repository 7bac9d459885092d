// Synthetic contracts for the benchmark: one neutral description per contract, rendered twice — as our YAML
// contract language and as a Cedar policy — so both engines decide the same rules.
//
// Where the two languages differ, and how the contracts were chosen to mean the same thing in both:
// - Our `command`/`text` patterns are RE2 regular expressions found anywhere in the text; Cedar's `like` matches the
//   whole string with `*` as its only wildcard (no alternation, classes, `\s`, `\b`, repetition or case folding).
//   So every pattern here is a literal, optionally split by `.*` and optionally anchored with `^`:
//   regex `deploy7.*--force` ≡ like `"*deploy7*--force*"`, regex `^make target7` ≡ like `"make target7*"`.
//   (RE2's `.` stops at a newline and `*` in `like` does not; the bench's commands are single lines.)
// - Our `path` globs (picomatch) know path segments; `like` does not: `*` crosses `/`. Only globs whose meaning
//   survives are used: `dir/**` ≡ `"dir/*"` (for files below dir), `**/*.ext` ≡ `"*.ext"`,
//   `dir/**/*.ts` ≡ `"dir/*.ts"`. A glob like `src/*.ts` (one level only) has no `like` equivalent.
// - Tool-name globs and alias folding (`shell` → `bash`) have no Cedar counterpart: the Cedar host passes the
//   canonical tool name as the action, and the contracts name tools literally.
// - BLOCK maps to a `forbid` policy, WARN to a `permit` policy with the same condition on top of a base
//   `permit(principal, action, resource)`; Cedar then says deny for our BLOCK, and allow with the WARN policy among
//   the reasons for our WARN. Cedar has no warn decision of its own.
// - State (`toolCalls`, `occurrence`, `after`, `notAfter`) has no Cedar counterpart: a Cedar host would have to keep
//   the history itself and pass it in the context. The compared set is therefore stateless; the stateful variant
//   (`stateful: true`) is used only for our own timings and the heap figures.

export type Kind = 'protect-dir' | 'secret-ext' | 'forced-deploy' | 'make-target' | 'lib-edit' | 'ticket-message';

export interface SyntheticContract {
  readonly id: string;
  readonly kind: Kind;
  readonly mode: 'BLOCK' | 'WARN';
  readonly index: number;
}

const KINDS: readonly Kind[] = [
  'protect-dir',
  'secret-ext',
  'forced-deploy',
  'make-target',
  'lib-edit',
  'ticket-message',
];
const MODE: Readonly<Record<Kind, 'BLOCK' | 'WARN'>> = {
  'protect-dir': 'BLOCK',
  'secret-ext': 'BLOCK',
  'forced-deploy': 'BLOCK',
  'make-target': 'WARN',
  'lib-edit': 'WARN',
  'ticket-message': 'WARN',
};

export function syntheticContracts(count: number): SyntheticContract[] {
  return Array.from({ length: count }, (_, i) => {
    const kind = KINDS[i % KINDS.length]!;
    return { id: `c${i}-${kind}`, kind, mode: MODE[kind], index: i };
  });
}

/** The trigger of a contract in our language, as YAML flow text (patterns in single quotes: no escaping). */
function whenYaml(c: SyntheticContract): string {
  const i = c.index;
  switch (c.kind) {
    case 'protect-dir':
      return `{ tool: { name: [write, edit], path: 'pkg${i}/generated/**' } }`;
    case 'secret-ext':
      return `{ tool: { name: read, path: '**/*.secret${i}' } }`;
    case 'forced-deploy':
      return `{ tool: { name: bash, command: 'deploy${i}.*--force' } }`;
    case 'make-target':
      return `{ tool: { name: bash, command: '^make target${i}' } }`;
    case 'lib-edit':
      return `{ tool: { name: edit, path: 'lib${i}/**/*.ts' } }`;
    case 'ticket-message':
      return `{ message: { text: 'ticket-${i}/' } }`;
  }
}

/**
 * The stateful variant adds a session condition to every WARN contract — what real presets do ("read before you
 * edit", "every 50th command", "after the human mentioned a ticket") — so the state carries history and counters.
 */
function stateYaml(c: SyntheticContract): string | undefined {
  const i = c.index;
  switch (c.kind) {
    case 'lib-edit':
      return `{ notAfter: { tool: { name: read, path: 'lib${i}/**' } } }`;
    case 'make-target':
      return `{ occurrence: { every: 50 } }`;
    case 'ticket-message':
      return `{ after: { message: { text: 'ticket-${i}/' } } }`;
    default:
      return undefined;
  }
}

export interface YamlOptions {
  /** Every WARN contract (half the set) gets a session condition; false for the set compared with Cedar. */
  readonly stateful: boolean;
  /** A catalogue anchor id every contract links, so loading checks anchorRefs as it would for users. */
  readonly anchor: string;
}

export function contractsYaml(contracts: readonly SyntheticContract[], options: YamlOptions): string {
  const lines = ['version: 1', 'settings: { bypassBudget: 3 }', 'contracts:'];
  for (const c of contracts) {
    const state = options.stateful ? stateYaml(c) : undefined;
    const when = state === undefined ? whenYaml(c) : `${whenYaml(c).slice(0, -2)}, state: ${state} }`;
    lines.push(
      `  - id: ${c.id}`,
      `    description: Synthetic ${c.kind} rule number ${c.index}.`,
      `    mode: ${c.mode}`,
      `    anchorRefs: [${options.anchor}]`,
      `    when: ${when}`,
      `    message: Do the safe thing instead of rule ${c.index}.`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** The same contract as one Cedar policy; tool events carry context { path, command, text } as strings. */
export function cedarPolicy(c: SyntheticContract): string {
  const i = c.index;
  const effect = c.mode === 'BLOCK' ? 'forbid' : 'permit';
  switch (c.kind) {
    case 'protect-dir':
      return `${effect}(principal, action in [Action::"write", Action::"edit"], resource) when { context.path like "pkg${i}/generated/*" };`;
    case 'secret-ext':
      return `${effect}(principal, action == Action::"read", resource) when { context.path like "*.secret${i}" };`;
    case 'forced-deploy':
      return `${effect}(principal, action == Action::"bash", resource) when { context.command like "*deploy${i}*--force*" };`;
    case 'make-target':
      return `${effect}(principal, action == Action::"bash", resource) when { context.command like "make target${i}*" };`;
    case 'lib-edit':
      return `${effect}(principal, action == Action::"edit", resource) when { context.path like "lib${i}/*.ts" };`;
    case 'ticket-message':
      return `${effect}(principal, action == Action::"message", resource) when { context.text like "*ticket-${i}/*" };`;
  }
}

export const CEDAR_BASE_ID = 'base-permit';

/** Policy id → Cedar text, ids equal to contract ids so both engines name the same rules. */
export function cedarPolicySet(contracts: readonly SyntheticContract[]): Record<string, string> {
  const set: Record<string, string> = { [CEDAR_BASE_ID]: 'permit(principal, action, resource);' };
  for (const c of contracts) set[c.id] = cedarPolicy(c);
  return set;
}
