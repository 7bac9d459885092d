// Paths to a tool the plugin cannot vouch for, found in the host's configuration: said once at load, so a gap
// is never silent. opencode 1.18.33 has no batch tool (tests/opencode/tool-paths.test.ts pins it); a later version
// with one might run its inner calls without tool.execute.before (upstream #5894).
import { isRecord } from './is-record.js';

export function hostGapWarnings(cfg: unknown): string[] {
  const out: string[] = [];
  const experimental = isRecord(cfg) && isRecord(cfg.experimental) ? cfg.experimental : undefined;
  if (experimental?.batch_tool === true) {
    out.push(
      'experimental.batch_tool is on: opencode 1.18.33 has no batch tool, but if this opencode version has one, calls made inside a batch may not be checked by the contracts. Turn it off to be sure every call is checked.',
    );
  }
  return out;
}
