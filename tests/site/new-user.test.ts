// What a new user tripped over (issue 18, section 3), each pinned in Chromium against the built site: the verdict of a
// session that holds two roles and the way to give each agent its own role, a long rule's message, the draft kept
// when a role page opens a preset, Roles in the navigation, the role pages' limits said once, the evidence table on a
// phone, the spaces between words and links, and YAML's colours around an apostrophe.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { bundledPresets, validate } from '@semantic-anchors/engine';
import { useSite } from './support/site.js';
import {
  editorText,
  PHONE,
  setEditorText,
  validations,
  waitForEditor,
  waitForFullCheck,
  waitForValidationAfter,
} from './support/browser.js';
import { editorFixture } from './support/editor-fixture.js';

const site = useSite();

async function addEvent(page: Page, kind: string, fill: Record<string, string>): Promise<void> {
  await page.selectOption('#event-kind', kind);
  for (const [selector, value] of Object.entries(fill)) await page.fill(selector, value);
  await page.click('#add-event');
}
const EDIT_APP = {
  '#event-tool': 'edit',
  '#event-args': '{ "filePath": "src/app.ts", "oldString": "a", "newString": "b" }',
};

describe('a session that holds two roles', () => {
  it('names every role in the verdict, and maps an agent to each role with one button', async () => {
    const page = await site.open('editor/');
    await waitForEditor(page);
    const before = await validations(page);
    await page.check('input[name="preset"][value="qa-engineer"]');
    await waitForValidationAfter(page, before);
    expect(await editorText(page)).toContain('extends: [software-developer, qa-engineer]');
    await addEvent(page, 'tool', EDIT_APP);
    const verdict = page.locator('#verdicts li.verdict').last();
    // An honest edit of production code warns from the QA preset: the header must say the session is QA too.
    await expect.poll(() => verdict.getAttribute('data-matches')).toContain('qa-report-do-not-patch-production');
    expect(await verdict.locator('.verdict-head').textContent()).toContain('roles software-developer + qa-engineer');
    const note = page.locator('#verdicts .several-roles');
    expect(await note.textContent()).toContain('roles.agents');
    // The same advice where the file says who it applies to.
    expect(await page.locator('#applies .applies-several').textContent()).toContain('roles.agents');

    await page.click('#map-agents');
    await waitForFullCheck(page);
    const text = await editorText(page);
    expect(text).toMatch(/roles:\n {2}agents:\n {4}build: software-developer\n {4}qa-engineer: qa-engineer/);
    expect(
      validate(text, { file: 'opencode-semantic-anchors.yaml' }).diagnostics.filter((d) => d.severity === 'error'),
    ).toEqual([]);
    expect(await page.getAttribute('#problems-summary', 'data-errors')).toBe('0');
    const groups = await page.$$eval('.applies-group', (li) =>
      li.map((g) => [(g as HTMLElement).dataset.agent, (g as HTMLElement).dataset.roles]),
    );
    expect(groups).toContainEqual(['build', 'software-developer']);
    expect(groups).toContainEqual(['qa-engineer', 'qa-engineer']);
    // The agent `build` now holds its own role only: the same edit no longer hears from the QA rule.
    await page.click('#clear-events');
    await addEvent(page, 'agent', { '#event-agent': 'build' });
    await addEvent(page, 'tool', EDIT_APP);
    const after = page.locator('#verdicts li.verdict').last();
    await expect.poll(() => after.locator('.verdict-head').textContent()).toContain('role software-developer');
    expect(await after.getAttribute('data-matches')).not.toContain('qa-report-do-not-patch-production');
  });
});

describe("a long rule's message in the simulator", () => {
  it.each([
    ['desktop', undefined],
    ['phone', PHONE],
  ] as const)("keeps the agent's message and a long glob condition inside the column (%s)", async (_name, options) => {
    const page = await site.open('editor/', options);
    await waitForEditor(page);
    await setEditorText(page, 'version: 1\nextends: [qa-engineer]\ncontracts: []\n');
    await waitForFullCheck(page);
    await page.click('#clear-events');
    await addEvent(page, 'tool', EDIT_APP);
    const verdict = page.locator('#verdicts li.verdict').last();
    await expect.poll(() => verdict.getAttribute('data-matches')).toContain('qa-report-do-not-patch-production');
    await verdict.locator('details:has(pre.agent-message) > summary').click();
    const message = verdict.locator('pre.agent-message');
    expect(await message.textContent()).toContain('Do instead:');
    const overflow = await message.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    // The glob list the trigger held on is not repeated: the engine names how many path patterns matched (a long
    // condition that still comes is folded, its start in view, the whole one click away).
    const match = verdict.locator('.matches li', { hasText: 'qa-report-do-not-patch-production' });
    expect(await match.textContent()).toContain('path is one of those the contract names');
    const matchOverflow = await match.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(matchOverflow).toBeLessThanOrEqual(1);
    for (const summary of await verdict.locator('.matches details.held-long > summary').allTextContents())
      expect(summary.length).toBeLessThanOrEqual(101);
    const page360 = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(page360).toBeLessThanOrEqual(1);
  });
});

