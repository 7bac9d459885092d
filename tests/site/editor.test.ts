// The configurator's editor in real Chromium against the built site, in its desktop form (Monaco): from a role page
// into the editor, markers that follow the user's typing, completion and hover from the schema, Monaco's own editing
// (search, comments, folding, F8, Ctrl+., the Ctrl+M escape), composition of two presets, the simulator against the
// CLI, download and share link. The phone form (the plain text area) has its own suite: editor-phone.test.ts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { bundledPresets, SCHEMA_ID, toJsonSchema, validate } from '@semantic-anchors/engine';
import { ensureCliBuilt } from './support/build.js';
import { editorFixture } from './support/editor-fixture.js';
import { useSite } from './support/site.js';
import {
  editorForm,
  editorMarkers,
  editorText,
  hoverOn,
  setEditorText,
  suggestionLabels,
  validations,
  waitForEditor,
  waitForFullCheck,
  waitForValidationAfter,
} from './support/browser.js';
import { cli, explain, scratchDir } from './support/cli.js';
import { largeContractFile } from '../../apps/configurator/bench/large-file.mjs';

const ids = bundledPresets.map((p) => p.id);
const FIRST = ids.includes('software-developer') ? 'software-developer' : ids[0]!;
const SECOND = ids.includes('qa-engineer') ? 'qa-engineer' : ids[1]!;

const site = useSite();
const open = (path: string, size?: { width: number; height: number }): Promise<Page> => site.open(path, size);
// The simulator is compared with the CLI's explain.
beforeAll(() => ensureCliBuilt());

const verdictsOnPage = (page: Page) =>
  page.$$eval('#verdicts li.verdict', (items) =>
    items.map((li) => ({
      decision: (li as HTMLElement).dataset.decision ?? '',
      matches: ((li as HTMLElement).dataset.matches ?? '').split(' ').filter(Boolean),
    })),
  );

describe('from a role page into the editor', () => {
  it('opens the role preset in the editor with the preset extended', async () => {
    const page = await open('');
    await page.click(`li[data-role="${SECOND}"] h3 a`);
    await expect.poll(() => page.url()).toContain(`/roles/${SECOND}/`);
    expect(await page.locator('h1').textContent()).toBeTruthy();
    await page.click('a[data-open-editor]');
    await waitForEditor(page);
    expect(await editorForm(page)).toBe('monaco');
    expect(await editorText(page)).toContain(`extends: [${SECOND}]`);
    expect(await page.isChecked(`input[name="preset"][value="${SECOND}"]`)).toBe(true);
  });
});

