// "Composition misleads", "Simulator explains too little", "Import" and "Editor layout": what the editor shows
// beside the file — who each contract applies to, why an ALLOW is an ALLOW, every example's result — and where.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { setEditorText, waitForEditor, waitForFullCheck } from './support/browser.js';
import { editorFixture, editorFixturePath, useEditorSite } from './support/editor-fixture.js';
import { axeViolations } from './support/axe.js';

const site = useEditorSite();

async function addBashEvent(page: Page, command: string): Promise<void> {
  await page.selectOption('#event-kind', 'tool');
  await page.fill('#event-tool', 'bash');
  await page.fill('#event-args', JSON.stringify({ command }));
  await page.click('#add-event');
}

describe('composition: who each contract applies to', () => {
  it('warns that a ticked preset never applies when roles.default pins another role', async () => {
    const page = await site.open('editor/');
    await waitForEditor(page);
    await setEditorText(page, editorFixture('two-presets-one-role.yaml'));
    await waitForFullCheck(page);
    await expect.poll(() => page.locator('.applies-dead[data-preset="qa-engineer"]').count()).toBe(1);
    expect(await page.locator('.applies-dead').count()).toBe(1);
    expect(await page.isChecked('input[name="preset"][value="qa-engineer"]')).toBe(true);
    const groups = await page.$$eval('.applies-group', (li) => li.map((g) => (g as HTMLElement).dataset.roles));
    expect(groups).toEqual(['software-developer']);
  });
});

describe('import', () => {
  it('opens a file from the picker, validates it and lists what it enforces for each agent', async () => {
    const page = await site.open('editor/');
    await waitForEditor(page);
    await page.setInputFiles('#import-file', editorFixturePath('import-team.yaml'));
    await expect.poll(() => page.textContent('#editor-status')).toContain('Opened import-team.yaml: it is valid');
    const groups = await page.$$eval('.applies-group', (li) =>
      li.map((g) => [(g as HTMLElement).dataset.agent, (g as HTMLElement).dataset.roles]),
    );
    expect(groups).toEqual([
      ['', 'software-developer technical-writer'],
      ['build', 'software-developer'],
      ['docs', 'technical-writer'],
    ]);
  });

  it('opens a file dropped on the editor', async () => {
    const page = await site.open('editor/');
    await waitForEditor(page);
    const transfer = await page.evaluateHandle((text) => {
      const dt = new DataTransfer();
      dt.items.add(new File([text], 'dropped.yaml', { type: 'application/yaml' }));
      return dt;
    }, editorFixture('near-miss.yaml'));
    await page.dispatchEvent('#editor', 'dragover', { dataTransfer: transfer });
    await page.dispatchEvent('#editor', 'drop', { dataTransfer: transfer });
    await expect.poll(() => page.textContent('#editor-status')).toContain('Opened dropped.yaml: 1 error(s)');
  });
});

