// What one preset contributes to a load — its parsed file, its validated and checked contracts, roles and settings,
// and the diagnostics its own text gives — remembered per preset object. A preset is immutable data (the bundled
// ones are parsed at build time), so the editor's re-check after a keystroke pays for the user's text only.
import type { Diagnostic } from '../diagnostics.js';
import type { PresetSource } from '../catalogue.js';
import type { ParsedFile } from './parse.js';
import type { Resolved } from './resolve.js';
import { deepFreeze } from './freeze.js';

export interface PresetContribution {
  readonly parsed: ParsedFile;
  /** Reported once per load, when the file first enters the load's sources (its syntax problems). */
  readonly parseDiagnostics: readonly Diagnostic[];
  /** Reported each time the preset is extended (schema and meaning), as an uncached load would. */
  readonly diagnostics: readonly Diagnostic[];
  /**
   * Frozen, deeply (INVARIANT): the merge only reads it and copies what it keeps, and a caller writing into a loaded
   * configuration fails loudly instead of changing what every later load sees.
   */
  readonly resolved: Resolved;
}

interface Entry {
  // The text and data the entry was made from: a preset object changed in place is loaded afresh.
  readonly text: string | undefined;
  readonly data: unknown;
  readonly contribution: PresetContribution;
}

// Keyed by the preset object, not its id: a caller's own presets list may hold another preset of the same id, and a
// WeakMap lets a list the caller drops be collected with its entries.
const contributions = new WeakMap<PresetSource, Entry>();

/**
 * The preset's contribution, computed by `compute` the first time and remembered. `compute` returns undefined for a
 * preset whose contribution depends on more than the preset itself (one with its own `extends`): never cached.
 */
export function presetContribution(
  preset: PresetSource,
  compute: () => PresetContribution | undefined,
): PresetContribution | undefined {
  const hit = contributions.get(preset);
  // With data, the data is what is loaded: the text (unpacked on first use in the plugin) is not read to compare.
  if (hit && hit.data === preset.data && (preset.data !== undefined || hit.text === preset.text))
    return hit.contribution;
  const contribution = compute();
  if (contribution === undefined) return undefined;
  const frozen: PresetContribution = Object.freeze({
    parsed: contribution.parsed,
    parseDiagnostics: deepFreeze(contribution.parseDiagnostics),
    diagnostics: deepFreeze(contribution.diagnostics),
    resolved: deepFreeze(contribution.resolved),
  });
  contributions.set(preset, {
    text: preset.data === undefined ? preset.text : undefined,
    data: preset.data,
    contribution: frozen,
  });
  return frozen;
}

/** Whether a preset's contribution is its own alone: it extends nothing (its data, or its text, says so). */
export function extendsNothing(data: unknown): boolean {
  return data !== null && typeof data === 'object' && !Object.hasOwn(data, 'extends');
}
