// The shapes shared by the secret scanners: what a finding is and what a scanner hands back before masking.

/** One secret found in a text. Offsets point at the secret value itself, never at its key name. */
export interface SecretFinding {
  /** Stable id of the rule that found it, e.g. 'github-token' (see SECRET_RULES). */
  readonly rule: string;
  /** Short words for the verdict trace, e.g. 'GitHub token'. */
  readonly description: string;
  /** Offset of the first character of the secret value in the text. */
  readonly start: number;
  /** Offset just after the secret value. */
  readonly end: number;
  /** The value masked for logs and traces: a short prefix, '…' and the length; never the value. */
  readonly masked: string;
  /** How sure the rule is: 'format' for a known token shape, 'heuristic' for a credential-looking assignment. */
  readonly strength: SecretStrength;
}

/** 'format': a known token format (flagged everywhere, fixtures included); 'heuristic': a key name or entropy guess. */
export type SecretStrength = 'format' | 'heuristic';

/** What is known about where the text goes. */
export interface SecretContext {
  /** The file the text is written to, if known (project-relative or absolute, '/' or '\' separators). */
  readonly path?: string;
}

/** One documented rule, for the reference docs. */
export interface SecretRuleInfo {
  readonly id: string;
  readonly description: string;
  /** Where the format comes from (a rule set we derived it from, a vendor's documentation, or our own). */
  readonly source: string;
}

/** A raw hit before masking and de-duplication. */
export interface RawFinding {
  readonly rule: string;
  readonly start: number;
  readonly end: number;
}
