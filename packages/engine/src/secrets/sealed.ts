// Bitnami SealedSecrets: the values under `encryptedData:` of a `kind: SealedSecret` manifest are ciphertext only the
// cluster's controller can open — made to be committed. The heuristic rules stay silent there; known token formats,
// private keys and JWTs still fire (a real key pasted into the manifest is still a real key).
import type { RawFinding } from './types.js';

const SEALED = /^\s*kind:\s*["']?SealedSecret["']?\s*$/m;
const HEURISTIC = new Set(['credential-assignment', 'high-entropy']);

/** [start, end) ranges of the `encryptedData:` blocks of the SealedSecret manifests in `text`. */
function encryptedBlocks(text: string): [number, number][] {
  if (!SEALED.test(text)) return [];
  const out: [number, number][] = [];
  const lines = text.split('\n');
  let at = 0;
  let block: { indent: number; start: number } | undefined;
  for (const line of lines) {
    const end = at + line.length;
    const indent = line.length - line.trimStart().length;
    const blank = line.trim() === '' || line.trimStart().startsWith('#');
    if (block !== undefined && !blank && indent <= block.indent) {
      out.push([block.start, at]);
      block = undefined;
    }
    if (block === undefined && /^\s*encryptedData:\s*$/.test(line)) block = { indent, start: end };
    at = end + 1;
  }
  if (block !== undefined) out.push([block.start, text.length]);
  return out;
}

/** The findings, less the heuristic ones inside a SealedSecret's encryptedData. */
export function withoutSealedValues(text: string, findings: readonly RawFinding[]): readonly RawFinding[] {
  if (findings.length === 0) return findings;
  const blocks = encryptedBlocks(text);
  if (blocks.length === 0) return findings;
  return findings.filter((f) => !(HEURISTIC.has(f.rule) && blocks.some(([s, e]) => f.start >= s && f.end <= e)));
}
