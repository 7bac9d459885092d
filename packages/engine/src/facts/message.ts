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
  'looks right',
  'looks fine',
  'looks ok',
  'looks okay',
  'looks correct',
  'that looks right',
  'that looks good',
  'seems right',
  'sounds right',
  'correct',
  'exactly',
  'well done',
  'good job',
  'lgtm',
  'sounds good',
  'got it',
  'understood',
  'i follow',
  'i see',
  'makes sense',
  'agreed',
  'clear',
  "that's clear",
  'that is clear',
  "that's fine",
  'that is fine',
  'all good',
  'thanks',
  'thank you',
  'confirmed',
  'approved',
  'all green',
  'green',
  'that worked',
  'it worked',
  'it works',
  'works',
  'done',
  'ja',
  'gut',
  'passt',
  'super',
  'klar',
  'alles klar',
  'genau',
]);
const THANKS = new Set(['thanks', 'thank you', 'please', 'danke', 'bitte']);

/** One clause of a message: its text, the separator before it, and whether "and"/"then" or a colon joined it. */
interface Clause {
  readonly text: string;
  readonly sep: string;
  readonly joined: boolean;
}

/**
 * A message is a confirmation when, lower-cased with spacing collapsed, it is one of the phrases, alone or with
 * assents before it and thanks after it as whole clauses: "Continue.", "go  ahead!", "yes, continue", "ok, I follow,
 * continue" are; "Continue only after you show me the plan", "no, continue", "go aheadx" are not. A human who has read
 * what the agent did often says so first: remarks before the phrase ("Red on the starter, as it should be.
 * Continue.") keep it a go-ahead when the phrase opens its own sentence, no question comes before it, and no remark
 * holds a refusal or a condition ("The build is red, don't push. Continue." is not). What to go on with, joined to
 * the phrase by "and", ", and also" or a colon ("Go on and write the hints", "Continue: put them on a branch"), keeps
 * it a go-ahead when it is a few words with no condition among them ("continue and stop before the deploy" is not).
 */
export function isConfirmation(text: string, phrases: readonly string[]): boolean {
  // Clauses with the separator before each: a task may follow a confirmation only when "and"/"then" joined it.
  const parts = fold(text).split(/(\s*[,.;:!?…]+\s*|\s+(?:and|then|und)\s+)/u);
  const clauses: Clause[] = [];
  for (let i = 0; i < parts.length; i += 2) {
    let c = (parts[i] as string).trim();
    const sep = i > 0 ? (parts[i - 1] as string) : '';
    let joined = i > 0 && (/^\s+(?:and|then|und)\s+$/u.test(sep) || /^\s*:\s*$/u.test(sep));
    // ", and also check …": the comma, then the conjunction that joins the task.
    const lead = i > 0 ? /^(?:and|then|und)(?: also)? /u.exec(c) : null;
    if (lead) {
      c = c.slice(lead[0].length);
      joined = true;
    }
    if (c !== '') clauses.push({ text: c, sep, joined });
  }
  if (clauses.length === 0 || clauses.length > 6) return false;
  const folded = new Set(phrases.map(fold).filter((p) => p.length > 0));
  const at = clauses.findIndex((c) => folded.has(c.text) || goesOnWith(c.text, folded));
  if (at === -1) return steersOn(text, clauses, folded) || checksThenGoes(clauses, folded);
  const before = clauses.slice(0, at);
  const after = clauses.slice(at + 1);
  const assentsOnly = before.every((c) => ASSENTS.has(c.text) || folded.has(c.text));
  const remarks =
    /[.!;:]/u.test(clauses[at]!.sep) &&
    !clauses.slice(1, at + 1).some((c) => c.sep.includes('?')) &&
    before.every((c) => ASSENTS.has(c.text) || isRemark(c.text));
  return (
    ((assentsOnly || remarks) &&
      after.every(
        (c, i) =>
          THANKS.has(c.text) || folded.has(c.text) || (c.joined && (i === 0 || after[i - 1]?.joined) && isTask(c.text)),
      )) ||
    steersOn(text, clauses, folded) ||
    checksThenGoes(clauses, folded)
  );
}

