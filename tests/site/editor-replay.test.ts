// Issue 20, "On the site": the simulator replays real `opencode export` files (dropped or picked, read in the page,
// never uploaded) and shows the table `semantic-anchors replay` prints — every call with its verdict, the contracts
// and the characters they matched, sessions and subagent sessions as replay shows them, filterable by decision and by
// contract. The real exports were captured from opencode 1.18.33; the reference is the CLI on the same files.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useSite } from './support/site.js';
import { PHONE, setEditorText, waitForEditor, waitForFullCheck } from './support/browser.js';
import { cli, EXPORTS_DIR, replayJson, scratchDir } from './support/cli.js';
import { ensureCliBuilt } from './support/build.js';
import { axeViolations } from './support/axe.js';
import { legendFromCli, type CliSpan } from './support/spans.js';

const site = useSite();
beforeAll(() => ensureCliBuilt());

const CONFIG = readFileSync(new URL('./fixtures/replay/replay-config.yaml', import.meta.url), 'utf8');
const EXPORTS = ['session.json', 'subagent.json'].map((f) => join(EXPORTS_DIR, f));

/** Drops files on the replay part as a user drags them from the desktop: a real DataTransfer of File objects. */
async function dropFiles(page: Page, files: readonly { name: string; text: string }[]): Promise<void> {
  const transfer = await page.evaluateHandle((list) => {
    const dt = new DataTransfer();
    for (const f of list) dt.items.add(new File([f.text], f.name, { type: 'application/json' }));
    return dt;
  }, files);
  await page.dispatchEvent('#replay-part', 'dragover', { dataTransfer: transfer });
  await page.dispatchEvent('#replay-part', 'drop', { dataTransfer: transfer });
}

const asDropped = (paths: readonly string[]) =>
  paths.map((p) => ({ name: p.split('/').pop()!, text: readFileSync(p, 'utf8') }));

async function editorWith(config: string, options?: typeof PHONE): Promise<Page> {
  const page = await site.open('editor/', options);
  await waitForEditor(page);
  await setEditorText(page, config);
  await waitForFullCheck(page);
  return page;
}

async function replayed(page: Page, count: number): Promise<void> {
  await page.waitForFunction((n) => Number(document.getElementById('replay-part')?.dataset.replayed ?? 0) >= n, count, {
    timeout: 30_000,
  });
}

interface Row {
  session: string;
  seq: string;
  tool: string;
  decision: string;
  contracts: string;
  marks: string[];
}

/** Every call row of the table (with "Every call" chosen), and each legend line of its marks. */
async function tableRows(page: Page): Promise<Row[]> {
  return page.$$eval('#replay-table tr.replay-row', (rows) =>
    rows.map((tr) => {
      const d = (tr as HTMLElement).dataset;
      return {
        session: d.session ?? '',
        seq: d.seq ?? '',
        tool: d.tool ?? '',
        decision: d.decision ?? '',
        contracts: d.contracts ?? '',
        marks: Array.from(tr.querySelectorAll<HTMLElement>('.span-legend li'))
          .map((li) => `${li.dataset.span} | ${li.dataset.label} | ${li.dataset.contract}`)
          .sort(),
      };
    }),
  );
}

/** The same rows from `replay --json`, with the legend lines the CLI's spans make. */
function expectedRows(records: Record<string, unknown>[]): Row[] {
  return records.map((c) => ({
    session: c.session as string,
    seq: c.seq === null ? '' : String(c.seq),
    tool: (c.tool as string | null) ?? '',
    decision: (c.decision as string | null) ?? 'none',
    contracts: (c.contracts as string[]).join(' '),
    marks: legendFromCli((c.spans as { spans: CliSpan[] } | undefined)?.spans),
  }));
}

