// A user message as `opencode export` recorded it, after the plugin had its say: a command answer (the plugin
// replaced "/anchor …" with its answer), or the human's words with the plugin's note appended (a warning, or the
// files it withheld — removed from the record, named in the note). Read back into what chat.message first saw.
import { answerMeaning, isAnswer, withheldInNote, type AnswerMeaning } from './answers.js';
import { attachedPaths, isTextPart } from './parts.js';

export type RecordedUserMessage =
  | { readonly kind: 'answer'; readonly meaning: AnswerMeaning }
  | { readonly kind: 'message'; readonly text: string; readonly attachments: readonly string[] };

export function recordedUserMessage(parts: readonly unknown[]): RecordedUserMessage {
  const texts = parts.filter(isTextPart).filter((p) => p.synthetic !== true);
  const answers = texts.filter((p) => isAnswer(p.text));
  // The whole message is one answer: the command's record (the plugin put it in place of the command's parts).
  if (texts.length === 1 && answers.length === 1 && attachedPaths(parts).length === 0)
    return { kind: 'answer', meaning: answerMeaning(answers[0]!.text) };
  const attachments = attachedPaths(parts);
  for (const note of answers)
    for (const p of withheldInNote(note.text)) if (!attachments.includes(p)) attachments.push(p);
  return {
    kind: 'message',
    text: texts
      .filter((p) => !isAnswer(p.text))
      .map((p) => p.text)
      .join('\n'),
    attachments,
  };
}