/**
 * A short check on what the agent reported, then "then" and the go-ahead or the next task (blind round 45: "Ran
 * clean? Then go on.", "Schema passes? Then commit it with the lesson."): the human has read the report and says
 * what comes next. The check is a few words with no refusal in it; what follows is a phrase or a task of a few words
 * with no condition, with only thanks after it. "Did it fail? Then stop." and "Why? Explain first." are not.
 */
function checksThenGoes(clauses: readonly Clause[], phrases: ReadonlySet<string>): boolean {
  const [check, next, ...rest] = clauses;
  if (check === undefined || next === undefined || !next.sep.includes('?')) return false;
  if (check.text.split(' ').length > 10 || HOLD.test(check.text)) return false;
  // The human answers the check with an assent and goes on ("So the limit counts the compile too? Makes sense. Fix
  // it and add a test for it.": round 47): what follows the check is a go-ahead of its own.
  if (isAssent(next.text))
    return rest.every(
      (c) => isAssent(c.text) || THANKS.has(c.text) || phrases.has(c.text) || (isTask(c.text) && !HOLD.test(c.text)),
    );
  // (more steps may follow, each a few words: "Clean now? Then branch it, commit and open the PR.")
  if (!rest.every((c) => THANKS.has(c.text) || (!/[.!;:?]/u.test(c.sep) && isTask(c.text)))) return false;
  // Only "then" makes the check the go-ahead's condition, one the agent's report already answers: "Did it pass?
  // Continue." asks first, and the agent answers before it goes on.
  return next.joined && (phrases.has(next.text) || goesOnWith(next.text, phrases) || isTask(next.text));
}

/**
 * A go-ahead said the way people reply once they have read the report (blind round 36: natural replies like these did
 * not count, and held honest sessions): remarks that neither refuse nor hold, then a sentence that opens with an
 * assent, a phrase or a plain verdict ("numbers look right"), then what to do next — "Looks like the N+1 is the
 * suspect. Yes, go on and reproduce it locally.", "All green! Add a test for an empty nested list so I can check
 * it.", "OK, carry on: push the copy branch and open a PR for the web team with the preview link." Each later clause
 * is an assent, thanks, a phrase, or a task or remark of a few words with no refusal, hold or condition in it; a
 * question anywhere makes the message something else.
 */
function steersOn(text: string, clauses: readonly Clause[], phrases: ReadonlySet<string>): boolean {
  if (text.includes('?')) return false;
  const calm = (c: Clause): boolean =>
    c.text.split(' ').length <= 16 && !HOLD.test(c.text) && (!CONDITION.test(c.text) || ORDER.test(c.text));
  // The go-ahead: an assent, a phrase, a verdict — or, in its own sentence after a remark on the report, the next task
  // itself ("Useful. Try the 8.3 image build and write the estimate.": blind round 41), a few calm words opening with
  // what to do. A task alone is a new request, not a reply to what the agent showed.
  const go = clauses.findIndex(
    (c, i) =>
      isAssent(c.text) ||
      phrases.has(c.text) ||
      goesOnWith(c.text, phrases) ||
      VERDICT.test(c.text) ||
      (i > 0 && /[.!;:]/u.test(c.sep) && NEXT_TASK.test(c.text) && calm(c)) ||
      (PERMITS.test(c.text) && calm(c)),
  );
  if (go === -1) return false;
  // After remarks, the go-ahead opens its own sentence ("It failed, continue" may be the human thinking aloud) — or
  // says in words that it is one ("Their CI can read the state, you can run a plan": round 46).
  if (go > 0 && !/[.!;:]/u.test(clauses[go]!.sep) && !PERMITS.test(clauses[go]!.text)) return false;
  return (
    clauses.slice(0, go).every((c) => isAssent(c.text) || isRemark(c.text)) &&
    clauses.slice(go + 1).every((c) => isAssent(c.text) || THANKS.has(c.text) || phrases.has(c.text) || calm(c))
  );
}

