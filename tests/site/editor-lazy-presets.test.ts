// Issue 18's page budget: the editor page loads a bundled preset's data only when the draft extends it (each preset
// is a chunk of its own in the browser: apps/configurator/scripts/browser-presets.mjs), and a draft that extends one
// it had not loaded validates exactly as the engine with every preset does — in Monaco and in the phone's text area.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { bundledPresets, validate } from '@semantic-anchors/engine';
import { useSite } from './support/site.js';
import { editorForm, setEditorText, waitForEditor, waitForFullCheck, PHONE } from './support/browser.js';
import { ensureCliBuilt } from './support/build.js';
import { explain } from './support/cli.js';
import { extendsInText } from '../../apps/configurator/src/client/editor/opening-presets.js';

const site = useSite();
beforeAll(() => ensureCliBuilt());
/** expect.poll's patience: on a machine shared with other suites a check can take seconds. */
const PATIENT = { timeout: 15_000 };

const FILE = 'opencode-semantic-anchors.yaml';
const PRESET_IDS = new Set(bundledPresets.map((p) => p.id));

/** The bundled presets whose data the page requested, in order: a preset's chunk is named for its id. */
function presetRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    const m = /\/_astro\/([a-z0-9-]+)\.[\w-]+\.js$/.exec(new URL(r.url()).pathname);
    if (m && PRESET_IDS.has(m[1]!)) seen.push(m[1]!);
  });
  return seen;
}

/** Opens the editor page in a fresh browser (no draft kept), recording which presets' data it loads. */
async function openEditor(form: 'monaco' | 'plain'): Promise<{ page: Page; presets: string[] }> {
  const page = await site.open('', form === 'plain' ? PHONE : {});
  const presets = presetRequests(page);
  await page.goto(site.url('editor/'));
  await waitForEditor(page);
  await waitForFullCheck(page);
  expect(await editorForm(page)).toBe(form);
  return { page, presets };
}

/** The problems the page lists (its file's and the presets'), each as code, severity and line, in a stable order. */
async function pageProblems(page: Page): Promise<string[]> {
  const items = await page.$$eval('#problems li.problem', (lis) =>
    lis.map((li) => ({
      code: li.dataset.code ?? '',
      severity: /problem-(error|warning|info)/.exec(li.className)?.[1] ?? '',
      line: li.dataset.line ?? '-',
    })),
  );
  return items.map((p) => `${p.code} ${p.severity} ${p.line}`).sort();
}

/** What the engine with every preset in memory says of the same text: the reference for the page. */
function engineProblems(text: string): { problems: string[]; active: number } {
  const r = validate(text, { file: FILE });
  return {
    problems: r.diagnostics.map((d) => `${d.code} ${d.severity} ${d.position?.line ?? '-'}`).sort(),
    active: r.policy.contracts.length,
  };
}

// Extends a preset the opening draft does not (qa-engineer), disables one of its contracts and names one no preset
// has, and holds a contract with three mistakes: problems that depend on both presets being there.
const DRAFT = `version: 1
extends: [software-developer, qa-engineer]
disable: [qa-skip-needs-a-ticket, qa-no-such-rule]
contracts:
  - id: no-keys-in-notes
    description: Notes stay free of keys.
    mode: WARN
    anchorRefs: [conventional-comits]
    message: Keep keys out of the notes.
    triggers:
      - tool: { name: write }
`;

