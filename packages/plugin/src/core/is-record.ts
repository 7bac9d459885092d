// A plain object as JSON would give it (not null, not a list): what every boundary checks before reading a payload.
// On its own, so the plugin's first module can use it without the schema library.
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
