// Finds the keys a mapping accepts at a path of the document, by walking the zod schema the same way the data is
// nested: the source of "did you mean" for a misspelt key at any level.
import type * as z from 'zod';
import { closest } from '../catalogue.js';
import type { DataPath } from './locate.js';

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  options?: z.ZodType[];
  element?: z.ZodType;
  valueType?: z.ZodType;
  in?: z.ZodType;
  getter?: () => z.ZodType;
};

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The schemas a value at `path` may have to satisfy (several when a union allows more than one shape). */
function schemasAt(schema: z.ZodType, path: DataPath, depth = 0): z.ZodType[] {
  if (depth > 64) return [];
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'default':
    case 'nullable':
    case 'readonly':
    case 'prefault':
    case 'nonoptional':
    case 'catch':
      return schemasAt(def.innerType!, path, depth + 1);
    case 'pipe':
      return schemasAt(def.in!, path, depth + 1);
    case 'lazy':
      return schemasAt(def.getter!(), path, depth + 1);
    case 'union':
      return def.options!.flatMap((o) => schemasAt(o, path, depth + 1));
    default:
      break;
  }
  if (path.length === 0) return [schema];
  const [head, ...rest] = path;
  if (def.type === 'object' && typeof head === 'string' && def.shape && Object.hasOwn(def.shape, head))
    return schemasAt(def.shape[head]!, rest, depth + 1);
  if (def.type === 'array' && typeof head === 'number') return schemasAt(def.element!, rest, depth + 1);
  if (def.type === 'record' && typeof head === 'string') return schemasAt(def.valueType!, rest, depth + 1);
  return [];
}

/** The keys a mapping at `path` accepts, in declaration order. */
export function keysAt(schema: z.ZodType, path: DataPath): string[] {
  const keys = schemasAt(schema, path).flatMap((s) => {
    const def = defOf(s);
    return def.type === 'object' && def.shape ? Object.keys(def.shape) : [];
  });
  return [...new Set(keys)];
}

/** "did you mean …?" for a misspelt key, or the list of keys the level accepts. */
export function keyHint(key: string, accepted: readonly string[]): string {
  const near = closest(key, accepted, 1);
  if (near.length > 0) return `did you mean "${near[0]}"?`;
  return accepted.length > 0
    ? `this level accepts ${accepted.join(', ')}`
    : 'check the spelling against the language reference, or remove the key';
}
