// git's todo of an interrupted interactive rebase (`<gitdir>/rebase-merge/git-rebase-todo`): an `exec` (`x`) line
// runs its command in the human's shell at their `git rebase --continue`, which `git status` asks them for (route
// 14.19). The result check takes out the exec lines a call added; the picks, edits and the lines that were there stay,
// so a rebase the agent paused (a conflict) still goes on as it was. Pure: the texts in, the text out.

/** A todo line that runs a command (`exec <cmd>`, `x <cmd>`; git trims leading blanks). */
const EXEC = /^[ \t]*(?:exec|x)[ \t]+\S/;

/** The exec lines of a todo, as written. */
export function execLines(text: string | undefined): string[] {
  return (text ?? '').split(/\r?\n/).filter((line) => EXEC.test(line));
}

/** The exec lines in `now` that `before` did not hold (as many times as they were added). */
export function addedExecLines(before: string | undefined, now: string | undefined): string[] {
  const left = new Map<string, number>();
  for (const line of execLines(before)) left.set(line, (left.get(line) ?? 0) + 1);
  const out: string[] = [];
  for (const line of execLines(now)) {
    const n = left.get(line) ?? 0;
    if (n > 0) left.set(line, n - 1);
    else out.push(line);
  }
  return out;
}

/** `now` without the added exec lines (a line held before and added again loses its later copy). */
export function withoutAddedExec(before: string | undefined, now: string): string {
  const drop = new Map<string, number>();
  for (const line of addedExecLines(before, now)) drop.set(line, (drop.get(line) ?? 0) + 1);
  const kept: string[] = [];
  for (const line of now.split(/(?<=\n)/).reverse()) {
    const bare = line.replace(/\r?\n$/, '');
    const n = drop.get(bare) ?? 0;
    if (n === 0) kept.push(line);
    else drop.set(bare, n - 1);
  }
  return kept.reverse().join('');
}
