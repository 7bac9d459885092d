// The replay table: what `semantic-anchors replay` prints for exported opencode sessions, as a table — each call with
// its verdict, the contracts that matched and the characters they matched (the engine's `spans`, marked as the
// simulator marks them), grouped by session as replay shows them (a subagent's session where its parent's task call
// started it), with the counts per session, per contract and in total. Filterable by decision and by contract.
import type { ReplayCall, ReplaySession, SessionStart, Tally } from '@semantic-anchors/engine/opencode';
import { el } from '../dom.ts';
import { spansView } from '../match-marks.ts';
import type { ReplayResult } from './replay-run.ts';

/** Calls listed one by one at most; past this only those not simply allowed are (every call is still counted). */
const MAX_ROWS = 3000;

const short = (s: string | undefined, n = 120) => (s === undefined ? '' : s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** The call's decision as replay prints it: BLOCK, WARN, ALLOW, "ALLOW (observe mode: would BLOCK)", NOT JUDGED. */
export function decisionText(c: ReplayCall): string {
  if (c.decision === null) return 'NOT JUDGED';
  return c.observed ? `${c.decision} (observe mode: would ${c.observed.decision})` : c.decision;
}

/** The figures of a tally, in replay's words. */
export function figures(t: Tally): string {
  return [
    `${t.calls} call${t.calls === 1 ? '' : 's'}: ${t.allow} allowed, ${t.warn} warned, ${t.block} blocked`,
    t.observed > 0 ? `${t.observed} observed (would have been blocked)` : '',
    t.messages > 0 ? `${t.messages} message verdict${t.messages === 1 ? '' : 's'}` : '',
    t.bypassesNeeded > 0 ? `${t.bypassesNeeded} bypass${t.bypassesNeeded === 1 ? '' : 'es'} needed` : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

/** What replay prints for a call: not simply allowed, or not judged. */
const flagged = (c: ReplayCall) => c.decision !== 'ALLOW' || c.observed !== undefined || c.skipped !== undefined;

const sessionTitle = (s: Pick<SessionStart, 'id' | 'title' | 'subagent' | 'root'>): string =>
  `${s.subagent ? `Subagent session ${s.id} (shares the rules state of ${s.root})` : `Session ${s.id}`}${s.title ? ` “${short(s.title, 60)}”` : ''}`;

/** The cell that says what the call was, what matched in it and what followed. */
function callCell(c: ReplayCall): HTMLElement {
  const what =
    c.tool !== null
      ? [el('code', {}, c.tool), c.subject ? ' ' : '', c.subject ? el('code', {}, short(c.subject)) : '']
      : ['message ', el('code', {}, short(c.subject))];
  const notes: (HTMLElement | string)[] = [];
  const then = c.recorded === 'blocked' ? 'was blocked then' : c.recorded ? `${c.recorded} then` : '';
  const where = c.line !== undefined ? `${c.file}:${c.line}` : c.file;
  notes.push(
    el('div', { className: 'muted' }, [where, then, c.role ? `role ${c.role}` : ''].filter(Boolean).join(' · ')),
  );
  if (c.skipped) notes.push(el('div', { className: 'notice' }, `not judged: ${c.skipped}`));
  if (c.error) notes.push(el('div', { className: 'error' }, `engine fault: ${c.error}`));
  for (const m of c.matches)
    notes.push(
      el(
        'div',
        { className: 'replay-match' },
        el('strong', {}, m.id),
        ` ${m.mode}${m.effect === 'block' || m.effect === 'warn' ? '' : ` (${m.effect})`} · ${m.trigger}: ${short(m.held.join('; '), 200)}`,
      ),
    );
  if (c.spans) notes.push(...spansView(c.spans));
  if (c.opaque.length > 0) notes.push(el('div', { className: 'notice' }, `opaque: ${c.opaque.join('; ')}`));
  if (c.unparseable) notes.push(el('div', { className: 'notice' }, `does not parse: ${c.unparseable}`));
  if (c.unknownTool)
    notes.push(el('div', { className: 'muted' }, 'a tool the engine does not know: only its text was read'));
  if (c.bypass === 'possible')
    notes.push(el('div', { className: 'muted' }, 'a human bypass (/anchor bypass) would have let it through'));
  if (c.bypass === 'none')
    notes.push(el('div', { className: 'muted' }, 'no bypass lets this through (a contract that cannot be bypassed)'));
  if (c.bypassUsed) notes.push(el('div', { className: 'muted' }, 'let through by a bypass granted in the session'));
  if (c.next !== undefined)
    notes.push(
      el(
        'div',
        { className: 'muted replay-next' },
        `next: ${c.next ? `${c.next.tool}${c.next.subject ? ` ${short(c.next.subject, 60)}` : ''}` : '(no further call in this session)'}`,
      ),
    );
  return el('td', { className: 'replay-call' }, el('div', {}, ...what), ...notes);
}

function callRow(c: ReplayCall): HTMLTableRowElement {
  const decision = c.decision ?? 'none';
  const tr = el(
    'tr',
    { className: `replay-row replay-${decision}` },
    el('td', {}, c.seq !== null ? `#${c.seq}` : '#-'),
    callCell(c),
    el('td', {}, el('span', { className: `mode mode-${c.decision ?? 'WARN'}` }, decisionText(c))),
    el('td', {}, ...c.contracts.flatMap((id, i) => [i > 0 ? ', ' : '', el('code', {}, id)])),
  );
  tr.dataset.session = c.session;
  tr.dataset.decision = decision;
  tr.dataset.contracts = c.contracts.join(' ');
  tr.dataset.tool = c.tool ?? '';
  tr.dataset.seq = c.seq === null ? '' : String(c.seq);
  if (c.observed) tr.dataset.observed = c.observed.decision;
  if (c.skipped) tr.dataset.skipped = 'true';
  return tr;
}

function sessionRow(s: SessionStart, continued: boolean): HTMLTableRowElement {
  const tr = el(
    'tr',
    { className: `replay-session${s.subagent ? ' replay-subagent' : ''}` },
    el(
      'th',
      { scope: 'colgroup', colSpan: 4 },
      `${sessionTitle(s)}${continued ? ' (continued)' : ''}`,
      el('span', { className: 'muted' }, ` · ${s.file}`),
    ),
  );
  tr.dataset.session = s.id;
  return tr;
}

function sessionList(r: ReplayResult): HTMLElement {
  // In the order they started (a parent before its subagents), though a subagent's session ends first.
  const order = new Map(r.starts.map((s, i) => [s.id, i]));
  const sessions = [...r.sessions].sort(
    (a, b) => (order.get(a.id) ?? Number.MAX_SAFE_INTEGER) - (order.get(b.id) ?? Number.MAX_SAFE_INTEGER),
  );
  return el(
    'ul',
    { className: 'replay-sessions' },
    ...sessions.map((s: ReplaySession) => {
      const skipped = Object.entries(s.skipped);
      const li = el(
        'li',
        { className: s.subagent ? 'replay-subagent' : '' },
        el('strong', {}, sessionTitle(s)),
        el('span', { className: 'muted' }, ` · ${s.file}`),
        el('div', {}, figures(r.perSession.get(s.id)!)),
      );
      if (skipped.length > 0)
        li.append(
          el('div', { className: 'muted' }, `left out: ${skipped.map(([why, n]) => `${n} × ${why}`).join('; ')}`),
        );
      if (s.damaged) {
        const at = s.damaged.position ? `:${s.damaged.position.line}:${s.damaged.position.col}` : '';
        li.append(
          el(
            'div',
            { className: 'error' },
            `${s.damaged.file ?? s.file}${at}: ${s.damaged.message}${s.damaged.hint ? ` — ${s.damaged.hint}` : ''} (what came before it was replayed)`,
          ),
        );
      }
      li.dataset.session = s.id;
      return li;
    }),
  );
}

function contractCounts(t: Tally): HTMLElement {
  if (t.contracts.length === 0) return el('p', { className: 'muted' }, 'No contract matched any call.');
  return el(
    'div',
    { className: 'table-scroll', tabIndex: 0, role: 'region', ariaLabel: 'Calls per contract' },
    el(
      'table',
      { id: 'replay-contracts' },
      el('caption', {}, 'By contract'),
      el(
        'thead',
        {},
        el(
          'tr',
          {},
          ...['contract', 'block', 'warn', 'observed', 'bypassed'].map((h) => el('th', { scope: 'col' }, h)),
        ),
      ),
      el(
        'tbody',
        {},
        ...t.contracts.map((c) => {
          const tr = el(
            'tr',
            {},
            el('th', { scope: 'row' }, el('code', {}, c.id)),
            ...[c.block, c.warn, c.observed, c.bypassed].map((n) => el('td', {}, String(n))),
          );
          tr.dataset.contract = c.id;
          return tr;
        }),
      ),
    ),
  );
}

const DECISIONS: readonly [string, string][] = [
  ['flagged', 'Blocked, warned, observed or not judged (what replay prints)'],
  ['all', 'Every call'],
  ['BLOCK', 'BLOCK'],
  ['WARN', 'WARN'],
  ['ALLOW', 'ALLOW'],
  ['observed', 'Observed (observe mode: would have been blocked)'],
  ['none', 'Not judged'],
];

function matchesDecision(tr: HTMLElement, wanted: string): boolean {
  const d = tr.dataset.decision;
  switch (wanted) {
    case 'all':
      return true;
    case 'flagged':
      return d !== 'ALLOW' || tr.dataset.observed !== undefined || tr.dataset.skipped !== undefined;
    case 'observed':
      return tr.dataset.observed !== undefined;
    default:
      return d === wanted;
  }
}

/** Renders a replay into `target`: the totals, the sessions, the counts per contract, the filters and the table. */
export function renderReplay(target: HTMLElement, r: ReplayResult): void {
  const t = r.total;
  const listed = r.calls.length > MAX_ROWS ? r.calls.filter(flagged) : r.calls;
  const summary = el(
    'p',
    { id: 'replay-summary' },
    `Replayed ${r.sessions.length} session${r.sessions.length === 1 ? '' : 's'} from ${r.files.join(', ')} against this file in ${r.ms.toFixed(0)} ms: ${figures(t)}.`,
  );
  summary.dataset.calls = String(r.calls.length);
  const bypasses = el(
    'p',
    {},
    `Bypasses a human would have needed: ${t.bypassesNeeded}${r.bypassBudget !== undefined ? ` (budget ${r.bypassBudget} per session)` : ''}; blocked with no bypass possible: ${t.blockedForGood}; let through by a bypass granted in the session: ${t.bypassesUsed}.`,
  );
  const unknown = Object.entries(t.unknownTools);
  const judged = el(
    'p',
    {},
    `Could not be judged fully: ${t.opaque} opaque (code the shell model cannot see into), ${t.unparseable} unparseable, ${unknown.length === 0 ? 'no unknown tools' : `unknown tools ${unknown.map(([n, k]) => `${n} ×${k}`).join(', ')}`}${t.skipped > 0 ? `; ${t.skipped} not judged` : ''}${t.errors > 0 ? `; ${t.errors} engine faults` : ''}.`,
  );

  const decision = el('select', { id: 'replay-decision' });
  for (const [value, label] of DECISIONS) decision.append(new Option(label, value));
  const contract = el('select', { id: 'replay-contract' });
  contract.append(new Option('Any contract', ''));
  for (const c of t.contracts) contract.append(new Option(c.id, c.id));
  const shown = el('p', { id: 'replay-shown', className: 'muted', role: 'status' });
  const filters = el(
    'div',
    { className: 'replay-filters' },
    el('label', { htmlFor: 'replay-decision' }, 'Decision'),
    decision,
    el('label', { htmlFor: 'replay-contract' }, 'Contract'),
    contract,
  );

  // Rows in the order replayed; a session's header before each run of its calls (a subagent's calls come in the
  // middle of its parent's, where the task call started it).
  const starts = new Map(r.starts.map((s) => [s.id, s]));
  const rows: HTMLTableRowElement[] = [];
  const seen = new Set<string>();
  let current: string | undefined;
  for (const c of listed) {
    if (c.session !== current) {
      const s = starts.get(c.session) ?? {
        id: c.session,
        title: undefined,
        parentID: undefined,
        root: c.root,
        subagent: c.subagent,
        file: c.file,
      };
      rows.push(sessionRow(s, seen.has(c.session)));
      seen.add(c.session);
      current = c.session;
    }
    rows.push(callRow(c));
  }
  const tbody = el('tbody', {}, ...rows);
  const table = el(
    'table',
    { id: 'replay-table' },
    el('caption', { className: 'visually-hidden' }, 'Replayed calls'),
    el('thead', {}, el('tr', {}, ...['#', 'call', 'decision', 'contracts'].map((h) => el('th', { scope: 'col' }, h)))),
    tbody,
  );

  const apply = () => {
    let n = 0;
    let header: HTMLTableRowElement | undefined;
    let headerUsed = false;
    for (const tr of rows) {
      if (tr.classList.contains('replay-session')) {
        if (header) header.hidden = !headerUsed;
        header = tr;
        headerUsed = false;
        continue;
      }
      const show =
        matchesDecision(tr, decision.value) &&
        (contract.value === '' || (tr.dataset.contracts ?? '').split(' ').includes(contract.value));
      tr.hidden = !show;
      if (show) {
        n++;
        headerUsed = true;
      }
    }
    if (header) header.hidden = !headerUsed;
    shown.textContent = `Showing ${n} of ${r.calls.length} call${r.calls.length === 1 ? '' : 's'}${listed.length < r.calls.length ? ` (the ${r.calls.length - listed.length} allowed calls beyond ${MAX_ROWS} are counted, not listed)` : ''}.`;
    shown.dataset.shown = String(n);
  };
  decision.addEventListener('change', apply);
  contract.addEventListener('change', apply);
  apply();

  target.replaceChildren(
    summary,
    bypasses,
    judged,
    sessionList(r),
    contractCounts(t),
    filters,
    shown,
    el('div', { className: 'table-scroll', tabIndex: 0, role: 'region', ariaLabel: 'Replayed calls' }, table),
  );
}
