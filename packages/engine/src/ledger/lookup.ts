// Reading the ledger: what the session knows of a file it wrote, by its path relative to the project root.
import type { Ledger, LedgerFile } from './types.js';

export const ledgerFile = (ledger: Ledger, path: string): LedgerFile | undefined =>
  Object.hasOwn(ledger.files, path) ? ledger.files[path] : undefined;

/** Whether the session wrote or edited the file (and has not deleted it since). */
export const wrote = (ledger: Ledger, path: string): boolean => Object.hasOwn(ledger.files, path);
