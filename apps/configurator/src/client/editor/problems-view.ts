// The problems list under the editor, in both forms (Monaco and the plain text area): every diagnostic with its place
// (a button that moves the cursor there), its hint, and its quick fixes as buttons — what a keyboard or screen-reader
// user reads, so a fix never needs a pointer hovering over an underline.
import { FILE_NAME, type Problem, type QuickFix, type ValidationRun } from './diagnostics.ts';
import { el } from './dom.ts';

export interface ProblemActions {
  reveal(line: number, ch: number): void;
  fix(fix: QuickFix): void;
}

export function renderProblems(
  list: HTMLElement,
  summary: HTMLElement,
  run: ValidationRun,
  problems: readonly Problem[],
  actions: ProblemActions,
): void {
  const errors = problems.filter((p) => p.diagnostic.severity === 'error').length;
  const warnings = problems.filter((p) => p.diagnostic.severity === 'warning').length;
  const active = `${run.policy.contracts.length} contracts active`;
  summary.textContent =
    problems.length === 0 ? `No problems · ${active}` : `${errors} error(s), ${warnings} warning(s) · ${active}`;
  summary.dataset.errors = String(errors);
  list.replaceChildren(
    ...problems.map(({ diagnostic: d, span, fixes }) => {
      const li = el('li', { className: `problem problem-${d.severity}` });
      li.dataset.code = d.code;
      if (d.position) li.dataset.line = String(d.position.line);
      // A problem inside a preset has no line here: the browser gets the presets' data, not their text.
      const where = d.position
        ? `${d.file ?? FILE_NAME}:${d.position.line}:${d.position.col}`
        : `${d.file ?? FILE_NAME}${d.contractId ? ` (contract ${d.contractId})` : ''}`;
      if (span && d.position) {
        const { line, col } = d.position;
        const button = el('button', { type: 'button', className: 'link', textContent: where });
        button.addEventListener('click', () => actions.reveal(line, col - 1));
        li.append(button);
      } else li.append(el('span', { className: 'where' }, where));
      li.append(` ${d.severity}: ${d.message}`);
      if (d.hint) li.append(el('div', { className: 'hint' }, `hint: ${d.hint}`));
      for (const fix of fixes) {
        const button = el('button', { type: 'button', className: 'small quick-fix', textContent: fix.title });
        button.addEventListener('click', () => actions.fix(fix));
        li.append(' ', button);
      }
      return li;
    }),
  );
}
