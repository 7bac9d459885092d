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