describe('replaying real opencode exports in the simulator', () => {
  it('shows, for an export dropped on it, the table replay --json gives for the same files and file', async () => {
    const page = await editorWith(CONFIG);
    await page.click('#replay-part > summary');
    await dropFiles(page, asDropped(EXPORTS));
    await replayed(page, 1);
    await page.selectOption('#replay-decision', 'all');
    const reference = replayJson(CONFIG, EXPORTS);
    expect(reference.length).toBeGreaterThan(5);
    // The fixture has what the comparison must cover: a BLOCK, a WARN, a bypassed call and a subagent's call.
    expect(reference.some((c) => c.decision === 'BLOCK')).toBe(true);
    expect(reference.some((c) => c.subagent === true)).toBe(true);
    const rows = await tableRows(page);
    expect(rows).toEqual(expectedRows(reference));
    // Every call that is not simply allowed carries its marks (BLOCK, WARN and the bypassed push).
    expect(rows.filter((r) => r.marks.length > 0)).toHaveLength(reference.filter((c) => c.decision !== 'ALLOW').length);
    expect(await page.getAttribute('#replay-shown', 'data-shown')).toBe(String(reference.length));

    // Marked in place: the blocked push's words, as the CLI's carets mark them.
    const block = page.locator('#replay-table tr.replay-row[data-decision="BLOCK"]').first();
    expect(await block.locator('.marked-command mark').allTextContents()).toEqual(['git', 'push', '--force', 'main']);
    expect(await block.locator('.replay-next').textContent()).toBe('next: bash git status');

    // Sessions as replay shows them: the subagent's calls under their own header, where its parent's task started
    // it, and the parent's calls after it under "(continued)".
    const headers = await page.$$eval('#replay-table tr.replay-session th', (th) => th.map((h) => h.textContent ?? ''));
    expect(headers).toHaveLength(3);
    expect(headers[0]).toMatch(/^Session ses_dcd753abbffeduQhEaNrLpIaYp “Scripted session”/);
    expect(headers[1]).toMatch(
      /^Subagent session ses_dcd74d3f6ffevqqwymeENN0Sq4 \(shares the rules state of ses_dcd753abbffeduQhEaNrLpIaYp\)/,
    );
    expect(headers[2]).toContain('(continued)');
    // The figures replay prints in total and per contract.
    expect(await page.textContent('#replay-summary')).toContain(
      '10 calls: 5 allowed, 4 warned, 1 blocked · 1 bypass needed',
    );
    const counts = await page.$$eval('#replay-contracts tbody tr', (rows) =>
      rows.map((r) => Array.from(r.children, (c) => c.textContent).join(' ')),
    );
    expect(counts).toEqual(['team-no-echo-in-scripts 0 3 0 0', 'dev-no-force-push-main 1 0 0 1']);
  });

  it('filters by decision and by contract, hiding the sessions left without a call', async () => {
    const page = await editorWith(CONFIG);
    await page.click('#replay-part > summary');
    await page.setInputFiles('#replay-file', EXPORTS);
    await replayed(page, 1);
    const shown = async () =>
      page.$$eval('#replay-table tr.replay-row:not([hidden])', (rows) =>
        rows.map((r) => `${(r as HTMLElement).dataset.decision} ${(r as HTMLElement).dataset.contracts}`),
      );
    // What replay prints by default: the calls not simply allowed.
    expect(await shown()).toEqual([
      'WARN team-no-echo-in-scripts',
      'BLOCK dev-no-force-push-main',
      'WARN dev-no-force-push-main',
      'WARN team-no-echo-in-scripts',
      'WARN team-no-echo-in-scripts',
    ]);
    await page.selectOption('#replay-decision', 'BLOCK');
    expect(await shown()).toEqual(['BLOCK dev-no-force-push-main']);
    await page.selectOption('#replay-decision', 'all');
    await page.selectOption('#replay-contract', 'team-no-echo-in-scripts');
    expect(await shown()).toEqual([
      'WARN team-no-echo-in-scripts',
      'WARN team-no-echo-in-scripts',
      'WARN team-no-echo-in-scripts',
    ]);
    await page.selectOption('#replay-decision', 'ALLOW');
    expect(await shown()).toEqual([]);
    expect(await page.locator('#replay-table tr.replay-session:not([hidden])').count()).toBe(0);
    expect(await page.textContent('#replay-shown')).toBe('Showing 0 of 10 calls.');
  });

  it('replays the files again when the contract file changes', async () => {
    const page = await editorWith(CONFIG);
    await page.click('#replay-part > summary');
    await page.setInputFiles('#replay-file', EXPORTS);
    await replayed(page, 1);
    await setEditorText(page, 'version: 1\nextends: [software-developer]\n');
    await replayed(page, 2);
    await page.selectOption('#replay-decision', 'all');
    expect(await tableRows(page)).toEqual(
      expectedRows(replayJson('version: 1\nextends: [software-developer]\n', EXPORTS)),
    );
  });

  it('reports a damaged export where it breaks, as the CLI does, and replays what came before', async () => {
    const whole = readFileSync(EXPORTS[0]!, 'utf8');
    const dir = scratchDir();
    const cut = join(dir, 'cut.json');
    writeFileSync(cut, whole.slice(0, Math.floor(whole.length * 0.6)));
    const r = cli(['replay', cut, '--config', 'software-developer']);
    const where = /cut\.json:(\d+):(\d+)/.exec(r.stderr);
    expect(where, r.stderr).not.toBeNull();
    const page = await editorWith('version: 1\nextends: [software-developer]\n');
    await page.click('#replay-part > summary');
    await dropFiles(page, [{ name: 'cut.json', text: readFileSync(cut, 'utf8') }]);
    await replayed(page, 1);
    const damaged = page.locator('.replay-sessions .error');
    expect(await damaged.textContent()).toContain(`cut.json:${where![1]}:${where![2]}: `);
    expect(await damaged.textContent()).toContain('what came before it was replayed');
    expect(Number(await page.getAttribute('#replay-summary', 'data-calls'))).toBeGreaterThan(0);
  });

  it('loads the replay code only when the part is opened', async () => {
    const page = await site.open('editor/');
    const fetched: string[] = [];
    page.on('request', (r) => fetched.push(r.url()));
    await waitForEditor(page);
    await page.waitForTimeout(500);
    expect(fetched.filter((u) => u.includes('show-replay'))).toEqual([]);
    await page.click('#open-replay');
    expect(await page.getAttribute('#replay-part', 'open')).not.toBeNull();
    await expect.poll(() => fetched.filter((u) => u.includes('show-replay')).length).toBe(1);
  });
});

describe('accessibility of the replay table', () => {
  it.each([
    ['Monaco, on a desktop', undefined, 'monaco'],
    ['the plain text area, on a phone', PHONE, 'plain'],
  ] as const)('has no violations at all in %s', async (_name, options, form) => {
    const page = await editorWith(CONFIG, options);
    expect(await page.getAttribute('html', 'data-editor-form')).toBe(form);
    await page.click('#replay-part > summary');
    await page.setInputFiles('#replay-file', EXPORTS);
    await replayed(page, 1);
    await page.selectOption('#replay-decision', 'all');
    expect(await axeViolations(page)).toEqual([]);
  });
});
