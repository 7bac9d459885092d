import { describe, expect, it } from 'vitest';
import { languageReference } from '@semantic-anchors/engine';

// GFM splits a table row at every pipe not preceded by exactly one backslash (an escaped backslash does not count).
function cells(row: string): string[] {
  const out: string[] = [];
  let cell = '';
  for (let i = 0; i < row.length; i++) {
    const ch = row[i]!;
    if (ch === '\\' && i + 1 < row.length) {
      cell += ch + row[i + 1];
      i++;
      continue;
    }
    if (ch === '|') {
      out.push(cell);
      cell = '';
      continue;
    }
    cell += ch;
  }
  out.push(cell);
  return out.slice(1, -1); // the leading and trailing pipes open and close the row
}

describe('language reference tables', () => {
  const rows = languageReference()
    .split('\n')
    .filter((l) => l.startsWith('| `'));

  it('keeps every row at five columns, unions written "A" | "B" included', () => {
    const broken = rows.filter((r) => cells(r).length !== 5);
    expect(broken).toEqual([]);
  });

  it('keeps the example column of the mode, onError and expect rows', () => {
    for (const name of ['mode', 'onError', 'expect']) {
      const row = rows.find((r) => r.startsWith(`| \`${name}\` |`));
      expect(row, name).toBeDefined();
      expect(cells(row!)[4]!.trim(), name).toMatch(/^`".+"`$/);
    }
  });
});
