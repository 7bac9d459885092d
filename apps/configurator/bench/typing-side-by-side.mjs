// `node bench/typing-side-by-side.mjs [a-dist] [b-dist] [pairs]`: is one build (or one change to the page) cheaper
// per key typed into a 5,000-line file in the plain form than another? On two shared cores a wall time swings by a
// third from run to run, so runs made one after the other cannot tell a few per cent apart. Here two pages, one from
// each build (two renderer processes of one Chromium, /usr/bin/chromium or CHROMIUM_PATH), are typed into key by key
// in turn, so both share whatever load the machine has at each moment; each page's renderer main-thread CPU time
// (CDP Performance metrics in thread time) is read over three rounds of 28 keys at the end of the file, and the roles
// of the two pages swap from pair to pair. Printed: each round's CPU per key, the medians, the median of B − A and
// of B / A, and in how many rounds B was cheaper. Both directories default to this build's dist/ (an A/A run shows
// the noise); B_CSS (a style sheet) and B_ATTRS (JSON: attributes for the text area, null removes one) change page B
// without a build, to try a measure before making it. This is how the decisions on the plain form's text area were
// measured (README, "A plain text area on phones").
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startStaticServer } from '../scripts/static-server.mjs';
import { largeContractFile } from './large-file.mjs';

const here = fileURLToPath(new URL('../dist/', import.meta.url));
const aDist = process.argv[2] || here;
const bDist = process.argv[3] || here;
const pairs = Number(process.argv[4] || 4);
const bChange = { css: process.env.B_CSS ?? '', attrs: JSON.parse(process.env.B_ATTRS ?? '{}') };
const TYPED = '# a comment typed key by key';
const ROUNDS = 3;

const servers = { a: await startStaticServer({ root: aDist }), b: await startStaticServer({ root: bDist }) };
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});

/** A phone's editor page from one build, holding the 5,000-line file with the caret at its end. */
async function open(side) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto(new URL('editor/', servers[side].url).href);
  await page.waitForSelector('html[data-editor-ready][data-validations][data-editor-form="plain"]', {
    timeout: 60_000,
  });
  if (side === 'b')
    await page.evaluate(({ css, attrs }) => {
      const style = document.createElement('style');
      style.textContent = css;
      document.head.append(style);
      const area = document.getElementById('editor-text');
      for (const [name, value] of Object.entries(attrs))
        value === null ? area.removeAttribute(name) : area.setAttribute(name, value);
    }, bChange);
  await page.evaluate((t) => window.__configurator.setText(t), largeContractFile(5000));
  await page.waitForFunction(() => !document.documentElement.dataset.pendingFull, undefined, { timeout: 120_000 });
  await page.click('#editor textarea#editor-text');
  await page.keyboard.press('Control+End');
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
  const cpu = async () =>
    (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration').value * 1000;
  return { context, page, cpu };
}

const perKey = { a: [], b: [] };
console.log(
  `A ${aDist}\nB ${bDist}${bChange.css || Object.keys(bChange.attrs).length ? ' (changed: B_CSS / B_ATTRS)' : ''}`,
);
console.log(
  `load average at the start (1, 5, 15 min): ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
for (let pair = 0; pair < pairs; pair++) {
  const pages = { a: await open('a'), b: await open('b') };
  const order = pair % 2 ? ['b', 'a'] : ['a', 'b'];
  for (let round = 0; round < ROUNDS; round++) {
    for (const side of order) {
      await pages[side].page.keyboard.type('#');
      await pages[side].page.keyboard.press('Backspace');
    }
    await pages.a.page.waitForTimeout(300);
    const before = {};
    for (const side of order) before[side] = await pages[side].cpu();
    // INVARIANT: the two pages get their keys in turn, one at a time, so neither runs at a quieter moment.
    for (const key of TYPED) for (const side of order) await pages[side].page.keyboard.type(key);
    for (const side of order)
      await pages[side].page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(undefined))));
    for (const side of order) perKey[side].push(((await pages[side].cpu()) - before[side]) / TYPED.length);
    for (const side of order) {
      await pages[side].page.keyboard.press('Shift+Home');
      await pages[side].page.keyboard.press('Backspace');
    }
    await pages.a.page.waitForTimeout(800); // the check once the keys pause, in both pages
  }
  const last = (side) =>
    perKey[side]
      .slice(-ROUNDS)
      .map((x) => x.toFixed(2))
      .join(' ');
  console.log(`pair ${pair + 1}: A ${last('a')} | B ${last('b')} ms per key (load ${loadavg()[0].toFixed(2)})`);
  await pages.a.context.close();
  await pages.b.context.close();
}
await browser.close();
await servers.a.close();
await servers.b.close();

const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
const diff = perKey.b.map((b, i) => b - perKey.a[i]);
const ratio = perKey.b.map((b, i) => b / perKey.a[i]);
console.log(
  `renderer main-thread CPU per key, median of ${diff.length} rounds: A ${median(perKey.a).toFixed(2)} ms, B ${median(perKey.b).toFixed(2)} ms`,
);
console.log(
  `B − A median ${median(diff).toFixed(2)} ms, B / A median ${median(ratio).toFixed(3)}; B cheaper in ${diff.filter((d) => d < 0).length} of ${diff.length}`,
);
console.log(
  `load average at the end: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
