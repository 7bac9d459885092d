// The shape of site-content/evidence.json: how well each preset holds against variants of what it forbids, and how
// quiet it stays on honest work. Written by the corpus runner (tests/corpus/evidence.ts, `npm run gen`), shown by the
// configurator's role pages; declared once here, beside the presets it is evidence about.

export interface ContractEvidence {
  readonly id: string;
  readonly action: string;
  readonly variants: number;
  readonly blocked: number;
  readonly lookAlikes: number;
  readonly lookAlikesLeftAlone: number;
  /** What the rule cannot see, in words, from the corpus's known gaps. */
  readonly gaps: readonly string[];
}

export interface HarmlessEvidence {
  readonly sessions: number;
  readonly calls: number;
  readonly blocked: number;
  readonly warned: number;
  readonly stepStops: number;
}

export interface PresetEvidence {
  readonly harmless: HarmlessEvidence | undefined;
  readonly contracts: readonly ContractEvidence[];
}
