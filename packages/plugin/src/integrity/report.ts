// The words of the result check: the block the agent reads in the tool result, the line the human reads in a
// toast, and the reload refusal. Paths are shown relative to the project when inside it.
import { relative } from 'node:path';
import type { CompiledPolicy } from '@semantic-anchors/engine/enforce';
import type { ChangeKind } from './watch-set.js';

/** One change to a protected file and what became of it. */
export interface Outcome {
  readonly path: string;
  readonly kind: ChangeKind;
  /** The built-in contracts that guard the file. */
  readonly contracts: readonly string[];
  /** 'restored', 'approved' (a human's bypass of each contract let the call through), or 'kept' (could not undo). */
  readonly result: 'restored' | 'approved' | 'kept';
  /** What was done, or why it could not be done. */
  readonly detail: string;
}

/** Where the changes came from: a call (checked when it ended), or a process between calls. */
export type Origin =
  | { readonly kind: 'call'; readonly tool: string; readonly callID: string }
  | { readonly kind: 'between-calls'; readonly before: { readonly tool: string; readonly callID: string } };

export const shown = (path: string, directory: string): string => {
  const r = relative(directory, path);
  return r.startsWith('..') || r === '' ? path : r;
};

const KIND_WORDS: Readonly<Record<ChangeKind, string>> = {
  modified: 'changed',
  created: 'created',
  deleted: 'deleted',
};

/** The BLOCK the agent reads (appended to the call's result, or thrown before the next call). */
export function agentReport(
  outcomes: readonly Outcome[],
  origin: Origin,
  policy: CompiledPolicy,
  directory: string,
): string {
  const blocked = outcomes.filter((o) => o.result !== 'approved');
  const head =
    origin.kind === 'call'
      ? `BLOCKED by semantic-anchors: this ${origin.tool} call changed protected files, which no rule let it change; ${allRestored(blocked) ? 'the change was undone' : 'what could be undone was undone'}.`
      : `BLOCKED by semantic-anchors: protected files changed between tool calls (a process started earlier, e.g. in the background by a shell call, made the change); ${allRestored(blocked) ? 'it was undone' : 'what could be undone was undone'}, and this ${origin.before.tool} call did not run.`;
  const sections: string[] = [];
  for (const id of unique(blocked.flatMap((o) => o.contracts))) {
    const c = policy.contracts.find((x) => x.id === id);
    const files = blocked.filter((o) => o.contracts.includes(id));
    sections.push(
      [
        `[BLOCK] contract "${id}"`,
        ...(c ? [`Why: ${c.description}`] : []),
        ...files.map((o) => `${cap(KIND_WORDS[o.kind])}: ${shown(o.path, directory)} — ${o.detail}`),
        ...(c ? [`Do instead: ${c.message}`] : []),
      ].join('\n'),
    );
  }
  const fixed = unique(blocked.flatMap((o) => o.contracts)).filter(
    (id) => policy.contracts.find((c) => c.id === id)?.bypassable === false,
  );
  const tail =
    fixed.length > 0
      ? `Bypass: not possible; ${fixed.map((id) => `"${id}"`).join(', ')} cannot be bypassed.`
      : 'Bypass: you cannot bypass this yourself. A human who agrees can name the contract (/anchor bypass <contract-id> <reason>); the change then goes through only in a call that makes it openly, where the rule can see it.';
  return [head, ...sections, tail].join('\n\n');
}

/** One line for the human (toast and log). */
export function humanLine(outcomes: readonly Outcome[], origin: Origin, directory: string): string {
  const blocked = outcomes.filter((o) => o.result !== 'approved');
  const by =
    origin.kind === 'call'
      ? `the agent's ${origin.tool} call (${origin.callID})`
      : `a process left running by an earlier call (found before ${origin.before.tool} call ${origin.before.callID}, which was blocked)`;
  const files = blocked.map((o) => `${shown(o.path, directory)} (${KIND_WORDS[o.kind]}; ${o.detail})`).join(', ');
  // Between calls the change may have been the human's own edit: say how to keep it.
  const yours =
    origin.kind === 'call'
      ? ''
      : ' If you made this change yourself while the agent was working, save it again once the agent is idle.';
  return `Blocked a change to protected files by ${by}: ${files} — contract ${unique(blocked.flatMap((o) => o.contracts)).join(', ')}.${yours}`;
}

/** Why `/anchor reload` waits for a confirmation, and how to give it. */
export function reloadRefusal(
  flagged: readonly { readonly path: string; readonly how: string }[],
  directory: string,
): string {
  const lines = flagged.map((f) => `- ${shown(f.path, directory)}: ${f.how}`);
  return [
    'Reload refused: the contract files changed during the agent’s calls, so reloading would enforce rules the agent wrote:',
    ...lines,
    'Read the file(s); if they say what you want, type /anchor reload confirm.',
  ].join('\n');
}

const allRestored = (outcomes: readonly Outcome[]): boolean => outcomes.every((o) => o.result === 'restored');
const unique = (ids: readonly string[]): string[] => [...new Set(ids)];
const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
