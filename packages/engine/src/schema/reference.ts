// Renders the language reference (Markdown) from the generated JSON Schema, so the documentation cannot drift from
// the zod schema. One section per object in the language, named by where it appears in a file.
import { inlineDefinitions, toJsonSchema } from './json-schema.js';

type JsonSchema = {
  type?: string | string[];
  description?: string;
  examples?: unknown[];
  default?: unknown;
  const?: unknown;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  additionalProperties?: JsonSchema | boolean;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minItems?: number;
};

interface Section {
  readonly title: string;
  readonly schema: JsonSchema;
}

export function languageReference(): string {
  // The sections are read from the schema with its $defs inlined: each field shows the type it has where it is used.
  const root = inlineDefinitions(toJsonSchema()) as JsonSchema;
  const sections: Section[] = [];
  const seen = new Map<string, string>();
  collect(root, 'File (top level)', sections, seen);
  const out: string[] = [
    '<!-- Generated from the zod schema by `npm run gen -w @semantic-anchors/engine`. Do not edit by hand. -->',
    '',
  ];
  for (const s of sections) {
    out.push(`### ${s.title}`, '');
    if (s.schema.description) out.push(s.schema.description, '');
    out.push('| field | type | required | description | example |', '| --- | --- | --- | --- | --- |');
    for (const [name, prop] of Object.entries(s.schema.properties ?? {})) {
      const required = s.schema.required?.includes(name) ? 'yes' : 'no';
      const def = prop.default !== undefined ? ` Default: \`${JSON.stringify(prop.default)}\`.` : '';
      out.push(
        `| \`${name}\` | ${cell(typeOf(prop, seen))} | ${required} | ${cell((prop.description ?? describeFirst(prop) ?? '') + def)} | ${cell(exampleOf(prop))} |`,
      );
    }
    out.push('');
  }
  return out.join('\n');
}

/** Walks the schema depth-first; every distinct object type gets one section, named where it first appears. */
function collect(node: JsonSchema, title: string, sections: Section[], seen: Map<string, string>): void {
  const all = variants(node);
  const objects = all.filter((v) => v.properties).length;
  for (const variant of all) {
    if (variant.properties) {
      const key = JSON.stringify(variant.properties);
      if (seen.has(key)) continue;
      // A union of object shapes (the event kinds) gets one section per shape, named by its first field.
      const name = objects > 1 ? `${title} — ${Object.keys(variant.properties)[0]}` : title;
      seen.set(key, name);
      sections.push({ title: name, schema: variant });
      for (const [field, prop] of Object.entries(variant.properties))
        collect(prop, `${title === 'File (top level)' ? '' : `${title}.`}${field}`, sections, seen);
    } else if (variant.items) {
      collect(variant.items, `${title}[]`, sections, seen);
    } else if (variant.additionalProperties && typeof variant.additionalProperties === 'object') {
      collect(variant.additionalProperties, `${title}.<key>`, sections, seen);
    }
  }
}

// An object's own anyOf/oneOf only lists which of its fields are required together (a refinement): not a variant.
const variants = (n: JsonSchema): JsonSchema[] => (n.anyOf && !n.properties ? n.anyOf.flatMap(variants) : [n]);

function typeOf(n: JsonSchema, seen: Map<string, string>): string {
  if (n.anyOf && !n.properties) return [...new Set(n.anyOf.map((v) => typeOf(v, seen)))].join(' or ');
  if (n.const !== undefined) return `\`${JSON.stringify(n.const)}\``;
  // A bare pipe: cell() escapes every pipe once, so a union never splits the table row (escaping here too gave `\\|`,
  // an escaped backslash followed by a live column separator).
  if (n.enum) return n.enum.map((v) => `\`${JSON.stringify(v)}\``).join(' | ');
  if (n.properties) return `object (see ${seen.get(JSON.stringify(n.properties)) ?? 'below'})`;
  if (n.type === 'array') return `list of ${n.items ? typeOf(n.items, seen) : 'values'}`;
  if (n.type === 'object')
    return n.additionalProperties && typeof n.additionalProperties === 'object'
      ? `map of ${typeOf(n.additionalProperties, seen)}`
      : 'object';
  if (n.type === 'integer') return `whole number${range(n)}`;
  if (n.type === 'number') return `number${range(n)}`;
  return Array.isArray(n.type) ? n.type.join(' or ') : (n.type ?? 'any');
}

const range = (n: JsonSchema): string =>
  n.minimum !== undefined && n.maximum !== undefined
    ? ` ${n.minimum}–${n.maximum}`
    : n.minimum !== undefined
      ? ` ≥ ${n.minimum}`
      : '';

function describeFirst(n: JsonSchema): string | undefined {
  return n.anyOf?.map((v) => v.description).find(Boolean) ?? n.items?.description;
}

function exampleOf(n: JsonSchema): string {
  const ex = n.examples?.[0] ?? n.anyOf?.map((v) => v.examples?.[0]).find((e) => e !== undefined);
  return ex === undefined ? '' : `\`${JSON.stringify(ex)}\``;
}

// INVARIANT: every table cell passes through here exactly once, so each pipe is escaped exactly once (GFM splits a
// row at a pipe unless one backslash precedes it, inside code spans too).
const cell = (s: string): string => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
