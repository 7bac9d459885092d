// `/anchor` as opencode records it. The plugin answers the command in place of its parts, so an export holds the
// answer, a user message starting with ANSWER_PREFIX whose first line echoes the command the human typed. The human's
// act is read back from it (a bypass asked for, a role chosen, a reload); status, explain and help change nothing.
import type { Event } from '../../schema/index.js';
import { parseAnchorCommand } from './anchor-command.js';

/** Every text the plugin puts into a session starts with this, so the transcript shows where it came from. */
export const ANSWER_PREFIX = '[semantic-anchors]';

export type AnswerMeaning =
  | { readonly kind: 'event'; readonly event: Event; readonly humanRole?: boolean }
  | { readonly kind: 'none' };

const ROLE = /^Role (?:is now (\S+) \(was|stays (\S+)\.)/;
const RELOAD = /^Reloaded /;

export const isAnswer = (text: string): boolean => text.startsWith(ANSWER_PREFIX);

/**
 * The answer the plugin puts in place of `/anchor <args>`: its first line echoes the command the human typed (so a
 * replay can give the engine the same words to read again), then what the plugin says.
 */
export function answerText(args: string, said: string): string {
  const command = args.trim().replace(/\s+/g, ' ');
  const lines = (said.startsWith(ANSWER_PREFIX) ? said.slice(ANSWER_PREFIX.length).trim() : said).split('\n');
  // A text headed by its own name (the status text reads "status" first) is named by the echo already.
  if (lines.length > 1 && lines[0] === command.split(' ')[0]) lines.shift();
  // One line: the echo ends at the first line break (a reason typed over several lines is read as one).
  return `${ANSWER_PREFIX} /anchor ${command}\n${lines.join('\n')}`;
}

/** What a recorded command answer says the human did. */
export function answerMeaning(text: string): AnswerMeaning {
  if (!isAnswer(text)) return { kind: 'none' };
  const body = text.slice(ANSWER_PREFIX.length).trim();
  // An answer that echoes the command: a bypass is the human's words again, read by the engine under the policy
  // replayed (which may differ from the one recorded); a reload is a reload. Roles are read from the answer below:
  // the plugin refused a role the configuration does not know without asking the engine.
  const echo = /^\/anchor(?:[ \t]+([^\n]*))?(?:\n([\s\S]*))?$/.exec(body);
  if (echo) {
    const command = parseAnchorCommand(echo[1] ?? '');
    if (command.kind === 'bypass') return { kind: 'event', event: { bypass: command.reason, typed: true } };
    if (command.kind === 'reload')
      return /^Reloaded /.test(echo[2] ?? '') ? { kind: 'event', event: { reload: true } } : { kind: 'none' };
    if (command.kind !== 'role') return { kind: 'none' };
    return answerMeaning(`${ANSWER_PREFIX} ${echo[2] ?? ''}`);
  }
  const m = ROLE.exec(body);
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
