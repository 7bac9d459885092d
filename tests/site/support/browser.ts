// Debian's Chromium driven by playwright-core, and a page that records every console error, page error and CSP
// violation so each test can assert there were none.
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    timeout: 60_000,
  });
}

export interface WatchedPage {
  readonly page: Page;
  readonly context: BrowserContext;
  /** Console errors, uncaught page errors and CSP violations, in the order they happened. */
  readonly problems: string[];
  close(): Promise<void>;
}

export async function openPage(
  browser: Browser,
  options: { width?: number; height?: number } = {},
): Promise<WatchedPage> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1400, height: options.height ?? 900 },
    acceptDownloads: true,
  });
  const page = await context.newPage();
  const problems: string[] = [];
  // Failed responses are recorded with their URL; Chromium's own console line for them names none, so it is dropped.
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) problems.push(`console: ${m.text()}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`http ${r.status()}: ${r.url()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI}`);
    });
  });
  return { page, context, problems, close: () => context.close() };
}

/** Waits until the editor page has created the editor and run its first validation. */
export async function waitForEditor(page: Page): Promise<void> {
  await page.waitForSelector('html[data-editor-ready][data-validations]', { timeout: 30_000 });
}

/** The number of validations so far; a test waits for it to move past a value after an edit. */
export async function validations(page: Page): Promise<number> {
  return Number(await page.getAttribute('html', 'data-validations'));
}

export async function waitForValidationAfter(page: Page, before: number): Promise<void> {
  await page.waitForFunction((n) => Number(document.documentElement.dataset.validations) > n, before, {
    timeout: 10_000,
  });
}

/** Waits until the full check (examples included) that follows an edit has run. */
export async function waitForFullCheck(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.documentElement.dataset.pendingFull, undefined, { timeout: 10_000 });
}

export async function editorText(page: Page): Promise<string> {
  return page.evaluate(() => (window as unknown as { __configurator: { getText(): string } }).__configurator.getText());
}

export interface MarkerView {
  readonly line: number;
  readonly col: number;
  readonly message: string;
  readonly code: string;
  readonly severity: string;
}

/** The diagnostics the editor holds now (read from CodeMirror's lint state by the page's test hook). */
export async function editorMarkers(page: Page): Promise<MarkerView[]> {
  return page.evaluate(() =>
    (window as unknown as { __configurator: { markers(): MarkerView[] } }).__configurator.markers(),
  );
}

/** Where a click puts the cursor into the editor's text. */
export const EDITOR_TEXT = '.cm-editor .cm-content';

/**
 * Sets the editor's whole text through the page's test hook (typing would auto-indent and close brackets, which
 * would change the fixture), then focuses the editor so the test's own keystrokes go where a user's would.
 */
export async function setEditorText(page: Page, text: string): Promise<void> {
  await page.evaluate(
    (t) => (window as unknown as { __configurator: { setText(t: string): void } }).__configurator.setText(t),
    text,
  );
  await page.click(EDITOR_TEXT);
}
