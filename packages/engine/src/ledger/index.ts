// The ledger: what the session wrote or edited, file by file (the text when it is known), so that running such a
// file later is judged as what it contains. Pure data in the session state; bounded (see types.ts, bounds.ts).
export { EMPTY_LEDGER, LEDGER_LIMITS, type Ledger, type LedgerFile } from './types.js';
export { ledgerFile, ledgerFiles, wrote } from './lookup.js';
export { recordCalls, recordRefused } from './record.js';
export { editsOf, type Edit } from './edit.js';
