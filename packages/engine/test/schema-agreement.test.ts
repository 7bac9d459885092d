// The generated JSON Schema (what an editor validates with) and the engine (what the plugin enforces) must agree on
// which documents, and which places in them, break the schema. Each file in fixtures/schema-agreement/ has one
// kind of mistake; both validators read it. The engine may report more, only of kinds a JSON Schema cannot know;
// a fixture lists those in an "# engine-only:" line.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import Ajv2020 from 'ajv/dist/2020.js';
import { parse } from 'yaml';
import type * as z from 'zod';
import { Config, loadConfig, toJsonSchema } from '@semantic-anchors/engine';
import { REFINEMENT_KEYWORDS } from '../src/schema/json-schema.js';
import { fixture } from './helpers.js';

const dir = fixture('schema-agreement');
const cases = readdirSync(dir)
  .filter((f) => f.endsWith('.yaml'))
  .sort();
const SCHEMA_CODES = new Set(['schema', 'unknown-key']);

const ajv = new Ajv2020({ allErrors: true, strict: false });
const validateJson = ajv.compile(toJsonSchema());

const pointer = (path: readonly (string | number)[]): string => path.map((p) => `/${String(p)}`).join('');

/** Where ajv sees problems, with a missing or extra key's own name appended, as the engine reports them. */
function ajvPaths(data: unknown): string[] {
  if (validateJson(data)) return [];
  return (validateJson.errors ?? []).map((e) => {
    const p = e.params as { additionalProperty?: string; missingProperty?: string };
    const key =
      e.keyword === 'additionalProperties'
        ? p.additionalProperty
        : e.keyword === 'required'
          ? p.missingProperty
          : undefined;
    return key === undefined ? e.instancePath : `${e.instancePath}/${key}`;
  });
}

const related = (a: string, b: string): boolean => a === b || a.startsWith(`${b}/`) || b.startsWith(`${a}/`);

describe('the JSON Schema and the engine agree on schema errors', () => {
  it('covers each kind of schema error with at least 15 files', () => expect(cases.length).toBeGreaterThanOrEqual(15));

  for (const name of cases) {
    it(name, () => {
      const text = readFileSync(join(dir, name), 'utf8');
      const result = loadConfig(text, { file: name });
      const errors = result.diagnostics.filter((d) => d.severity === 'error');
      const engine = errors.filter((d) => SCHEMA_CODES.has(d.code)).map((d) => pointer(d.path ?? []));
      const ajvSees = ajvPaths(parse(text));

      expect(engine.length > 0, `engine: ${engine.join(', ')}; ajv: ${ajvSees.join(', ')}`).toBe(ajvSees.length > 0);
      // Every place the engine reports, ajv reports too …
      for (const p of engine) expect(ajvSees, `ajv misses ${p}`).toContain(p);
      // … and every place ajv reports lies on the way to, or inside, one the engine reports (ajv also names the
      // union around a bad branch).
      for (const p of ajvSees)
        expect(
          engine.some((e) => related(e, p)),
          `the engine misses ${p}`,
        ).toBe(true);

      const extras = [...new Set(errors.filter((d) => !SCHEMA_CODES.has(d.code)).map((d) => d.code))].sort();
      const declared = /^# engine-only: (.+)$/m.exec(text)?.[1]?.split(/,\s*/).sort() ?? [];
      expect(extras).toEqual(declared);
    });
  }

  it('carries every zod refinement of the language into the JSON Schema', () => {
    const refined: string[] = [];
    const seen = new Set<unknown>();
    const walk = (schema: z.ZodType, path: string): void => {
      if (seen.has(schema)) return;
      seen.add(schema);
      const def = (
        schema as unknown as {
          _zod: { def: Record<string, unknown> & { type: string; checks?: { _zod: { def: { check: string } } }[] } };
        }
      )._zod.def;
      if (def.checks?.some((c) => c._zod.def.check === 'custom') && !REFINEMENT_KEYWORDS.has(schema))
        refined.push(path);
      const children: [z.ZodType, string][] = [];
      if (def.type === 'object')
        for (const [k, v] of Object.entries(def.shape as Record<string, z.ZodType>)) children.push([v, `${path}.${k}`]);
      for (const key of ['innerType', 'element', 'valueType', 'in', 'out'])
        if (def[key]) children.push([def[key] as z.ZodType, path]);
      if (def.type === 'union') (def.options as z.ZodType[]).forEach((o, i) => children.push([o, `${path}|${i}`]));
      for (const [child, p] of children) walk(child, p);
    };
    walk(Config as unknown as z.ZodType, '$');
    expect(refined).toEqual([]);
  });
});
