// Observe mode, host side: the quiet note the human gets when a contract in observe mode would have blocked
// something that went ahead. The agent is told nothing (the engine left the observed contracts out of its message).
import type { Verdict } from '@semantic-anchors/engine/enforce';
import type { Channels } from './channels.js';

/** Logs and toasts (as information, not a warning) what observe mode let through; nothing when it let nothing. */
export function reportObserved(
  channels: Channels,
  verdict: Verdict,
  subject: string,
  extra: Readonly<Record<string, unknown>>,
): void {
  const observed = verdict.observed;
  if (observed === undefined) return;
  const ids = observed.contracts.join(', ');
  channels.log('info', `OBSERVED ${subject}: would ${observed.decision === 'BLOCK' ? 'block' : 'warn'} (${ids})`, {
    ...extra,
    decision: verdict.decision,
    wouldBe: observed.decision,
    observed: observed.contracts,
  });
  channels.toast(
    `Observe mode: ${ids} would have ${observed.decision === 'BLOCK' ? 'blocked' : 'stopped'} this ${subject}; it went ahead. \`opencode-semantic-anchors log\` sums these up.`,
    'info',
  );
}
