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
 * A message is a confirmation when the whole of it, lower-cased, with spacing collapsed and trailing punctuation
 * removed, is one of the phrases: "Continue." and "go  ahead!" are; "Continue only after you show me the plan" is not.
 */
export function isConfirmation(text: string, phrases: readonly string[]): boolean {
  const t = fold(text);
  if (t.length === 0) return false;
  return phrases.some((phrase) => {
    const p = fold(phrase);
    return p.length > 0 && t === p;
  });
}

const fold = (s: string): string =>
  s
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/[\s.!?,;:…]+$/u, '')
    .trim();
