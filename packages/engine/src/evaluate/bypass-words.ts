// The human's `/anchor bypass …` words → the contract ids they name and the reason, or a refusal that says why.
// One reading for every host: the plugin sends the typed words as a `{ bypass, typed: true }` event, and `explain`,
// scenarios and the site's simulator replay the same event, so they read the words exactly as the plugin did.
import { closest } from '../catalogue.js';
import { BUILTIN_PREFIX } from '../compile/index.js';

export type BypassWords =
  | {
      readonly ok: true;
      /** The contract ids named at the start (none: the bypass names no contract). */
      readonly ids: readonly string[];
      readonly reason: string;
      /** How a word that looked like an id was read instead, for the answer; undefined when nothing was doubtful. */
      readonly note: string | undefined;
    }
  | { readonly ok: false; readonly refusal: string };

/** At most this many ids are read from the start of the words. */
const MAX_IDS = 10;

/** A word shaped like a contract id: lower-case words joined by at least one hyphen. */
const ID_SHAPED = /^[a-z0-9]+(?:-[a-z0-9]+)+$/;

/**
 * Reads the words after `/anchor bypass`. Leading words that are contract ids of the policy (`known`), alone or as a
 * comma-separated list, are the scope; the first other word starts the reason. A word that is not an id is still
 * refused when it is shaped like one and close to a known id (a typo: `no-force-psuh`), or starts with the built-in
 * prefix `anchor-`: silently reading it as the reason would give the human a bypass they did not ask for. Any other
 * hyphenated word ("hot-fix approved") starts the reason, and the answer says so. `--` ends the ids explicitly.
 */
export function readBypassWords(known: readonly string[], text: string): BypassWords {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const ids: string[] = [];
  const knownSet = new Set(known);
  let i = 0;
  for (; i < words.length && ids.length < MAX_IDS; i++) {
    const word = words[i]!;
    if (word === '--') {
      i++;
      break;
    }
    const parts = word.split(',').filter(Boolean);
    if (parts.length > 0 && parts.every((p) => knownSet.has(p))) {
      for (const p of parts) if (!ids.includes(p)) ids.push(p);
      continue;
    }
    const doubtful = parts.find((p) => !knownSet.has(p) && (ID_SHAPED.test(p) || p.startsWith(BUILTIN_PREFIX)));
    if (doubtful !== undefined && (parts.length > 1 || ids.length > 0 || isNearMiss(doubtful, known))) {
      return { ok: false, refusal: unknownId(doubtful, known) };
    }
    break;
  }
  const reason = words.slice(i).join(' ');
  const first = words[i];
  const note =
    first !== undefined && ids.length === 0 && ID_SHAPED.test(first)
      ? `"${first}" was read as the start of the reason: no contract has that id or one close to it.`
      : undefined;
  return { ok: true, ids, reason, note };
}

/** A word close enough to a known id (or carrying the built-in prefix) to be a mistyped id rather than a reason. */
function isNearMiss(word: string, known: readonly string[]): boolean {
  return word.startsWith(BUILTIN_PREFIX) || closest(word, known, 1).length > 0;
}

/** The refusal for an id no contract has, with the closest ids when there are any. */
export function unknownId(id: string, known: readonly string[]): string {
  const near = closest(id, known, 3);
  const mean = near.length > 0 ? ` Did you mean ${near.map((n) => `"${n}"`).join(' or ')}?` : '';
  const how =
    near.length > 0
      ? ` To name it: /anchor bypass ${near[0]} <reason>.`
      : ' /anchor status lists the ids of the active contracts.';
  const asReason = ID_SHAPED.test(id)
    ? ` If "${id}" is part of your reason, not a contract id, write /anchor bypass -- <reason>.`
    : '';
  return `Bypass refused: no contract "${id}" is active; nothing was spent.${mean}${how}${asReason}`;
}
