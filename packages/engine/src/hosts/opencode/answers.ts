// `/anchor` as opencode records it. The plugin answers the command in place of its parts, so an export holds no
// "/anchor bypass …" line, only the answer: a user message starting with ANSWER_PREFIX. The human's act is read back
// from the answer (a bypass asked for, a role chosen, a reload); status, explain and help change nothing.
// INVARIANT: the patterns follow the engine's notices (evaluate/step.ts); answers.test.ts runs the real ones.
import type { Event } from '../../schema/index.js';

/** Every text the plugin puts into a session starts with this, so the transcript shows where it came from. */
export const ANSWER_PREFIX = '[semantic-anchors]';

export type AnswerMeaning =
  | { readonly kind: 'event'; readonly event: Event; readonly humanRole?: boolean }
  | { readonly kind: 'none' };

const SCOPED_GRANT = /^Bypass granted: the next block by (\S+) will go through\b[\s\S]*?\. Reason: ([\s\S]*)$/;
const GRANT = /^Bypass granted:[\s\S]*?\. Reason: ([\s\S]*)$/;
const REFUSED_SCOPE = /^Bypass refused: (?:no contract "([^"]+)" is active|"([^"]+)" cannot be bypassed)/;
const REFUSED = /^(?:Bypass refused:|A bypass is already waiting)/;
const ROLE = /^Role (?:is now (\S+) \(was|stays (\S+)\.)/;
const RELOAD = /^Reloaded /;

export const isAnswer = (text: string): boolean => text.startsWith(ANSWER_PREFIX);

/** What a recorded command answer says the human did. */
export function answerMeaning(text: string): AnswerMeaning {
  if (!isAnswer(text)) return { kind: 'none' };
  const body = text.slice(ANSWER_PREFIX.length).trim();
  const reason = (r: string | undefined) => (r === '(none given)' ? '' : (r ?? ''));
  let m = SCOPED_GRANT.exec(body);
  if (m) return { kind: 'event', event: { bypass: reason(m[2]), contract: m[1]! } };
  m = GRANT.exec(body);
  if (m) return { kind: 'event', event: { bypass: reason(m[1]) } };
  // A refused bypass was still asked for: replayed, the engine decides again under the policy being replayed.
  m = REFUSED_SCOPE.exec(body);
  if (m) return { kind: 'event', event: { bypass: '', contract: (m[1] ?? m[2])! } };
  if (REFUSED.test(body)) return { kind: 'event', event: { bypass: '' } };
  m = ROLE.exec(body);
  if (m) return { kind: 'event', event: { role: (m[1] ?? m[2])! }, humanRole: true };
  if (RELOAD.test(body)) return { kind: 'event', event: { reload: true } };
  return { kind: 'none' };
}

const WITHHELD = /^\[semantic-anchors\] The attached files? ([\s\S]+?) (?:was|were) withheld:/;

/** The files a "withheld" note names: the plugin removed them from the message, the note says which they were. */
export function withheldInNote(text: string): string[] {
  const m = WITHHELD.exec(text);
  return m ? m[1]!.split(', ').filter((p) => p.length > 0) : [];
}
