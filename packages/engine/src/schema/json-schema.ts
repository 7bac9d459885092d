// Generates the JSON Schema of the configuration file from the zod schema (input side: defaults are optional).
// The namespace import (not { z }) lets bundlers drop the parts of zod we do not use, its locales above all.
import * as z from 'zod';
import { Config } from './config.js';

/** The schema's canonical address: the npm package ships it at schema/v1.json, the site serves the same file at /schema/v1.json. */
export const SCHEMA_ID = 'https://unpkg.com/opencode-semantic-anchors/schema/v1.json';

export function toJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(Config, { io: 'input', target: 'draft-7', unrepresentable: 'throw' }) as Record<string, unknown>;
  return { ...schema, $id: SCHEMA_ID };
}
