// Masks a secret value for traces: a short prefix, '…' and the length. The value itself never leaves the detector.

/**
 * Four characters of a long value identify the token kind (`ghp_`, `sk_l`, `AKIA`) without helping anyone guess it;
 * for short values (typical hand-made passwords) four characters would be most of the secret, so we show fewer.
 */
export function maskSecret(value: string): string {
  const shown = value.length >= 16 ? 4 : value.length >= 10 ? 2 : 0;
  return `${value.slice(0, shown)}…${value.length}`;
}