describe.each(['monaco', 'plain'] as const)('the bundled presets load on demand (%s)', (form) => {
  it("loads only the opening draft's preset, then a preset once the draft extends it, and validates as the engine does", async () => {
    const { page, presets } = await openEditor(form);
    // The opening draft extends software-developer alone: no other preset's data is fetched.
    expect(presets).toEqual(['software-developer']);

    await setEditorText(page, DRAFT);
    await waitForFullCheck(page);
    expect(presets).toEqual(['software-developer', 'qa-engineer']);
    const reference = engineProblems(DRAFT);
    expect(reference.problems.length).toBeGreaterThanOrEqual(4);
    expect(reference.problems).toContain('disable-unknown warning 3');
    await expect.poll(() => pageProblems(page), PATIENT).toEqual(reference.problems);
    expect(await page.textContent('#problems-summary')).toContain(`${reference.active} contracts active`);

    // The simulator judges with both presets, as `semantic-anchors explain` does (of the draft without its mistakes).
    const valid = `${DRAFT.split('contracts:')[0]}contracts: []\n`;
    await setEditorText(page, valid);
    await waitForFullCheck(page);
    await expect.poll(() => pageProblems(page), PATIENT).toEqual(engineProblems(valid).problems);
    const event = { tool: 'edit', args: { filePath: 'src/app.test.ts', oldString: 'a', newString: 'it.only(' } };
    await page.click('#clear-events');
    await page.selectOption('#event-kind', 'tool');
    await page.fill('#event-tool', event.tool);
    await page.fill('#event-args', JSON.stringify(event.args));
    await page.click('#add-event');
    const [cli] = explain(valid, [event]);
    const verdict = page.locator('#verdicts li.verdict').first();
    await expect.poll(() => verdict.getAttribute('data-decision'), PATIENT).toBe(cli!.decision);
    expect(cli!.matches.length).toBeGreaterThan(0);
  });

  it("loads a kept draft's presets, not the default one, when the page opens again", async () => {
    const { page, presets } = await openEditor(form);
    const draft = 'version: 1\nextends:\n  - ux-designer\n  - "educator" # a comment\ncontracts: []\n';
    await setEditorText(page, draft);
    await waitForFullCheck(page);
    expect(presets).toEqual(['software-developer', 'ux-designer', 'educator']);
    // Leaving keeps the draft (pagehide); the page opened again reads it and loads its presets from the start.
    await page.goto(site.url(''));
    presets.length = 0;
    await page.goto(site.url('editor/'));
    await waitForEditor(page);
    await waitForFullCheck(page);
    expect(
      await page.evaluate(() =>
        (window as unknown as { __configurator: { getText(): string } }).__configurator.getText(),
      ),
    ).toBe(draft);
    expect(presets.sort()).toEqual(['educator', 'ux-designer']);
    await expect.poll(() => pageProblems(page), PATIENT).toEqual(engineProblems(draft).problems);
  });

  it('names a mistyped preset with every bundled id to choose from, loading none, and its fix loads the preset', async () => {
    const { page, presets } = await openEditor(form);
    const typo = 'version: 1\nextends: [ux-desinger]\ncontracts: []\n';
    await setEditorText(page, typo);
    await waitForFullCheck(page);
    const problem = page.locator('#problems li.problem[data-code="unknown-preset"]');
    await expect.poll(() => problem.count(), PATIENT).toBe(1);
    expect(await problem.textContent()).toContain('did you mean "ux-designer"?');
    expect(await pageProblems(page)).toEqual(engineProblems(typo).problems);
    expect(presets).toEqual(['software-developer']);

    await problem.locator('button.quick-fix', { hasText: 'ux-designer' }).click();
    await waitForFullCheck(page);
    const fixed = 'version: 1\nextends: [ux-designer]\ncontracts: []\n';
    await expect.poll(() => presets, PATIENT).toEqual(['software-developer', 'ux-designer']);
    await expect.poll(() => pageProblems(page), PATIENT).toEqual(engineProblems(fixed).problems);
    expect(await page.textContent('#problems-summary')).toContain(`${engineProblems(fixed).active} contracts active`);
  });
});

describe('the guess of the presets an opening text extends (loaded before the page script)', () => {
  it('reads a top-level extends in flow and block style, without quotes or comments', () => {
    expect(extendsInText('version: 1\nextends: [software-developer, "qa-engineer"]\n')).toEqual([
      'software-developer',
      'qa-engineer',
    ]);
    expect(extendsInText("version: 1\nextends:\n  - ux-designer # mine\n  - 'educator'\ncontracts: []\n")).toEqual([
      'ux-designer',
      'educator',
    ]);
    expect(extendsInText('version: 1\ncontracts: []\n')).toEqual([]);
    // Not a key of a contract further in: only the file's own extends.
    expect(extendsInText('contracts:\n  - id: x\n    extends: [team-lead]\n')).toEqual([]);
  });
});
