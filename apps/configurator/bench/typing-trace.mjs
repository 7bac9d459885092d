// `node bench/typing-trace.mjs [plain|monaco] [lines]`: where the time of a key typed into a long file goes, in one
// form of the editor. It builds nothing (build the site first) and, like the site bench, drives /usr/bin/chromium
// (CHROMIUM_PATH) through playwright-core against the built site on 127.0.0.1: the file (5,000 lines unless given) is
// put in as composition puts it, the cursor goes to its end, and 28 keys are typed three times under a Chromium trace
// with thread CPU times. Printed per key: the wall time (as the bench measures it), the renderer main thread's CPU
// time, and that CPU time by phase — the page's own script, the editing command (with the walk to the caret and the
// layout it forces), the selection handed to the keyboard (with its copy of the whole text), the frame's phases, and
// the task in which Chromium's autofill reads the field and its form. Tracing costs time of its own (the
// figures run above the bench's), and CPU times are less bent by other work on the machine than wall times, not immune
// to it: compare runs made side by side. This is how the plain form's two slow paths were found (README, decisions).
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startStaticServer } from '../scripts/static-server.mjs';
import { largeContractFile } from './large-file.mjs';

const form = process.argv[2] ?? 'plain';
const lines = Number(process.argv[3] ?? 5000);
const FORMS = {
  monaco: { viewport: { width: 1400, height: 900 } },
  plain: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
};
const EDITOR_TEXT = { monaco: '#editor .monaco-editor .view-lines', plain: '#editor textarea#editor-text' };
/** Trace events summed per key (the outermost of each name, so nested repeats count once). */
const PHASES = {
  'page script': ['FunctionCall', 'TimerFire'],
  'editing command': ['TypingCommand::InsertText'],
  '  of it: walk to the caret': ['GetSelectionOffsets'],
  'selection for the keyboard': ['Editor::SyncSelection'],
  '  of it: the text, copied': ['WidgetBase::UpdateTextInputStateInternal'],
  layout: ['Layout'],
  'compositing inputs': ['Blink.CompositingInputs.UpdateTime'],
  'pre-paint': ['Blink.PrePaint.UpdateTime'],
  paint: ['Paint'],
  commit: ['Commit'],
};
/** Chromium's autofill: a task of its own after a key, which reads the field's value and its form (README). */
const AUTOFILL = "autofill (the browser's own)";
const TYPED = '# a comment typed key by key';

const server = await startStaticServer({ root: fileURLToPath(new URL('../dist/', import.meta.url)) });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const context = await browser.newContext(FORMS[form]);
  const page = await context.newPage();
  await page.goto(new URL('editor/', server.url).href);
  await page.waitForSelector(`html[data-editor-ready][data-validations][data-editor-form="${form}"]`, {
    timeout: 60_000,
  });
  await page.evaluate((t) => window.__configurator.setText(t), largeContractFile(lines));
  await page.waitForFunction(() => !document.documentElement.dataset.pendingFull, undefined, { timeout: 120_000 });
  await page.click(EDITOR_TEXT[form]);
  await page.keyboard.press('Control+End');
  const cdp = await context.newCDPSession(page);
  const rounds = [];
  for (let round = 0; round < 3; round++) {
    await page.waitForTimeout(1000); // the check that follows the last round's keys
    const events = [];
    const collect = (e) => events.push(...e.value);
    cdp.on('Tracing.dataCollected', collect);
    await cdp.send('Tracing.start', {
      traceConfig: {
        includedCategories: [
          'toplevel',
          'scheduler',
          'renderer',
          'blink',
          'devtools.timeline',
          'disabled-by-default-devtools.timeline',
        ],
        enableThreadTiming: true,
      },
      transferMode: 'ReportEvents',
    });
    const started = Date.now();
    await page.keyboard.type(TYPED);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(undefined))));
    const wall = (Date.now() - started) / TYPED.length;
    const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
    await cdp.send('Tracing.end');
    await done;
    cdp.off('Tracing.dataCollected', collect);
    rounds.push({ wall, ...perKey(events) });
    await page.keyboard.press('Shift+Home');
    await page.keyboard.press('Backspace');
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const ms = (pick) => `${median(rounds.map(pick)).toFixed(2).padStart(6)} ms`;
  console.log(`${form}, ${lines} lines, per key (median of 3 rounds of ${TYPED.length} keys)`);
  console.log(
    `  load average (1, 5, 15 min): ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  console.log(`  wall time                      ${ms((r) => r.wall)}`);
  console.log(`  renderer main thread, CPU      ${ms((r) => r.cpu)}`);
  for (const name of [...Object.keys(PHASES), AUTOFILL])
    console.log(`    ${name.padEnd(28)} ${ms((r) => r.phases[name] ?? 0)}`);
} finally {
  await browser.close();
  await server.close();
}

/** The renderer main thread's CPU time per key, in all and by phase. */
function perKey(events) {
  const names = new Map();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args.name);
  const counts = new Map();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (e.ph === 'X' && names.get(key) === 'CrRendererMain') counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  // The page's renderer: the main thread with the most events.
  const main = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
  const list = events
    .filter((e) => e.ph === 'X' && `${e.pid}:${e.tid}` === main)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const cpuOf = (e) => (e.tdur ?? e.dur) / 1000 / TYPED.length;
  let cpu = 0;
  let taskEnd = 0;
  const phases = {};
  const openUntil = new Map();
  for (const e of list) {
    if (e.name === 'ThreadControllerImpl::RunTask' && e.ts >= taskEnd) {
      cpu += cpuOf(e);
      taskEnd = e.ts + e.dur;
      if (e.args?.renderer_main_thread_task_execution?.task_type === 'TASK_TYPE_INTERNAL_AUTOFILL')
        phases[AUTOFILL] = (phases[AUTOFILL] ?? 0) + cpuOf(e);
    }
    for (const [phase, eventNames] of Object.entries(PHASES)) {
      if (!eventNames.includes(e.name) || e.ts < (openUntil.get(phase) ?? 0)) continue;
      openUntil.set(phase, e.ts + e.dur);
      phases[phase] = (phases[phase] ?? 0) + cpuOf(e);
    }
  }
  return { cpu, phases };
}
