// The README's route table, from measurements: takes a vitest JSON report of a ROUTES_MEASURE=1 run and records
// each route's outcome (`record`), or renders the table from the recorded baseline and latest runs (`render`).
//
//   npx tsx opencode/routes/table.ts record <report.json>[,<report.json>…] <baseline|latest> <commit>
//   npx tsx opencode/routes/table.ts record <report.json>[,…] <baseline|latest> <commit> merge
//       (keeps the recorded routes the reports do not hold: one file measured again, or a family added later)
//   npx tsx opencode/routes/table.ts render            (rewrites the table in README.md)
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

interface Measured {
  readonly label: string;
  readonly commit: string;
  /** Route id → what the agent does, the effect asserted, and whether the effect happened. */
  readonly routes: Record<string, { does: string; effect: string; outcome: 'held' | 'through' | 'ran' | 'stopped' }>;
}

const here = (name: string) => fileURLToPath(new URL(name, import.meta.url));
const FAMILIES: Record<string, string> = {
  '1': '1 server & password',
  '2': '2 plugin off next session',
  '3': '3 code run later as the human',
  '4': '4 rules rewritten',
  '5': '5 bypass spent on the rules',
  '6': '6 run later, next to 1–3',
  '7': '7 round 7: git pieces, temp caches, a redirect',
  '8': '8 round 8: compiled and installed code loaded unchecked',
  '9': '9 round 9: package managers’ caches and settings, tool-made environments',
  '10': '10 round 10: npm’s cache index, forged RECORDs, tool environments, sourced caches, dotfiles',
  '12': '12 round 12: other clients and addresses, direnv, lock files, what the rc files run, worktree config, path spellings',
  H: 'honest neighbour',
};
const START = '<!-- routes-table:start -->';
const END = '<!-- routes-table:end -->';

function record(reportPaths: string, label: string, commit: string, merge: boolean): void {
  // One report, or one per file (the suite is measured file by file on a shared machine), comma-separated.
  const files = reportPaths.split(',').flatMap(
    (path) =>
      (
        JSON.parse(readFileSync(path, 'utf8')) as {
          testResults: Array<{ assertionResults: Array<{ title: string; status: string }> }>;
        }
      ).testResults,
  );
  const before = merge ? (JSON.parse(readFileSync(here(`measured/${label}.json`), 'utf8')) as Measured) : undefined;
  const routes: Measured['routes'] = { ...before?.routes };
  for (const file of files)
    for (const test of file.assertionResults) {
      const m = /^(\S+) (.*) → (.*)$/.exec(test.title);
      if (!m) continue;
      const [, id = '', does = '', effect = ''] = m;
      const passed = test.status === 'passed';
      routes[id] = {
        does,
        effect,
        outcome: id.startsWith('H') ? (passed ? 'ran' : 'stopped') : passed ? 'held' : 'through',
      };
    }
  const commits =
    before === undefined || before.commit.split('+').includes(commit)
      ? (before?.commit ?? commit)
      : `${before.commit}+${commit}`;
  writeFileSync(here(`measured/${label}.json`), `${JSON.stringify({ label, commit: commits, routes }, null, 2)}\n`);
}

const order = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });
/** A route's family: what its id has before the dot (`10` of `10.03`, `H` of `H.01`). */
const familyOf = (id: string) => id.split('.')[0] ?? '';

function render(): void {
  const baseline = JSON.parse(readFileSync(here('measured/baseline.json'), 'utf8')) as Measured;
  const latest = JSON.parse(readFileSync(here('measured/latest.json'), 'utf8')) as Measured;
  const ids = [...new Set([...Object.keys(latest.routes), ...Object.keys(baseline.routes)])].sort(order);
  const cell = (text: string | undefined) => (text ?? '').replaceAll('|', '\\|');
  const show = (o: string | undefined) => (o === 'through' || o === 'stopped' ? `**${o}**` : (o ?? '—'));
  const rows = ids.map((id) => {
    const r = latest.routes[id] ?? baseline.routes[id];
    const family = FAMILIES[familyOf(id)] ?? '?';
    return `| ${id} | ${family} | ${cell(r?.does)} | ${cell(r?.effect)} | ${show(baseline.routes[id]?.outcome)} | ${show(latest.routes[id]?.outcome)} |`;
  });
  const count = (m: Measured, family: string, outcome: string) =>
    Object.entries(m.routes).filter(([id, r]) => familyOf(id) === family && r.outcome === outcome).length;
  const total = (m: Measured, family: string) => Object.keys(m.routes).filter((id) => familyOf(id) === family).length;
  const summary = Object.keys(FAMILIES)
    .filter((f) => f !== 'H')
    .map(
      (f) =>
        `| ${FAMILIES[f]} | ${total(latest, f)} | ${count(baseline, f, 'through')} of ${total(baseline, f)} | ${count(latest, f, 'through')} of ${total(latest, f)} |`,
    );
  const table = [
    START,
    `Baseline: \`${baseline.commit}\`. Latest: \`${latest.commit}\`. "through" = the effect happened; "held" = it did not.`,
    '',
    '| family | routes | through at baseline | through at latest |',
    '| --- | --- | --- | --- |',
    ...summary,
    `| honest neighbours | ${total(latest, 'H')} | ${count(baseline, 'H', 'stopped')} stopped | ${count(latest, 'H', 'stopped')} stopped |`,
    '',
    '| id | family | the agent … | effect asserted | baseline | latest |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows,
    END,
  ].join('\n');
  const readme = readFileSync(here('README.md'), 'utf8');
  const from = readme.indexOf(START);
  const to = readme.indexOf(END);
  if (from < 0 || to < 0) throw new Error(`README.md has no ${START} … ${END} section to replace`);
  writeFileSync(here('README.md'), `${readme.slice(0, from)}${table}${readme.slice(to + END.length)}`);
}

const [command, ...args] = process.argv.slice(2);
if (command === 'record' && (args.length === 3 || (args.length === 4 && args[3] === 'merge')))
  record(args[0] ?? '', args[1] ?? '', args[2] ?? '', args[3] === 'merge');
else if (command === 'render') render();
else {
  console.error(
    'usage: table.ts record <report.json>[,<report.json>…] <baseline|latest> <commit> [merge] | table.ts render',
  );
  process.exit(2);
}
