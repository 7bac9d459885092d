// `node bench/ready-profile.mjs [monaco|plain] [runs]`: where the time until the editor page is ready goes. It builds
// nothing (build the site first) and drives /usr/bin/chromium (CHROMIUM_PATH) through playwright-core against the
// built site on 127.0.0.1, like the site bench. Each run opens the editor page cold under the V8 sampling profiler and
// prints: when each script arrived (responseEnd), when the page was first painted, when the editor was ready
// (data-ready-at, or the text's first check shown, data-first-check-at, if that came later), and the main thread's sampled time by script file until ready (self time; "(program)" and "(gc)"
// are V8's own), then the functions that took most. Sampling costs time of its own and the machine's load bends every
// figure (printed with it): compare runs made side by side. Prints only, asserts nothing.
import { existsSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { SourceMapConsumer } from 'source-map-js';
import { startStaticServer } from '../scripts/static-server.mjs';

const form = process.argv[2] ?? 'monaco';
const runs = Number(process.argv[3] ?? 1);
const FORMS = {
  monaco: { viewport: { width: 1400, height: 900 } },
  plain: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
};
const server = await startStaticServer({ root: fileURLToPath(new URL('../dist/', import.meta.url)) });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const dist = fileURLToPath(new URL('../dist/', import.meta.url));
/** A function's place in our sources, where the build wrote source maps (SITE_SOURCEMAP=1 node scripts/build.mjs). */
const maps = new Map();
function original(url, line, column) {
  const path = `${dist}${new URL(url).pathname.slice(1)}.map`;
  if (!maps.has(path))
    maps.set(path, existsSync(path) ? new SourceMapConsumer(JSON.parse(readFileSync(path, 'utf8'))) : undefined);
  const at = maps.get(path)?.originalPositionFor({ line: line + 1, column });
  return at?.source ? ` = ${at.source.replace(/^(\.\.\/)+/, '')}:${at.line}` : '';
}
const short = (url) => (url ? new URL(url).pathname.replace(/^\/_astro\//, '') : '(native)');
try {
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext(FORMS[form]);
    const page = await context.newPage();
    // The same origin first, so that the editor page opens in the renderer the profiler is attached to.
    await page.goto(new URL('404.html', server.url).href);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    const load = loadavg()[0].toFixed(2);
    await page.goto(new URL('editor/', server.url).href);
    await page.waitForSelector(`html[data-editor-ready][data-validations][data-editor-form="${form}"]`, {
      timeout: 60_000,
    });
    const { profile } = await cdp.send('Profiler.stop');
    const timeline = await page.evaluate(() => ({
      readyAt: Math.max(
        Number(document.documentElement.dataset.readyAt),
        Number(document.documentElement.dataset.firstCheckAt),
      ),
      paint: performance.getEntriesByType('paint').map((p) => [p.name, p.startTime]),
      scripts: performance
        .getEntriesByType('resource')
        .filter((r) => /\.(js|css|woff2)$/.test(r.name))
        .map((r) => [r.name, r.startTime, r.responseEnd, r.encodedBodySize]),
    }));
    console.log(
      `\nrun ${run + 1} (${form}), load average ${load} at the start: ready at ${timeline.readyAt.toFixed(0)} ms`,
    );
    for (const [name, at] of timeline.paint) console.log(`  ${name.padEnd(24)} ${at.toFixed(0).padStart(6)} ms`);
    for (const [name, start, end, bytes] of timeline.scripts)
      console.log(
        `  ${short(name).padEnd(50)} requested ${start.toFixed(0).padStart(5)} ms, arrived ${end.toFixed(0).padStart(5)} ms (${(bytes / 1024).toFixed(1)} KB)`,
      );
    // Self time per node from the samples, by script and by function.
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const self = new Map();
    for (let i = 0; i < profile.samples.length; i++) {
      const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
      self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + dt);
    }
    const byScript = new Map();
    const byFunction = new Map();
    for (const [id, ms] of self) {
      const frame = byId.get(id).callFrame;
      const script = frame.url ? short(frame.url) : frame.functionName || '(native)';
      byScript.set(script, (byScript.get(script) ?? 0) + ms);
      const fn = `${frame.functionName || '(anonymous)'} ${script}:${frame.lineNumber + 1}:${frame.columnNumber + 1}${frame.url ? original(frame.url, frame.lineNumber, frame.columnNumber) : ''}`;
      byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
    }
    // A coarse timeline: per 50 ms of the profile (from its start, a little before navigation), the scripts that ran.
    const rootOf = new Map();
    const scriptOf = (id) => {
      if (!rootOf.has(id)) {
        const frame = byId.get(id).callFrame;
        rootOf.set(id, frame.url ? short(frame.url).replace(/\.[\w-]+\.js$/, '') : frame.functionName || '(native)');
      }
      return rootOf.get(id);
    };
    const buckets = new Map();
    let t = 0;
    for (let i = 0; i < profile.samples.length; i++) {
      t += profile.timeDeltas[i] / 1000;
      const b = Math.floor(t / 50);
      const row = buckets.get(b) ?? new Map();
      const name = scriptOf(profile.samples[i]);
      row.set(name, (row.get(name) ?? 0) + (profile.timeDeltas[i + 1] ?? 0) / 1000);
      buckets.set(b, row);
    }
    console.log('  timeline (profile time, 50 ms steps: what ran, ms):');
    for (const [b, row] of [...buckets].sort((x, y) => x[0] - y[0]))
      console.log(
        `    ${String(b * 50).padStart(5)}  ${[...row]
          .filter(([name, ms]) => name !== '(idle)' && ms >= 2)
          .sort((x, y) => y[1] - x[1])
          .map(([name, ms]) => `${name} ${ms.toFixed(0)}`)
          .join(', ')}`,
      );
    const total = [...byScript.values()].reduce((a, b) => a + b, 0);
    console.log(`  sampled main-thread time until ready: ${total.toFixed(0)} ms (idle included)`);
    for (const [script, ms] of [...byScript].sort((a, b) => b[1] - a[1]).slice(0, 12))
      console.log(`    ${ms.toFixed(1).padStart(8)} ms  ${script}`);
    console.log('  functions (self time):');
    for (const [fn, ms] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 30))
      console.log(`    ${ms.toFixed(1).padStart(8)} ms  ${fn}`);
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
}
