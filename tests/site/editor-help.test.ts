// The editor's completion and hover as data, without a browser (completion.ts, hover.ts): the same answers Monaco's
// suggest widget and hover show on a desktop and the plain text area's help line shows on a phone. What a new user
// missed: role ids (roles.default, roles.agents, a contract's roles), contract ids in `disable`, tool names and
// argument names in an example's event, and what an enum value means.
import { describe, expect, it } from 'vitest';
import { BUILTIN_TOOLS, bundledPresets, catalogue, validate } from '@semantic-anchors/engine';
import { completionsAt } from '../../apps/configurator/src/client/editor/completion.js';
import { hoverAt } from '../../apps/configurator/src/client/editor/hover.js';
import { linesOf, type Pos, type TextLines } from '../../apps/configurator/src/client/editor/text-lines.js';
import { helpContextOf, type HelpContext } from '../../apps/configurator/src/client/editor/value-help.js';

/** The lines of `text` with `|` marking the cursor, the cursor, and what a check of the text knows. */
function at(marked: string): { lines: TextLines; pos: Pos; context: HelpContext } {
  const offset = marked.indexOf('|');
  const before = marked.slice(0, offset).split('\n');
  const text = marked.replace('|', '');
  const context = helpContextOf(validate(text, { file: 'opencode-semantic-anchors.yaml' }).load);
  return { lines: linesOf(text), pos: { line: before.length, ch: before[before.length - 1]!.length }, context };
}
const offered = (marked: string, explicit = true): string[] => {
  const { lines, pos, context } = at(marked);
  return completionsAt(lines, pos, explicit, context)?.items.map((i) => i.label) ?? [];
};
const hover = (marked: string) => {
  const { lines, pos, context } = at(marked);
  return hoverAt(lines, pos, context)?.doc;
};

const roleIds = catalogue.roles.map((r) => r.id);
const CONTRACT = [
  'contracts:',
  '  - id: my-rule',
  '    description: A rule.',
  '    mode: WARN',
  '    message: Not so.',
];

describe('completion of role ids', () => {
  it('offers the roles for roles.default and for each agent under roles.agents', () => {
    expect(offered('version: 1\nroles:\n  default: |')).toEqual(expect.arrayContaining(roleIds));
    expect(offered('version: 1\nroles:\n  agents:\n    build: soft|')).toContain('software-developer');
    expect(offered('version: 1\nroles:\n  agents: { plan: | }')).toEqual(expect.arrayContaining(roleIds));
  });

  it("offers them for a contract's roles and an example's role, and includes roles.custom", () => {
    const custom = 'version: 1\nroles:\n  custom: [release-manager]\n';
    expect(offered(`${custom}${CONTRACT.join('\n')}\n    roles: [|`)).toEqual(
      expect.arrayContaining(['release-manager', 'qa-engineer']),
    );
    expect(offered(`${custom}${CONTRACT.join('\n')}\n    roles:\n      - |`)).toContain('release-manager');
    const example = [...CONTRACT, '    examples:', '      - event: { message: hi }', '        role: |'].join('\n');
    expect(offered(`version: 1\n${example}`)).toEqual(expect.arrayContaining(roleIds));
  });

  it('does not offer existing roles where roles.custom declares new ones', () => {
    expect(offered('version: 1\nroles:\n  custom: [|')).not.toContain('software-developer');
  });
});

describe('completion of contract ids in disable', () => {
  it("offers the extended presets' contracts, found by id", () => {
    const preset = bundledPresets.find((p) => p.id === 'qa-engineer')!;
    const ids = (preset.data as { contracts: { id: string }[] }).contracts.map((c) => c.id);
    expect(offered('version: 1\nextends: [qa-engineer]\ndisable: [|')).toEqual(expect.arrayContaining(ids));
    expect(offered('version: 1\nextends: [qa-engineer]\ndisable:\n  - qa-no-f|')).toContain('qa-no-focused-tests');
    // A contract's own id names a new contract: nothing to offer there.
    expect(offered(`version: 1\nextends: [qa-engineer]\ncontracts:\n  - id: |`)).toEqual([]);
  });
});

describe('completion of tool names', () => {
  it("offers every built-in tool the engine knows by name for a trigger's tool name", () => {
    expect(offered(`version: 1\n${CONTRACT.join('\n')}\n    when:\n      tool:\n        name: |`)).toEqual(
      expect.arrayContaining([...BUILTIN_TOOLS]),
    );
  });
});

describe("completion in an example's event", () => {
  it('offers tool names for the tool, in flow and block style', () => {
    const flow = [...CONTRACT, '    examples:', '      - event: { tool: | }'].join('\n');
    expect(offered(`version: 1\n${flow}`)).toEqual(expect.arrayContaining(['bash', 'edit', 'write']));
    const block = [...CONTRACT, '    examples:', '      - event:', '          tool: ba|'].join('\n');
    expect(offered(`version: 1\n${block}`)).toContain('bash');
    const given = [...CONTRACT, '    examples:', '      - given:', '          - tool: |'].join('\n');
    expect(offered(`version: 1\n${given}`)).toContain('read');
  });

  it("offers the tool's argument names inside args", () => {
    const flow = [...CONTRACT, '    examples:', '      - event: { tool: bash, args: { | } }'].join('\n');
    expect(offered(`version: 1\n${flow}`)).toContain('command');
    const block = [
      ...CONTRACT,
      '    examples:',
      '      - event:',
      '          tool: edit',
      '          args:',
      '            |',
    ].join('\n');
    expect(offered(`version: 1\n${block}`)).toEqual(expect.arrayContaining(['filePath', 'oldString', 'newString']));
  });
});

describe('hover', () => {
  it('says what an enum value means, with the other choices', () => {
    const doc = hover(`version: 1\n${CONTRACT.join('\n').replace('mode: WARN', 'mode: BL|OCK')}`);
    expect(doc?.title).toBe('BLOCK');
    expect(doc?.text).toMatch(/BLOCK stops the call/);
    expect(doc?.text).toContain('Other choices: WARN');
  });

  it('names a role, a preset and an inherited contract', () => {
    expect(hover('version: 1\nextends: [qa-engineer]\nroles:\n  default: qa-eng|ineer')?.title).toBe(
      catalogue.roles.find((r) => r.id === 'qa-engineer')!.name,
    );
    expect(hover('version: 1\nextends: [qa-engineer]\ndisable: [qa-no-focu|sed-tests]')?.id).toBe('preset qa-engineer');
    expect(hover(`version: 1\n${CONTRACT.join('\n')}\n    examples:\n      - event: { tool: gr|ep }`)?.text).toContain(
      'searches file contents',
    );
  });

  it("names an example event's argument by its tool", () => {
    const doc = hover(
      `version: 1\n${CONTRACT.join('\n')}\n    examples:\n      - event: { tool: bash, args: { comm|and: ls } }`,
    );
    expect(doc).toMatchObject({ title: 'command', id: 'argument of bash' });
    expect(doc?.text).toContain('runs a shell command');
  });

  it("describes a key by its schema path, also a new user's roles.agents", () => {
    expect(hover('version: 1\nroles:\n  age|nts: {}')).toMatchObject({ id: 'roles.agents' });
  });
});
