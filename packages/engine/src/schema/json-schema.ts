// Generates the JSON Schema of the configuration file from the zod schema (input side: defaults are optional).
// Every exported schema becomes one entry of `$defs`, named as it is exported, and is referenced from wherever it is
// used: the file stays small enough for an editor to load (about 40 KB instead of 400), and the names read well.
// The rules zod states as refinements are added here as JSON Schema keywords, so an editor and the engine agree.
// The namespace import (not { z }) lets bundlers drop the parts of zod we do not use, its locales above all.
import * as z from 'zod';
import * as primitives from './primitives.js';
import * as command from './command.js';
import * as trigger from './trigger.js';
import * as event from './event.js';
import * as contract from './contract.js';
import * as sandbox from './sandbox.js';
import * as config from './config.js';

/** The schema's canonical address: the npm package ships it at schema/v1.json, the site serves the same file at /schema/v1.json. */
export const SCHEMA_ID = 'https://unpkg.com/opencode-semantic-anchors/schema/v1.json';

type Keywords = Record<string, unknown>;

const exactlyOneOf = (...keys: string[]): Keywords => ({ oneOf: keys.map((k) => ({ required: [k] })) });
const atLeastOneOf = (...keys: string[]): Keywords => ({ anyOf: keys.map((k) => ({ required: [k] })) });

/**
 * The JSON Schema form of each zod refinement in the language. INVARIANT: every schema with a refinement is listed
 * here (test/schema-agreement.test.ts walks the zod tree and fails on one that is not).
 */
export const REFINEMENT_KEYWORDS: ReadonlyMap<z.ZodType, Keywords> = new Map<z.ZodType, Keywords>([
  [trigger.Trigger, exactlyOneOf('tool', 'message')],
  [trigger.EventMatch, exactlyOneOf('tool', 'message')],
  [trigger.Exception, atLeastOneOf('tool', 'message', 'state')],
  [trigger.Occurrence, atLeastOneOf('atLeast', 'every')],
]);

/** Each exported zod schema with the name it is exported under; the first module to export one names it. */
function definitionNames(): Map<z.ZodType, string> {
  const names = new Map<z.ZodType, string>();
  for (const mod of [primitives, command, trigger, event, contract, sandbox, config]) {
    for (const [name, value] of Object.entries(mod)) {
      if (value instanceof z.ZodType && value !== config.Config && !names.has(value)) names.set(value, name);
    }
  }
  return names;
}

export function toJsonSchema(): Record<string, unknown> {
  const names = definitionNames();
  // A registry view that adds an id to the named schemas: zod moves a schema with an id to $defs and refers to it.
  const metadata = {
    get: (schema: z.ZodType) => {
      const meta = z.globalRegistry.get(schema);
      const id = names.get(schema);
      return id === undefined ? meta : { ...meta, id };
    },
  } as unknown as z.core.$ZodRegistry<z.core.JSONSchemaMeta>;
  const schema = z.toJSONSchema(config.Config, {
    io: 'input',
    target: 'draft-2020-12',
    unrepresentable: 'throw',
    metadata,
    override: ({ zodSchema, jsonSchema }) => {
      const extra = REFINEMENT_KEYWORDS.get(zodSchema as unknown as z.ZodType);
      if (extra) Object.assign(jsonSchema, extra);
    },
  }) as Record<string, unknown>;
  return { ...schema, $id: SCHEMA_ID };
}

/**
 * The same schema with every local `$ref` replaced by a copy of its definition (fields beside the `$ref` win), for
 * readers that walk the tree: the language reference and the tests. The language has no recursive types.
 */
export function inlineDefinitions(schema: Record<string, unknown>): Record<string, unknown> {
  const defs = (schema.$defs ?? {}) as Record<string, unknown>;
  const inline = (node: unknown, depth: number): unknown => {
    // INVARIANT: the generated schema is not recursive; a depth limit turns a future cycle into an error, not a hang.
    if (depth > 64) throw new Error('the JSON Schema nests too deeply to inline: is a schema recursive?');
    if (Array.isArray(node)) return node.map((n) => inline(n, depth + 1));
    if (node === null || typeof node !== 'object') return node;
    const { $ref, ...rest } = node as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    if (typeof $ref === 'string' && $ref.startsWith('#/$defs/')) {
      Object.assign(out, inline(defs[$ref.slice('#/$defs/'.length)], depth + 1));
    }
    for (const [k, v] of Object.entries(rest)) if (k !== '$defs') out[k] = inline(v, depth + 1);
    return out;
  };
  return inline(schema, 0) as Record<string, unknown>;
}
