// Which contracts apply to whom: for sessions whose agent is not mapped (the default roles) and for each mapped
// agent, the roles the session holds and the contracts that then apply. The validator, the CLI and the editor show
// it, so a file that extends several presets says plainly what it enforces.
import type { CompiledPolicy } from '../compile/index.js';
import { appliesToRole } from '../evaluate/match.js';
import { rolesForAgent } from '../evaluate/step.js';

export interface AppliesTo {
  /** Who: "sessions of any other agent" or "agent build". */
  readonly who: string;
  readonly agent: string | undefined;
  readonly roles: readonly string[];
  /** Contract ids that apply, in policy order (built-ins apart). */
  readonly contracts: readonly string[];
}

export interface Applicability {
  readonly groups: readonly AppliesTo[];
  /** Contracts no session of this configuration can trigger (scoped to roles nobody holds). */
  readonly unreachable: readonly string[];
  readonly builtins: readonly string[];
}

export function applicability(policy: CompiledPolicy): Applicability {
  const own = policy.contracts.filter((c) => !c.builtin);
  const group = (who: string, agent: string | undefined): AppliesTo => {
    const roles = rolesForAgent(policy, agent);
    return { who, agent, roles, contracts: own.filter((c) => appliesToRole(c, roles)).map((c) => c.id) };
  };
  const agents = Object.keys(policy.roles.agents).sort();
  const groups = [
    group(agents.length > 0 ? 'sessions of any other agent' : 'every session', undefined),
    ...agents.map((a) => group(`agent ${a}`, a)),
  ];
  const reached = new Set(groups.flatMap((g) => g.contracts));
  return {
    groups,
    unreachable: own.filter((c) => !reached.has(c.id)).map((c) => c.id),
    builtins: policy.contracts.filter((c) => c.builtin).map((c) => c.id),
  };
}

/** The same, as lines of text for the CLI. */
export function describeApplicability(a: Applicability): string[] {
  const lines = a.groups.map(
    (g) =>
      `${g.who}: role ${g.roles.join(' + ') || '(none)'} → ${g.contracts.length} contract(s)${g.contracts.length > 0 ? `: ${g.contracts.join(', ')}` : ''}`,
  );
  if (a.unreachable.length > 0) lines.push(`never applies (no session holds its role): ${a.unreachable.join(', ')}`);
  if (a.builtins.length > 0) lines.push(`always, in every role: ${a.builtins.join(', ')}`);
  return lines;
}
