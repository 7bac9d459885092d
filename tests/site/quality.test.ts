// Quality of every page type in real Chromium: accessibility (axe-core: no serious or critical violations; none at all
// on the editor page, in either form), a narrow viewport, no console errors, internal links that resolve, anchor links
// that name catalogue ids, a CSP that allows no third-party origin and no inline styles (Monaco's on the editor page
// only), the editor's code only on the editor page, and a licence file naming every bundled package.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { bundledPresets, catalogue } from '@semantic-anchors/engine';
import { ensureSiteBuilt, SITE_DIST } from './support/build.js';
import { serveSite, type Site } from './support/server.js';
import {
  EDITOR_TEXT,
  launchChromium,
  openPage,
  PHONE,
  setEditorText,
  waitForEditor,
  waitForFullCheck,
  type PageOptions,
} from './support/browser.js';
import { axeViolations, serious } from './support/axe.js';
import { largeContractFile } from '../../apps/configurator/bench/large-file.mjs';

const ROLE = bundledPresets[0]!.id;
const PAGE_TYPES: Record<string, string> = {
  home: '',
  role: `roles/${ROLE}/`,
  anchors: 'anchors/',
  docs: 'docs/',
  editor: 'editor/',
  'not found': 'no-such-page/',
};

let site: Site;
let browser: Browser;

