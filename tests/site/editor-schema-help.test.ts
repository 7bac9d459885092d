// The editor's editor-agnostic helpers, without a browser: where in the YAML a position is (yaml-path.ts, read from
// the lines' indentation and a scan of the line itself) and what the engine's JSON Schema says there
// (schema-help.ts). The browser suites prove the same through the page, in Monaco and in the plain text area; these
// pin the cases one by one.
import { describe, expect, it } from 'vitest';

import { describeAt, keysAt, refsAt, valuesAt } from '../../apps/configurator/src/client/editor/schema-help.js';
import { linesOf, type Pos, type TextLines } from '../../apps/configurator/src/client/editor/text-lines.js';
import { keyAt, placeAt, valueAt } from '../../apps/configurator/src/client/editor/yaml-path.js';

/** The lines of `text` with `|` marking the cursor, and the cursor's position. */
function at(marked: string): { lines: TextLines; pos: Pos } {
  const offset = marked.indexOf('|');
  const before = marked.slice(0, offset).split('\n');
  return {
    lines: linesOf(marked.replace('|', '')),
    pos: { line: before.length, ch: before[before.length - 1]!.length },
  };
}
const place = (marked: string) => {
  const { lines, pos } = at(marked);
  return placeAt(lines, pos);
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

  it('reads a key inside nested flow mappings from the line', () => {
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
    const { lines, pos } = at('version: 1\nsettings:\n  bypass|Budget: 3\n');
    expect(keyAt(lines, pos)).toMatchObject({ path: ['settings', 'bypassBudget'] });
    const off = at('version: 1\nsettings:\n  bypassBudget: |3\n');
    expect(keyAt(off.lines, off.pos)).toBeUndefined();
  });

  it('finds a key inside a flow mapping, with the block keys above it', () => {
    const { lines, pos } = at('contracts:\n  - id: x\n    when: { tool: { na|me: bash } }\n');
    expect(keyAt(lines, pos)).toMatchObject({ path: ['contracts', '[]', 'when', 'tool', 'name'] });
  });

  it('reads the value under a position: a flow item, a block item, a quoted scalar', () => {
    const flow = at('version: 1\nextends: [software-developer, qa-eng|ineer]\n');
    expect(valueAt(flow.lines, flow.pos)).toMatchObject({ path: ['extends', '[]'], text: 'qa-engineer' });
    const block = at('contracts:\n  - id: x\n    anchorRefs:\n      - github-fl|ow\n');
    expect(valueAt(block.lines, block.pos)).toMatchObject({
      path: ['contracts', '[]', 'anchorRefs', '[]'],
      text: 'github-flow',
    });
    const quoted = at("roles:\n  default: 'qa-eng|ineer'\n");
    expect(valueAt(quoted.lines, quoted.pos)).toMatchObject({ path: ['roles', 'default'], text: 'qa-engineer' });
  });

  it("reads an example event's flow mapping, values and keys alike", () => {
    const line = '      - event: { tool: bash, args: { com| } }';
    const p = place(`contracts:\n  - id: x\n    examples:\n${line}\n`);
    expect(p).toMatchObject({ kind: 'key', path: ['contracts', '[]', 'examples', '[]', 'event', 'args'], flow: true });
  });

  it('does not take an apostrophe in a plain scalar for the start of a quoted one', () => {
    const p = place("contracts:\n  - id: x\n    message: Don't push; it's shared. |\n");
    expect(p).toBeUndefined();
    const { lines, pos } = at("contracts:\n  - id: x\n    message: Don't push # a not|e\n");
    expect(valueAt(lines, pos)).toBeUndefined();
    const key = at("contracts:\n  - id: x\n    message: Don't push\n    mo|de: WARN\n");
    expect(keyAt(key.lines, key.pos)).toMatchObject({ path: ['contracts', '[]', 'mode'] });
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

  it('names the definition a value is declared as, which the value help keys on', () => {
    expect(refsAt(['roles', 'default'])).toContain('RoleId');
    expect(refsAt(['roles', 'agents', 'build'])).toContain('RoleId');
    expect(refsAt(['contracts', '[]', 'anchorRefs', '[]'])).toContain('AnchorId');
    expect(refsAt(['disable', '[]'])).toContain('ContractId');
    expect(refsAt(['contracts', '[]', 'examples', '[]', 'role'])).toContain('RoleId');
  });

  it("describes a key by the property's own text", () => {
    expect(describeAt(['version'])).toMatch(/version/i);
    expect(describeAt(['contracts', '[]', 'anchorRefs'])).toMatch(/catalogue/i);
    expect(describeAt(['no-such-key'])).toBeUndefined();
  });
});
