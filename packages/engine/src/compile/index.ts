// The compile stage: a loaded configuration → a policy whose predicates are ready to run. Compile once per
// configuration; evaluation then does no parsing or regex compilation.
import { asList, type Contract, type Exception } from '../schema/index.js';
import { findAnchor } from '../catalogue.js';
import type { LoadedConfig, LoadedContract } from '../load/index.js';
import {
  compileEventMatch,
  compileMessageMatch,
  compileToolEventMatch,
  type CompileMatchOptions,
  type CompiledEventMatch,
} from './matchers.js';
import { builtinsFor, compiledParts } from './contract-cache.js';
import type {
  CompileOptions,
  CompiledContract,
  CompiledPolicy,
  CompiledTrigger,
  Counter,
  SkippedContract,
} from './policy.js';
import { indexByEvent } from './event-index.js';

export type {
  AnchorLink,
  CompileOptions,
  CompiledContract,
  CompiledPolicy,
  CompiledTrigger,
  Counter,
  SkippedContract,
} from './policy.js';
export type { CompiledEventMatch } from './matchers.js';
export { canonicalJson } from './matchers.js';
export { BUILTIN_PREFIX, PROTECT_PREFIX, type ProtectOptions } from './builtins.js';
export type { Unit, MatchContext } from './units.js';

export const DEFAULT_BYPASS_HINT = 'type `/anchor bypass <contract-id> <reason>` in opencode';

export function compile(config: LoadedConfig, options: CompileOptions = {}): CompiledPolicy {
  const contracts: CompiledContract[] = [];
  const skipped: SkippedContract[] = config.skipped.map((s) => ({
    id: s.id,
    file: s.file,
    line: s.position.line,
    error: s.reason,
  }));
  const history = new Map<string, CompiledEventMatch>();
  const counters: Counter[] = [];

  const matchOptions: CompileMatchOptions = { nocase: config.settings.caseInsensitivePaths };
  // Built-ins first: self-protection is decided before anything a configuration says.
  const builtins: LoadedContract[] = builtinsFor(options.protect, config.settings, options.root).map(
    ({ contract, origin }, index) => ({
      contract,
      roles: undefined,
      origin: { file: origin, index },
    }),
  );
  for (const loaded of [...builtins, ...config.contracts]) {
    try {
      const builtin = builtins.includes(loaded);
      const compiled = compileContract(
        loaded,
        matchOptions,
        builtin,
        observed(loaded, builtin, config.settings.observe),
      );
      contracts.push(compiled);
      for (const t of [...compiled.when, ...compiled.unless]) {
        for (const m of [...t.after, ...t.notAfter]) if (!history.has(m.key)) history.set(m.key, m);
        if (t.occurrence) counters.push({ key: t.occurrence.key, event: t.event });
      }
    } catch (error) {
      // INVARIANT: one contract that fails to compile never takes the others down.
      skipped.push({
        id: loaded.contract.id,
        file: loaded.origin.file,
        line: undefined,
        error: String((error as Error).message ?? error),
      });
    }
  }
  return {
    contracts,
    skipped,
    settings: config.settings,
    roles: config.roles,
    history: [...history.values()],
    counters,
    index: {
      contracts: indexByEvent(contracts, (c) => c.when.map((t) => t.event)),
      history: indexByEvent([...history.values()], (m) => [m]),
      counters: indexByEvent(counters, (c) => [c.event]),
    },
    options: {
      root: options.root,
      bypassHint: options.bypassHint ?? DEFAULT_BYPASS_HINT,
      protect: options.protect,
      persistentShell: options.shellSession === 'persistent',
    },
  };
}

/**
 * Whether a contract runs in observe mode: a BLOCK contract its own `observe` or settings.observe names.
 * INVARIANT: built-in contracts (self-protection, shell defaults) are never observed — no configuration switches
 * them off, and observing is switching off for the agent.
 */
function observed(loaded: LoadedContract, builtin: boolean, setting: boolean | readonly string[]): boolean {
  const c = loaded.contract;
  if (builtin || c.mode !== 'BLOCK') return false;
  return c.observe === true || setting === true || (Array.isArray(setting) && setting.includes(c.id));
}

function compileContract(
  loaded: LoadedContract,
  options: CompileMatchOptions,
  builtin: boolean,
  observe: boolean,
): CompiledContract {
  const c: Contract = loaded.contract;
  const triggers = (list: readonly Exception[], name: 'when' | 'unless', single: boolean) =>
    list.map((t, i) => compileTrigger(t, single ? name : `${name}[${i}]`, c.id, options));
  const parts = compiledParts(c, options.nocase, () => ({
    when: triggers(asList(c.when), 'when', !Array.isArray(c.when)),
    unless: triggers(asList(c.unless), 'unless', !Array.isArray(c.unless)),
    anchors: c.anchorRefs.map((id) => {
      const anchor = findAnchor(id);
      return {
        id,
        title: anchor?.title ?? id,
        url: anchor?.url ?? `https://llm-coding.github.io/Semantic-Anchors/anchor/${id}`,
      };
    }),
  }));
  return {
    id: c.id,
    description: c.description,
    mode: c.mode,
    bypassable: c.bypassable,
    message: c.message,
    roles: loaded.roles ? new Set(loaded.roles) : undefined,
    when: parts.when,
    unless: parts.unless,
    anchors: parts.anchors,
    origin: loaded.origin,
    builtin,
    observe,
  };
}

function compileTrigger(
  t: Exception,
  label: string,
  contractId: string,
  options: CompileMatchOptions,
): CompiledTrigger {
  const event = t.tool
    ? compileToolEventMatch(t.tool, options)
    : t.message
      ? compileMessageMatch(t.message, options)
      : undefined;
  const occ = t.state?.occurrence;
  return {
    label,
    event,
    toolCalls: t.state?.toolCalls,
    occurrence: occ ? { key: `${contractId}#${label}`, atLeast: occ.atLeast, every: occ.every } : undefined,
    after: asList(t.state?.after).map((m) => compileEventMatch(m, options)),
    notAfter: asList(t.state?.notAfter).map((m) => compileEventMatch(m, options)),
  };
}
