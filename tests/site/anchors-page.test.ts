// The anchors page as a reader uses it: our written definition on every card, search that covers definitions, a hint
// instead of a bare "0 of 189", a linked card highlighted and never hidden by a filter, roles without a preset marked,
// the anchors our presets use, and no axe violation at all (heading order included).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { parse } from 'yaml';
import { bundledPresets, catalogue } from '@semantic-anchors/engine';
import { REPO } from './support/build.js';
import { useSite } from './support/site.js';
import { axeViolations } from './support/axe.js';

const site = useSite();
const open = (path: string): Promise<Page> => site.open(path);
const shown = (page: Page) => page.$$eval('li.anchor:not([hidden])', (lis) => lis.map((li) => li.id));
// The lines as written, read straight from the file: the page must show these, not something derived from facts.
const written = parse(readFileSync(join(REPO, 'site-content/anchors/definitions.yaml'), 'utf8')) as Record<
  string,
  string
>;

describe('the anchors page', () => {
  it('shows on every card the definition written for it, says the wording is ours and credits the catalogue', async () => {
    const page = await open('anchors/');
    const cards = await page.$$eval('li.anchor', (lis) =>
      lis.map((li) => [li.id, li.querySelector('.definition')?.textContent?.trim() ?? '']),
    );
    expect(cards).toHaveLength(catalogue.anchors.length);
    expect(Object.fromEntries(cards)).toEqual(written);
    const main = (await page.textContent('main')) ?? '';
    expect(main).toContain(catalogue.meta.license);
    expect(main).toContain(catalogue.meta.repository.replace('https://', ''));
    expect(await page.textContent('.definitions-note')).toMatch(
      /definitions are ours[^.]*own words, not the catalogue's/,
    );
  });

  it('searches the definitions: "commit message" finds the 50/72 rule and Conventional Commits', async () => {
    const page = await open('anchors/');
    // Neither title nor id holds "message": only the written definitions do.
    await page.fill('#anchor-search', 'commit message');
    const hits = await shown(page);
    expect(hits).toEqual(expect.arrayContaining(['50-72-rule', 'conventional-commits']));
    // Every anchor whose written line says both words is found (contracts citing an anchor may add a few more).
    const saying = Object.keys(written).filter(
      (id) => /commit/i.test(written[id] ?? '') && /message/i.test(written[id] ?? ''),
    );
    expect(hits).toEqual(expect.arrayContaining(saying));
    expect(hits.length).toBeLessThan(10);
    await page.fill('#anchor-search', 'sticky notes');
    expect(await shown(page)).toEqual(['event-storming']);
  });

  it('searches category names too, and every word of the query', async () => {
    const page = await open('anchors/');
    const inCategory = catalogue.anchors.filter((a) => a.categories.includes('development-workflow')).map((a) => a.id);
    await page.fill('#anchor-search', 'development workflow');
    const hits = await shown(page);
    expect(hits).toEqual(expect.arrayContaining(inCategory));
    expect(hits.length).toBeLessThan(catalogue.anchors.length / 2);
    await page.fill('#anchor-search', 'workflow conventional');
    expect(await shown(page)).toContain('conventional-commits');
    expect((await shown(page)).length).toBeLessThan(5);
  });

  it('explains "0 of 189" and clears the filters in one click', async () => {
    const page = await open('anchors/?q=zzzz-no-such-anchor');
    expect(await page.textContent('#anchor-count')).toBe(`0 of ${catalogue.anchors.length} anchors`);
    expect(await page.isVisible('#anchor-empty')).toBe(true);
    await page.click('#anchor-clear');
    expect(await page.textContent('#anchor-count')).toBe(
      `${catalogue.anchors.length} of ${catalogue.anchors.length} anchors`,
    );
    expect(await page.isVisible('#anchor-empty')).toBe(false);
  });

  it('highlights the linked card, and shows it even when a filter would hide it', async () => {
    const page = await open('anchors/?q=arc42#conventional-commits');
    expect(await page.isVisible('li#conventional-commits')).toBe(true);
    const style = await page.$eval('li#conventional-commits', (li) => getComputedStyle(li).outlineStyle);
    expect(style).toBe('solid');
    const other = await page.$eval('li#arc42', (li) => getComputedStyle(li).outlineStyle);
    expect(other).toBe('none');
  });

  it('marks the catalogue roles that have no preset in the role filter', async () => {
    const page = await open('anchors/');
    const options = await page.$$eval('#anchor-role option[value]:not([value=""])', (os) =>
      os.map((o) => ({ id: (o as HTMLOptionElement).value, text: o.textContent ?? '' })),
    );
    const presetIds = new Set(bundledPresets.map((p) => p.id));
    expect(options).toHaveLength(catalogue.roles.length);
    for (const o of options) expect(o.text.includes('(no preset)'), o.id).toBe(!presetIds.has(o.id));
  });

  it('says which anchors our presets use, and which contracts cite each', async () => {
    const page = await open('anchors/');
    const used = await page.$$eval('.used-anchors a', (as) => as.map((a) => a.getAttribute('href')?.slice(1) ?? ''));
    const flagged = await page.$$eval('li.anchor[data-used="yes"]', (lis) => lis.map((li) => li.id));
    expect(used.length).toBeGreaterThan(10);
    expect(new Set(used)).toEqual(new Set(flagged));
    const citing = await page.$$eval('li#conventional-commits details.citing li a', (as) =>
      as.map((a) => a.getAttribute('href') ?? ''),
    );
    expect(citing.some((h) => h.includes('/roles/') && h.includes('#contract-'))).toBe(true);
  });

  it('has no accessibility violation of any impact, heading order included', async () => {
    const page = await open('anchors/');
    expect(await axeViolations(page)).toEqual([]);
  });
});
