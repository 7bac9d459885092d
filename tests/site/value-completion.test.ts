// Completion, hover and quick fixes for the values that matter, in the editor page's Monaco: the catalogue's anchor
// ids for anchorRefs, the bundled preset ids for extends, opencode's tool names for a tool's name, an anchor's name,
// definition and link on hover, and a "did you mean" diagnostic fixed from the lightbulb menu.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { bundledPresets, catalogue } from '@semantic-anchors/engine';
import { useSite } from './support/site.js';
import { editorMarkers, editorText, setEditorText, waitForEditor } from './support/browser.js';

const site = useSite();

const CONTRACT = [
  'version: 1',
  'contracts:',
  '  - id: my-rule',
  '    description: A rule.',
  '    mode: WARN',
  '    message: Do it another way.',
];

async function editor(text: string): Promise<Page> {
  const page = await site.open('editor/');
  await waitForEditor(page);
  await setEditorText(page, text);
  await page.keyboard.press('Control+End');
  return page;
}

/** Opens the suggestion list at the cursor and returns the text of its visible rows. */
async function suggestions(page: Page): Promise<string[]> {
  await page.keyboard.press('Control+Space');
  await page.waitForSelector('.suggest-widget.visible .monaco-list-row', { timeout: 10_000 });
  return page.$$eval('.suggest-widget.visible .monaco-list-row', (rows) => rows.map((r) => r.textContent ?? ''));
}

describe('completion of the values that matter', () => {
  it('offers the catalogue anchor ids, with their names, for anchorRefs', async () => {
    const page = await editor(
      [...CONTRACT, '    when: { tool: { name: bash } }', '    anchorRefs: [conventional'].join('\n'),
    );
    const rows = await suggestions(page);
    expect(rows.some((r) => r.includes('conventional-commits') && r.includes('Conventional Commits'))).toBe(true);
    await page.keyboard.press('Enter');
    expect(await editorText(page)).toContain('anchorRefs: [conventional-commits');
  });

  it('finds an anchor by its name, not only its id', async () => {
    const title = catalogue.anchors.find((a) => a.id === 'adr-according-to-nygard')!.title;
    const page = await editor(
      [...CONTRACT, '    when: { tool: { name: bash } }', '    anchorRefs:', '      - nygard'].join('\n'),
    );
    const rows = await suggestions(page);
    expect(rows.some((r) => r.includes('adr-according-to-nygard') && r.includes(title))).toBe(true);
  });

  it('offers the twelve preset ids for extends, not key names', async () => {
    const page = await editor('version: 1\nextends: [');
    const rows = await suggestions(page);
    const offered = bundledPresets.map((p) => p.id).filter((id) => rows.some((r) => r.includes(id)));
    expect(offered.length).toBeGreaterThanOrEqual(Math.min(bundledPresets.length, rows.length) - 1);
    expect(rows[0]).toMatch(new RegExp(bundledPresets.map((p) => p.id).join('|')));
  });

  it("offers opencode's built-in tool names for a tool's name", async () => {
    const page = await editor([...CONTRACT, '    when:', '      tool:', '        name: '].join('\n'));
    const rows = await suggestions(page);
    expect(rows[0]).toMatch(
      /^(bash|read|write|edit|patch|glob|grep|list|webfetch|websearch|task|todowrite|todoread|skill|question)/,
    );
    expect(rows.some((r) => r.startsWith('bash'))).toBe(true);
  });
});

describe('hover on an anchor id', () => {
  it("shows the anchor's name, its definition and a link to the catalogue", async () => {
    const anchor = catalogue.anchors.find((a) => a.id === 'conventional-commits')!;
    const page = await editor(
      [...CONTRACT, '    when: { tool: { name: bash } }', `    anchorRefs: [${anchor.id}]`].join('\n'),
    );
    await page.locator('.view-line span', { hasText: anchor.id }).last().hover();
    const hover = page.locator('.monaco-hover:visible', { hasText: anchor.title });
    await hover.waitFor({ timeout: 10_000 });
    expect(await hover.textContent()).toContain('An established Development Workflow practice');
    expect(await hover.locator(`a[data-href="${anchor.url}"], a[href="${anchor.url}"]`).count()).toBeGreaterThan(0);
  });
});

describe('"did you mean" quick fixes', () => {
  it('replaces a misspelt anchor id with the one the diagnostic suggests', async () => {
    const page = await editor(
      [...CONTRACT, '    when: { tool: { name: bash } }', '    anchorRefs: [conventional-comits]'].join('\n'),
    );
    await expect.poll(async () => (await editorMarkers(page)).map((m) => m.code)).toContain('unknown-anchor');
    await page.locator('.view-line span', { hasText: 'conventional-comits' }).last().click();
    await page.keyboard.press('Control+.');
    const fix = page
      .locator('.action-widget .action-label, .action-widget [role="option"]', { hasText: 'conventional-commits' })
      .first();
    await fix.waitFor({ timeout: 10_000 });
    // The preferred fix is focused when the menu opens (a click lands on the menu's overlay); Enter applies it.
    await page.keyboard.press('Enter');
    await expect.poll(() => editorText(page)).toContain('anchorRefs: [conventional-commits]');
    await expect.poll(async () => (await editorMarkers(page)).map((m) => m.code)).not.toContain('unknown-anchor');
  });

  it('renames a misspelt key', async () => {
    const page = await editor(['version: 1', 'setings:', '  bypassBudget: 2'].join('\n'));
    await expect
      .poll(async () => (await editorMarkers(page)).map((m) => m.message).join('\n'))
      .toContain('did you mean "settings"');
    await page.locator('.view-line span', { hasText: 'setings' }).first().click();
    await page.keyboard.press('Control+.');
    const fix = page
      .locator('.action-widget .action-label, .action-widget [role="option"]', { hasText: 'settings' })
      .first();
    await fix.waitFor({ timeout: 10_000 });
    // The preferred fix is focused when the menu opens (a click lands on the menu's overlay); Enter applies it.
    await page.keyboard.press('Enter');
    await expect.poll(() => editorText(page)).toContain('settings:\n  bypassBudget: 2');
  });
});
