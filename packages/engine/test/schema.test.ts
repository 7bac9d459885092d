import { describe, expect, it } from 'vitest';
import { languageReference, toJsonSchema } from '@semantic-anchors/engine';
import { inlineDefinitions } from '../src/schema/json-schema.js';

type Node = {
  description?: string;
  examples?: unknown[];
  properties?: Record<string, Node>;
  items?: Node;
  anyOf?: Node[];
  additionalProperties?: Node | boolean;
};

/** Every property of every object in the schema, with its path. */
function properties(
  node: Node,
  path: string,
  out: { path: string; node: Node }[] = [],
): { path: string; node: Node }[] {
  for (const v of node.anyOf ?? [node]) {
    for (const [name, prop] of Object.entries(v.properties ?? {})) {
      out.push({ path: `${path}.${name}`, node: prop });
      properties(prop, `${path}.${name}`, out);
    }
    if (v.items) properties(v.items, `${path}[]`, out);
    if (v.additionalProperties && typeof v.additionalProperties === 'object')
      properties(v.additionalProperties, `${path}.*`, out);
  }
  return out;
}

describe('the generated JSON Schema', () => {
  const schema = inlineDefinitions(toJsonSchema()) as Node & { $id: string };
  const all = properties(schema, '$');

  it('documents every field (its description becomes the editor hover text)', () => {
    const missing = all
      .filter(({ node }) => !(node.description ?? node.anyOf?.some((v) => v.description) ?? node.items?.description))
      .map((p) => p.path);
    expect(missing).toEqual([]);
  });

  it('gives every leaf field an example (the editor completion uses it)', () => {
    const isLeaf = (n: Node) =>
      !(n.properties || n.anyOf?.some((v) => v.properties) || n.items?.properties || n.items?.anyOf);
    const missing = all
      .filter(({ node }) => isLeaf(node))
      .filter(
        ({ node }) =>
          !(
            node.examples?.length ||
            node.anyOf?.some((v) => v.examples?.length) ||
            (node as { const?: unknown }).const !== undefined ||
            (node as { enum?: unknown }).enum
          ),
      )
      .map((p) => p.path);
    expect(missing).toEqual([]);
  });

  it('has a stable $id, and the reference names every top-level and contract field', () => {
    expect(schema.$id).toBe('https://unpkg.com/opencode-semantic-anchors/schema/v1.json');
    const ref = languageReference();
    for (const name of [
      'version',
      'extends',
      'roles',
      'settings',
      'disable',
      'contracts',
      'anchorRefs',
      'when',
      'unless',
      'bypassable',
      'examples',
      'toolCalls',
      'notAfter',
      'occurrence',
      'attachment',
    ]) {
      expect(ref).toContain(`| \`${name}\` |`);
    }
  });

  it('shares repeated parts through $defs, so the file stays small enough for an editor', () => {
    const raw = toJsonSchema() as { $defs: Record<string, unknown> };
    const text = JSON.stringify(raw, null, 2);
    // 60,000 until the host's defaultBranches (issue 17, section 4) took it to ~60,700, and effect.sessionWrote
    // (blind round 26) to ~61,000, and run.followed (round 38: a team's own Makefile matched by its target's name) to
    // ~61,700.
    expect(text.length).toBeLessThan(62_000);
    expect(Object.keys(raw.$defs)).toEqual(
      expect.arrayContaining(['Contract', 'Trigger', 'Exception', 'ToolMatch', 'Globs', 'Patterns', 'Event']),
    );
    // Every reference points at a definition that exists (editors running yaml-language-server resolve them the same way).
    const refs = [...text.matchAll(/"\$ref": "#\/\$defs\/([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(30);
    expect(refs.filter((r) => !(r in raw.$defs))).toEqual([]);
  });
});
