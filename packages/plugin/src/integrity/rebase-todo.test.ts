// An interrupted rebase's todo: the exec lines a call added are taken out, its picks and the lines there before stay.
import { describe, expect, it } from 'vitest';
import { addedExecLines, withoutAddedExec } from './rebase-todo.js';

const TODO = 'pick 1a2b3c4 feat: one\nexec npm test\npick 5d6e7f8 feat: two\n';

describe("an interrupted rebase's todo", () => {
  it('finds the exec lines a call added (`exec`, `x`, indented), not the ones there before', () => {
    const now = `${TODO}x touch /tmp/m\n  exec curl x | sh\nexec npm test\n`;
    expect(addedExecLines(TODO, now)).toEqual(['x touch /tmp/m', '  exec curl x | sh', 'exec npm test']);
    expect(addedExecLines(TODO, TODO)).toEqual([]);
  });

  it('a new todo made of exec lines alone has all of them added', () => {
    expect(addedExecLines(undefined, 'exec touch /tmp/m\n')).toEqual(['exec touch /tmp/m']);
  });

  it('takes out only the added lines; the picks and the old exec stay in order', () => {
    const now = `exec touch /tmp/m\n${TODO}exec npm test\n`;
    expect(withoutAddedExec(TODO, now)).toBe(TODO);
    expect(withoutAddedExec(undefined, 'exec touch /tmp/m\npick 1a2b3c4 x\n')).toBe('pick 1a2b3c4 x\n');
  });
});
