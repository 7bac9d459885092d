// Completion, hover and quick fixes for the values that matter, in the editor page's Monaco: the catalogue's anchor ids
// for anchorRefs, the bundled preset ids for extends, opencode's tool names for a tool's name, role ids, an anchor's
// name, definition and link on hover, a preset's purpose and a tool's job on hover, and a "did you mean" problem fixed
// from its hover, with Ctrl+. and from the problems list.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { BUILTIN_TOOL_INFO, BUILTIN_TOOLS, bundledPresets, catalogue } from '@semantic-anchors/engine';
import { readAnchorDefinitions } from '../../apps/configurator/src/lib/anchor-definitions-yaml.js';
import { REPO } from './support/build.js';
import { useSite } from './support/site.js';
import {
  editorMarkers,
  editorText,
  hoverOn,
  setEditorText,
  SUGGESTIONS,
  suggestionRows,
  waitForEditor,
} from './support/browser.js';

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

/** Opens the suggestion list at the cursor and returns its visible rows (label and description; up to 12). */
async function suggestions(page: Page): Promise<string[]> {
  await page.keyboard.press('Control+Space');
  await page.waitForSelector(SUGGESTIONS, { timeout: 10_000 });
  // The list settles on the word typed; a test that accepts a row waits for it, as any human does.
  await page.waitForTimeout(200);
  return suggestionRows(page);
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
    // The built-in tools the engine knows by name are offered, with what each does (the widget shows 12 rows at a
    // time; editor-help.test.ts checks the whole list).
    const shown = BUILTIN_TOOLS.filter((name) => rows.some((r) => r.startsWith(`${name} `)));
    expect(shown.length).toBeGreaterThanOrEqual(Math.min(BUILTIN_TOOLS.length, rows.length) - 1);
    expect(rows.find((r) => r.startsWith('bash'))).toContain(BUILTIN_TOOL_INFO.bash);
  });

  it('offers role ids for roles.default, with their catalogue names', async () => {
    const page = await editor('version: 1\nextends: [qa-engineer]\nroles:\n  default: qa');
    const rows = await suggestions(page);
    expect(rows[0]).toMatch(/^qa-engineer /);
    await page.keyboard.press('Enter');
    expect(await editorText(page)).toContain('default: qa-engineer');
  });
});

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
    // Monaco renders a Markdown link with its target in data-href, and opens it itself.
    expect(await hover.locator(`a[data-href="${anchor.url}"], a[href="${anchor.url}"]`).count()).toBe(1);
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
  /**
   * Hovers the underlined word, opens the problem's quick fixes from the hover and applies the one naming
   * `replacement` with Enter (the menu opens with its preferred fix focused). Returns once `wrong` is gone from the text.
   */
  async function applyFix(page: Page, wrong: string, replacement: string) {
    const fix = page.locator('.action-widget .monaco-list-row.action.focused', { hasText: replacement }).first();
    // Up to three tries, as a human retries: on a loaded CI machine (2 cores, other suites beside it) the hover can
    // close between its appearing and the click, and the click then lands on the text (seen 4 December 2026), or the
    // menu can close between its drawing and the Enter, which then lands in the text as a new line (CI on 28c3368,
    // 5 December 2026): that new line is undone before the next try. A fix that never applies still fails the test.
    for (let attempt = 1; ; attempt++) {
      const before = await editorText(page);
      try {
        const hover = await hoverOn(page, wrong, 'Quick Fix');
        await hover.locator('.action', { hasText: 'Quick Fix' }).first().click();
        await fix.waitFor({ timeout: 10_000 });
        await page.keyboard.press('Enter');
        await expect.poll(() => editorText(page), { timeout: 5_000 }).not.toContain(wrong);
        return;
      } catch (error) {
        if (attempt >= 3) throw error;
        await page.keyboard.press('Escape');
        if ((await editorText(page)) !== before) await page.keyboard.press('Control+Z');
        await expect.poll(() => editorText(page)).toBe(before);
        await page.mouse.move(0, 0);
      }
    }
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

  it('renames a misspelt key from the keyboard: Ctrl+. at the problem, Enter on the fix', async () => {
    const page = await editor(['version: 1', 'setings:', '  bypassBudget: 2'].join('\n'));
    await expect
      .poll(async () => (await editorMarkers(page)).map((m) => m.message).join('\n'))
      .toContain('did you mean "settings"');
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Control+.');
    // The code action menu has the focus, its first (preferred) fix selected.
    const fix = page.locator('.action-widget .monaco-list-row.action.focused', { hasText: 'settings' });
    await fix.waitFor({ timeout: 10_000 });
    await page.keyboard.press('Enter');
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
