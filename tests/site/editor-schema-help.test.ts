// The editor's pure helpers, without a browser: where in the YAML a position is (yaml-path.ts, read from the lezer
// tree for flow style and from indentation for a line being typed) and what the engine's JSON Schema says there
// (schema-help.ts). The browser suites prove the same through the page; these pin the cases one by one.
import { describe, expect, it } from 'vitest';
import { EditorState } from '@codemirror/state';

import { describeAt, keysAt, valuesAt } from '../../apps/configurator/src/client/editor/schema-help.js';
import { keyAt, placeAt } from '../../apps/configurator/src/client/editor/yaml-path.js';

/** The state of `text` with `|` marking the cursor, and the cursor's offset. */
function at(marked: string): { state: EditorState; pos: number } {
  const pos = marked.indexOf('|');
  const state = EditorState.create({ doc: marked.replace('|', ''), extensions: [] });
  return { state, pos };
}
const place = (marked: string) => {
  const { state, pos } = at(marked);
  return placeAt(state, pos);
};

describe('where the cursor is (yaml-path)', () => {
  it('reads a half-typed key of a contract from the indentation, with the keys already there', () => {
    const p = place('version: 1\ncontracts:\n  - id: my-rule\n    mode: WARN\n    wh|\n');
    expect(p).toMatchObject({ kind: 'key', path: ['contracts', '[]'], flow: false });
    expect(p?.kind === 'key' && p.present).toEqual(expect.arrayContaining(['id', 'mode']));
  });

  it('reads a key of the first mapping of a new list item', () => {
    expect(place('version: 1\ncontracts:\n  - |')).toMatchObject({
      kind: 'key',
      path: ['contracts', '[]'],
      present: [],
    });
  });

  it('reads a key inside nested flow mappings from the syntax tree', () => {
    expect(place('contracts:\n  - id: x\n    when: { tool: { com| } }\n')).toMatchObject({
      kind: 'key',
      path: ['contracts', '[]', 'when', 'tool'],
      flow: true,
    });
  });

  it("reads a block value's place as the value of its key", () => {
    expect(place('contracts:\n  - id: x\n    mode: |')).toMatchObject({
      kind: 'value',
      path: ['contracts', '[]', 'mode'],
    });
  });

  it('knows nothing inside a comment', () => {
    expect(place('version: 1\n# a comm|ent\n')).toBeUndefined();
  });

  it('finds the key under a position and its whole path, for hover', () => {
    const { state, pos } = at('version: 1\nsettings:\n  bypass|Budget: 3\n');
    expect(keyAt(state, pos)).toMatchObject({ path: ['settings', 'bypassBudget'] });
    const off = at('version: 1\nsettings:\n  bypassBudget: |3\n');
    expect(keyAt(off.state, off.pos)).toBeUndefined();
  });
});

describe('what the schema says there (schema-help)', () => {
  it('lists the top-level keys with their descriptions and shapes', () => {
    const keys = keysAt([]);
    expect(keys.map((k) => k.key)).toEqual(expect.arrayContaining(['version', 'extends', 'settings', 'contracts']));
    expect(keys.find((k) => k.key === 'contracts')?.block).toBe('list');
    expect(keys.find((k) => k.key === 'settings')?.block).toBe('map');
    expect(keys.find((k) => k.key === 'version')?.block).toBe('inline');
    for (const k of keys) expect(k.description, k.key).not.toBe('');
  });

  it("follows $ref and unions into a trigger's run matcher", () => {
    const run = keysAt(['contracts', '[]', 'when', 'tool', 'run']).map((k) => k.key);
    expect(run).toEqual(expect.arrayContaining(['program', 'subcommand', 'flags', 'args']));
  });

  it('lists enum and boolean values', () => {
    expect(valuesAt(['contracts', '[]', 'mode'])).toEqual(['BLOCK', 'WARN']);
    expect(valuesAt(['contracts', '[]', 'bypassable'])).toEqual(expect.arrayContaining(['true', 'false']));
    expect(valuesAt(['contracts', '[]', 'nonsense'])).toEqual([]);
  });

  it("describes a key by the property's own text", () => {
    expect(describeAt(['version'])).toMatch(/version/i);
    expect(describeAt(['contracts', '[]', 'anchorRefs'])).toMatch(/catalogue/i);
    expect(describeAt(['no-such-key'])).toBeUndefined();
  });
});
