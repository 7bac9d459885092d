// Completion, hover and quick fixes for the values that matter, in the editor page's CodeMirror: the catalogue's anchor
// ids for anchorRefs, the bundled preset ids for extends, opencode's tool names for a tool's name, an anchor's name,
// definition and link on hover, a preset's purpose and a tool's job on hover, and a "did you mean" diagnostic fixed
// from the diagnostic's tooltip.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { BUILTIN_TOOL_INFO, BUILTIN_TOOLS, bundledPresets, catalogue } from '@semantic-anchors/engine';
import { readAnchorDefinitions } from '../../apps/configurator/src/lib/anchor-definitions-yaml.js';
import { REPO } from './support/build.js';
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
  await page.waitForSelector('.cm-tooltip-autocomplete li', { timeout: 10_000 });
  // CodeMirror ignores Enter for 75 ms after the list opens (its interactionDelay: a fast Enter meant for a new line
  // must not accept a suggestion); a test that accepts one waits that long, as any human does.
  await page.waitForTimeout(200);
  return page.$$eval('.cm-tooltip-autocomplete li', (rows) => rows.map((r) => r.textContent ?? ''));
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
    // Every built-in tool the engine knows by name is offered, with what it does.
    for (const name of BUILTIN_TOOLS)
      expect(
        rows.some((r) => r.startsWith(name)),
        name,
      ).toBe(true);
    expect(rows.find((r) => r.startsWith('bash'))).toContain(BUILTIN_TOOL_INFO.bash);
  });
});

/** Hovers the last piece of text in the editor that reads `text`, and returns the hover tooltip holding `expect`. */
async function hoverOn(page: Page, text: string, expect: string) {
  const line = page.locator('.cm-line', { hasText: text }).last();
  const box = (await line.boundingBox())!;
  // The text's x position on its line: measured in the page, the editor's font is whatever the system gives.
  const x = await line.evaluate((el, t) => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const at = (n.textContent ?? '').indexOf(t);
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(n, at);
      range.setEnd(n, at + t.length);
      const r = range.getBoundingClientRect();
      return r.left + r.width / 2 - el.getBoundingClientRect().left;
    }
    return 5;
  }, text);
  await line.hover({ position: { x, y: box.height / 2 } });
  const hover = page.locator('.cm-tooltip-hover', { hasText: expect });
  await hover.waitFor({ timeout: 10_000 });
  return hover;
}

describe('hover on a value', () => {
  it("shows an anchor's name, its definition and a link to the catalogue", async () => {
    const anchor = catalogue.anchors.find((a) => a.id === 'conventional-commits')!;
    const page = await editor(
      [...CONTRACT, '    when: { tool: { name: bash } }', `    anchorRefs: [${anchor.id}]`].join('\n'),
    );
    const hover = await hoverOn(page, anchor.id, anchor.title);
    // The one-line definition the site writes for the anchor (site-content/anchors/definitions.yaml).
    const definitions = readAnchorDefinitions(
      readFileSync(join(REPO, 'site-content/anchors/definitions.yaml'), 'utf8'),
      catalogue.anchors.map((a) => a.id),
    );
    expect(await hover.textContent()).toContain(definitions.lines.get(anchor.id));
    expect(await hover.locator(`a[href="${anchor.url}"]`).count()).toBe(1);
  });

  it("shows a preset's purpose, and what a built-in tool does", async () => {
    const page = await editor(
      ['version: 1', 'extends: [qa-engineer]', ...CONTRACT.slice(1), '    when: { tool: { name: grep } }'].join('\n'),
    );
    const preset = bundledPresets.find((p) => p.id === 'qa-engineer')!;
    const purpose = /purpose:\s*(.+)/
      .exec(preset.text)![1]!
      .replace(/^["']|["']$/g, '')
      .slice(0, 30);
    await hoverOn(page, 'qa-engineer', purpose);
    await page.mouse.move(0, 0);
    await hoverOn(page, 'grep', 'searches file contents');
  });
});

describe('"did you mean" quick fixes', () => {
  /** Hovers the underlined word, then applies the fix naming `replacement` from the diagnostic's tooltip. */
  async function applyFix(page: Page, wrong: string, replacement: string) {
    await page.locator('.cm-lintRange', { hasText: wrong }).first().hover();
    const fix = page.locator('.cm-tooltip-lint .cm-diagnosticAction', { hasText: replacement }).first();
    await fix.waitFor({ timeout: 10_000 });
    await fix.click();
  }

  it('replaces a misspelt anchor id with the one the diagnostic suggests', async () => {
    const page = await editor(
      [...CONTRACT, '    when: { tool: { name: bash } }', '    anchorRefs: [conventional-comits]'].join('\n'),
    );
    await expect.poll(async () => (await editorMarkers(page)).map((m) => m.code)).toContain('unknown-anchor');
    await applyFix(page, 'conventional-comits', 'conventional-commits');
    await expect.poll(() => editorText(page)).toContain('anchorRefs: [conventional-commits]');
    await expect.poll(async () => (await editorMarkers(page)).map((m) => m.code)).not.toContain('unknown-anchor');
  });

  it('renames a misspelt key, also from the keyboard through the diagnostics panel', async () => {
    const page = await editor(['version: 1', 'setings:', '  bypassBudget: 2'].join('\n'));
    await expect
      .poll(async () => (await editorMarkers(page)).map((m) => m.message).join('\n'))
      .toContain('did you mean "settings"');
    // Ctrl+Shift+M opens the list of diagnostics; each fix is a button in it, with a letter that applies it.
    await page.keyboard.press('Control+Shift+KeyM');
    const fix = page.locator('.cm-panel.cm-panel-lint .cm-diagnosticAction', { hasText: 'settings' }).first();
    await fix.waitFor({ timeout: 10_000 });
    // The panel has focus; the fix's underlined letter applies it.
    const letter = await fix.locator('u').textContent();
    await page.keyboard.press(letter!.toLowerCase());
    await expect.poll(() => editorText(page)).toContain('settings:\n  bypassBudget: 2');
    await expect.poll(async () => (await editorMarkers(page)).map((m) => m.code)).toEqual([]);
  });

  it('offers the same fixes in the problems list under the editor, for a wrongly cased value too', async () => {
    const page = await editor([...CONTRACT.filter((l) => !l.includes('mode:')), '    mode: Block'].join('\n'));
    const problem = page.locator('#problems li', { hasText: 'mode is "Block"' });
    await expect.poll(() => problem.textContent()).toContain('did you mean "BLOCK"?');
    await problem.locator('button.quick-fix', { hasText: 'BLOCK' }).click();
    await expect.poll(() => editorText(page)).toMatch(/\n {4}mode: BLOCK$/);
    await expect.poll(() => page.locator('#problems li', { hasText: 'mode is' }).count()).toBe(0);
  });
});
