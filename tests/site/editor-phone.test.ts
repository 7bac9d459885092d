// The editor page on a phone (a 390 px touch screen, no mouse), where Monaco is not supported: the plain text area,
// with the same checks, problems list and quick-fix buttons, help for the cursor's place, simulator, storage and
// download as the desktop form — one editor-agnostic layer feeds both. Real Chromium against the built site.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useSite } from './support/site.js';
import {
  editorForm,
  editorMarkers,
  editorText,
  PHONE,
  setEditorText,
  validations,
  waitForEditor,
  waitForFullCheck,
  waitForValidationAfter,
} from './support/browser.js';
import { cli, explain, scratchDir } from './support/cli.js';
import { ensureCliBuilt } from './support/build.js';
import { editorFixture } from './support/editor-fixture.js';
import { largeContractFile } from '../../apps/configurator/bench/large-file.mjs';

const site = useSite();
beforeAll(() => ensureCliBuilt());

async function phone(path = 'editor/'): Promise<Page> {
  const page = await site.open(path, PHONE);
  await waitForEditor(page);
  return page;
}

describe('the plain form', () => {
  it('takes the place of Monaco on a phone, labelled, and offers the full editor for larger screens', async () => {
    const page = await phone();
    expect(await editorForm(page)).toBe('plain');
    expect(await page.$('.monaco-editor')).toBeNull();
    const area = page.locator('textarea#editor-text');
    expect(await area.getAttribute('aria-labelledby')).toBe('file-title');
    expect(await page.textContent('#file-title')).toBe('opencode-semantic-anchors.yaml');
    expect(await page.isVisible('#plain-keys')).toBe(true);
    expect(await page.isVisible('#editor-keys')).toBe(false);
    expect(await page.textContent('#editor-form-switch')).toContain('full editor');
    expect(await editorText(page)).toMatch(/^version: 1\nextends: \[/);
    // Safari on a phone zooms into a text field whose text is under 16px when it takes the focus, and stays zoomed.
    expect(parseFloat(await area.evaluate((a) => getComputedStyle(a).fontSize))).toBeGreaterThanOrEqual(16);
  });

  it('checks each keystroke and lists the problem with its quick fix, which the button applies', async () => {
    const page = await phone();
    await setEditorText(page, 'version: 1\ncontracts:\n  - id: a\n    description: A rule.\n    mode: WARN\n');
    await page.keyboard.press('Control+End');
    const before = await validations(page);
    await page.keyboard.type('    mesage: x\n');
    await waitForValidationAfter(page, before);
    const problem = page.locator('#problems li', { hasText: 'mesage' });
    await expect.poll(() => problem.count()).toBe(1);
    expect((await editorMarkers(page)).map((m) => m.line)).toContain(6);
    await problem.locator('button.quick-fix', { hasText: 'message' }).click();
    await expect.poll(() => editorText(page)).toContain('    message: x\n');
    // The fix is one undoable edit of the text area.
    await page.keyboard.press('Control+z');
    await expect.poll(() => editorText(page)).toContain('    mesage: x\n');
  });

  it('shows the help for the key or id at the cursor under the text', async () => {
    const page = await phone();
    await setEditorText(page, 'version: 1\nextends: [qa-engineer]\nsettings:\n  bypassBudget: 2\n');
    await page.locator('textarea#editor-text').evaluate((area: HTMLTextAreaElement) => {
      const at = area.value.indexOf('bypassBudget') + 3;
      area.setSelectionRange(at, at);
      area.dispatchEvent(new KeyboardEvent('keyup'));
    });
    await expect.poll(() => page.textContent('#cursor-help')).toContain('settings.bypassBudget');
    expect(await page.textContent('#cursor-help')).toContain('bypasses');
    await page.locator('textarea#editor-text').evaluate((area: HTMLTextAreaElement) => {
      const at = area.value.indexOf('qa-engineer') + 2;
      area.setSelectionRange(at, at);
      area.dispatchEvent(new KeyboardEvent('keyup'));
    });
    await expect.poll(() => page.textContent('#cursor-help')).toContain('preset qa-engineer');
  });

  it('keeps closed sections closed while the text area has the focus, without the display lock that slows typing', async () => {
    const page = await phone();
    // A closed <details> hides its content with content-visibility: hidden (a display lock, which find-in-page can
    // open), and while any exists Chromium checks every node of a long text area for a locked ancestor on each edit.
    // Only the outermost: one nested in a closed section is not rendered at all while that one's content is
    // display: none (its ::details-content has no computed style then), and it is hidden by its ancestor anyway.
    const closed = () =>
      page.$$eval('details:not([open])', (all) =>
        all
          .filter((d) => d.parentElement?.closest('details:not([open])') == null)
          .map((d) => ({
            lock: getComputedStyle(d, '::details-content').contentVisibility,
            shown: Array.from(d.children)
              .filter((c) => c.tagName !== 'SUMMARY')
              .some((c) => c.checkVisibility()),
          })),
      );
    // Every closed section (more may appear while the page fills in: counted each time) in the same state.
    const allAre = async (lock: string) => {
      const now = await closed();
      expect(now.length).toBeGreaterThan(0); // the replay part, a role's contract list
      expect(now).toEqual(now.map(() => ({ lock, shown: false })));
    };
    await allAre('hidden');
    await page.click('textarea#editor-text');
    await allAre('visible');
    // Out of the text area, find-in-page searches closed sections again.
    await page.click('#file-title');
    await allAre('hidden');
  });

  it('keeps the text area in a form of its own, which typing and Enter never submit, and out of the spell checker', async () => {
    const page = await phone();
    // Chromium's autofill reads the whole form of the field typed into after every key: without a form of its own,
    // that was every formless control of the page (a key into a 5,000-line file cost 4–8% more, side by side).
    const area = page.locator('textarea#editor-text');
    expect(
      await area.evaluate((a: HTMLTextAreaElement) => ({
        form: a.form?.id,
        controls: a.form ? Array.from(a.form.elements).map((e) => e.id) : [],
        shown: a.form?.checkVisibility(),
      })),
    ).toEqual({ form: 'plain-editor-form', controls: ['editor-text'], shown: false });
    // What a phone's keyboard must leave alone in a YAML file, and the lines kept unwrapped (wrapping cost ~17% more
    // per key in a 5,000-line file): each line scrolls sideways instead.
    for (const [name, value] of Object.entries({
      spellcheck: 'false',
      autocorrect: 'off',
      autocapitalize: 'off',
      autocomplete: 'off',
      wrap: 'off',
    }))
      expect(await area.getAttribute(name), name).toBe(value);
    await page.evaluate(() => {
      (window as unknown as { submitted: number }).submitted = 0;
      document.addEventListener('submit', () => (window as unknown as { submitted: number }).submitted++, true);
    });
    const url = page.url();
    await setEditorText(page, 'version: 1\ncontracts: []\n');
    await page.keyboard.press('Control+End');
    const scroll = () =>
      area.evaluate((a: HTMLTextAreaElement) => ({ wider: a.scrollWidth > a.clientWidth, left: a.scrollLeft }));
    // A line longer than the screen is not wrapped: the text area scrolls sideways to keep the caret in view, and back
    // towards the start of the next line.
    await page.keyboard.type('# a long comment that runs well past the right edge of a phone screen, and on');
    await expect.poll(async () => (await scroll()).left).toBeGreaterThan(100);
    const atLongLine = await scroll();
    expect(atLongLine.wider).toBe(true);
    await page.keyboard.type('\n# next');
    await expect.poll(async () => (await scroll()).left).toBeLessThan(atLongLine.left);
    expect(await editorText(page)).toBe(
      'version: 1\ncontracts: []\n# a long comment that runs well past the right edge of a phone screen, and on\n# next',
    );
    expect(page.url()).toBe(url);
    expect(await page.evaluate(() => (window as unknown as { submitted: number }).submitted)).toBe(0);
  });

  it('moves the cursor to a problem from the list', async () => {
    const page = await phone();
    await setEditorText(page, 'version: 1\nsetings: {}\n');
    await page.locator('#problems li button.link').first().click();
    const caret = await page.locator('textarea#editor-text').evaluate((a: HTMLTextAreaElement) => ({
      focused: document.activeElement === a,
      line: a.value.slice(0, a.selectionStart).split('\n').length,
    }));
    expect(caret).toEqual({ focused: true, line: 2 });
  });
});

describe('a whole file put in by the page (composition, import)', () => {
  it('arrives exactly as written, markup characters, blank lines and tabs included, as one undoable edit', async () => {
    const page = await phone();
    const first = await editorText(page);
    const text =
      'version: 1\n# <b>not bold</b> & &amp; <!-- kept --> <script>x</script>\n\n\n\tkey: "a < b > c"\u00a0\ncontracts: []\n';
    await page.evaluate(() => {
      const w = window as unknown as { edits: string[] };
      w.edits = [];
      document
        .getElementById('editor-text')!
        .addEventListener('input', (e) => w.edits.push((e as InputEvent).inputType ?? e.type));
    });
    await setEditorText(page, text);
    expect(await editorText(page)).toBe(text);
    // One edit of the text area (a long file typed in line by line took a minute), not a second attempt.
    expect(await page.evaluate(() => (window as unknown as { edits: string[] }).edits)).toHaveLength(1);
    // Line breaks as a text area's value has them, whichever the file had.
    await setEditorText(page, 'version: 1\r\ncontracts: []\r\n# last line\r');
    expect(await editorText(page)).toBe('version: 1\ncontracts: []\n# last line\n');
    await page.keyboard.press('Control+z');
    await expect.poll(() => editorText(page)).toBe(text);
    await page.keyboard.press('Control+z');
    await expect.poll(() => editorText(page)).toBe(first);
  });
});

describe('a long file on a phone', () => {
  it('keeps every key typed into a 5,000-line text area, marks the problem on its line, and undoes the whole file in one step', async () => {
    const page = await phone();
    const first = await editorText(page);
    const text = largeContractFile(5000);
    // As composition and import put a file in: one edit of the text area, which the page then has laid out afresh.
    await setEditorText(page, text);
    await page.waitForFunction(() => !document.documentElement.dataset.pendingFull, undefined, { timeout: 60_000 });
    expect((await editorMarkers(page)).filter((m) => m.severity === 'error')).toEqual([]);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('editor-text');
    await page.keyboard.press('Control+End');
    await page.keyboard.type('bogus: 1');
    expect(await editorText(page)).toBe(`${text}bogus: 1`);
    const lastLine = text.split('\n').length;
    await expect
      .poll(async () => (await editorMarkers(page)).filter((m) => m.severity === 'error').map((m) => [m.line, m.col]), {
        timeout: 30_000,
      })
      .toContainEqual([lastLine, 1]);
    // The problem's line in the list moves the caret there.
    await page.locator('#problems li', { hasText: 'bogus' }).locator('button.link').first().click();
    expect(
      await page.locator('textarea#editor-text').evaluate((a: HTMLTextAreaElement) => ({
        focused: document.activeElement === a,
        line: a.value.slice(0, a.selectionStart).split('\n').length,
      })),
    ).toEqual({ focused: true, line: lastLine });
    // The browser's own undo: the typing first, then the whole file, back to the text the page opened with.
    await page.keyboard.press('Control+z');
    await expect.poll(() => editorText(page)).toBe(text);
    await page.keyboard.press('Control+z');
    await expect.poll(() => editorText(page)).toBe(first);
  });
});

describe('the simulator, storage and download on a phone', () => {
  it('gives the verdicts `semantic-anchors explain` gives', async () => {
    const page = await phone();
    const text = editorFixture('near-miss.yaml');
    await setEditorText(page, text);
    await waitForFullCheck(page);
    await page.click('#clear-events');
    await page.selectOption('#event-kind', 'tool');
    await page.fill('#event-tool', 'bash');
    await page.fill('#event-args', '{ "command": "git push --force origin main" }');
    await page.click('#add-event');
    const verdicts = await page.$$eval('#verdicts li.verdict', (items) =>
      items.map((li) => ({
        decision: (li as HTMLElement).dataset.decision ?? '',
        matches: ((li as HTMLElement).dataset.matches ?? '').split(' ').filter(Boolean),
      })),
    );
    expect(verdicts).toEqual(explain(text, [{ tool: 'bash', args: { command: 'git push --force origin main' } }]));
    expect(verdicts[0]!.decision).toBe('BLOCK');
  });

  it('keeps the text over a reload, and downloads a file the CLI validates', async () => {
    const page = await phone();
    const text = editorFixture('near-miss.yaml').replace('no-force-push', 'no-force-push-phone');
    await setEditorText(page, text);
    await waitForFullCheck(page);
    await page.reload();
    await waitForEditor(page);
    expect(await editorText(page)).toBe(text);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
    const file = join(scratchDir(), 'opencode-semantic-anchors.yaml');
    await download.saveAs(file);
    expect(readFileSync(file, 'utf8')).toContain('no-force-push-phone');
    expect(cli(['validate', file]).stdout).toMatch(/opencode-semantic-anchors\.yaml/);
  });

  it('fits the phone screen without sideways scrolling', async () => {
    const page = await phone();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(1);
  });
});
