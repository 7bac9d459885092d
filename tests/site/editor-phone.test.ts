// The editor page on a phone (a 390 px touch screen, no mouse), where Monaco is not supported: the plain text area,
// with the same checks, problems list and quick-fix buttons, help for the cursor's place, simulator, storage and
// download as the desktop form — one editor-agnostic layer feeds both. Real Chromium against the built site.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useSite } from './support/site.js';
import {
  editorCaret,
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
import { axeViolations } from './support/axe.js';

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
          // Rendered ones only: a section inside a part the page has not shown yet (display: none while its preset's
          // data loads) has no ::details-content style and locks nothing.
          .filter((d) => d.checkVisibility() && d.parentElement?.closest('details:not([open])') == null)
          .map((d) => ({
            lock: getComputedStyle(d, '::details-content').contentVisibility,
            shown: Array.from(d.children)
              .filter((c) => c.tagName !== 'SUMMARY')
              .some((c) => c.checkVisibility()),
          })),
      );
    // Every closed section (more may appear while the page fills in: counted each time) in the same state.
    const allAre = async (lock: string) => {
      // The replay part, a role's contract list: the list fills in once its preset's data has arrived (loaded when
      // the draft extends it), which on a loaded machine can be after the page is shown.
      await expect.poll(async () => (await closed()).length, { timeout: 15_000 }).toBeGreaterThan(0);
      const now = await closed();
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
    // The text area is as wide as its widest line; the box around it scrolls (plain/text-area.ts).
    const scroll = () =>
      page
        .locator('#plain-scroll')
        .evaluate((b: HTMLElement) => ({ wider: b.scrollWidth > b.clientWidth, left: b.scrollLeft }));
    // A line longer than the screen is not wrapped: the editor scrolls sideways to keep the caret in view, and back
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
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('editor-text');
    expect((await editorCaret(page)).line).toBe(2);
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
  it('keeps every key typed into a 5,000-line file, marks the problem on its line, and undoes the whole file in one step', async () => {
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
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('editor-text');
    expect(await editorCaret(page)).toEqual({ line: lastLine, ch: 0 });
    // Undo: the typing first, then the whole file, back to the text the page opened with.
    await page.keyboard.press('Control+z');
    await expect.poll(() => editorText(page)).toBe(text);
    await page.keyboard.press('Control+z');
    await expect.poll(() => editorText(page)).toBe(first);
  });
});

