// How a value the engine cannot know is shown inside text that is written or read: one place, for expand.ts (a
// heredoc's body, an interpreter's code) and filter-output.ts (what sed prints from a script the shell filled in).

/** A reference the shell expands in text: `${NPM_TOKEN}`, `$NPM_TOKEN`. */
export const SHELL_REFERENCE = /\$\{[A-Za-z_][^}]*\}|\$[A-Za-z_]\w*/g;

/**
 * A value the engine cannot know, inside text that is written or read (an unquoted heredoc's body): the shell puts
 * the value there, not `${NPM_TOKEN}` as written, so the text must not read as that literal reference (which a
 * quoted heredoc does write, and npm expands itself). It is shown as ⟨${NPM_TOKEN}⟩: a content rule sees that
 * something stands there, a reference rule does not mistake it for one.
 */
export const unknownInText = (written: string): string => `\u27e8${written}\u27e9`;

/** Whether a text has such a value in it: then it equals no literal for certain (conditions.ts). */
export const isPartlyUnknown = (text: string): boolean => text.includes('\u27e8');

/**
 * Programs whose output keeps a partly unknown input's unknown parts where they were (they pass or pick whole lines).
 * Any other program reading a line that is known only in part prints what the model cannot know: `grep old` over
 * `pod/⟨name⟩` may print the line or not. Unknown lines of their own (`git status -sb`'s after its branch line) are
 * other lines, which a filter reads as such (`awk '/branch.head/{print $3}'` still finds the branch).
 */
const KEEPS_UNKNOWN_PARTS: ReadonlySet<string> = new Set(['cat', 'tee', 'head', 'tail']);

/** A value the engine cannot know inside a line that is otherwise known (`pod/⟨name⟩`). */
const UNKNOWN_IN_A_LINE = /[^\n]\u27e8|\u27e9[^\n]/;

/** Whether a program given `stdin` may say what it prints: not when it reads a line known only in part. */
export const readsKnownInput = (program: string, stdin: string | undefined): boolean =>
  stdin === undefined || !UNKNOWN_IN_A_LINE.test(stdin) || KEEPS_UNKNOWN_PARTS.has(program);
