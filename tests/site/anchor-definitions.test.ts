// The one-line anchor definitions (site-content/anchors/definitions.yaml) as the site will show them: one for every
// anchor of the pinned catalogue and none for an id it lacks, each one line of readable length, no two alike, ids
// sorted, and the file credits the catalogue and says the wording is ours. No browser: this reads the real files.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { catalogue } from '@semantic-anchors/engine';
import {
  DEFINITION_LENGTH,
  readAnchorDefinitions,
  renderProblem,
} from '../../apps/configurator/src/lib/anchor-definitions-yaml.js';
import { REPO } from './support/build.js';

const FILE = 'site-content/anchors/definitions.yaml';
const text = readFileSync(join(REPO, FILE), 'utf8');
const ids = catalogue.anchors.map((a) => a.id);
const read = (yaml: string) =>
  readAnchorDefinitions(yaml, ids).problems.map((p) => renderProblem('definitions.yaml', p));

describe('the anchor definitions file', () => {
  it('has no problem the site build would refuse', () => {
    expect(readAnchorDefinitions(text, ids).problems.map((p) => renderProblem(FILE, p))).toEqual([]);
  });

  // Judged once more without the reader, so a mistake in the reader cannot hide a gap in the file.
  it('defines every catalogue anchor and nothing else, in sorted order', () => {
    const data = parse(text) as Record<string, unknown>;
    expect(Object.keys(data)).toEqual([...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(ids).toHaveLength(catalogue.meta.counts.anchors);
  });

  it('gives each anchor one line of readable length, and no two anchors the same line', () => {
    const lines = Object.entries(parse(text) as Record<string, unknown>);
    const { min, max } = DEFINITION_LENGTH;
    const bad = lines.filter(([, v]) => typeof v !== 'string' || v.length < min || v.length > max || v.includes('\n'));
    expect(bad).toEqual([]);
    const values = lines.map(([, v]) => String(v).toLowerCase());
    expect(new Set(values).size).toBe(values.length);
  });

  it('says the wording is ours and credits the catalogue with its link, licence and pinned commit', () => {
    const header = text.split('\n').filter((l) => l.startsWith('#'));
    const credit = header.join(' ');
    expect(credit).toContain('wording is ours');
    expect(credit).toContain(catalogue.meta.repository);
    expect(credit).toContain(catalogue.meta.license);
    expect(credit).toContain(catalogue.meta.commit);
  });

  it('keeps a line that a search for "commit message" finds on both commit-message conventions', () => {
    const { lines } = readAnchorDefinitions(text, ids);
    const hits = [...lines].filter(([, d]) => /commit/i.test(d) && /message/i.test(d)).map(([id]) => id);
    expect(hits).toEqual(expect.arrayContaining(['50-72-rule', 'conventional-commits']));
  });
});

describe('the definitions reader', () => {
  const line = (id: string) => `${id}: A line long enough to pass the length rule for the anchor ${id}.`;
  const all = ids.map(line);

  it('accepts a complete, sorted file and returns each line', () => {
    const { lines, problems } = readAnchorDefinitions(all.join('\n'), ids);
    expect(problems).toEqual([]);
    expect(lines.get('arc42')).toBe('A line long enough to pass the length rule for the anchor arc42.');
  });

  it('names a missing anchor and says which line to add', () => {
    const without = all.filter((l) => !l.startsWith('arc42:')).join('\n');
    expect(read(without)).toEqual([
      expect.stringMatching(/: "arc42" has no definition\n {2}hint: add a line `arc42: …`/),
    ]);
  });

  it('places an id the catalogue lacks at its line', () => {
    const extra = [...all.slice(0, 2), line('arc43'), ...all.slice(2)].join('\n');
    expect(read(extra)).toEqual([
      'definitions.yaml:3:1: "arc43" is not an anchor of the pinned catalogue\n  hint: use an id from presets/catalogue/anchors.json',
    ]);
  });

  it('rejects a line that is too short or too long, and one repeated for two anchors', () => {
    const edited = [...all];
    edited[0] = `${ids[0]}: Too short.`;
    edited[1] = `${ids[1]}: ${'word '.repeat(50).trim()}.`;
    edited[3] = `${ids[3]}: ${edited[2]?.split(': ')[1]}`;
    const problems = read(edited.join('\n'));
    expect(problems).toEqual([
      expect.stringContaining(`definitions.yaml:1:1: the definition of "${ids[0]}" is 10 characters long`),
      expect.stringContaining(`definitions.yaml:2:1: the definition of "${ids[1]}" is 250 characters long`),
      expect.stringContaining(`definitions.yaml:4:1: "${ids[3]}" has the same definition as "${ids[2]}"`),
    ]);
  });

  it('reports ids out of order, an id given twice, and a line that is not text', () => {
    const swapped = [all[1], all[0], ...all.slice(2)].join('\n');
    expect(read(swapped)).toEqual([expect.stringContaining(`"${ids[0]}" comes after "${ids[1]}"`)]);
    expect(read([...all, all[0]].join('\n'))).toEqual(
      expect.arrayContaining([expect.stringMatching(/^definitions\.yaml:\d+:1: Map keys must be unique/)]),
    );
    const listed = [`${ids[0]}:\n  - not a line`, ...all.slice(1)].join('\n');
    expect(read(listed)).toEqual([expect.stringContaining(`"${ids[0]}" has no definition text`)]);
  });
});
