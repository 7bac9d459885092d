// The roles index the breadcrumb links to, one role name per page (title, breadcrumb, heading), the search across
// every preset's contracts and the side-by-side comparison of two presets.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { bundledPresets, compile, loadConfig, startState, step, validate } from '@semantic-anchors/engine';
import { useSite } from './support/site.js';
import { axeViolations, serious } from './support/axe.js';

const site = useSite();
const open = (path: string, width = 1400): Promise<Page> => site.open(path, { width, height: 900 });

describe('roles index and role names', () => {
  it('links the breadcrumb "Roles" to an index of every preset', async () => {
    const page = await open('roles/business-analyst/');
    await page.click('nav.breadcrumb a:text-is("Roles")');
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/\/roles\/$/);
    const linked = await page.$$eval('ul.roles h3 a', (as) => as.map((a) => a.getAttribute('href') ?? ''));
    for (const p of bundledPresets)
      expect(
        linked.some((h) => h.endsWith(`/roles/${p.id}/`)),
        p.id,
      ).toBe(true);
    expect(serious(await axeViolations(page))).toEqual([]);
  });

  it.each(bundledPresets.map((p) => p.id))(
    'names role %s the same in the title, the breadcrumb and the heading',
    async (id) => {
      const page = await open(`roles/${id}/`);
      const h1 = (await page.textContent('h1'))?.trim() ?? '';
      expect(await page.title()).toBe(`${h1} · opencode-semantic-anchors`);
      expect((await page.textContent('nav.breadcrumb li[aria-current="page"]'))?.trim()).toBe(h1);
    },
  );
});

describe("a role page's long trigger lists", () => {
  it('fetches the triggers of a contract with long lists when the reader opens them, and keeps short ones on the page', async () => {
    const page = await open('roles/software-developer/');
    const fetched: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/triggers.json')) fetched.push(r.url());
    });
    // A short contract shows its triggers with the page; the credential-file contract's lists are fetched on opening.
    expect(await page.locator('#contract-dev-no-direct-push-to-main dd ul li').count()).toBeGreaterThan(0);
    expect(await page.locator('#contract-dev-no-direct-push-to-main details.triggers').count()).toBe(0);
    const card = page.locator('#contract-dev-no-tokens-in-files');
    const body = card.locator('details.triggers .triggers-body');
    expect(await body.textContent()).toBe('');
    const summary = (await card.locator('details.triggers > summary').textContent()) ?? '';
    const [, triggers, exceptions] = /Show its (\d+) triggers and (\d+) exceptions?/.exec(summary) ?? [];
    expect(Number(triggers)).toBeGreaterThan(10);
    await card.locator('details.triggers > summary').click();
    await expect.poll(() => body.locator('ul').count()).toBe(2);
    expect(await body.locator('ul').nth(0).locator('> li').count()).toBe(Number(triggers));
    expect(await body.locator('ul').nth(1).locator('> li').count()).toBe(Number(exceptions));
    // The words as the page writes them: code marked as code, the file list named.
    expect(await body.locator('code', { hasText: '**/.npmrc' }).count()).toBeGreaterThan(0);
    expect(await body.textContent()).toContain('any tool writing or appending to');
    expect(await body.textContent()).not.toContain('`');
    expect(fetched).toHaveLength(1);
    // Another long contract on the page comes from the same answer: no second request.
    const other = page.locator('#contract-dev-no-publishing');
    await other.locator('details.triggers > summary').click();
    await expect.poll(() => other.locator('.triggers-body ul').count()).toBeGreaterThan(0);
    expect(fetched).toHaveLength(1);
    expect(serious(await axeViolations(page))).toEqual([]);
  });
});

describe("a role page's YAML", () => {
  it('shows the preset without its examples when asked, and links the whole file, served byte for byte', async () => {
    const preset = bundledPresets.find((p) => p.id === 'software-developer')!;
    const page = await open('roles/software-developer/');
    // The outline is fetched when the reader opens it: not part of every view of the page.
    const code = page.locator('pre[aria-label^="YAML of the software-developer preset"] code');
    expect(await code.textContent()).toBe('');
    await page.click('details.preset-outline > summary');
    await expect.poll(() => code.textContent()).toContain('id: dev-no-force-push');
    const shown = (await code.textContent()) ?? '';
    expect(shown).toContain('id: dev-no-force-push');
    expect(shown).not.toMatch(/^\s+examples:/m);
    expect(preset.text).toMatch(/^\s+examples:/m);
    // What the page leaves out is only the examples: loading the outline gives the same contracts, none with examples.
    const outline = loadConfig(shown, { file: 'outline.yaml' });
    const full = loadConfig(preset.text, { file: 'full.yaml' });
    expect(outline.config.contracts.map((c) => c.contract.id)).toEqual(full.config.contracts.map((c) => c.contract.id));
    const link = page.locator('a', { hasText: 'the whole file, examples included' });
    const url = await link.getAttribute('href');
    expect(url).toMatch(/presets\/software-developer\.yaml$/);
    const served = await page.evaluate(async (u) => (await fetch(u)).text(), url ?? '');
    expect(served).toBe(preset.text);
  });
});

