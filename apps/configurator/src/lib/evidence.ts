// The shape of site-content/evidence.json, generated from the corpora by tests/corpus/evidence.ts (npm run gen):
// how well each preset holds against variants of what it forbids, and how quiet it stays on honest work.
export interface ContractEvidence {
  readonly id: string;
  readonly action: string;
  readonly variants: number;
  readonly blocked: number;
  readonly lookAlikes: number;
  readonly lookAlikesLeftAlone: number;
  readonly gaps: readonly string[];
}

export interface PresetEvidence {
  readonly harmless:
    | {
        readonly sessions: number;
        readonly calls: number;
        readonly blocked: number;
        readonly warned: number;
        readonly stepStops: number;
      }
    | undefined;
  readonly contracts: readonly ContractEvidence[];
}

export const percent = (n: number, of: number): string =>
  of === 0 ? '–' : `${((100 * n) / of).toFixed(n === of ? 0 : 1)} %`;
