// Reading the ledger: what the session knows of a file it wrote, by its path relative to the project root.
import { BUCKETS, type Ledger, type LedgerFile } from './types.js';

/** The bucket a path lives in (a string hash: the same path, the same bucket, in every runtime). */
export function bucketOf(path: string): number {
  let h = 5381;
  for (let i = 0; i < path.length; i++) h = ((h << 5) + h + path.charCodeAt(i)) | 0;
  return (h >>> 0) % BUCKETS;
}

export function ledgerFile(ledger: Ledger, path: string): LedgerFile | undefined {
  if (ledger.count === 0) return undefined;
  const bucket = ledger.buckets[bucketOf(path)];
  return bucket !== undefined && Object.hasOwn(bucket, path) ? bucket[path] : undefined;
}

/** Whether the session wrote or edited the file (and has not deleted it since). */
export const wrote = (ledger: Ledger, path: string): boolean => ledgerFile(ledger, path) !== undefined;

/** Every file of the ledger, the one written longest ago first. */
export function ledgerFiles(ledger: Ledger): [string, LedgerFile][] {
  return ledger.order.map((path) => [path, ledgerFile(ledger, path)!]);
}