describe("search across every preset's contracts", () => {
  it('finds every rule that covers "force push", naming its preset', async () => {
    const page = await open('search/');
    await page.fill('#contract-search', 'force push');
    const hits = await page.$$eval('li.result:not([hidden])', (lis) =>
      lis.map((li) => ({ preset: (li as HTMLElement).dataset.preset, id: li.querySelector('h3 a')?.textContent })),
    );
    // The reference answer: every preset contract whose description, message, triggers or exceptions name both words.
    const expected = bundledPresets.flatMap((p) =>
      validate(p.text, { file: p.file })
        .load.config.contracts.filter((c) => c.origin.file === p.file)
        .map((c) => ({
          c,
          words: JSON.stringify([c.contract.description, c.contract.message, c.contract.when, c.contract.unless]),
        }))
        .filter(({ words }) => /\bforce/i.test(words) && /\bpush/i.test(words))
        .map(({ c }) => c)
        .map((c) => `${p.id}/${c.contract.id}`),
    );
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.map((h) => `${h.preset}/${h.id}`)).toEqual(expect.arrayContaining(expected));
    expect(await page.textContent('#contract-count')).toMatch(/^\d+ of \d+ contracts, in \d+ presets?$/);
    expect(new URL(page.url()).searchParams.get('q')).toBe('force push');
    expect(serious(await axeViolations(page))).toEqual([]);
  });

  it('lists every contract that acts on a shell command, in whatever words it is written', async () => {
    const command = 'git push --force origin main';
    // The reference: the plugin's engine, given the command as a bash call by a file extending each preset.
    const expected = bundledPresets.flatMap((p) => {
      const policy = compile(
        loadConfig(`version: 1\nextends: [${p.id}]\n`, { file: 'opencode-semantic-anchors.yaml' }).config,
      );
      return step(policy, startState(policy), { tool: 'bash', args: { command } })
        .verdict.matches.filter((m) => m.origin.preset === p.id || m.origin.file.includes(p.id))
        .map((m) => `${p.id}/${m.id}`);
    });
    expect(expected.length).toBeGreaterThan(1);
    const page = await open('search/');
    await page.fill('#contract-command', command);
    await page.click('#command-form button[type="submit"]');
    await expect.poll(() => page.textContent('#contract-count')).toContain('act on it');
    const shown = await page.$$eval('li.result:not([hidden])', (lis) =>
      lis.map((li) => `${(li as HTMLElement).dataset.preset}/${(li as HTMLElement).dataset.contract}`),
    );
    expect(shown.sort()).toEqual([...new Set(expected)].sort());
    expect(new URL(page.url()).searchParams.get('command')).toBe(command);
  });

  it('explains an empty result', async () => {
    const page = await open('search/?q=zzzz-nothing');
    expect(await page.isVisible('#contract-empty')).toBe(true);
  });
});

describe('side-by-side comparison of two presets', () => {
  it('shows the two chosen presets and marks what they share', async () => {
    const [a, b] = [bundledPresets[0]!.id, bundledPresets[1]!.id];
    const page = await open(`compare/?a=${a}&b=${a}`);
    expect(await page.textContent('#compare-summary')).toContain('same preset');
    await page.selectOption('#compare-b', b);
    const visible = await page.$$eval('.compare-panel:not([hidden])', (ps) =>
      ps.map((p) => (p as HTMLElement).dataset.preset),
    );
    expect(visible).toEqual([a, b]);
    expect(await page.textContent('#compare-summary')).toMatch(/^\d+ contract id\(s\) and \d+ anchor\(s\) in both\.$/);
    // The anchors marked "in both" are exactly the intersection of the two panels' anchors.
    const anchorsOf = (side: string) =>
      page.$eval(`.compare-side[data-side="${side}"] .compare-panel:not([hidden])`, (p) =>
        (p as HTMLElement).dataset.anchors!.split(' '),
      );
    const [left, right] = [await anchorsOf('a'), await anchorsOf('b')];
    const marked = await page.$$eval('.compare-side[data-side="a"] .compare-panel:not([hidden]) li.shared', (lis) =>
      lis.map((li) => (li as HTMLElement).dataset.anchor),
    );
    expect(new Set(marked)).toEqual(new Set(left.filter((x) => right.includes(x))));
    expect(new URL(page.url()).searchParams.get('b')).toBe(b);
    expect(serious(await axeViolations(page))).toEqual([]);
  });

  it('stacks the two columns on a phone without sideways scrolling of the page', async () => {
    const page = await open('compare/', 390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
  });
});