beforeAll(async () => {
  ensureSiteBuilt();
  site = await serveSite(SITE_DIST);
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

async function visit(path: string, options?: PageOptions) {
  const w = await openPage(browser, options);
  const url = new URL(path, site.url).href;
  const response = await w.page.goto(url, { waitUntil: 'load' });
  if (path.startsWith('editor')) await waitForEditor(w.page);
  if (path === PAGE_TYPES['not found']) {
    // The one expected failure: the missing page itself, answered with the site's 404 page.
    expect(response?.status()).toBe(404);
    const own = w.problems.indexOf(`http 404: ${url}`);
    expect(own).toBeGreaterThanOrEqual(0);
    w.problems.splice(own, 1);
  }
  return w;
}

describe.each(Object.entries(PAGE_TYPES))('the %s page', (_name, path) => {
  it('has no serious or critical accessibility violations, and no console errors', async () => {
    const w = await visit(path);
    try {
      expect(serious(await axeViolations(w.page))).toEqual([]);
      await w.page.waitForTimeout(300);
      expect(w.problems).toEqual([]);
    } finally {
      await w.close();
    }
  });

  it('fits a 360 px wide phone screen without sideways scrolling', async () => {
    const w = await visit(path, { width: 360, height: 740 });
    try {
      const overflow = await w.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(1);
      expect(serious(await axeViolations(w.page))).toEqual([]);
      expect(w.problems).toEqual([]);
    } finally {
      await w.close();
    }
  });

  it('carries a Content-Security-Policy that allows only its own origin', async () => {
    const w = await visit(path);
    try {
      const policy = await w.page.getAttribute('meta[http-equiv="Content-Security-Policy"]', 'content');
      expect(policy).toBeTruthy();
      const directives = new Map(
        policy!.split(';').map((d) => {
          const [name, ...sources] = d.trim().split(/\s+/);
          return [name!, sources] as const;
        }),
      );
      // INVARIANT: no host, scheme-wide http(s) or wildcard source anywhere; scripts only from the site's own files.
      for (const sources of directives.values())
        for (const s of sources) expect(["'self'", "'none'", 'data:', "'unsafe-inline'"]).toContain(s);
      expect(directives.get('script-src')).toEqual(["'self'"]);
      // Monaco's inline styles and data: underlines on the editor page, and nowhere else.
      const editorPage = path.startsWith('editor');
      expect(directives.get('style-src')).toEqual(editorPage ? ["'self'", "'unsafe-inline'"] : ["'self'"]);
      expect(directives.get('img-src')).toEqual(editorPage ? ["'self'", 'data:'] : ["'self'"]);
      // And the browser enforces it: a request to another origin is refused.
      const outcome = await w.page.evaluate(async () => {
        try {
          await fetch('http://127.0.0.2:9/probe');
          return 'fetched';
        } catch {
          return 'refused';
        }
      });
      expect(outcome).toBe('refused');
      await expect.poll(() => w.problems.some((p) => p.includes('CSP violation: connect-src'))).toBe(true);
    } finally {
      await w.close();
    }
  });
});

describe('the editor page, in both forms', () => {
  it.each([
    ['Monaco, on a desktop', undefined, 'monaco'],
    ['the plain text area, on a phone', PHONE, 'plain'],
  ] as const)(
    'has no accessibility violations at all in %s, with problems listed and every example run',
    async (_name, options, form) => {
      const w = await visit('editor/', options);
      try {
        expect(await w.page.getAttribute('html', 'data-editor-form')).toBe(form);
        expect(await axeViolations(w.page)).toEqual([]);
        // Problems with quick fixes under the editor, verdicts with matches, the examples table filled.
        await setEditorText(
          w.page,
          'version: 1\nextends: [software-developer, qa-engineer]\nsetings: {}\ncontracts:\n  - id: mine\n    description: A rule.\n    mode: Block\n    message: No.\n    when: { tool: { name: bash, command: rm } }\n',
        );
        await waitForFullCheck(w.page);
        expect(await w.page.locator('#problems button.quick-fix').count()).toBeGreaterThan(0);
        await w.page.click('#run-examples');
        await w.page.waitForFunction(() => Number(document.getElementById('examples-summary')?.dataset.passed) > 0);
        await w.page.selectOption('#example-select', '0');
        await w.page.click('#load-example');
        await w.page.click('#add-event');
        await w.page.waitForSelector('#verdicts li.verdict');
        expect(await axeViolations(w.page)).toEqual([]);
        expect(w.problems).toEqual([]);
      } finally {
        await w.close();
      }
    },
  );

  it('loads the codicon font under the page policy, from the site itself', async () => {
    const w = await openPage(browser);
    const fonts: { url: string; status: number }[] = [];
    w.page.on('response', (r) => {
      if (r.request().resourceType() === 'font') fonts.push({ url: r.url(), status: r.status() });
    });
    try {
      await w.page.goto(new URL('editor/', site.url).href);
      await waitForEditor(w.page);
      await w.page.click(EDITOR_TEXT);
      await w.page.keyboard.press('Control+Space');
      await w.page.waitForSelector('.monaco-editor .suggest-widget.visible');
      await expect
        .poll(() =>
          w.page.evaluate(() =>
            Array.from(document.fonts as unknown as Iterable<FontFace>)
              .filter((f) => f.family.replace(/"/g, '') === 'codicon')
              .map((f) => f.status),
          ),
        )
        .toEqual(['loaded']);
      expect(fonts.length).toBeGreaterThan(0);
      for (const f of fonts) {
        expect(f.status).toBe(200);
        expect(new URL(f.url).origin).toBe(new URL(site.url).origin);
      }
      expect(w.problems).toEqual([]);
    } finally {
      await w.close();
    }
  });

  it('has every icon the editor widgets show in the cut codicon font', async () => {
    // The build keeps only the glyphs the scripts can name (scripts/codicon-subset.mjs) and says which in the
    // @font-face rule's unicode-range: every icon on screen must be among them, or it would show as a blank box.
    const w = await openPage(browser);
    try {
      await w.page.goto(new URL('editor/', site.url).href);
      await waitForEditor(w.page);
      // A problem with a quick fix (an unknown key), folding, and every widget a user opens with a key.
      await setEditorText(w.page, 'version: 1\nsetings: {}\ncontracts:\n  - id: mine\n    description: A rule.\n');
      await waitForFullCheck(w.page);
      const seen = new Set<number>();
      const collect = async () => {
        const points = await w.page.evaluate(() =>
          Array.from(document.querySelectorAll('[class*="codicon"]')).flatMap((e) => {
            const content = getComputedStyle(e, '::before').content;
            const char = /^"(.)"$/u.exec(content)?.[1];
            return char === undefined ? [] : [char.codePointAt(0)!];
          }),
        );
        for (const p of points) seen.add(p);
      };
      await collect();
      await w.page.click(EDITOR_TEXT);
      await w.page.keyboard.press('Control+End');
      await w.page.keyboard.press('Control+Space');
      await w.page.waitForSelector('.monaco-editor .suggest-widget.visible');
      await w.page.keyboard.press('Control+Space'); // the details pane, with its close and "read less" icons
      await collect();
      await w.page.keyboard.press('Escape');
      await w.page.keyboard.press('F8');
      await w.page.waitForSelector('.monaco-editor .marker-widget');
      await collect();
      await w.page.keyboard.press('Escape');
      await w.page.keyboard.press('Control+.');
      await w.page.waitForSelector('.action-widget', { timeout: 10_000 });
      await collect();
      await w.page.keyboard.press('Escape');
      await w.page.keyboard.press('Control+h');
      await w.page.waitForSelector('.monaco-editor .find-widget.visible');
      await collect();
      await w.page.keyboard.press('Escape');
      await w.page.keyboard.press('F1');
      await w.page.waitForSelector('.quick-input-widget');
      await collect();
      await w.page.keyboard.press('Escape');
      const range = await w.page.evaluate(
        () =>
          Array.from(document.fonts as unknown as Iterable<FontFace>).find(
            (f) => f.family.replace(/"/g, '') === 'codicon',
          )?.unicodeRange ?? '',
      );
      const covered = (p: number) =>
        range.split(',').some((r) => {
          const [a, b] = r.trim().replace(/^U\+/i, '').split('-');
          const lo = Number.parseInt(a!, 16);
          return p >= lo && p <= (b === undefined ? lo : Number.parseInt(b, 16));
        });
      expect(range).not.toBe('U+0-10FFFF');
      // Private-use code points are the font's icons (other ::before contents are text).
      const icons = [...seen].filter((p) => p >= 0xe000 && p <= 0xf8ff);
      expect(icons.length).toBeGreaterThan(10);
      expect(icons.filter((p) => !covered(p)).map((p) => p.toString(16))).toEqual([]);
      expect(w.problems).toEqual([]);
    } finally {
      await w.close();
    }
  });

  it('runs no worker and loads Monaco only where it is used: never in the phone form', async () => {
    for (const [options, monaco] of [
      [undefined, true],
      [PHONE, false],
    ] as const) {
      const w = await openPage(browser, options);
      const scripts: string[] = [];
      let workers = 0;
      w.page.on('request', (r) => {
        if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
      });
      w.page.on('worker', () => workers++);
      try {
        await w.page.goto(new URL('editor/', site.url).href);
        await waitForEditor(w.page);
        await setEditorText(w.page, 'version: 1\nsetings: {}\n');
        await w.page.keyboard.press('Control+Space');
        await w.page.waitForTimeout(500);
        expect(scripts.some((s) => /monaco/i.test(s))).toBe(monaco);
        expect(await w.page.$('.monaco-editor')).toEqual(monaco ? expect.anything() : null);
        expect(workers).toBe(0);
        expect(scripts.filter((s) => /worker/i.test(s))).toEqual([]);
        expect(w.problems).toEqual([]);
      } finally {
        await w.close();
      }
    }
  });
});

describe("the editor page's weight", () => {
  it('gets the presets as parsed data, without their YAML text (scripts/browser-presets.mjs)', async () => {
    const w = await openPage(browser);
    const bodies: Promise<string>[] = [];
    w.page.on('response', (r) => {
      if (r.request().resourceType() === 'script') bodies.push(r.text());
    });
    try {
      await w.page.goto(new URL('editor/', site.url).href);
      await waitForEditor(w.page);
      const scripts = (await Promise.all(bodies)).join('\n');
      const preset = bundledPresets.find((p) => p.id === 'software-developer')!;
      // A comment line of the preset's YAML is in its text only; its contracts' ids are in the data too.
      const comment = preset.text.split('\n').find((l) => /^#\s+\S.{30,}/.test(l))!;
      expect(comment).toBeTruthy();
      expect(scripts).not.toContain(comment.slice(2));
      const id = (preset.data as { contracts: { id: string }[] }).contracts[0]!.id;
      expect(scripts).toContain(id);
      expect(w.problems).toEqual([]);
    } finally {
      await w.close();
    }
  });
});

describe('links', () => {
  it('resolves every internal link of every page, and every anchor link names a catalogue id', async () => {
    const anchorIds = new Set(catalogue.anchors.map((a) => a.id));
    const seen = new Set<string>();
    const queue = [site.url];
    const broken: string[] = [];
    const w = await openPage(browser);
    try {
      while (queue.length > 0) {
        const url = queue.shift()!;
        if (seen.has(url)) continue;
        seen.add(url);
        const response = await w.page.goto(url, { waitUntil: 'domcontentloaded' });
        if (response?.status() !== 200) {
          broken.push(`${url}: HTTP ${response?.status()}`);
          continue;
        }
        if (!(response.headers()['content-type'] ?? '').includes('text/html')) continue;
        // A download link is fetched, not opened: the browser would start a download instead of a navigation.
        const downloads = await w.page.$$eval('a[href][download]', (as) =>
          as.map((a) => (a as HTMLAnchorElement).href),
        );
        for (const link of downloads) {
          if (seen.has(link)) continue;
          seen.add(link);
          const status = (await fetch(link)).status;
          if (status !== 200) broken.push(`${url} → ${link}: HTTP ${status}`);
        }
        const links = await w.page.$$eval('a[href]:not([download])', (as) =>
          as.map((a) => (a as HTMLAnchorElement).href),
        );
        for (const link of links) {
          const target = new URL(link);
          if (target.origin !== new URL(site.url).origin || target.protocol === 'blob:') continue;
          const samePage = target.pathname === new URL(url).pathname;
          if (target.pathname.endsWith('/anchors/') && target.hash && !samePage) {
            const id = decodeURIComponent(target.hash.slice(1));
            if (!anchorIds.has(id)) broken.push(`${url} → ${link}: "${id}" is not a catalogue anchor id`);
          }
          if (target.hash && target.pathname === new URL(url).pathname) {
            const id = decodeURIComponent(target.hash.slice(1));
            if (!id.includes('=') && !(await w.page.$(`[id="${id}"]`)))
              broken.push(`${url} → ${link}: no element with id "${id}"`);
          }
          target.hash = '';
          target.search = '';
          if (!seen.has(target.href)) queue.push(target.href);
        }
      }
    } finally {
      await w.close();
    }
    expect(broken).toEqual([]);
    // Every role preset page was reached from the home page.
    for (const p of bundledPresets) expect(seen.has(new URL(`roles/${p.id}/`, site.url).href)).toBe(true);
  });

  it('keeps the editor accessible when the file is longer than the editor is tall', async () => {
    const w = await visit('editor/');
    try {
      await setEditorText(w.page, largeContractFile(200));
      await w.page.waitForFunction(() => Number(document.documentElement.dataset.validations) > 1);
      // The editor's scrolling area must hold a keyboard-reachable element (axe: scrollable-region-focusable).
      expect(serious(await axeViolations(w.page))).toEqual([]);
      expect(w.problems).toEqual([]);
    } finally {
      await w.close();
    }
  });

  it('gives every anchor link target an element on the anchors page', async () => {
    const w = await visit('anchors/');
    try {
      const ids = await w.page.$$eval('li.anchor', (lis) => lis.map((li) => li.id));
      expect(new Set(ids)).toEqual(new Set(catalogue.anchors.map((a) => a.id)));
      await w.page.fill('#anchor-search', 'github flow');
      await w.page.selectOption('#anchor-role', 'software-developer');
      const shown = await w.page.$$eval('li.anchor:not([hidden])', (lis) => lis.map((li) => li.id));
      expect(shown).toContain('github-flow');
      expect(shown.length).toBeLessThan(ids.length);
    } finally {
      await w.close();
    }
  });
});

describe('nothing leaves the browser', () => {
  it('makes no request beyond the site itself while the editor is used', async () => {
    const w = await openPage(browser);
    const requests: string[] = [];
    w.page.on('request', (r) => requests.push(r.url()));
    try {
      await w.page.goto(new URL('editor/', site.url).href);
      await waitForEditor(w.page);
      await w.page.click(EDITOR_TEXT);
      await w.page.keyboard.type('# a comment with a secret: hunter2');
      await w.page.click('#add-event');
      await w.page.click('#share');
      await w.page.waitForTimeout(500);
      const origin = new URL(site.url).origin;
      expect(requests.filter((u) => !u.startsWith(origin) && !u.startsWith('blob:') && !u.startsWith('data:'))).toEqual(
        [],
      );
      // Only the static files are fetched: no request carries the text typed above.
      expect(requests.filter((u) => u.includes('hunter2'))).toEqual([]);
      expect(w.problems).toEqual([]);
    } finally {
      await w.close();
    }
  });
});

describe('the editor stays on the editor page', () => {
  it.each(['', `roles/${ROLE}/`, 'anchors/', 'docs/'])('loads no editor code on /%s', async (path) => {
    const w = await openPage(browser);
    const scripts: string[] = [];
    w.page.on('request', (r) => {
      if (r.resourceType() === 'script' || r.resourceType() === 'stylesheet') scripts.push(r.url());
    });
    try {
      await w.page.goto(new URL(path, site.url).href, { waitUntil: 'load' });
      expect(scripts.filter((s) => /editor|monaco|worker/i.test(new URL(s).pathname))).toEqual([]);
      expect(await w.page.$('.monaco-editor')).toBeNull();
    } finally {
      await w.close();
    }
  });
});

describe('licences of the bundled software', () => {
  it('links THIRD-PARTY-LICENSES.txt from the footer, naming Monaco, what it vendors, and zod with their licence texts', async () => {
    const w = await visit('');
    try {
      const link = await w.page.getAttribute('footer a#third-party-licenses', 'href');
      expect(link).toBeTruthy();
      const response = await fetch(new URL(link!, site.url));
      expect(response.status).toBe(200);
      const text = await response.text();
      const listed = [...text.matchAll(/^ {2}(\S+)@(\S+) \(/gm)].map((m) => m[1]);
      // Monaco, and the two packages it carries copies of in its own tree (marked, DOMPurify).
      for (const name of ['monaco-editor', 'marked', 'dompurify', 'zod', 'yaml']) expect(listed).toContain(name);
      // Each listed package comes with its own text, and MIT's copyright lines are there verbatim.
      expect(text.match(/^-{3} LICEN[CS]E/gim)?.length ?? 0).toBeGreaterThanOrEqual(listed.length);
      expect(text).toContain('Copyright (c) 2016 - present Microsoft Corporation');
      // Monaco's own notices for the third-party code inside it are passed on.
      expect(text).toContain('--- ThirdPartyNotices.txt');
      expect(text).toContain('THIRD-PARTY SOFTWARE NOTICES AND INFORMATION');
      // Nothing of the editor the site used before is claimed.
      expect(listed.filter((n) => /codemirror|lezer|monaco-yaml|prettier/.test(n!))).toEqual([]);
    } finally {
      await w.close();
    }
  });
});
