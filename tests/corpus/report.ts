// Prints the corpus figures for a presets directory: the lead measures today's presets (BEFORE) and the rewrite
// (AFTER) with the same numbers the test asserts on.
//   npx tsx tests/corpus/report.ts [--presets DIR] [--json] [--markdown] [--summary] [--pending]
// --pending lists every pending assembled-action variant with its result (PASS, FAIL, NOT RUN).
import { resolve } from 'node:path';
import { defaultPresetsDir } from './lib/paths.js';
import { measure } from './lib/report.js';
import { renderReport } from './lib/print.js';

const args = process.argv.slice(2);
const at = args.indexOf('--presets');
const dir = at >= 0 && args[at + 1] ? resolve(args[at + 1]!) : defaultPresetsDir;
const report = measure(dir);
if (args.includes('--json')) {
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
} else {
  process.stdout.write(`${renderReport(report, { markdown: args.includes('--markdown'), details: !args.includes('--summary'), pending: args.includes('--pending') })}\n`);
}
