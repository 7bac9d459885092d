// Installing from the site, in real Chromium against the built site: the Install page's files are the files it
// serves (sha256 and size as shown), its commands name this site, the CLI file runs on its own, and the editor's
// "contract file + plugin" zip unpacks into a project that holds a valid contract file and that same plugin file.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { unzipSync, strFromU8 } from 'fflate';
import { SCHEMA_ID } from '@semantic-anchors/engine';
import { ensureCliBuilt, ensureSiteBuilt, REPO, SITE_DIST } from './support/build.js';
import { serveSite, type Site } from './support/server.js';
import { launchChromium, openPage, waitForEditor, waitForFullCheck, type WatchedPage } from './support/browser.js';
import { axeViolations, serious } from './support/axe.js';
import { cli, scratchDir } from './support/cli.js';

const VERSION = (JSON.parse(readFileSync(join(REPO, 'packages/plugin/package.json'), 'utf8')) as { version: string })
  .version;
const PLUGIN_FILE = `opencode-semantic-anchors-${VERSION}.js`;
const CLI_FILE = `semantic-anchors-cli-${VERSION}.mjs`;
const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');

let site: Site;
let browser: Browser;
const watched: WatchedPage[] = [];
async function open(path: string, size?: { width: number; height: number }): Promise<Page> {
  const w = await openPage(browser, size);
  watched.push(w);
  await w.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(site.url).origin });
  await w.page.goto(new URL(path, site.url).href);
  return w.page;
}

interface ShownFile {
  readonly name: string;
  readonly href: string;
  readonly bytes: number;
  readonly sha256: string;
}
async function shownFiles(page: Page): Promise<Record<string, ShownFile>> {
  const rows = await page.$$eval('tr[data-download-kind]', (trs) =>
    trs.map((tr) => ({
      kind: (tr as HTMLElement).dataset.downloadKind ?? '',
      name: tr.querySelector('a')?.textContent ?? '',
      href: tr.querySelector('a')?.href ?? '',
      bytes: Number(tr.querySelector<HTMLElement>('[data-bytes]')?.dataset.bytes),
      sha256: tr.querySelector('code.sha256')?.textContent ?? '',
    })),
  );
  return Object.fromEntries(rows.map(({ kind, ...file }) => [kind, file]));
}

async function download(page: Page, selector: string, expectedName: string): Promise<string> {
  const [saved] = await Promise.all([page.waitForEvent('download'), page.click(selector)]);
  expect(saved.suggestedFilename()).toBe(expectedName);
  const file = join(scratchDir(), expectedName);
  await saved.saveAs(file);
  return file;
}

beforeAll(async () => {
  ensureSiteBuilt();
  ensureCliBuilt();
  site = await serveSite(SITE_DIST);
  browser = await launchChromium();
});
afterAll(async () => {
  for (const w of watched) expect(w.problems, 'console errors, page errors or CSP violations').toEqual([]);
  await browser?.close();
  await site?.close();
});

