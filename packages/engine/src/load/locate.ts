// Maps a path inside the data (["contracts", 2, "mode"]) back to a position in the YAML text.
import { isMap, isPair, isScalar, isSeq, type Node } from 'yaml';
import type { Position } from '../diagnostics.js';
import { positionAt, type ParsedFile } from './parse.js';

export type DataPath = readonly (string | number)[];

/**
 * The position of the node at `path`; when `key` is true, of its key instead of its value. Falls back to the
 * nearest existing ancestor (a missing field points at the object that lacks it).
 */
export function locate(parsed: ParsedFile, path: DataPath, key = false): Position {
  let node: unknown = parsed.doc?.contents;
  let at = rangeStart(node) ?? 0;
  for (let i = 0; i < path.length; i++) {
    const segment = path[i]!;
    if (isMap(node)) {
      const pair = node.items.find((p) => isPair(p) && isScalar(p.key) && String(p.key.value) === String(segment));
      if (!pair) break;
      const last = i === path.length - 1;
      if (last && key) return positionAt(parsed.lineCounter, rangeStart(pair.key) ?? at);
      node = pair.value;
      at = rangeStart(pair.value) ?? rangeStart(pair.key) ?? at;
    } else if (isSeq(node) && typeof segment === 'number') {
      const item = node.items[segment];
      if (item === undefined) break;
      node = item;
      at = rangeStart(item) ?? at;
    } else {
      break;
    }
  }
  return positionAt(parsed.lineCounter, at);
}

function rangeStart(node: unknown): number | undefined {
  return (node as Node | undefined)?.range?.[0];
}
