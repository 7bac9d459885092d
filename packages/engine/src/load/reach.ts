// Warnings about contracts that load but would never do what their author meant: no role the configuration can
// give a session triggers them, or a tool name they name does not exist. Both are legal, so they are warnings that
// name the contract, not errors.
import type { Diagnostic } from '../diagnostics.js';
import type { Contract } from '../schema/index.js';
import { closest } from '../catalogue.js';
import { locate } from './locate.js';
import type { ParsedFile } from './parse.js';
import { matcherFields } from './semantics.js';
import { quote } from './show.js';
import { namesKnownTool, TOOL_NAMES } from './tools.js';
import type { LoadedContract } from './types.js';

export interface Reach {
  /** Roles a session can hold: the default ones, those mapped from agents, custom roles, extended presets' roles. */
  readonly roles: ReadonlySet<string>;
  /** Every role id the configuration accepts; a contract naming another one already has an unknown-role error. */
  readonly known: readonly string[];
}

export function reachWarnings(
  contracts: readonly LoadedContract[],
  reach: Reach,
  sources: ReadonlyMap<string, ParsedFile>,
): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const lc of contracts) {
    const at = sources.get(lc.origin.file);
    if (!at || at.trusted) continue; // bundled presets are checked when they are built
    const base = ['contracts', lc.origin.index];
    const where = (path: (string | number)[]) => ({
      file: at.file,
      path: [...base, ...path],
      position: locate(at, [...base, ...path]),
      contractId: lc.contract.id,
    });
    if (lc.roles?.every((r) => reach.known.includes(r)) && !lc.roles.some((r) => reach.roles.has(r))) {
      const own = lc.contract.roles !== undefined;
      out.push({
        code: 'unreachable-contract',
        severity: 'warning',
        ...where(own ? ['roles'] : ['id']),
        message: `contract ${quote(lc.contract.id)} applies to ${lc.roles.map((r) => `"${r}"`).join(', ')}, a role no session here can have`,
        hint:
          reach.roles.size > 0
            ? `the roles sessions can have are ${[...reach.roles].join(', ')}; add one of them, or map an agent to the role under roles.agents`
            : 'set roles.default, or map an agent to the role under roles.agents',
      });
    }
    if (namesOnlyKnownTools.has(lc.contract)) continue;
    const before = out.length;
    for (const field of matcherFields(lc.contract)) {
      if (field.kind !== 'glob' || field.path.at(-1) !== 'name' || field.path.at(-2) !== 'tool') continue;
      field.values.forEach((glob, i) => {
        if (namesKnownTool(glob)) return;
        const near = closest(glob.replace(/^!/, '').toLowerCase(), TOOL_NAMES, 1);
        out.push({
          code: 'unknown-tool',
          severity: 'warning',
          ...where(Array.isArray(valueIn(lc.contract, field.path)) ? [...field.path, i] : [...field.path]),
          message: `contract ${quote(lc.contract.id)} names tool ${quote(glob)}, which matches no known tool`,
          hint:
            near.length > 0
              ? `did you mean ${near.map((n) => `"${n}"`).join(' or ')}?`
              : 'tools of MCP servers and plugins are named "server_tool"; check the name opencode reports',
        });
      });
    }
    // The tool names depend on the contract alone: a frozen one (the schema cache's) found clean is not read again.
    if (out.length === before && Object.isFrozen(lc.contract)) namesOnlyKnownTools.add(lc.contract);
  }
  return out;
}

const namesOnlyKnownTools = new WeakSet<Contract>();

function valueIn(value: unknown, path: readonly (string | number)[]): unknown {
  let v = value;
  for (const p of path)
    v = v !== null && typeof v === 'object' ? (v as Record<string | number, unknown>)[p] : undefined;
  return v;
}
