/** A valid contract file of about `lines` lines (default 500), every trigger kind with examples. */
export function largeContractFile(lines?: number): string;
