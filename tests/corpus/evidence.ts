// Writes the evidence each role page shows: for every preset, the variants of each BLOCK contract tried and blocked,
// the look-alikes left alone, the harmless calls replayed and how many were blocked or warned, and the known gaps in
// words. Generated from the corpora at build time of the repository (`npm run gen`), checked current by
// `npm run check:gen` (`--check`), read by the configurator's role pages.
//   npx tsx corpus/evidence.ts [--check]
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { evasionFiles, readEvasion, type CorpusProblem } from './lib/files.js';
import { defaultPresetsDir, evasionDir, repoRoot } from './lib/paths.js';
import { measure } from './lib/report.js';
import type { PresetEvidence } from '@semantic-anchors/presets/evidence';

export type { ContractEvidence, PresetEvidence } from '@semantic-anchors/presets/evidence';

export const evidenceFile = join(repoRoot, 'site-content/evidence.json');

export function evidence(): Record<string, PresetEvidence> {
  const report = measure(defaultPresetsDir);
  const problems: CorpusProblem[] = [];
  const reasons = new Map<string, string[]>();
  for (const f of evasionFiles(evasionDir)) {
    for (const c of readEvasion(f, problems)?.contracts ?? []) {
      const list = reasons.get(c.id) ?? [];
      for (const g of c.knownGaps) if (!list.includes(g.reason)) list.push(g.reason);
      reasons.set(c.id, list);
    }
  }
  const out: Record<string, PresetEvidence> = {};
  for (const p of report.presets) {
    out[p.id] = {
      harmless: p.harmless && {
        sessions: p.harmless.sessions, calls: p.harmless.calls, blocked: p.harmless.blocked,
        warned: p.harmless.warned, stepStops: p.harmless.stepStops,
      },
      contracts: p.contracts.map((c) => ({
        id: c.id,
        action: c.action,
        variants: c.block.length,
        blocked: c.block.filter((v) => v.ok).length,
        lookAlikes: c.allow.length,
        lookAlikesLeftAlone: c.allow.filter((v) => v.ok).length,
        gaps: reasons.get(c.id) ?? [],
      })),
    };
  }
  return out;
}

function main(): void {
  const text = `${JSON.stringify(evidence(), null, 2)}\n`;
  if (process.argv.includes('--check')) {
    let current = '';
    try {
      current = readFileSync(evidenceFile, 'utf8');
    } catch {
      // missing: reported below
    }
    if (current !== text) {
      console.error(`${evidenceFile} is out of date with the presets or the corpora; run: npm run gen -w @semantic-anchors/tests`);
      process.exit(1);
    }
    return;
  }
  writeFileSync(evidenceFile, text);
  console.log(`wrote ${evidenceFile}`);
}

main();
