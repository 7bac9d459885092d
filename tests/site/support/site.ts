// One built site, one Chromium and the pages a suite opened, which must end without console errors, page errors,
// CSP violations or failed requests. Every browser suite sets up the same way: call useSite() at the top level.
import { afterAll, beforeAll, expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ensureSiteBuilt, SITE_DIST } from './build.js';
import { serveSite, type Site } from './server.js';
import { launchChromium, openPage, type PageOptions, type WatchedPage } from './browser.js';

export function useSite(): {
  open(path: string, options?: PageOptions): Promise<Page>;
  watched(): WatchedPage[];
  url(path: string): string;
  browser(): Browser;
} {
  let site: Site;
  let browser: Browser;
  const pages: WatchedPage[] = [];
  beforeAll(async () => {
    ensureSiteBuilt();
    site = await serveSite(SITE_DIST);
    browser = await launchChromium();
  });
  afterAll(async () => {
    for (const p of pages) expect(p.problems, 'console errors, page errors or CSP violations').toEqual([]);
    await browser?.close();
    await site?.close();
  });
  return {
    async open(path, options) {
      const w = await openPage(browser, options);
      pages.push(w);
      await w.page.goto(new URL(path, site.url).href);
      return w.page;
    },
    watched: () => pages,
    url: (path) => new URL(path, site.url).href,
    browser: () => browser,
  };
}
