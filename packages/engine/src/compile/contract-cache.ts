// The compiled triggers and anchor links of a contract, remembered per contract object and case rule. The load
// stage hands out the same frozen contract objects for unchanged data (bundled presets, and contracts the schema
// accepted before), so re-compiling after a keystroke compiles only the contract that changed.
import type { Contract } from '../schema/index.js';
import type { EffectiveSettings } from '../load/index.js';
import { deepFreeze } from '../load/freeze.js';
import { BoundedCache } from '../matchers/bounded-cache.js';
import { builtinContracts, type ProtectOptions } from './builtins.js';
import type { AnchorLink, CompiledTrigger } from './policy.js';

export interface CompiledParts {
  readonly when: readonly CompiledTrigger[];
  readonly unless: readonly CompiledTrigger[];
  readonly anchors: readonly AnchorLink[];
}

// A WeakMap: a contract no configuration holds any more takes its compiled parts with it. A contract object that is
// not frozen could change after it was compiled, so only frozen ones are remembered.
const compiled = new WeakMap<Contract, { sensitive?: CompiledParts; insensitive?: CompiledParts }>();

/** The parts, compiled by `make` the first time for this contract and case rule. A throw from `make` is not kept. */
export function compiledParts(contract: Contract, nocase: boolean, make: () => CompiledParts): CompiledParts {
  if (!Object.isFrozen(contract)) return make();
  let entry = compiled.get(contract);
  if (!entry) compiled.set(contract, (entry = {}));
  const slot = nocase ? 'insensitive' : 'sensitive';
  return (entry[slot] ??= Object.freeze(make()));
}

type Builtins = ReturnType<typeof builtinContracts>;

// The built-in contracts depend on the host's protect options, the root and three settings only; validate() compiles once per
// contract to run its examples, so without this they would be built and compiled again for every contract.
const builtins = new BoundedCache<string, Builtins>(64);

/** builtinContracts(), the same frozen objects for the same options and settings (so their compiled parts are kept). */
export function builtinsFor(protect: ProtectOptions | undefined, settings: EffectiveSettings, root?: string): Builtins {
  const key = JSON.stringify([protect ?? null, settings.opaque, settings.unparseable, settings.sandbox, root ?? null]);
  return builtins.getOrMake(key, () => deepFreeze(builtinContracts(protect, settings, root)));
}
