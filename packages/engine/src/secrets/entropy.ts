// Cheap statistics on a candidate value: Shannon entropy and character classes, to tell random keys from words.

/** Shannon entropy in bits per character. A random base62 string of 32+ characters scores about 4.7–5.2. */
export function shannonEntropy(value: string): number {
  if (value.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const ch of value) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let bits = 0;
  for (const n of counts.values()) {
    const p = n / value.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

/** How many of lower case, upper case, digits and symbols the value uses. */
export function charClasses(value: string): number {
  let lower = 0,
    upper = 0,
    digit = 0,
    other = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c >= 97 && c <= 122) lower = 1;
    else if (c >= 65 && c <= 90) upper = 1;
    else if (c >= 48 && c <= 57) digit = 1;
    else other = 1;
  }
  return lower + upper + digit + other;
}

/** The longest run of one repeated character ('aaaa' → 4): random keys almost never repeat a character 5 times. */
export function longestRun(value: string): number {
  let best = 0,
    run = 0;
  for (let i = 0; i < value.length; i++) {
    run = i > 0 && value[i] === value[i - 1] ? run + 1 : 1;
    if (run > best) best = run;
  }
  return best;
}

/**
 * Looks machine-generated: long enough, high entropy, more than one character class, no long repeats.
 * INVARIANT: every threshold here is checked against the honest look-alikes in test/secrets/cases.
 */
export function looksRandom(value: string, minLength = 16): boolean {
  if (value.length < minLength) return false;
  if (longestRun(value) >= 5) return false;
  if (charClasses(value) < 2) return false;
  const h = shannonEntropy(value);
  // Short strings cannot reach high entropy: scale the bar with the length (log2 of length caps it).
  const bar = Math.min(3.5, Math.log2(value.length) - 0.7);
  return h >= bar;
}

/** Only hex digits: git SHAs, content hashes and UUID parts have this shape and are not secrets on their own. */
export const isHex = (value: string): boolean => /^[0-9a-fA-F]+$/.test(value);
