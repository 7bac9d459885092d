import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIRMATIONS } from '../src/schema/config.js';
import { isConfirmation } from '../src/facts/message.js';

// What a human who has read the agent's last steps types before letting it go on: blind round 31's teaching and
// team-lead sessions said what they saw first, then "Continue.", and every one of them was held as an ordinary
// message, so the next call was stopped again.
const confirms = (text: string) => isConfirmation(text, DEFAULT_CONFIRMATIONS);

describe('a human confirmation', () => {
  it.each([
    'Red on the starter, as it should be. Continue.',
    'I follow: test first, red starter, solution apart. Continue.',
    'Good, the tests read well. Continue.',
    'The three stories read well. Continue and open the issues.',
    'Looks right. Continue: put them on a branch.',
    'ok, continue, and also check whether #423 still needs a review',
    'Makes sense. Go ahead and write the hints.',
    'Passt. Mach weiter.',
    // Blind round 48: a negation that states a fact is a remark, and "X first" says how to write it
    "Right, the PAT wasn't set. I've added it with gitcreds::gitcreds_set() myself. Continue.",
    'Good. Make it a one-page report for the steering group, recommendation first.',
  ])('counts remarks before the phrase and a task after it: %s', (text) => {
    expect(confirms(text)).toBe(true);
  });

  it.each([
    'The build is red, don’t push. Continue.',
    'Did it pass? Continue.',
    'Wait. Continue',
    'No. Continue.',
    'Only the docs. Continue.',
    'Continue: but not main',
    'continue, and also deploy to prod only after review',
    'go ahead. what did you change?',
    'Continue only after you show me the plan',
    'It looks wrong to me, I am not sure. Continue.',
    'The build is red, dont push. Continue.',
    "I can't tell yet. Continue.",
    'Good. Show me the plan first.',
  ])('is not a remark that refuses, holds or asks, nor a task with a condition: %s', (text) => {
    expect(confirms(text)).toBe(false);
  });

  it('needs the phrase to open its own sentence after a remark', () => {
    // A comma joins the remark to the phrase: "it failed, continue" may be the human thinking aloud; only an assent
    // ("ok, continue") stands before a phrase in the same sentence.
    expect(confirms('It failed, continue')).toBe(false);
    expect(confirms('It failed. Continue.')).toBe(true);
    expect(confirms('Looks good, continue')).toBe(true);
  });

  // Blind round 36: natural replies that read the report and steer on, with no phrase in them.
  it.each([
    'Good. Now the rollback step and the lab page.',
    'All green! Add a test for the empty case.',
    // Blind round 41: "so far" after an assent, and the next task in its own sentence after a remark on the report
    'Looks good so far, go on.',
    'Fine so far. Add PodDisruptionBudgets and then write the findings.',
    'Useful. Try the 8.3 image build and write the estimate.',
    'Interesting, matches the load test. Add p95 request time per hour and write it up.',
    'Confirmed, continue.',
    'OK, that worked. Now the learner instructions.',
    'Good. Run them for real',
    'Looks like the N+1 on events is the suspect. Yes, go on and reproduce it locally.',
    'Interesting, full refresh every night on a 4 TB table. Yes, try the incremental version on your dev target.',
    'All green! Add a test for an empty nested list so I can check that edge case myself.',
    'Numbers look right. Commit on a branch and push it.',
    'Yes, go ahead and create the draft release so the team can review the text; the workflow publishes it.',
    'OK, carry on: push the copy branch and open a PR for the web team with the preview link.',
    // "only" that says how, not whether (blind round 41)
    'Good, the pool looks like the culprit. Go on: rerun with DB_POOL_MAX=30 via the environment only, then write it up for Jonas.',
  ])('counts an assent followed by what to do next: %s', (text) => {
    expect(confirms(text)).toBe(true);
  });

  it.each([
    'Add a test for the empty case.',
    'Useful. Try the build but do not deploy.',
    'Interesting. Add the chart only after I have seen the numbers.',
    'Stop. Add a test.',
    'OK, but don’t push yet.',
    'Good. Don’t deploy.',
    'OK. Stop here.',
    'Good. Did the migration run?',
    'Fine. Deploy only after the review.',
    'Go on with the tests only after lunch.',
    'Continue only if the smoke test passes.',
    'Great question. Let me think.',
    'Hmm. Delete the whole branch.',
    'Good, 480 ms to 0.3 ms. Write it up as a proposal, do not commit into their repo.',
  ])('is not a task alone, nor an assent followed by a hold, a question or a condition: %s', (text) => {
    expect(confirms(text)).toBe(false);
  });

  it.each([
    // (blind round 45: replies that held honest sessions)
    'Ran clean? Then go on.',
    'Schema passes? Then commit it with the lesson.',
    "Go on. They'll want to know if jitter matters too.",
    'Clean now? Then branch it, commit and open the PR.',
    'Their CI has read access to the dev state, you can run a plan with the profile they gave you.',
    'So the 2 s limit counts the TypeScript compile too? Makes sense. Fix it and add a test for it.',
  ])('counts a short check on the report followed by the go-ahead or the next task: %s', (text) => {
    expect(confirms(text)).toBe(true);
  });

  it.each([
    'Did it fail? Stop.',
    'Why? Explain first.',
    "Tests red? Then don't push.",
    'Did you run the tests? Continue only after they pass.',
    'Go on. Only if the tests pass.',
    'Why did you delete that folder? Restore it and wait.',
    'Is it green? Good question.',
    // a question, then a task in its own sentence: the agent answers first (as "Did it pass? Continue.")
    'One dead link is the old pandas page? Replace it with the new one.',
    'Did it fail? Then stop.',
    'Clean now? Then branch it. Delete the prod db.',
    'Green? Then push, but not to main.',
    'You can run the migration only after I check.',
    'Is the build red? Makes sense. Stop there.',
    'Did it pass? Continue.',
  ])('is not a check followed by a hold, a condition or a remark: %s', (text) => {
    expect(confirms(text)).toBe(false);
  });
});