describe('a long file in parts: the lines around the caret in the text area, the rest as text', () => {
  /** The three parts of the plain form as laid out: each part's top, lines and text. */
  const parts = (page: Page) =>
    page.evaluate(() => {
      const area = document.getElementById('editor-text') as HTMLTextAreaElement;
      const above = document.getElementById('plain-above')!;
      const below = document.getElementById('plain-below')!;
      const box = document.getElementById('plain-scroll')!;
      // The lines of a part, shown in blocks; a block draws no line for a last line break alone, so the page adds one
      // after an empty last line.
      const lines = (part: HTMLElement) =>
        Array.from(part.children, (block) => (block.textContent ?? '').replace(/\n$/, '')).join('\n');
      return {
        lineHeight: parseFloat(getComputedStyle(area).lineHeight),
        above: {
          shown: !above.hidden,
          top: above.offsetTop,
          height: above.offsetHeight,
          text: lines(above),
        },
        area: { top: area.offsetTop, lines: area.value.split('\n').length, text: area.value },
        below: {
          shown: !below.hidden,
          top: below.offsetTop,
          height: below.offsetHeight,
          text: lines(below),
        },
        scrollTop: box.scrollTop,
        note: document.getElementById('plain-window')!.textContent,
      };
    });
  const longFile = async (page: Page) => {
    const text = largeContractFile(5000);
    await setEditorText(page, text);
    await page.waitForFunction(() => !document.documentElement.dataset.pendingFull, undefined, { timeout: 60_000 });
    return text;
  };

  it('lays the parts out line for line as one text, and the caret goes where a line outside the text area is tapped', async () => {
    const page = await phone();
    // A short file is all in the text area.
    const short = await parts(page);
    expect([short.above.shown, short.below.shown, short.note]).toEqual([false, false, '']);
    const text = await longFile(page);
    const laid = await parts(page);
    // The text area holds at most 1,000 lines (a key costs what the text area holds), the rest is below it.
    expect(laid.area.lines).toBeLessThanOrEqual(1000);
    expect(laid.above.shown).toBe(false);
    expect(laid.below.shown).toBe(true);
    expect(`${laid.area.text}\n${laid.below.text}`).toBe(text);
    expect(laid.below.top - laid.area.top).toBe(laid.area.lines * laid.lineHeight);
    expect(laid.below.height).toBe((text.split('\n').length - laid.area.lines) * laid.lineHeight);
    expect(laid.note).toMatch(/lines 1 to \d+ of 5001/);
    // Tap the first visible line once the box shows line 3,000 (in the part below the text area).
    const box = (await page.locator('#plain-scroll').boundingBox())!;
    const scrollTop = laid.area.top + 2999 * laid.lineHeight;
    await page.locator('#plain-scroll').evaluate((b, top) => {
      b.scrollTop = top;
    }, scrollTop);
    const atTop = await page.locator('#plain-scroll').evaluate((b) => b.scrollTop);
    const line = Math.floor((atTop - laid.area.top) / laid.lineHeight) + 1;
    await page.mouse.click(box.x + 8 + 4, box.y + (laid.area.top + (line - 1) * laid.lineHeight - atTop) + 12);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('editor-text');
    // At the start of the line (the tap was at its first character's left half, or on its right half).
    const at = await editorCaret(page);
    expect(at.line).toBe(line);
    expect(at.ch).toBeLessThanOrEqual(1);
    // The text stayed where it was on screen while the text area moved to that line.
    const moved = await parts(page);
    expect(moved.scrollTop).toBe(atTop);
    expect(moved.above.shown).toBe(true);
    expect(moved.area.top).toBe(moved.above.top + moved.above.height);
    expect(moved.above.height).toBe(moved.above.text.split('\n').length * moved.lineHeight);
    expect(moved.note).toMatch(/lines (\d+) to (\d+) of 5001/);
    // Axe finds nothing in a file shown in parts either (the parts scroll in a box that holds the text area).
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.type('Q');
    const lines = text.split('\n');
    lines[line - 1] = `${lines[line - 1]!.slice(0, at.ch)}Q${lines[line - 1]!.slice(at.ch)}`;
    expect(await editorText(page)).toBe(lines.join('\n'));
  });

  it('moves the text area along with the caret, Ctrl+Home and Ctrl+End go to the start and end of the file, and undo takes every edit back in order', async () => {
    const page = await phone();
    const text = await longFile(page);
    await page.keyboard.press('Control+Home');
    for (let i = 0; i < 650; i++) await page.keyboard.press('ArrowDown');
    expect(await editorCaret(page)).toEqual({ line: 651, ch: 0 });
    await page.keyboard.type('A');
    await page.keyboard.press('Control+End');
    await page.keyboard.type('B\n');
    await page.keyboard.press('Control+Home');
    await page.keyboard.type('C');
    const lines = text.split('\n');
    const edited = [...lines];
    edited[650] = `A${edited[650]}`;
    edited[0] = `C${edited[0]}`;
    edited[edited.length - 1] = 'B\n';
    expect(await editorText(page)).toBe(edited.join('\n'));
    // Typing near the end again, then backwards through every edit, and forwards again.
    const states = [text];
    const withA = [...lines];
    withA[650] = `A${withA[650]}`;
    states.push(withA.join('\n'));
    states.push(`${withA.join('\n')}B\n`);
    states.push(edited.join('\n'));
    for (let i = states.length - 2; i >= 0; i--) {
      await page.keyboard.press('Control+z');
      expect(await editorText(page)).toBe(states[i]);
    }
    for (let i = 1; i < states.length; i++) {
      await page.keyboard.press('Control+Shift+z');
      expect(await editorText(page)).toBe(states[i]);
    }
    // The text area's part is always the lines around the caret, at most 1,000 of them.
    const now = await parts(page);
    expect(now.area.lines).toBeLessThanOrEqual(1000);
    expect(
      `${now.above.shown ? `${now.above.text}\n` : ''}${now.area.text}${now.below.shown ? `\n${now.below.text}` : ''}`,
    ).toBe(edited.join('\n'));
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
