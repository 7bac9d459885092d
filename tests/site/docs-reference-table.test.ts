// The language reference as rendered on the docs page: a type written `"A" | "B"` stays in its column (the row keeps
// five cells and its example), and field names do not wrap letter by letter, at desktop and phone widths.
import { describe, expect, it } from 'vitest';
import { useSite } from './support/site.js';

const site = useSite();

const reference = (width: number) => site.open('docs/', { width, height: 900 });

describe('the language reference tables', () => {
  it('keeps a union type in one cell, with the example in the last column (mode, onError, expect)', async () => {
    const page = await reference(1400);
    const rows = await page.$$eval('.reference table tbody tr', (trs) =>
      trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => td.textContent?.trim() ?? '')),
    );
    expect(rows.length).toBeGreaterThan(50);
    expect(rows.filter((cells) => cells.length !== 5)).toEqual([]);
    const row = (name: string) => rows.find((cells) => cells[0] === name);
    expect(row('mode')?.[1]).toBe('"BLOCK" | "WARN"');
    expect(row('mode')?.[4]).toBe('"BLOCK"');
    expect(row('onError')?.[1]).toBe('"allow" | "block"');
    expect(row('onError')?.[4]).toBe('"allow"');
    expect(row('expect')?.[1]).toBe('"ALLOW" | "WARN" | "BLOCK"');
    expect(row('expect')?.[4]).toBe('"BLOCK"');
  });

  it.each([1400, 390])('keeps every field name on one line at %i px', async (width) => {
    const page = await reference(width);
    const wrapped = await page.$$eval('.reference table tbody td:first-child code', (codes) =>
      codes
        .filter(
          (c) =>
            c.getClientRects().length !== 1 ||
            c.getBoundingClientRect().height > 1.6 * parseFloat(getComputedStyle(c).lineHeight || '20'),
        )
        .map((c) => c.textContent),
    );
    expect(wrapped).toEqual([]);
  });
});
