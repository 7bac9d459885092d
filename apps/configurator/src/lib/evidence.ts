// What the role pages need of site-content/evidence.json (its shape is declared in @semantic-anchors/presets/evidence,
// beside the presets; tests/corpus/evidence.ts writes it): the shape, and how a ratio is shown.
export type { ContractEvidence, PresetEvidence } from '@semantic-anchors/presets/evidence';

export const percent = (n: number, of: number): string =>
  of === 0 ? '–' : `${((100 * n) / of).toFixed(n === of ? 0 : 1)} %`;
