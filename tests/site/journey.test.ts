// The acceptance path of a new user, by clicks only: home → a role → open it in the editor → add a second role →
// download — and the file passes `semantic-anchors validate` with both roles' contracts. Also the role page's own
// download button.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { bundledPresets, SCHEMA_ID, validate } from '@semantic-anchors/engine';
import { ensureCliBuilt, ensureSiteBuilt, SITE_DIST } from './support/build.js';
import { serveSite, type Site } from './support/server.js';
import { launchChromium, openPage, waitForEditor, waitForFullCheck, type WatchedPage } from './support/browser.js';
import { cli, scratchDir } from './support/cli.js';

const [first, second] = bundledPresets.map((p) => p.id);

let site: Site;
let browser: Browser;
let w: WatchedPage;

beforeAll(async () => {
  ensureSiteBuilt();
  ensureCliBuilt();
  site = await serveSite(SITE_DIST);
  browser = await launchChromium();
  w = await openPage(browser);
});
afterAll(async () => {
  expect(w?.problems ?? []).toEqual([]);
  await browser?.close();
  await site?.close();
});

async function downloadFrom(page: Page, selector: string): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.click(selector)]);
  expect(download.suggestedFilename()).toBe('opencode-semantic-anchors.yaml');
  const file = join(scratchDir(), 'opencode-semantic-anchors.yaml');
  await download.saveAs(file);
  return file;
}

describe('a new user, from the home page to a valid file for two roles', () => {
  it('gets there in five clicks', async () => {
    const { page } = w;
    await page.goto(site.url);
    await page.click(`li[data-role="${first}"] h3 a`);
    await page.click('a[data-open-editor]');
    await waitForEditor(page);
    await page.check(`input[name="preset"][value="${second}"]`);
    await waitForFullCheck(page);
    const file = await downloadFrom(page, '#download');

    const text = readFileSync(file, 'utf8');
    expect(text).toContain(`extends: [${first}, ${second}]`);
    const r = cli(['validate', file]);
    expect(r.stdout).toMatch(/\b0 error\(s\)/);
    expect(r.status).toBe(0);
    const policy = validate(text, { file }).policy;
    const roles = new Set(policy.contracts.flatMap((c) => [...(c.roles ?? [])]));
    expect(roles).toEqual(new Set([first, second]));
  });

  it('downloads a valid file straight from a role page', async () => {
    const { page } = w;
    await page.goto(new URL(`roles/${second}/`, site.url).href);
    const file = await downloadFrom(page, 'button[data-download]');
    const text = readFileSync(file, 'utf8');
    expect(text.split('\n')[0]).toBe(`# yaml-language-server: $schema=${SCHEMA_ID}`);
    expect(text).toContain(`extends: [${second}]`);
    const r = cli(['validate', file]);
    expect(r.status).toBe(0);
  });
});
