// A large file is parsed contract by contract after a keystroke (src/load/parse-by-parts.ts). It may only be faster:
// the document must be the one a whole parse of the same text gives (same data, same nodes at the same places, same
// lines), and a text it could read differently must be left to the whole parse.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isAlias, isCollection, isPair, isScalar, LineCounter, parseDocument } from 'yaml';
import { parseByParts } from '../src/load/parse-by-parts.js';
import { loadConfig } from '@semantic-anchors/engine';

const OPTIONS = { prettyErrors: false, uniqueKeys: true, strict: true, version: '1.2', logLevel: 'silent' } as const;
const root = join(import.meta.dirname, '../../..');
const presetTexts = readdirSync(join(root, 'presets'))
  .filter((f) => f.endsWith('.yaml'))
  .map((f) => ({ name: f, text: readFileSync(join(root, 'presets', f), 'utf8') }));
const { largeContractFile } = (await import(join(root, 'apps/configurator/bench/large-file.mjs'))) as {
  largeContractFile: (lines: number) => string;
};

/** Every node of the tree as data: its kind, place, style and value. */
function shape(node: unknown): unknown {
  if (isPair(node)) return { pair: [shape(node.key), shape(node.value)] };
  if (isAlias(node)) return { alias: node.source, range: node.range };
  if (isScalar(node)) return { scalar: node.value, type: node.type, range: node.range, tag: node.tag };
  if (isCollection(node))
    return { kind: node.constructor.name, flow: node.flow ?? false, range: node.range, items: node.items.map(shape) };
  return node ?? null;
}

function both(text: string) {
  const wholeLines = new LineCounter();
  const partLines = new LineCounter();
  const whole = parseDocument(text, { ...OPTIONS, lineCounter: wholeLines });
  const parts = parseByParts(text, { ...OPTIONS, lineCounter: partLines });
  return { whole, wholeLines, parts, partLines };
}

/** The parts' document equals the whole parse's, or there is none and the line counter was left untouched. */
function expectSameOrNone(text: string): boolean {
  const { whole, wholeLines, parts, partLines } = both(text);
  if (!parts) {
    expect(partLines.lineStarts).toEqual([]);
    return false;
  }
  expect(whole.errors).toEqual([]);
  expect(whole.warnings).toEqual([]);
  expect(shape(parts.contents)).toEqual(shape(whole.contents));
  expect(parts.range).toEqual(whole.range);
  expect(partLines.lineStarts).toEqual(wholeLines.lineStarts);
  expect(parts.toJS()).toEqual(whole.toJS());
  return true;
}

describe('parsing a large file contract by contract', () => {
  it('gives the whole parse’s document for every bundled preset and the editor bench’s files', () => {
    const texts = [
      ...presetTexts.map((p) => p.text),
      largeContractFile(500),
      largeContractFile(5000),
      largeContractFile(500).replace(/\n/g, '\r\n'),
    ];
    const used = texts.filter((t) => expectSameOrNone(t)).length;
    // Not a vacuous pass: every one of them takes the parts' path (presets use anchors within a contract).
    expect(used).toBe(texts.length);
  });

  it('gives the whole parse’s document after a keystroke anywhere, twice in a row (the second from memory)', () => {
    const base = largeContractFile(150);
    let used = 0;
    fc.assert(
      fc.property(
        fc.nat({ max: base.length }),
        fc.constantFrom('x', ' ', '\n', '-', ':', '#', "'", '"', '[', '{', '}', '&a ', '*a', '\t', '- id: y\n', '  '),
        fc.boolean(),
        (at, typed, remove) => {
          const text = remove ? base.slice(0, at) + base.slice(at + 1) : base.slice(0, at) + typed + base.slice(at);
          if (expectSameOrNone(text)) used++;
          expectSameOrNone(text);
        },
      ),
      { numRuns: 200, seed: 17 },
    );
    // Most keystrokes keep the file readable by parts; those that break it are the whole parse's to report.
    expect(used).toBeGreaterThan(100);
  });

  it('leaves a file with a syntax error, an alias or a tab to the whole parse, which reports it', () => {
    const base = largeContractFile(500);
    const broken = [
      base.replace('message: Do not do that (rule 7).', "message: 'Do not do that (rule 7)."),
      base.replace('mode: WARN', 'mode: WARN\n    mode: BLOCK'),
      // an alias whose anchor is in another contract
      base
        .replace('  - id: bench-rule-3', '  - &shared\n    id: bench-rule-3')
        .replace('  - id: bench-rule-5', '  - id: bench-rule-5\n    roles: *shared'),
      base.replace('    mode: BLOCK', '\tmode: BLOCK'),
      `%YAML 1.2\n---\n${base}`,
    ];
    for (const text of broken) expect(both(text).parts).toBeUndefined();
  });

  it('keeps an alias whose anchor is set earlier in the same contract, as the presets write them', () => {
    const base = largeContractFile(500).replace(
      "      - tool: { name: bash, command: '\\bgit\\s+push\\b.*--force.*bench-4' }",
      "      - tool: { name: bash, command: &push '\\bgit\\s+push\\b.*--force.*bench-4' }\n      - tool: { name: bash, command: *push }",
    );
    expect(base).toContain('*push');
    expect(expectSameOrNone(base)).toBe(true);
  });

  it('reports the same problems at the same places through loadConfig either way', () => {
    const base = largeContractFile(500);
    const edited = base.replace('mode: WARN', 'mode: WRAN').replace('expect: ALLOW', 'expect: ALOW');
    // The first load fills the parts' memory, the second is served from it; a small file is always parsed whole.
    const first = loadConfig(edited, { file: 'big.yaml' }).diagnostics;
    const second = loadConfig(edited, { file: 'big.yaml' }).diagnostics;
    expect(second).toEqual(first);
    expect(first.some((d) => d.message.includes('WRAN'))).toBe(true);
    const wholeOnly = loadConfig(`${edited}# a tab\there keeps it whole\n`, { file: 'big.yaml' }).diagnostics;
    expect(wholeOnly.map((d) => [d.code, d.position])).toEqual(first.map((d) => [d.code, d.position]));
  });
});
