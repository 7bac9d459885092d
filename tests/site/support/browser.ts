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

export interface PageOptions {
  readonly width?: number;
  readonly height?: number;
  /** A phone: a touch screen and no mouse (the editor page then uses its plain text area). */
  readonly mobile?: boolean;
}

/** A phone's screen, for the editor's plain form. */
export const PHONE = { width: 390, height: 844, mobile: true } as const;

export async function openPage(browser: Browser, options: PageOptions = {}): Promise<WatchedPage> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1400, height: options.height ?? 900 },
    acceptDownloads: true,
    ...(options.mobile ? { isMobile: true, hasTouch: true } : {}),
  });
  const page = await context.newPage();
  const problems: string[] = [];
  // Failed responses are recorded with their URL; Chromium's own console line for them names none, so it is dropped.
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) problems.push(`console: ${m.text()}`);
    // Monaco says so when it could not start a worker and runs the worker's code in the page instead.
    if (m.type() === 'warning' && /worker/i.test(m.text())) problems.push(`console warning: ${m.text()}`);
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

/** Where the editor's cursor is in the whole file: 1-based line, 0-based character. */
export async function editorCaret(page: Page): Promise<{ line: number; ch: number }> {
  return page.evaluate(() =>
    (window as unknown as { __configurator: { caret(): { line: number; ch: number } } }).__configurator.caret(),
  );
}

export interface MarkerView {
  readonly line: number;
  readonly col: number;
  readonly message: string;
  readonly code: string;
  readonly severity: string;
}

/** The problems the editor shows in the text now (Monaco's markers, or what the plain form shows), by the page's hook. */
export async function editorMarkers(page: Page): Promise<MarkerView[]> {
  return page.evaluate(() =>
    (window as unknown as { __configurator: { markers(): MarkerView[] } }).__configurator.markers(),
  );
}

/** Where a click puts the cursor into the editor's text: Monaco's lines, or the plain form's text area. */
export const EDITOR_TEXT = '#editor .monaco-editor .view-lines, #editor textarea#editor-text';

/** Which form the editor page took: 'monaco' or 'plain'. */
export const editorForm = (page: Page): Promise<string | null> => page.getAttribute('html', 'data-editor-form');

/** Monaco's suggest widget: the rows shown, as "label description". */
export const SUGGESTIONS = '.monaco-editor .suggest-widget.visible .monaco-list-row';

/** The labels of the suggestions shown now (the widget shows up to 12 rows at a time). */
export async function suggestionLabels(page: Page): Promise<string[]> {
  return page.$$eval(`${SUGGESTIONS} .label-name`, (labels) => labels.map((l) => l.textContent ?? ''));
}

/** The suggestions shown now, each as its label and its description. */
export async function suggestionRows(page: Page): Promise<string[]> {
  return page.$$eval(SUGGESTIONS, (rows) =>
    rows.map((r) =>
      [r.querySelector('.label-name')?.textContent, r.querySelector('.details-label')?.textContent]
        .filter(Boolean)
        .join(' '),
    ),
  );
}

/** A hover of Monaco's that is on screen. */
export const HOVER = '.monaco-editor .monaco-hover:not(.hidden)';

/**
 * Moves the mouse over the last place in Monaco's lines that reads `text` (measured in the page: the editor's font is
 * whatever the system gives) and waits for a hover that contains `expect`.
 */
export async function hoverOn(page: Page, text: string, expect: string) {
  const line = page.locator('#editor .view-line', { hasText: text }).last();
  const measure = () =>
    line.evaluate((el, t) => {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      const chunks: { node: Text; from: number }[] = [];
      let whole = '';
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        chunks.push({ node: n as Text, from: whole.length });
        whole += (n.textContent ?? '').replace(/\u00a0/g, ' ');
      }
      const at = whole.lastIndexOf(t) + Math.floor(t.length / 2);
      const chunk = [...chunks].reverse().find((c) => c.from <= at)!;
      const range = document.createRange();
      range.setStart(chunk.node, at - chunk.from);
      range.setEnd(chunk.node, at - chunk.from + 1);
      const r = range.getBoundingClientRect();
      return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
    }, text);
  const hover = page.locator(HOVER, { hasText: expect }).first();
  // A hover that a re-render of the editor closed before it showed is asked for again, as a hand moves the mouse;
  // the place is measured again each time (the problems list or the simulator may have moved the editor meanwhile),
  // and on a busy machine (CI shares two cores with other suites) the page's own work can delay it by seconds.
  for (let attempt = 0; attempt < 5; attempt++) {
    // A suggest or parameter widget left open over the line would take the mouse instead of the text.
    await page.keyboard.press('Escape');
    const point = await measure();
    await page.mouse.move(point.x, point.y + (attempt % 2));
    const shown = await hover.waitFor({ timeout: 8_000 }).then(
      () => true,
      () => false,
    );
    if (shown) return hover;
    await page.mouse.move(0, 0);
  }
  await hover.waitFor({ timeout: 1 });
  return hover;
}

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