describe('a draft and a role page', () => {
  it('says the draft is kept when a role page opens a preset, and brings it back', async () => {
    const page = await site.open('editor/');
    await waitForEditor(page);
    const draft = editorFixture('near-miss.yaml');
    await setEditorText(page, draft);
    await waitForFullCheck(page);
    await page.goto(site.url('roles/qa-engineer/'));
    await page.click('a[data-open-editor]');
    await waitForEditor(page);
    expect(await editorText(page)).toContain('extends: [qa-engineer]');
    const notice = page.locator('#draft-notice');
    await expect.poll(() => notice.isVisible()).toBe(true);
    expect(await notice.textContent()).toContain('Your earlier draft is kept');
    // Editing the preset does not lose the draft: it was set aside.
    await page.keyboard.type('# trying the preset\n');
    await page.click('#draft-back');
    await expect.poll(() => editorText(page)).toBe(draft);
    expect(await notice.isVisible()).toBe(false);
    expect(await page.textContent('#editor-status')).toContain('Back to your draft');
  });

  it('says nothing when there was no draft', async () => {
    const page = await site.open('editor/#extends=qa-engineer');
    await waitForEditor(page);
    expect(await page.locator('#draft-notice').isVisible()).toBe(false);
  });
});

describe('the role pages', () => {
  it('are in the navigation, marked current on a role page', async () => {
    const page = await site.open('');
    const roles = page.locator('header nav a', { hasText: /^Roles$/ });
    expect(await roles.getAttribute('href')).toMatch(/\/roles\/$/);
    await roles.click();
    await expect.poll(() => page.url()).toMatch(/\/roles\/$/);
    await page.goto(site.url(`roles/${bundledPresets[0]!.id}/`));
    expect(await page.getAttribute('header nav a[aria-current="page"]', 'href')).toMatch(/\/roles\/$/);
  });

  it('say "What it cannot see" once each', async () => {
    const page = await site.open('');
    for (const p of bundledPresets) {
      await page.goto(site.url(`roles/${p.id}/`));
      const headings = await page.$$eval('main h2, main h3', (hs) => hs.map((h) => h.textContent?.trim() ?? ''));
      expect(headings.filter((h) => h === 'What it cannot see').length, p.id).toBeLessThanOrEqual(1);
    }
  });

  it('show every column of the evidence table on a phone', async () => {
    const page = await site.open(`roles/software-developer/`, { width: 360, height: 740, mobile: true });
    const table = page.locator('table.evidence-table');
    await table.waitFor();
    const cells = await table
      .locator('td')
      .evaluateAll((tds) => tds.map((td) => ({ right: td.getBoundingClientRect().right, text: td.textContent ?? '' })));
    expect(cells.length).toBeGreaterThan(0);
    const width = await page.evaluate(() => window.innerWidth);
    for (const c of cells) expect(c.right, c.text).toBeLessThanOrEqual(width);
    // Each cell says which column it is.
    expect(await table.locator('td[data-label="Look-alikes left alone"]').count()).toBeGreaterThan(0);
  });
});

describe('words and links', () => {
  it.each(['', 'install/', 'docs/', 'roles/qa-engineer/', 'editor/'])(
    'puts a space between a word and a link or code on /%s and in its footer',
    async (path) => {
      const page = await site.open(path);
      const glued = await page.evaluate(() => {
        const out: string[] = [];
        const inline = document.querySelectorAll(
          'main p a, main p code, main p strong, main li > a, footer a, footer code',
        );
        for (const el of Array.from(inline)) {
          const before = el.previousSibling;
          const after = el.nextSibling;
          const last = before?.nodeType === Node.TEXT_NODE ? (before.textContent ?? '').slice(-1) : '';
          const first = after?.nodeType === Node.TEXT_NODE ? (after.textContent ?? '').slice(0, 1) : '';
          // A word, or the end of a sentence or clause, directly against the element, or the element against a word.
          if (/[\p{L}\p{N}.:;!?]/u.test(last) || /[\p{L}\p{N}]/u.test(first))
            out.push(
              `${(before?.textContent ?? '').slice(-20)}[${el.textContent}]${(after?.textContent ?? '').slice(0, 20)}`,
            );
        }
        return out;
      });
      expect(glued).toEqual([]);
    },
  );
});

describe("YAML's colours in Monaco", () => {
  it('keeps an apostrophe in a plain scalar from colouring the rest of the line, or the next, as a string', async () => {
    const page = await site.open('editor/');
    await waitForEditor(page);
    await setEditorText(
      page,
      "version: 1\ncontracts:\n  - id: x\n    message: Don't push it # a note\n    mode: WARN\n",
    );
    const colour = (text: string) =>
      page.evaluate((t) => {
        const spans = Array.from(document.querySelectorAll('#editor .view-line span span'));
        const span = spans.find((s) => s.textContent?.replace(/\u00a0/g, ' ').includes(t));
        return span ? getComputedStyle(span).color : 'not found';
      }, text);
    // The theme's colours (src/client/editor/monaco/language.ts): comments, keys, strings.
    await expect.poll(() => colour('# a note')).toBe('rgb(77, 85, 98)');
    expect(await colour("Don't push it")).toBe('rgb(161, 18, 18)');
    expect(await colour('mode')).toBe('rgb(29, 78, 216)');
    expect(await colour('message')).toBe('rgb(29, 78, 216)');
  });
});
