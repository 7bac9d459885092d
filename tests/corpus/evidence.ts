// Writes the evidence each role page shows: for every preset, the variants of each BLOCK contract tried and blocked,
// the look-alikes left alone, the harmless calls replayed and how many were blocked or warned, and the known gaps that
// still get through, in words. Generated from the corpora at build time of the repository (`npm run gen`), checked current by
// `npm run check:gen` (`--check`), read by the configurator's role pages.
//   npx tsx corpus/evidence.ts [--check]
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { KnownGap } from './lib/files.js';
import { defaultPresetsDir, repoRoot } from './lib/paths.js';
import type { VariantResult } from './lib/replay.js';
import { measure } from './lib/report.js';
import type { PresetEvidence } from '@semantic-anchors/presets/evidence';

export type { ContractEvidence, PresetEvidence } from '@semantic-anchors/presets/evidence';

export const evidenceFile = join(repoRoot, 'site-content/evidence.json');

/** The reasons of a contract's known gaps that still get through, each once: a gap the engine has since closed is
 * measured as blocked, and the page no longer claims it (the corpus keeps it, and the report counts it caught). */
function openGaps(results: readonly VariantResult[]): string[] {
  const out: string[] = [];
  for (const r of results) {
    const reason = (r.variant as KnownGap).reason;
    if (!r.ok && !out.includes(reason)) out.push(reason);
  }
  return out;
}

export function evidence(): Record<string, PresetEvidence> {
  const report = measure(defaultPresetsDir);
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
        gaps: openGaps(c.knownGaps),
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