describe('markers follow the text', () => {
  const FILE = [
    'version: 1',
    'contracts:',
    '  - id: no-force-push',
    '    description: Force-pushing rewrites shared history.',
    '    mode: BLOCK',
    '    anchorRefs: [github-flow]',
    '    when:',
    "      tool: { name: bash, command: 'git push.*--force' }",
    '    message: Push a new commit instead.',
    '',
  ].join('\n');

  it('shows an unknown anchor on its line, and clears it when fixed', async () => {
    const page = await open('editor/');
    await waitForEditor(page);
    let before = await validations(page);
    await setEditorText(page, FILE);
    await waitForValidationAfter(page, before);
    expect(await editorMarkers(page)).toEqual([]);

    // Line 6 is `anchorRefs: [github-flow]`: type an x at the end of the id.
    await page.keyboard.press('Control+Home');
    for (let i = 1; i < 6; i++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowLeft');
    before = await validations(page);
    await page.keyboard.type('x');
    await waitForValidationAfter(page, before);
    const markers = await editorMarkers(page);
    expect(markers.map((m) => [m.line, m.code])).toEqual([[6, 'unknown-anchor']]);
    expect(markers[0]!.message).toContain('github-flowx');
    expect(await page.textContent('#problems')).toContain('opencode-semantic-anchors.yaml:6:');
    // Monaco's own marker: the wavy underline, and the mark in the scroll bar's overview ruler.
    await expect.poll(() => page.locator('#editor .squiggly-error').count()).toBeGreaterThan(0);

    before = await validations(page);
    await page.keyboard.press('Backspace');
    await waitForValidationAfter(page, before);
    expect(await editorMarkers(page)).toEqual([]);
    await expect.poll(() => page.locator('#editor .squiggly-error').count()).toBe(0);
  });

  it('reports a YAML syntax error at its line', async () => {
    const page = await open('editor/');
    await waitForEditor(page);
    const before = await validations(page);
    await setEditorText(page, 'version: 1\ncontracts:\n  - id: [oops\n');
    await waitForValidationAfter(page, before);
    const markers = await editorMarkers(page);
    expect(markers.length).toBeGreaterThan(0);
    expect(markers.every((m) => m.line >= 3)).toBe(true);
  });
});

// A test that accepts a suggestion waits for the list to settle on the word typed, as a human does.
const ACCEPT_DELAY_MS = 200;

describe('completion and hover from the JSON Schema', () => {
  const completions = { allTextContents: suggestionLabels };

  it('completes top-level keys and shows the documentation of a key on hover', async () => {
    const page = await open('editor/');
    await waitForEditor(page);
    await setEditorText(page, 'version: 1\n\n');
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Control+Space');
    await expect
      .poll(() => completions.allTextContents(page), { timeout: 15_000 })
      .toEqual(expect.arrayContaining([expect.stringContaining('contracts')]));
    const labels = await completions.allTextContents(page);
    for (const key of ['extends', 'settings', 'disable']) expect(labels.join(' ')).toContain(key);
    // A key already in the mapping is not offered again.
    expect(labels).not.toContain('version');
    await page.keyboard.press('Escape');
    // Hover on `version` (line 1) shows the schema's description of the field.
    await hoverOn(page, 'version', 'Schema version');
  });

  it("offers a contract's keys while one is typed, with descriptions, leaving out those present", async () => {
    const page = await open('editor/');
    await waitForEditor(page);
    await setEditorText(page, 'version: 1\ncontracts:\n  - id: my-rule\n    mode: WARN\n    ');
    await page.keyboard.press('Control+End');
    await page.keyboard.type('desc');
    await expect.poll(() => completions.allTextContents(page)).toEqual(['description']);
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Control+Space');
    await expect
      .poll(() => completions.allTextContents(page))
      .toEqual(expect.arrayContaining(['description', 'anchorRefs', 'when', 'message', 'examples']));
    const offered = await completions.allTextContents(page);
    expect(offered).not.toContain('id');
    expect(offered).not.toContain('mode');
    // The selected key's description shows beside the list (Ctrl+Space again opens the details).
    await page.keyboard.type('ancho');
    await expect.poll(() => completions.allTextContents(page)).toEqual(['anchorRefs']);
    await page.keyboard.press('Control+Space');
    await expect
      .poll(() => page.locator('.monaco-editor .suggest-details').textContent(), { timeout: 10_000 })
      .toContain('catalogue ids');
    await page.waitForTimeout(ACCEPT_DELAY_MS);
    await page.keyboard.press('Enter');
    expect(await editorText(page)).toMatch(/\n {4}anchorRefs: $/);
  });

  it('writes a key that holds a mapping or a list of mappings with its value on an indented line below', async () => {
    const page = await open('editor/');
    await waitForEditor(page);
    await setEditorText(page, 'version: 1\ncontracts:\n  - id: my-rule\n    mode: WARN\n    ');
    await page.keyboard.press('Control+End');
    await page.keyboard.type('exampl');
    await expect.poll(() => completions.allTextContents(page)).toEqual(['examples']);
    await page.waitForTimeout(ACCEPT_DELAY_MS);
    await page.keyboard.press('Enter');
    expect(await editorText(page)).toMatch(/\n {4}examples:\n {6}- $/);
    // The cursor is where the first example's keys go.
    await page.keyboard.press('Control+Space');
    await expect.poll(() => completions.allTextContents(page)).toEqual(expect.arrayContaining(['event', 'expect']));
    await page.keyboard.press('Escape');
    await setEditorText(page, 'version: 1\n');
    await page.keyboard.press('Control+End');
    await page.keyboard.type('settin');
    await expect.poll(() => completions.allTextContents(page)).toEqual(['settings']);
    await page.waitForTimeout(ACCEPT_DELAY_MS);
    await page.keyboard.press('Enter');
    expect(await editorText(page)).toMatch(/\nsettings:\n {2}$/);
    await page.keyboard.type('bypassB');
    await expect.poll(() => completions.allTextContents(page)).toEqual(['bypassBudget']);
    await page.waitForTimeout(ACCEPT_DELAY_MS);
    await page.keyboard.press('Enter');
    // A scalar stays on its key's line.
    expect(await editorText(page)).toMatch(/\nsettings:\n {2}bypassBudget: $/);
  });

  it('offers the values of an enum, and keys inside a flow mapping', async () => {
    const page = await open('editor/');
    await waitForEditor(page);
    await setEditorText(page, 'version: 1\ncontracts:\n  - id: my-rule\n    mode: ');
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Control+Space');
    await expect.poll(() => completions.allTextContents(page)).toEqual(['BLOCK', 'WARN']);
    await page.keyboard.press('Escape');
    await setEditorText(page, 'version: 1\ncontracts:\n  - id: my-rule\n    when: { tool: { com } }\n');
    await page.locator('#editor .view-line', { hasText: 'when: { tool: { com } }' }).click();
    await page.keyboard.press('End');
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Control+Space');
    await expect.poll(() => completions.allTextContents(page)).toEqual(expect.arrayContaining(['command']));
  });
});

describe('a long file', () => {
  it('keeps every key typed into a 5,000-line file and marks the problem it makes once typing pauses', async () => {
    const page = await open('editor/');
    await waitForEditor(page);
    const text = largeContractFile(5000);
    await setEditorText(page, text);
    await page.waitForFunction(() => !document.documentElement.dataset.pendingFull, undefined, { timeout: 60_000 });
    expect((await editorMarkers(page)).filter((m) => m.severity === 'error')).toEqual([]);
    await page.keyboard.press('Control+End');
    await page.keyboard.type('bogus: 1');
    expect(await editorText(page)).toBe(`${text}bogus: 1`);
    // Whether the check ran inside each key or once the keys paused, the unknown key is marked on its line.
    const lastLine = text.split('\n').length;
    await expect
      .poll(async () => (await editorMarkers(page)).filter((m) => m.severity === 'error').map((m) => m.line), {
        timeout: 30_000,
      })
      .toContain(lastLine);
  });
});

describe('editing basics', () => {
  it('has a labelled text box, line numbers, folding, search, undo, comments and 2-space Tab indentation', async () => {
    const page = await open('editor/');
    await waitForEditor(page);
    // Monaco's input element (an EditContext in Chromium): the text box a screen reader is given.
    const input = page.locator('#editor .monaco-editor [role="textbox"]');
    expect(await input.getAttribute('aria-label')).toMatch(/YAML/);
    expect(await input.getAttribute('role')).toBe('textbox');
    await setEditorText(page, 'version: 1\nsettings:\n  bypassBudget: 2\n');
    expect(await page.locator('#editor .line-numbers', { hasText: /^3$/ }).count()).toBe(1);
    // Folding by indentation: `settings:` folds the line under it.
    await expect.poll(() => page.locator('#editor .cldr.codicon-folding-expanded').count()).toBeGreaterThan(0);
    // Toggle comment on line 1, then undo and redo it.
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('Control+/');
    await expect.poll(() => editorText(page)).toMatch(/^# version: 1/);
    await page.keyboard.press('Control+z');
    await expect.poll(() => editorText(page)).toMatch(/^version: 1/);
    await page.keyboard.press('Control+y');
    await expect.poll(() => editorText(page)).toMatch(/^# version: 1/);
    await page.keyboard.press('Control+z');
    // Tab indents by two spaces at the start of a line.
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Tab');
    await expect.poll(() => editorText(page)).toMatch(/bypassBudget: 2\n {2}$/);
    // Search: Ctrl+F opens the find widget; the matches are marked.
    await page.keyboard.press('Control+f');
    const search = page.locator('#editor .find-widget.visible .find-part textarea');
    await search.waitFor();
    await search.fill('bypass');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('#editor .findMatch, #editor .currentFindMatch').count()).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    // F1: the command palette, as in VS Code.
    await page.keyboard.press('F1');
    await page.locator('.quick-input-widget').waitFor({ state: 'visible', timeout: 10_000 });
    await page.keyboard.type('toggle line comment');
    await expect.poll(() => page.locator('.quick-input-widget .monaco-list-row').count()).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
  });

  it('matches brackets, and lets the keyboard leave the editor with Ctrl+M then Tab', async () => {
    const page = await open('editor/');
    await waitForEditor(page);
    await setEditorText(page, 'version: 1\nextends: [software-developer]\n');
    await page.locator('#editor .view-line', { hasText: 'extends' }).click();
    await page.keyboard.press('End');
    const inEditor = () => page.evaluate(() => document.activeElement?.closest('#editor') !== null);
    expect(await inEditor()).toBe(true);
    await expect.poll(() => page.locator('#editor .bracket-match').count()).toBe(2);
    const before = await editorText(page);
    // Tab indents while typing; Ctrl+M makes it move the focus, as the key help above the editor says.
    await page.keyboard.press('Control+m');
    await page.keyboard.press('Tab');
    expect(await inEditor()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('BODY');
    expect(await editorText(page)).toBe(before);
    expect(await page.textContent('#editor-keys')).toContain('Ctrl+M');
  });

  it('shows a visible focus ring around the editor while it has the focus', async () => {
    const page = await open('editor/');
    await waitForEditor(page);
    const ring = () => page.$eval('#editor', (el) => getComputedStyle(el).outlineStyle);
    expect(await ring()).toBe('none');
    await setEditorText(page, 'version: 1\n');
    expect(await ring()).toBe('solid');
    const { outlineWidth, outlineColor } = await page.$eval('#editor', (el) => getComputedStyle(el));
    expect(parseFloat(outlineWidth)).toBeGreaterThanOrEqual(2);
    expect(outlineColor).not.toBe('rgba(0, 0, 0, 0)');
  });
});

describe('the choice of form', () => {
  it('switches to the plain text area and back, keeping the text, and remembers the choice in this browser', async () => {
    const page = await open('editor/');
    await waitForEditor(page);
    await setEditorText(page, 'version: 1\n# chosen form\n');
    await waitForFullCheck(page);
    await page.click('#editor-form-switch');
    await page.waitForSelector('html[data-editor-ready][data-editor-form="plain"]');
    expect(await editorText(page)).toContain('# chosen form');
    expect(await page.$('.monaco-editor')).toBeNull();
    await page.reload();
    await page.waitForSelector('html[data-editor-ready][data-editor-form="plain"]');
    await page.click('#editor-form-switch');
    await page.waitForSelector('html[data-editor-ready][data-editor-form="monaco"]');
    expect(await editorText(page)).toContain('# chosen form');
  });

  it('hands the caret from the text area to Monaco, and with it what the text area kept up while focused', async () => {
    const page = await open('editor/');
    // Monaco is held back until the user is typing in the page's text area.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/_astro\/monaco-editor\.[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.reload();
    await page.click('textarea#editor-text');
    await page.keyboard.press('Control+End');
    // The text area takes keys as soon as it is shown; the page's script that marks the typing may run a moment later
    // on a slow machine, and marks it then (the area already has the focus).
    await page.waitForSelector('html.plain-typing', { timeout: 10_000 });
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('editor-text');
    release();
    await waitForEditor(page);
    expect(await editorForm(page)).toBe('monaco');
    expect(await page.evaluate(() => document.activeElement?.closest('.monaco-editor') !== null)).toBe(true);
    // Closed sections are as the browser makes them again: content-visibility: hidden, which find-in-page can open.
    expect(await page.getAttribute('html', 'class')).not.toContain('plain-typing');
    const locks = await page.$$eval('details:not([open])', (all) =>
      all.map((d) => getComputedStyle(d, '::details-content').contentVisibility),
    );
    expect(locks.length).toBeGreaterThan(0);
    expect(new Set(locks)).toEqual(new Set(['hidden']));
  });
});

describe('the problems in the text', () => {
  it('shows the message and its hint on hover over the underline, with its quick fix', async () => {
    const page = await open('editor/');
    await waitForEditor(page);
    await setEditorText(page, 'version: 1\nsetings:\n  bypassBudget: 2\n');
    const hover = await hoverOn(page, 'setings', 'setings');
    expect(await hover.textContent()).toContain('hint: did you mean "settings"?');
    expect(await hover.textContent()).toContain('Quick Fix');
  });

  it('goes to the next problem with F8 and fixes it with Ctrl+. from the keyboard', async () => {
    const page = await open('editor/');
    await waitForEditor(page);
    await setEditorText(page, 'version: 1\nsetings:\n  bypassBudget: 2\n');
    // F8 goes to a problem the editor shows: wait for it, as a user sees the underline first (a check that costs more
    // than a keystroke's budget, on a busy machine, runs a moment after the text is put in).
    await expect.poll(async () => (await editorMarkers(page)).length, { timeout: 10_000 }).toBeGreaterThan(0);
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('F8');
    const peek = page.locator('#editor .marker-widget');
    await expect.poll(() => peek.textContent(), { timeout: 10_000 }).toContain('did you mean "settings"');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+.');
    const fix = page.locator('.action-widget .monaco-list-row.action.focused', {
      hasText: 'Change "setings" to "settings"',
    });
    await fix.first().waitFor({ timeout: 10_000 });
    await page.keyboard.press('Enter');
    await expect.poll(() => editorText(page)).toContain('settings:\n  bypassBudget: 2');
    await expect.poll(async () => (await editorMarkers(page)).map((m) => m.code)).toEqual([]);
  });
});

describe("the simulator's matches in the text", () => {
  it('marks the contract an event matched beside its lines, with what it did, until the events are cleared', async () => {
    const page = await open('editor/');
    await waitForEditor(page);
    await setEditorText(page, editorFixture('force-push.yaml'));
    await waitForFullCheck(page);
    await page.click('#clear-events');
    await page.selectOption('#event-kind', 'tool');
    await page.fill('#event-tool', 'bash');
    await page.fill('#event-args', '{ "command": "git push --force origin main" }');
    await page.click('#add-event');
    // A mark in the gutter and a tint on each of the contract's six lines.
    await expect.poll(() => page.locator('#editor .match-gutter-BLOCK').count()).toBe(6);
    expect(await page.locator('#editor .match-line.match-BLOCK').count()).toBe(6);
    const hover = await hoverOn(page, 'Force-pushing', 'matched in the simulator');
    expect(await hover.textContent()).toContain('event #1 (bash {"command":"git push --force origin main"}): BLOCK');
    // The verdict names the contract as a link to its lines.
    await page.mouse.move(0, 0);
    await page.click('#verdicts .contract-link');
    expect(await page.evaluate(() => document.activeElement?.closest('#editor') !== null)).toBe(true);
    await page.click('#clear-events');
    await expect.poll(() => page.locator('#editor .match-gutter-BLOCK').count()).toBe(0);
  });
});

describe('examples are checked once typing pauses', () => {
  it('marks a failing example on its line', async () => {
    const page = await open('editor/');
    await waitForEditor(page);
    await setEditorText(page, editorFixture('force-push-failing-example.yaml'));
    await waitForFullCheck(page);
    const markers = await editorMarkers(page);
    expect(markers.map((m) => m.code)).toEqual(['example-failed']);
    expect(markers[0]!.line).toBeGreaterThanOrEqual(10);
    expect(markers[0]!.line).toBeLessThanOrEqual(11);
  });
});

describe('compose two presets, simulate, download', () => {
  let page: Page;
  let text: string;

  beforeAll(async () => {
    page = await open('editor/');
    await waitForEditor(page);
    const before = await validations(page);
    // The default file extends FIRST; ticking SECOND adds it.
    await page.check(`input[name="preset"][value="${SECOND}"]`);
    await waitForValidationAfter(page, before);
    await waitForFullCheck(page);
    text = await editorText(page);
  });

  it('extends both presets and activates both sets of contracts', () => {
    expect(text).toContain(`extends: [${FIRST}, ${SECOND}]`);
    const expected = validate(text, { file: 'opencode-semantic-anchors.yaml' });
    expect(expected.ok).toBe(true);
    return expect
      .poll(() => page.textContent('#problems-summary'))
      .toBe(`No problems · ${expected.policy.contracts.length} contracts active`);
  });

  it('adds a contract from a template and one copied from a preset, both valid', async () => {
    const scratch = await open('editor/');
    await waitForEditor(scratch);
    await scratch.selectOption('#contract-source', 'template:shell-command');
    await scratch.click('#add-contract');
    const presetOption = await scratch.$eval(
      `#contract-source option[value$=":${SECOND}"]`,
      (o) => (o as HTMLOptionElement).value,
    );
    await scratch.selectOption('#contract-source', presetOption);
    await scratch.click('#add-contract');
    await waitForFullCheck(scratch);
    const composed = await editorText(scratch);
    const copiedId = presetOption.split(':')[1]!;
    expect(composed).toContain('id: no-force-push');
    expect(composed).toContain(`id: ${copiedId}`);
    const result = validate(composed, { file: 'opencode-semantic-anchors.yaml' });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    // The copy keeps applying to the preset's role only, as it did inside the preset.
    const copied = result.load.config.contracts.find(
      (c) => c.contract.id === copiedId && c.origin.file === 'opencode-semantic-anchors.yaml',
    );
    expect(copied?.roles).toEqual([SECOND]);
    expect(await scratch.getAttribute('#problems-summary', 'data-errors')).toBe('0');
  });

  it('gives the verdicts `semantic-anchors explain` gives for the same events', async () => {
    const add = async (kind: string, fill: Record<string, string>) => {
      await page.selectOption('#event-kind', kind);
      for (const [selector, value] of Object.entries(fill)) await page.fill(selector, value);
      await page.click('#add-event');
    };
    await add('tool', { '#event-tool': 'bash', '#event-args': '{ "command": "git push --force origin main" }' });
    await add('tool', {
      '#event-tool': 'edit',
      '#event-args': '{ "filePath": "src/app.ts", "oldString": "a", "newString": "b" }',
    });
    await add('tool', {
      '#event-tool': 'write',
      '#event-args': '{ "filePath": "src/app.test.ts", "content": "it.only(\\"x\\", () => {})" }',
    });
    await add('message', { '#event-text': 'please commit this' });
    await add('bypass', { '#event-reason': 'approved in review' });
    await add('tool', { '#event-tool': 'bash', '#event-args': '{ "command": "git push --force origin main" }' });
    await add('confirm', {});
    await expect.poll(() => page.locator('#verdicts li.verdict').count()).toBe(7);
    const events = [
      { tool: 'bash', args: { command: 'git push --force origin main' } },
      { tool: 'edit', args: { filePath: 'src/app.ts', oldString: 'a', newString: 'b' } },
      { tool: 'write', args: { filePath: 'src/app.test.ts', content: 'it.only("x", () => {})' } },
      { message: 'please commit this' },
      { bypass: 'approved in review', typed: true },
      { tool: 'bash', args: { command: 'git push --force origin main' } },
      { confirm: true },
    ];
    const fromCli = explain(text, events);
    expect(await verdictsOnPage(page)).toEqual(fromCli);
    // The comparison means something only if the engine did more than allow everything.
    expect(fromCli.some((s) => s.decision !== 'ALLOW')).toBe(true);
  });

  it('runs a preset example in one click, with the CLI verdicts', async () => {
    // The first example of the composed file, found the way the page finds it: through the engine.
    const loaded = validate(text, { file: 'opencode-semantic-anchors.yaml' }).load.config.contracts;
    const owner = loaded.find((lc) => lc.contract.examples.length > 0);
    expect(owner, 'the composed presets carry examples').toBeDefined();
    const example = owner!.contract.examples[0]!;
    await page.selectOption('#example-select', '0');
    await page.click('#load-example');
    const events = [...(example.given ?? []), example.event];
    await expect.poll(() => page.locator('#event-list li').count()).toBe(events.length);
    const role = example.role ?? owner!.roles?.[0];
    expect(await page.inputValue('#sim-role')).toBe(role ?? '');
    const shown = await verdictsOnPage(page);
    expect(shown).toEqual(explain(text, events, role));
    // The contract gives the example's expected verdict in the whole file too (other contracts may only add to it).
    const last = shown[shown.length - 1]!;
    if (example.expect !== 'ALLOW') expect(last.matches).toContain(owner!.contract.id);
  });

  it('downloads a file that starts with the schema line and passes `semantic-anchors validate`', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
    expect(download.suggestedFilename()).toBe('opencode-semantic-anchors.yaml');
    const file = join(scratchDir(), 'opencode-semantic-anchors.yaml');
    await download.saveAs(file);
    const saved = readFileSync(file, 'utf8');
    // The canonical schema URL, never this local server's address; the site serves its own copy of the same schema.
    expect(saved.split('\n')[0]).toBe(`# yaml-language-server: $schema=${SCHEMA_ID}`);
    expect(saved).toContain(text.trimEnd());
    const served = await (await fetch(site.url('schema/v1.json'))).json();
    expect(served).toEqual(JSON.parse(JSON.stringify(toJsonSchema())));
    const r = cli(['validate', file]);
    expect(r.stdout).toMatch(/\b0 error\(s\)/);
    expect(r.status).toBe(0);
  });

  it('restores the editor from its share link', async () => {
    await page.click('#share');
    const link = await page.inputValue('#share-url');
    expect(link).toMatch(/#s=[A-Za-z0-9_-]+$/);
    const eventsBefore = await page.$$eval('#event-list code', (cs) => cs.map((c) => c.textContent));
    const verdictsBefore = await verdictsOnPage(page);
    const other = await open(link);
    await waitForEditor(other);
    expect(await editorText(other)).toBe(await editorText(page));
    expect(await other.$$eval('#event-list code', (cs) => cs.map((c) => c.textContent))).toEqual(eventsBefore);
    await expect.poll(() => verdictsOnPage(other)).toEqual(verdictsBefore);
  });
});
