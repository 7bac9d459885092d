// Deep freezing for what the load stage shares between loads (a preset's contribution, a contract the schema
// accepted): a caller that writes into a loaded configuration fails loudly instead of changing every later load.
export function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const key of Reflect.ownKeys(value)) deepFreeze((value as Record<PropertyKey, unknown>)[key]);
  return value;
}