describe('the Install page', () => {
  it('serves the plugin with exactly the sha256 and size it shows, and it is the built, self-contained plugin', async () => {
    const page = await open('install/');
    const shown = await shownFiles(page);
    expect(shown.plugin?.name).toBe(PLUGIN_FILE);
    expect(shown.plugin?.sha256).toMatch(/^[0-9a-f]{64}$/);
    const file = await download(page, `tr[data-download-kind="plugin"] a`, PLUGIN_FILE);
    const bytes = readFileSync(file);
    expect(sha256(bytes)).toBe(shown.plugin?.sha256);
    expect(bytes.length).toBe(shown.plugin?.bytes);
    // The single-file plugin the package build produced for downloads, exporting the plugin by its id.
    const built = readFileSync(join(REPO, 'packages/plugin/standalone/opencode-semantic-anchors.mjs'), 'utf8');
    expect(bytes.toString('utf8')).toBe(built);
    expect(bytes.toString('utf8')).toContain('id:"opencode-semantic-anchors"');
    expect(bytes.toString('utf8')).not.toMatch(/sourceMappingURL/);
  });

  it('lists a CLI file that runs on its own from any folder, and checksums that match what is served', async () => {
    const page = await open('install/');
    const shown = await shownFiles(page);
    expect(shown.cli?.name).toBe(CLI_FILE);
    const file = await download(page, `tr[data-download-kind="cli"] a`, CLI_FILE);
    expect(sha256(readFileSync(file))).toBe(shown.cli?.sha256);
    const elsewhere = scratchDir();
    const help = spawnSync(process.execPath, [file, '--help'], { cwd: elsewhere, encoding: 'utf8', timeout: 60_000 });
    expect(help.stdout).toContain('doctor');
    expect(help.status).toBe(0);
    const version = spawnSync(process.execPath, [file, '--version'], {
      cwd: elsewhere,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(version.stdout.trim()).toBe(`opencode-semantic-anchors ${VERSION}`);
    const sums = await (await fetch(new URL('download/SHA256SUMS.txt', site.url))).text();
    for (const f of Object.values(shown)) expect(sums).toContain(`${f.sha256}  ${f.name}\n`);
  });

  it('gives commands that name this site and the shown sha256, and copies them with one click', async () => {
    const page = await open('install/');
    const shown = await shownFiles(page);
    const commands = await page.$$eval('[data-copy-source]', (codes) => codes.map((c) => c.textContent ?? ''));
    const all = commands.join('\n');
    expect(all).not.toContain('this-site.invalid');
    expect(all).toContain(
      `curl -fL -o .opencode/plugins/${PLUGIN_FILE} ${new URL(`download/${PLUGIN_FILE}`, site.url).href}`,
    );
    expect(all).toContain(`$HOME/.config/opencode/plugins/${PLUGIN_FILE}`);
    expect(all).toContain(`echo "${shown.plugin?.sha256}  .opencode/plugins/${PLUGIN_FILE}" | sha256sum -c -`);
    expect(all).toContain(`node ${CLI_FILE} doctor`);
    expect(all).toContain(`"opencode-semantic-anchors@${VERSION}"`);
    // INVARIANT: nothing a user copies from this page replaces an opencode.json (or any file) they already have.
    expect(all).not.toMatch(/>\s*\S*opencode\.jsonc?\b/);
    expect(all).not.toMatch(/\bmv (?!-n)/);
    const first = page.locator('button[data-copy]').first();
    await first.click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(commands[0]);
    await expect.poll(() => page.textContent('#copy-status')).toContain('Copied');
  });

  it('is reached from the home page, every role page and the navigation, and is clean for axe at desktop and phone sizes', async () => {
    const home = await open('');
    expect(await home.locator('main a[href$="/install/"]').count()).toBeGreaterThan(0);
    expect(await home.locator('nav[aria-label="Main"] a[href$="/install/"]').count()).toBe(1);
    const roleLinks = await home.$$eval('li[data-role] h3 a', (as) => as.map((a) => (a as HTMLAnchorElement).href));
    expect(roleLinks.length).toBeGreaterThan(0);
    for (const link of roleLinks) {
      await home.goto(link);
      expect(await home.locator('main a[href$="/install/"]').count(), link).toBeGreaterThan(0);
    }
    for (const size of [
      { width: 1400, height: 900 },
      { width: 360, height: 740 },
    ]) {
      const page = await open('install/', size);
      expect(serious(await axeViolations(page))).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        1,
      );
    }
  });
});

describe("the editor's downloads", () => {
  it('writes the canonical $schema into the contract file, not the address of this local server', async () => {
    const page = await open('editor/#extends=software-developer');
    await waitForEditor(page);
    const text = readFileSync(await download(page, '#download', 'opencode-semantic-anchors.yaml'), 'utf8');
    expect(text.split('\n')[0]).toBe(`# yaml-language-server: $schema=${SCHEMA_ID}`);
    expect(text).not.toContain('127.0.0.1');
    expect(await page.isVisible('#after-download a[href$="/install/"]')).toBe(true);
  });

  it('"contract file + plugin" gives a zip that unpacks into a project: a valid contract file, the served plugin, INSTALL.txt', async () => {
    const installPage = await open('install/');
    const shown = await shownFiles(installPage);
    const page = await open('editor/#extends=software-developer,qa-engineer');
    await waitForEditor(page);
    await waitForFullCheck(page);
    const editorText = await page.evaluate(() =>
      (window as unknown as { __configurator: { getText(): string } }).__configurator.getText(),
    );
    const zipFile = await download(page, '#download-setup', 'opencode-semantic-anchors-setup.zip');
    await page.waitForSelector('#after-download:not([hidden])');
    expect(await page.textContent('#editor-status')).toContain('Downloaded opencode-semantic-anchors-setup.zip');
    expect(await page.isVisible('#after-download a[href$="/install/"]')).toBe(true);

    const entries = unzipSync(readFileSync(zipFile));
    const names = Object.keys(entries)
      .filter((n) => !n.endsWith('/'))
      .sort();
    expect(names).toEqual([
      '.opencode/opencode-semantic-anchors-THIRD-PARTY-LICENSES.txt',
      '.opencode/opencode-semantic-anchors.yaml',
      `.opencode/plugins/${PLUGIN_FILE}`,
      'INSTALL.txt',
    ]);
    // Unpacked as INSTALL.txt says, into a project folder.
    const project = scratchDir();
    for (const name of names) {
      mkdirSync(join(project, name, '..'), { recursive: true });
      writeFileSync(join(project, name), entries[name]!);
    }
    expect(sha256(entries[`.opencode/plugins/${PLUGIN_FILE}`]!)).toBe(shown.plugin?.sha256);
    const yaml = strFromU8(entries['.opencode/opencode-semantic-anchors.yaml']!);
    expect(yaml.split('\n')[0]).toBe(`# yaml-language-server: $schema=${SCHEMA_ID}`);
    expect(yaml).toContain(editorText.trimEnd());
    const r = cli(['validate', join(project, '.opencode/opencode-semantic-anchors.yaml')]);
    expect(r.stdout).toMatch(/\b0 error\(s\)/);
    expect(r.status).toBe(0);
    const install = strFromU8(entries['INSTALL.txt']!);
    expect(install).toContain('unzip -n opencode-semantic-anchors-setup.zip -d path/to/your-project');
    expect(install).toContain(shown.plugin?.sha256);
    expect(install).toContain(`node ${CLI_FILE} doctor`);
    expect(install).toContain(new URL('install/', site.url).href);
  });
});
