// Renders the text the agent receives: names the contract, says why and what to do instead, links the anchors and
// says how a human can bypass. The same text is what the plugin throws (BLOCK) or appends (WARN).
import type { Decision } from '../schema/index.js';
import type { ContractMatch } from './verdict.js';

export interface MessageContext {
  readonly bypassHint: string;
  readonly left: number;
  readonly budget: number;
  readonly pending: boolean;
}

export function renderAgentMessage(
  decision: Decision,
  matches: readonly ContractMatch[],
  ctx: MessageContext,
): string | undefined {
  if (decision === 'ALLOW' || matches.length === 0) return undefined;
  const blocking = matches.filter((m) => m.effect === 'block');
  const head =
    decision === 'BLOCK'
      ? `BLOCKED by semantic-anchors: ${count(blocking.length, 'contract')} stopped this ${subjectOf(blocking)}. It did not run.`
      : `NOTE from semantic-anchors: this ${subjectOf(matches)} went ahead; ${count(matches.length, 'contract')} asked to look again.`;
  const sections = matches.map((m) => section(m));
  const tail = decision === 'BLOCK' ? bypassLine(blocking, ctx) : undefined;
  return [head, ...sections, ...(tail ? [tail] : [])].join('\n\n');
}

function section(m: ContractMatch): string {
  const label =
    m.effect === 'block' ? 'BLOCK' : m.effect === 'bypassed' ? 'BLOCK, let through by a human bypass' : 'WARN';
  const from = m.origin.preset ? ` (${m.origin.preset} preset)` : '';
  const lines = [
    `[${label}] contract "${m.id}"${from}`,
    `Why: ${m.description}`,
    `Matched: ${m.held.join('; ')}${m.subject === 'tool call' || m.subject === 'message' ? '' : ` (${m.subject})`}`,
    `Do instead: ${m.message}`,
  ];
  if (m.anchors.length > 0) lines.push(`Anchors: ${m.anchors.map((a) => `${a.title} <${a.url}>`).join(', ')}`);
  return lines.join('\n');
}

function bypassLine(blocking: readonly ContractMatch[], ctx: MessageContext): string {
  const fixed = blocking.filter((m) => !m.bypassable).map((m) => `"${m.id}"`);
  if (fixed.length > 0) {
    return `Bypass: not possible; ${fixed.join(', ')} cannot be bypassed. Follow "Do instead", or ask the human to change the configuration.`;
  }
  if (ctx.left === 0 && !ctx.pending) {
    return `Bypass: the session's bypass budget is spent (${ctx.budget} of ${ctx.budget} used). Follow "Do instead"; only a configuration change or a new session allows more.`;
  }
  const ids = [...new Set(blocking.map((m) => m.id))];
  // The hint names the contracts: a bypass lets through only the contracts it names (or those of the last block).
  const how = ctx.bypassHint.replace('<contract-id>', ids.join(' '));
  return `Bypass: you cannot bypass this yourself. If the human agrees it is right, they can ${how} to let this call through once (${ctx.left} of ${ctx.budget} bypasses left this session).`;
}

const count = (n: number, word: string): string => `${n === 1 ? 'a' : n} ${word}${n === 1 ? '' : 's'}`;

function subjectOf(matches: readonly ContractMatch[]): string {
  const s = matches[0]?.subject ?? 'tool call';
  return s.startsWith('attachment') ? 'message (an attached file)' : s;
}
