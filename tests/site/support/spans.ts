// The legend lines the site shows under a verdict's marks (match-marks.ts: one line per marked piece and label,
// naming every contract that matched it), computed from the CLI's `spans` for the same call: what the browser suites
// compare the page with.
import type { Page, Locator } from 'playwright-core';

export interface CliSpan {
  readonly contract: string;
  readonly field: string;
  readonly start: number;
  readonly end: number;
  readonly label: string;
}

/** "field start end | label | contract…", sorted, from the CLI's spans. */
export function legendFromCli(spans: readonly CliSpan[] | undefined): string[] {
  const lines = new Map<string, string[]>();
  for (const s of spans ?? []) {
    const key = `${s.field} ${s.start} ${s.end} | ${s.label}`;
    const contracts = lines.get(key) ?? [];
    if (!contracts.includes(s.contract)) contracts.push(s.contract);
    lines.set(key, contracts);
  }
  return [...lines].map(([key, ids]) => `${key} | ${ids.join(' ')}`).sort();
}

/** The same lines as the page shows them under one verdict or replayed call. */
export async function legendInPage(scope: Locator | Page): Promise<string[]> {
  const items = await scope.locator('.span-legend li').evaluateAll((lis) =>
    lis.map((li) => {
      const d = (li as HTMLElement).dataset;
      return `${d.span} | ${d.label} | ${d.contract}`;
    }),
  );
  return items.sort();
}
