// Checks a file's settings.observe list against the contracts it knows (its own and those it extends): an id that
// names none would observe nothing, which the human would take for a rule being watched.
import type { Diagnostic } from '../diagnostics.js';
import { closest } from '../catalogue.js';
import { locate } from './locate.js';
import { quote } from './show.js';
import type { ParsedFile } from './parse.js';
import type { LoadedContract } from './types.js';

export function observeUnknown(
  parsed: ParsedFile,
  observe: boolean | readonly string[] | undefined,
  contracts: readonly LoadedContract[],
): Diagnostic[] {
  if (!Array.isArray(observe)) return [];
  const ids = contracts.map((c) => c.contract.id);
  const out: Diagnostic[] = [];
  observe.forEach((id: string, i: number) => {
    if (ids.includes(id)) return;
    out.push({
      code: 'observe-unknown',
      severity: 'warning',
      file: parsed.file,
      path: ['settings', 'observe', i],
      position: locate(parsed, ['settings', 'observe', i]),
      message: `"settings.observe" names ${quote(id)}, but no contract of this file or the files it extends has that id`,
      hint: closest(id, ids).map((n) => `did you mean "${n}"?`)[0] ?? 'remove the entry or check the id',
    });
  });
  return out;
}
