// The text `replay` prints: each call that was blocked, warned or observed with the contract, the characters that
// matched and the agent's next call; per session and in total, the counts, what could not be judged, the bypasses.
import type { CompiledPolicy } from '../compile/index.js';
import { formatDiagnostic } from '../diagnostics.js';
import type { ReplayCall, ReplaySession, Tally } from '../hosts/opencode/index.js';
import { bold, dim, green, red, yellow, type CliIO } from './io.js';
import { printSpans } from './commands/explain-carets.js';

const short = (s: string | undefined, n = 80) => (s === undefined ? '' : s.length > n ? `${s.slice(0, n - 3)}...` : s);

export function decisionText(io: CliIO, c: ReplayCall): string {
  if (c.decision === null) return yellow(io, 'NOT JUDGED');
  const now =
    c.decision === 'BLOCK' ? red(io, 'BLOCK') : c.decision === 'WARN' ? yellow(io, 'WARN') : green(io, 'ALLOW');
  return c.observed ? `${now} ${yellow(io, `(observe mode: would ${c.observed.decision})`)}` : now;
}

/** One call that was not simply allowed (or could not be judged). */
export function printCall(io: CliIO, c: ReplayCall, policy: CompiledPolicy | undefined): void {
  const what =
    c.tool !== null
      ? `${c.tool}${c.subject ? ` ${JSON.stringify(short(c.subject))}` : ''}`
      : `message ${JSON.stringify(short(c.subject))}`;
  const then =
    c.recorded === 'blocked'
      ? 'was blocked then'
      : c.recorded === 'ran'
        ? 'ran then'
        : c.recorded
          ? `${c.recorded} then`
          : '';
  const where = c.line !== undefined ? `${c.file}:${c.line}` : c.file;
  io.out(
    `  ${bold(io, c.seq !== null ? `#${c.seq}` : '#-')} ${what} → ${decisionText(io, c)}${dim(io, `  (${[c.role ? `role ${c.role}` : '', then, c.fromLog ? 'from the decision log' : ''].filter(Boolean).join('; ')})`)}`,
  );
  io.out(dim(io, `     at ${where}`));
  if (c.skipped) io.out(`     ${yellow(io, 'skipped:')} ${c.skipped}`);
  if (c.error) io.out(`     ${red(io, 'error:')} ${c.error}`);
  for (const m of c.matches) {
    const mark = m.effect === 'block' ? red(io, '✗') : m.effect === 'observed' ? yellow(io, '◌') : yellow(io, '!');
    io.out(
      `     ${mark} ${m.id} [${m.mode}${m.effect === 'block' || m.effect === 'warn' ? '' : `, ${m.effect}`}] ${m.trigger}: ${short(m.held.join('; '), 160)}`,
    );
    if (c.spans && policy) {
      const one = { spans: c.spans.spans.filter((s) => s.contract === m.id), texts: c.spans.texts };
      printSpans(io, one, '       ');
    }
  }
  if (c.fromLog && c.contracts.length > 0) io.out(`     contracts: ${c.contracts.join(', ')}`);
  if (c.opaque.length > 0) io.out(`     ${yellow(io, 'opaque:')} ${c.opaque.join('; ')}`);
  if (c.bypass === 'possible') io.out(dim(io, '     a human bypass (/anchor bypass) would have let it through'));
  if (c.bypass === 'none') io.out(dim(io, '     no bypass lets this through (a contract that cannot be bypassed)'));
  if (c.next !== undefined)
    io.out(
      dim(
        io,
        `     next: ${c.next ? `${c.next.tool}${c.next.subject ? ` ${JSON.stringify(short(c.next.subject, 60))}` : ''}` : '(no further call in this session)'}`,
      ),
    );
}

export function printSessionHeader(
  io: CliIO,
  s: { id: string; title?: string | undefined; subagent: boolean; root: string; file: string },
): void {
  const kind = s.subagent ? `Subagent session ${s.id} (shares the rules state of ${s.root})` : `Session ${s.id}`;
  io.out('');
  io.out(bold(io, `${kind}${s.title ? ` "${short(s.title, 60)}"` : ''}`) + dim(io, `  ${s.file}`));
}

export function printSessionEnd(io: CliIO, s: ReplaySession, t: Tally): void {
  io.out(`  ${dim(io, `${s.subagent ? 'subagent session' : 'session'} ${s.id}:`)} ${figures(t)}`);
  const skipped = Object.entries(s.skipped);
  if (skipped.length > 0) io.out(dim(io, `  left out: ${skipped.map(([why, n]) => `${n} × ${why}`).join('; ')}`));
  if (s.damaged) io.out(red(io, `  ${formatDiagnostic(s.damaged).replace(/\n/g, '\n  ')}`));
}

export function figures(t: Tally): string {
  const parts = [
    `${t.calls} call${t.calls === 1 ? '' : 's'}: ${t.allow} allowed, ${t.warn} warned, ${t.block} blocked`,
    t.observed > 0 ? `${t.observed} observed (would have been blocked)` : '',
    t.messages > 0 ? `${t.messages} message verdict${t.messages === 1 ? '' : 's'}` : '',
    t.bypassesNeeded > 0 ? `${t.bypassesNeeded} bypass${t.bypassesNeeded === 1 ? '' : 'es'} needed` : '',
  ].filter(Boolean);
  return parts.join(' · ');
}

export function printTotal(io: CliIO, sessions: readonly ReplaySession[], t: Tally, budget: number | undefined): void {
  io.out('');
  io.out(bold(io, `Total: ${sessions.length} session${sessions.length === 1 ? '' : 's'} · ${figures(t)}`));
  if (t.contracts.length > 0) {
    io.out('');
    io.out(
      `${'By contract:'.padEnd(42)}${'block'.padStart(5)} ${'warn'.padStart(6)} ${'observed'.padStart(9)} ${'bypassed'.padStart(9)}`,
    );
    for (const c of t.contracts)
      io.out(
        `  ${c.id.padEnd(40).slice(0, 40)} ${String(c.block).padStart(5)} ${String(c.warn).padStart(6)} ${String(c.observed).padStart(9)} ${String(c.bypassed).padStart(9)}`,
      );
  }
  io.out('');
  io.out(
    `Bypasses a human would have needed: ${t.bypassesNeeded}${budget !== undefined ? ` (budget ${budget} per session)` : ''}; blocked with no bypass possible: ${t.blockedForGood}; let through by a bypass granted in the session: ${t.bypassesUsed}`,
  );
  const unknown = Object.entries(t.unknownTools);
  io.out(
    `Could not be judged fully: ${t.opaque} opaque (code the shell model cannot see into), ${t.unparseable} unparseable, ${unknown.length === 0 ? 'no unknown tools' : `unknown tools ${unknown.map(([n, k]) => `${n} ×${k}`).join(', ')}`}${t.skipped > 0 ? `; ${t.skipped} not judged (see "skipped")` : ''}${t.errors > 0 ? `; ${t.errors} engine errors` : ''}`,
  );
  if (t.fromLog > 0)
    io.out(dim(io, `${t.fromLog} record(s) came from a decision log: recorded verdicts, not judged again.`));
}
