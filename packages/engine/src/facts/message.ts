// Messages → facts: the text, who wrote it, attached files, and whether it is the human's confirmation.
import { pathForms } from '../matchers/paths.js';
import type { MessageAuthor, MessageFacts } from './types.js';

export function messageFacts(
  text: string,
  attachments: readonly string[] | undefined,
  root: string | undefined,
  confirmations: readonly string[],
  from: MessageAuthor = 'human',
): MessageFacts {
  return {
    kind: 'message',
    text,
    from,
    attachments: (attachments ?? []).map((p) => pathForms(p, root)),
    // Only the human confirms: an agent's or a subagent's "continue" is not the human speaking.
    confirmation: from === 'human' && isConfirmation(text, confirmations),
  };
}

/**
 * Words a human puts around a confirmation without changing it: an assent before it ("ok, continue", "Looks good, keep
 * going.") and thanks after it ("go ahead, thanks"). Only whole clauses (between commas and stops) of these count; any
 * other clause ("continue only after you show me the plan", "no, wait") makes the message something else.
 */
const ASSENTS = new Set([
  'yes',
  'yeah',
  'yep',
  'ok',
  'okay',
  'ok then',
  'sure',
  'alright',
  'all right',
  'right',
  'fine',
  'good',
  'great',
  'perfect',
  'nice',
  'cool',
  'looks good',
  'looks great',
  'lgtm',
  'sounds good',
  'got it',
  'understood',
  'i follow',
  'i see',
  'makes sense',
  'agreed',
  'thanks',
  'thank you',
  'ja',
  'gut',
  'passt',
  'super',
  'klar',
  'alles klar',
  'genau',
]);
const THANKS = new Set(['thanks', 'thank you', 'please', 'danke', 'bitte']);

/**
 * A message is a confirmation when, lower-cased with spacing collapsed, it is one of the phrases, alone or with
 * assents before it and thanks after it as whole clauses: "Continue.", "go  ahead!", "yes, continue", "ok, I follow,
 * continue" are; "Continue only after you show me the plan", "no, continue", "go aheadx" are not.
 */
export function isConfirmation(text: string, phrases: readonly string[]): boolean {
  const clauses = fold(text)
    .split(/\s*[,.;:!?…]+\s*|\s+(?:and|then|und)\s+/u)
    .map((c) => c.trim())
    .filter((c) => c !== '');
  if (clauses.length === 0 || clauses.length > 6) return false;
  const folded = new Set(phrases.map(fold).filter((p) => p.length > 0));
  const at = clauses.findIndex((c) => folded.has(c));
  if (at === -1) return false;
  return (
    clauses.slice(0, at).every((c) => ASSENTS.has(c) || folded.has(c)) &&
    clauses.slice(at + 1).every((c) => THANKS.has(c) || folded.has(c))
  );
}

const fold = (s: string): string =>
  s
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/[\s.!?,;:…]+$/u, '')
    .trim();
