// Which branch of an `if` or a `case` runs, when its test is made of known values: `PROD=0; if [ "$PROD" = 1 ]; then
// deploy --prod; else deploy; fi` runs only the preview deploy, and a script's `case "$1" in publish) …;; pack) …;;`
// run as `bash pkg.sh pack` only its pack arm. Judging the branch that cannot run blocked honest work (round 14). Only
// tests whose outcome is certain from their words are decided: string and integer comparisons, -z/-n, !, && and ||
// of those; a file test, a pattern that is not plain, an unknown word — and the walk judges every branch, as before.
import type { AndOr, CaseItem, CompoundList, PipelineNode, TestExpression, Word } from 'unbash';
import { globMatch } from './glob-match.js';
import { isPartlyUnknown } from './unknown-text.js';

/** A word's value: `fields` split as a command's argument (undefined: unknown), `value` unsplit (a [[ ]] operand). */
export interface ConditionWords {
  fields(word: Word): readonly string[] | undefined;
  value(word: Word): string | undefined;
}

const INTEGER = /^\s*[+-]?\d{1,15}\s*$/;

function compare(left: string, operator: string, right: string): boolean | undefined {
  // A value with a part the engine cannot know in it equals no literal for certain.
  if (isPartlyUnknown(left) || isPartlyUnknown(right)) return undefined;
  switch (operator) {
    case '=':
    case '==':
      return left === right;
    case '!=':
      return left !== right;
  }
  if (!INTEGER.test(left) || !INTEGER.test(right)) return undefined;
  const a = Number(left);
  const b = Number(right);
  switch (operator) {
    case '-eq':
      return a === b;
    case '-ne':
      return a !== b;
    case '-lt':
      return a < b;
    case '-le':
      return a <= b;
    case '-gt':
      return a > b;
    case '-ge':
      return a >= b;
  }
  return undefined;
}

/** `test`/`[`'s arguments (without the closing `]`), by POSIX's rules for one to four arguments. */
function testArgs(args: readonly string[]): boolean | undefined {
  if (args[0] === '!' && args.length >= 2 && args.length <= 4) {
    const inner = testArgs(args.slice(1));
    return inner === undefined ? undefined : !inner;
  }
  if (args.length === 1) return args[0] !== '';
  if (args.length === 2) {
    if (args[0] === '-z') return args[1] === '';
    if (args[0] === '-n') return args[1] !== '';
    return undefined;
  }
  if (args.length === 3) return compare(args[0] as string, args[1] as string, args[2] as string);
  return undefined;
}

/** A `[[ ]]` expression; the right of `==`/`!=` is a pattern, decided only when it is plain text. */
function testExpression(e: TestExpression, words: ConditionWords): boolean | undefined {
  switch (e.type) {
    case 'TestNot': {
      const inner = testExpression(e.operand, words);
      return inner === undefined ? undefined : e.negations.length % 2 === 1 ? !inner : inner;
    }
    case 'TestGroup':
      return testExpression(e.expression, words);
    case 'TestLogical': {
      // Three-valued: one false operand decides an &&, one true operand an ||, whatever the others are.
      let unknown = false;
      for (const operand of e.operands) {
        const v = testExpression(operand, words);
        if (v === undefined) unknown = true;
        else if (v === (e.operator === '||')) return v;
      }
      return unknown ? undefined : e.operator === '&&';
    }
    case 'TestUnary': {
      const v = words.value(e.operand);
      if (v === undefined) return undefined;
      if (e.operator === '-z') return v === '';
      if (e.operator === '-n') return v !== '';
      return undefined;
    }
    case 'TestBinary': {
      const left = words.value(e.left);
      const right = words.value(e.right);
      if (left === undefined || right === undefined) return undefined;
      if ((e.operator === '==' || e.operator === '=' || e.operator === '!=') && /[*?[\\]/.test(right)) return undefined;
      return compare(left, e.operator, right);
    }
  }
  return undefined;
}

/** Whether a condition list (an `if`'s or `elif`'s) succeeds, when its last command is a test of known words. */
export function conditionOutcome(list: CompoundList, words: ConditionWords): boolean | undefined {
  const last = list.commands.at(-1);
  if (last === undefined || last.background) return undefined;
  let node: PipelineNode | AndOr = last.command;
  let negate = false;
  if (node.type === 'Pipeline') {
    if (node.commands.length !== 1) return undefined;
    negate = node.prefixes.filter((p) => p.type === 'Negation').length % 2 === 1;
    node = node.commands[0] as PipelineNode;
  }
  let outcome: boolean | undefined;
  if (node.type === 'TestCommand') outcome = testExpression(node.expression, words);
  else if (node.type === 'Command') {
    const name = node.name === undefined ? undefined : words.value(node.name);
    if ((name !== '[' && name !== 'test') || node.redirects.length > 0 || node.prefix.length > 0) return undefined;
    const args: string[] = [];
    for (const a of node.args) {
      if (a.type !== 'Word') return undefined;
      const f = words.fields(a);
      if (f === undefined) return undefined;
      args.push(...f);
    }
    if (name === '[') {
      if (args.at(-1) !== ']') return undefined;
      args.pop();
    }
    outcome = testArgs(args);
  } else return undefined;
  return outcome === undefined ? undefined : outcome !== negate;
}

/** Whether a case pattern matches a value; undefined when the pattern is not known or not plain enough to say. */
function patternMatches(pattern: Word, subject: string, words: ConditionWords): boolean | undefined {
  if (pattern.text === '*') return true;
  const value = words.value(pattern);
  if (value === undefined) return undefined;
  if (!/[*?[\\]/.test(value)) return value === subject;
  // A glob: decided only when written as bare text (no quotes or expansions that would make its characters literal).
  if (!/^[A-Za-z0-9_./*?@%+,:=-]+$/.test(pattern.text) || /[@+!]\(/.test(pattern.text)) return undefined;
  return globMatch(pattern.text, subject);
}

/**
 * The arm of a `case` that runs for a known word: its index; `items.length` when none matches (nothing runs);
 * undefined when it cannot be said (the word or a pattern before the match unknown, a `;&` or `;;&` fall-through).
 */
export function caseArm(
  items: readonly CaseItem[],
  subject: string | undefined,
  words: ConditionWords,
): number | undefined {
  if (subject === undefined) return undefined;
  if (items.some((item) => item.terminator === ';&' || item.terminator === ';;&')) return undefined;
  for (let i = 0; i < items.length; i++) {
    for (const p of (items[i] as CaseItem).pattern) {
      const m = patternMatches(p, subject, words);
      if (m === undefined) return undefined;
      if (m) return i;
    }
  }
  return items.length;
}