/** An assent, also with "so far" after it ("fine so far", "looks good so far": blind round 41). */
const isAssent = (clause: string): boolean => ASSENTS.has(clause) || ASSENTS.has(clause.replace(/ so far$/u, ''));

/** A plain verdict on what the agent showed: "numbers look right", "the tests are green", "that went well" (so far). */
const VERDICT =
  /^(?:[\w'’+-]+ ){0,4}(?:looks?|is|are|reads?|seems?|sounds?|went|ran|works?|worked)(?: all)? (?:right|good|fine|great|correct|ok|okay|well|green|clean|perfect)(?: so far)?$/u;

/** The verbs a next task opens with. */
const TASK_VERBS =
  'add|try|write|rerun|re-run|run|fix|update|create|make|check|use|open|commit|build|draft|prepare|move|rename|include|compare|measure|summari[sz]e|list|show|document|note|split|extend|test|start|finish|mail|send|push|file|record|plot|export|render|generate|tidy|clean up|look at|go through|put';
/** A clause that is the next task, opening with what to do: the human has read the report and says what comes next. */
const NEXT_TASK = new RegExp(`^(?:now |also |then |next,? )?(?:${TASK_VERBS})\\b`, 'u');

/** Leave to do the next task, in words: "you can run a plan with their profile", "feel free to open the PR". */
const PERMITS = new RegExp(
  `^(?:you can|you may|feel free to|you're free to|you are free to) (?:now )?(?:${TASK_VERBS})\\b`,
  'u',
);

/** A remark before the go-ahead: a few words that neither refuse nor set a condition ("as it should be"). */
const isRemark = (clause: string): boolean => clause.split(' ').length <= 12 && !HOLD.test(clause);

/**
 * Words that make a remark a refusal, a hold or a condition on what follows, in the languages of the default phrases.
 * Words of time ("first", "after", "when") are not among them: before the go-ahead they tell what happened ("test
 * first, red starter: I follow"). Nor is a negation that states a fact ("the PAT wasn't set", "it didn't build",
 * blind round 48): only the ones that tell the agent what not to do (don't, won't, can't, shouldn't …) hold.
 */
const HOLD =
  /\b(?:only|until|till|unless|if|but|not|no|never|wait\w*|stop\w*|hold|except|instead|without|do not|nein|nicht|kein\w*|warte\w*|stopp?|(?:do|does|don|won|can|couldn|shouldn|mustn|wouldn|needn|ain)['’]?t)\b/u;

/** A word or two put first in what the agent writes ("recommendation first", "the summary first": blind round 48): how
 * to write it, not a condition on going on. */
const ORDER = /^(?:the )?[\w'’-]+(?: [\w'’-]+)? first$/u;

/** What to go on with, said after the go-ahead: a few words, no condition among them. */
const isTask = (clause: string): boolean => clause.split(' ').length <= 8 && !CONDITION.test(clause);

/**
 * Words that make "continue with …" a condition or a change of plan rather than a go-ahead ("continue with the
 * deploy only after the review", "go on with the tests but not the migration"). "only" alone says how, not whether
 * ("rerun it via the environment only": blind round 41); its conditions carry their own word (only after, only if).
 */
const CONDITION =
  /\b(after|before|until|till|unless|if|when|once|but|not|no|don'?t|do not|never|wait|stop|except|instead|without|first)\b/u;

/** "continue with the docs", "go on with the tests": a confirmation phrase with what to go on with (a few words, no
 * condition among them), as people say it. */
function goesOnWith(clause: string, phrases: ReadonlySet<string>): boolean {
  const at = clause.indexOf(' with ');
  if (at <= 0 || !phrases.has(clause.slice(0, at))) return false;
  const rest = clause.slice(at + ' with '.length);
  return rest.split(' ').length <= 6 && !CONDITION.test(rest);
}

const fold = (s: string): string =>
  s
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ')
    // "they'll want to know if jitter matters": an indirect question's "if" is "whether", no condition (round 45)
    .replace(/\b(know|see|check|ask|tell|find out|wonder|test|show|say|decide) if\b/gu, '$1 whether')
    .replace(/[\s.!?,;:…]+$/u, '')
    .trim();
