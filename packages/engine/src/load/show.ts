// Quotes a user's value inside a one-line message: scalars as written, cut short; mappings and lists by their kind
// only, so a message never dumps a whole contract.
export const SHOWN_CHARS = 40;

export function showValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return value.length === 0 ? 'an empty list' : `a list of ${value.length}`;
  if (typeof value === 'object') return 'a mapping';
  const text = typeof value === 'string' ? JSON.stringify(value) : String(value);
  return text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS - 2)}…${typeof value === 'string' ? '"' : ''}` : text;
}

/** A string the user wrote, quoted and cut short. */
export const quote = (text: string): string => showValue(text);
