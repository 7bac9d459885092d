// Counts over replay records, for a session or for everything: decisions, contracts, what the rules could not
// judge, the bypasses a human would have needed. The CLI prints it; the site can show the same figures.
import type { ReplayCall } from './replay-types.js';

export interface ContractCount {
  readonly id: string;
  readonly block: number;
  readonly warn: number;
  readonly observed: number;
  readonly bypassed: number;
}

export interface Tally {
  readonly calls: number;
  readonly allow: number;
  readonly warn: number;
  readonly block: number;
  /** Calls observe mode let through that would have been blocked. */
  readonly observed: number;
  readonly messages: number;
  readonly contracts: readonly ContractCount[];
  /** Calls the rules could not judge. */
  readonly opaque: number;
  readonly unparseable: number;
  readonly unknownTools: Readonly<Record<string, number>>;
  readonly skipped: number;
  readonly errors: number;
  /** BLOCKs a human bypass could have let through, and those no bypass could (a contract that cannot be bypassed). */
  readonly bypassesNeeded: number;
  readonly blockedForGood: number;
  /** Calls a bypass granted in the session let through. */
  readonly bypassesUsed: number;
  /** Records read from a decision log (recorded verdicts, not judged again). */
  readonly fromLog: number;
}

export class ReplayTally {
  private calls = 0;
  private allow = 0;
  private warn = 0;
  private block = 0;
  private observed = 0;
  private messages = 0;
  private opaque = 0;
  private unparseable = 0;
  private skipped = 0;
  private errors = 0;
  private bypassesNeeded = 0;
  private blockedForGood = 0;
  private bypassesUsed = 0;
  private fromLog = 0;
  private readonly unknownTools = new Map<string, number>();
  private readonly contracts = new Map<string, { block: number; warn: number; observed: number; bypassed: number }>();

  add(c: ReplayCall): void {
    if (c.fromLog) this.fromLog++;
    if (c.kind === 'message') this.messages++;
    else this.calls++;
    if (c.skipped !== undefined) this.skipped++;
    if (c.error !== undefined) this.errors++;
    if (c.decision === 'ALLOW' && c.kind === 'tool') this.allow++;
    if (c.decision === 'WARN') this.warn++;
    if (c.decision === 'BLOCK') this.block++;
    if (c.observed) this.observed++;
    if (c.opaque.length > 0) this.opaque++;
    if (c.unparseable !== undefined) this.unparseable++;
    if (c.unknownTool && c.tool !== null) this.unknownTools.set(c.tool, (this.unknownTools.get(c.tool) ?? 0) + 1);
    if (c.bypass === 'possible' && !c.fromLog) this.bypassesNeeded++;
    if (c.bypass === 'none') this.blockedForGood++;
    if (c.bypassUsed) this.bypassesUsed++;
    const seen = new Set<string>();
    // A decision-log record names its contracts without the matches: count each with the recorded effect.
    const effect = c.observed ? 'observed' : c.decision === 'BLOCK' ? 'block' : c.bypassUsed ? 'bypassed' : 'warn';
    const matches = c.fromLog ? c.contracts.map((id) => ({ id, effect }) as const) : c.matches;
    for (const m of matches) {
      const key = `${m.id}\u0000${m.effect}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const n = this.contracts.get(m.id) ?? { block: 0, warn: 0, observed: 0, bypassed: 0 };
      n[
        m.effect === 'block'
          ? 'block'
          : m.effect === 'warn'
            ? 'warn'
            : m.effect === 'observed'
              ? 'observed'
              : 'bypassed'
      ]++;
      this.contracts.set(m.id, n);
    }
  }

  result(): Tally {
    return {
      calls: this.calls,
      allow: this.allow,
      warn: this.warn,
      block: this.block,
      observed: this.observed,
      messages: this.messages,
      contracts: [...this.contracts]
        .map(([id, n]) => ({ id, ...n }))
        .sort((a, b) => total(b) - total(a) || (a.id < b.id ? -1 : 1)),
      opaque: this.opaque,
      unparseable: this.unparseable,
      unknownTools: Object.fromEntries(this.unknownTools),
      skipped: this.skipped,
      errors: this.errors,
      bypassesNeeded: this.bypassesNeeded,
      blockedForGood: this.blockedForGood,
      bypassesUsed: this.bypassesUsed,
      fromLog: this.fromLog,
    };
  }
}

const total = (c: ContractCount) => c.block + c.warn + c.observed + c.bypassed;