describe('the simulator explains an ALLOW', () => {
  it('names the nearest miss and the contracts skipped by role; marks the part of a command a contract matched', async () => {
    const page = await site.open('editor/');
    await waitForEditor(page);
    await setEditorText(page, editorFixture('near-miss.yaml'));
    await waitForFullCheck(page);
    await page.click('#clear-events');
    await addBashEvent(page, 'git push origin main');
    const allow = page.locator('#verdicts li.verdict').first();
    await expect.poll(() => allow.getAttribute('data-decision')).toBe('ALLOW');
    expect(await allow.locator('.near-misses li').first().getAttribute('data-contract')).toBe('no-force-push');
    expect(await allow.locator('.near-misses li').first().textContent()).toContain(
      'program git, subcommand push matched; flags did not hold',
    );
    expect(await allow.locator('.skipped-by-role summary').textContent()).toContain(
      '1 contract(s) skipped: not for role software-developer',
    );
    await addBashEvent(page, 'npm test && git push --force origin main');
    const block = page.locator('#verdicts li.verdict').nth(1);
    await expect.poll(() => block.getAttribute('data-decision')).toBe('BLOCK');
    expect(await block.locator('.marked-command mark').allTextContents()).toEqual(['git', 'push', '--force']);
  });

  it('marks, regex101-style, exactly the words of a forced push each condition matched, and names them', async () => {
    const page = await site.open('editor/');
    await waitForEditor(page);
    await setEditorText(page, editorFixture('near-miss.yaml'));
    await waitForFullCheck(page);
    await page.click('#clear-events');
    await addBashEvent(page, "cd app && sudo sh -c 'git -C . push -f origin main'");
    const block = page.locator('#verdicts li.verdict').first();
    await expect.poll(() => block.getAttribute('data-decision')).toBe('BLOCK');
    const marks = block.locator('.marked-command mark');
    expect(await marks.allTextContents()).toEqual(['git', 'push', '-f']);
    expect(await marks.evaluateAll((m) => m.map((x) => (x as HTMLElement).title))).toEqual([
      'program git (no-force-push)',
      'subcommand push (no-force-push)',
      'flag -f (no-force-push)',
    ]);
    // The whole command is shown as written, the marks in place inside the quoted string.
    expect(await block.locator('.marked-command').textContent()).toBe(
      "cd app && sudo sh -c 'git -C . push -f origin main'",
    );
    expect(await block.locator('.span-legend li').allTextContents()).toEqual([
      'git ← program git (no-force-push)',
      'push ← subcommand push (no-force-push)',
      '-f ← flag -f (no-force-push)',
    ]);
    // The verdicts alone (the editor's own checks live in the layout test): axe is in the page after one full run.
    await axeViolations(page);
    const inVerdicts = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run(ctx: string): Promise<{ violations: { id: string }[] }> } }).axe;
      return (await axe.run('#verdicts')).violations.map((v) => v.id);
    });
    expect(inVerdicts).toEqual([]);
  });

  it('names every contract that matched a marked piece once, on one legend line', async () => {
    const page = await site.open('editor/');
    await waitForEditor(page);
    // Two presets whose contracts both stop a forced push to main.
    await setEditorText(page, 'version: 1\nextends: [software-developer, devops-engineer]\n');
    await waitForFullCheck(page);
    await page.click('#clear-events');
    await addBashEvent(page, 'git push -f origin main');
    const block = page.locator('#verdicts li.verdict').first();
    await expect.poll(() => block.getAttribute('data-decision')).toBe('BLOCK');
    const legend = await block.locator('.span-legend li').allTextContents();
    const git = legend.filter((l) => l.startsWith('git ← program git'));
    expect(git).toHaveLength(1);
    expect(git[0]).toMatch(/\(dev-no-force-push-main, ops-protect-main\)$/);
    expect(new Set(legend).size).toBe(legend.length);
  });

  it('runs every example in the examples pane and lists the failure first', async () => {
    const page = await site.open('editor/');
    await waitForEditor(page);
    await setEditorText(page, editorFixture('near-miss.yaml'));
    await waitForFullCheck(page);
    await page.click('#run-examples');
    await expect.poll(() => page.getAttribute('#examples-summary', 'data-failed')).toBe('1');
    expect(await page.getAttribute('#examples-summary', 'data-passed')).toBe('2');
    const first = page.locator('#examples-table tbody tr').first();
    expect(await first.getAttribute('data-contract')).toBe('wrong-example');
    expect(await first.getAttribute('data-passed')).toBe('false');
  });
});

describe('layout at 1366×900', () => {
  it('puts editor and results side by side, keeps the actions in view and the template placeholder whole', async () => {
    const page = await site.open('editor/', { width: 1366, height: 900 });
    await waitForEditor(page);
    const box = async (sel: string) => (await page.locator(sel).boundingBox())!;
    const editor = await box('#editor');
    const outcome = await box('.outcome');
    expect(editor.width).toBeGreaterThan(700);
    expect(outcome.x).toBeGreaterThanOrEqual(editor.x + editor.width);
    expect(outcome.y).toBeLessThan(editor.y + 50);
    for (const scroll of [0, 2000]) {
      await page.evaluate((y) => window.scrollTo(0, y), scroll);
      for (const id of ['#download', '#download-setup', '#copy', '#share']) {
        const b = await box(id);
        expect(b.y, `${id} after scrolling to ${scroll}`).toBeGreaterThanOrEqual(0);
        expect(b.y + b.height, `${id} after scrolling to ${scroll}`).toBeLessThanOrEqual(900);
      }
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    // The placeholder fits its select (text width + the arrow), and the label sits above it, not across its border.
    const placeholderFits = () =>
      page.evaluate(() => {
        const select = document.getElementById('contract-source') as HTMLSelectElement;
        const label = document.querySelector('label[for="contract-source"]')!.getBoundingClientRect();
        const ctx = document.createElement('canvas').getContext('2d')!;
        const style = getComputedStyle(select);
        ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const text = ctx.measureText(select.options[0]!.text).width;
        const r = select.getBoundingClientRect();
        return {
          room: r.width - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20,
          text,
          labelBottom: label.bottom,
          selectTop: r.top,
        };
      });
    const fit = await placeholderFits();
    expect(fit.room).toBeGreaterThan(fit.text);
    expect(fit.labelBottom).toBeLessThanOrEqual(fit.selectTop);
    expect(await axeViolations(page)).toEqual([]);
    // On a phone too: the list takes the row's whole width and the button wraps below it.
    await page.setViewportSize({ width: 390, height: 844 });
    const phone = await placeholderFits();
    expect(phone.room).toBeGreaterThan(phone.text);
  });
});
