// What the engine's JSON Schema says about a place in the file: the keys a mapping takes (with their descriptions),
// the values a scalar takes (enum, const, boolean), a key's description, and which named definition ($defs: RoleId,
// AnchorId…) a value is — what the value help keys its suggestions on. Takes a path of keys and '[]' (an array item)
// from the root, as yaml-path.ts finds it; returns plain data. monaco-yaml did this in a 300 KB worker; the schema is
// small and already in the page, so walking it here costs a few microseconds per request.
import { toJsonSchema } from '@semantic-anchors/engine';

/** The subset of JSON Schema (draft 2020-12) toJsonSchema() produces and this module reads. */
interface Schema {
  readonly $ref?: string;
  readonly type?: string | readonly string[];
  readonly description?: string;
  readonly properties?: Readonly<Record<string, Schema>>;
  readonly additionalProperties?: boolean | Schema;
  readonly items?: Schema;
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly anyOf?: readonly Schema[];
  readonly oneOf?: readonly Schema[];
  readonly allOf?: readonly Schema[];
  readonly $defs?: Readonly<Record<string, Schema>>;
}

/** One segment of a path: a mapping key, or '[]' for "an item of this array". */
export type PathSegment = string;

export interface KeyHelp {
  readonly key: string;
  readonly description: string;
  /**
   * How the key's value is written in block style: a mapping on the lines below (`settings:`), a list of mappings
   * (`contracts:` then `- `), or a value on the same line (a scalar, a list of scalars, or a choice of shapes).
   */
  readonly block: 'map' | 'list' | 'inline';
}

const types = (node: Schema): readonly string[] =>
  typeof node.type === 'string' ? [node.type] : (node.type ?? (node.properties ? ['object'] : []));

/** 'map' when every shape the value may take is a mapping, 'list' when every one is a list of mappings. */
function blockShape(path: readonly PathSegment[]): KeyHelp['block'] {
  const shapes = schemasAt(path).filter((n) => types(n).length > 0);
  if (shapes.length === 0) return 'inline';
  if (shapes.every((n) => types(n).every((t) => t === 'object'))) return 'map';
  const listOfMaps = (n: Schema) =>
    types(n).every((t) => t === 'array') &&
    n.items !== undefined &&
    branches(n.items)
      .filter((b) => types(b).length > 0)
      .every((b) => types(b).every((t) => t === 'object'));
  return shapes.every(listOfMaps) ? 'list' : 'inline';
}

let root: Schema | undefined;
// Built on first use, not at page load: the editor must accept input before anyone asks for help.
const schema = (): Schema => (root ??= toJsonSchema() as Schema);

/** A $ref resolved (local `#/$defs/…` only: the schema has no other kind), keeping the referring node's description. */
function deref(node: Schema): Schema {
  let current = node;
  const seen = new Set<string>();
  while (current.$ref && !seen.has(current.$ref)) {
    seen.add(current.$ref);
    const name = /^#\/\$defs\/(.+)$/.exec(current.$ref)?.[1];
    const target = name ? schema().$defs?.[name] : undefined;
    if (!target) return current;
    // The property's own description is the more specific one ("The preset id: …" over RoleId's generic text).
    const { $ref: _ref, ...rest } = current;
    current = { ...target, ...rest };
  }
  return current;
}

/** Every alternative a node stands for: itself, and the branches of anyOf / oneOf / allOf, each resolved. */
function branches(node: Schema): Schema[] {
  const resolved = deref(node);
  const nested = [...(resolved.anyOf ?? []), ...(resolved.oneOf ?? []), ...(resolved.allOf ?? [])];
  return [resolved, ...nested.flatMap(branches)];
}

/** The schema nodes that may describe the value at a path (several when a union is involved). */
export function schemasAt(path: readonly PathSegment[]): Schema[] {
  let nodes = branches(schema());
  for (const segment of path) {
    nodes = nodes.flatMap((n): Schema[] => {
      if (segment === '[]') return n.items ? branches(n.items) : [];
      const property = n.properties?.[segment];
      if (property) return branches(property);
      return typeof n.additionalProperties === 'object' ? branches(n.additionalProperties) : [];
    });
    if (nodes.length === 0) return [];
  }
  return nodes;
}

/** The keys the mapping at `path` takes, first description wins when branches repeat a key. */
export function keysAt(path: readonly PathSegment[]): KeyHelp[] {
  const keys = new Map<string, string>();
  for (const node of schemasAt(path))
    for (const [key, property] of Object.entries(node.properties ?? {}))
      if (!keys.get(key)) keys.set(key, branches(property).find((b) => b.description)?.description ?? '');
  return [...keys].map(([key, description]) => ({ key, description, block: blockShape([...path, key]) }));
}

/** The scalar values the schema lists for `path`: enum members, a const, true/false for a boolean. */
export function valuesAt(path: readonly PathSegment[]): string[] {
  const values = new Set<string>();
  for (const node of schemasAt(path)) {
    for (const v of node.enum ?? []) values.add(String(v));
    if (node.const !== undefined) values.add(String(node.const));
    if (types(node).includes('boolean')) ['true', 'false'].forEach((v) => values.add(v));
  }
  return [...values];
}

/** The description of the key at the end of `path` ("Schema version; always 1." for ['version']). */
export function describeAt(path: readonly PathSegment[]): string | undefined {
  return schemasAt(path).find((n) => n.description)?.description;
}

/** The names of the definitions a node refers to, through $ref chains and unions. */
function refNames(node: Schema, seen: Set<string>): string[] {
  const names: string[] = [];
  const name = node.$ref ? /^#\/\$defs\/(.+)$/.exec(node.$ref)?.[1] : undefined;
  if (name && !seen.has(name)) {
    seen.add(name);
    names.push(name);
    const target = schema().$defs?.[name];
    if (target) names.push(...refNames(target, seen));
  }
  for (const b of [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])])
    names.push(...refNames(b, seen));
  return names;
}

/**
 * The definitions ($defs names) the value at `path` is declared as: ['RoleId'] for `roles.default`, ['AnchorId'] for
 * an item of a contract's anchorRefs. A key added to the schema with one of these types gets their help for free.
 */
export function refsAt(path: readonly PathSegment[]): string[] {
  if (path.length === 0) return [];
  const segment = path[path.length - 1]!;
  const raw = schemasAt(path.slice(0, -1)).flatMap((n): Schema[] => {
    if (segment === '[]') return n.items ? [n.items] : [];
    const property = n.properties?.[segment];
    if (property) return [property];
    return typeof n.additionalProperties === 'object' ? [n.additionalProperties] : [];
  });
  const seen = new Set<string>();
  return [...new Set(raw.flatMap((r) => refNames(r, seen)))];
}

/** Whether the schema lets the value at `path` be a string (a tool name, a preset id…). */
export function takesString(path: readonly PathSegment[]): boolean {
  return schemasAt(path).some((n) => types(n).includes('string'));
}
