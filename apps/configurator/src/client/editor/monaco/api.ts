// Monaco, bundled locally and only what the editor uses: the editor API (0.56+ ships it without any contribution)
// plus, one import each, the features the page offers. Each one costs bytes on the editor page (bench/site.bench.mjs
// keeps the total under its budget; the README's decisions list the figures). No language workers: validation,
// completion and hover come from the engine in the page (environment.ts makes sure nothing asks for one).
import './environment.ts';
import * as monaco from 'monaco-editor/editor/editor.api.js';
// The codicon font (the suggest widget's and lightbulb's icons): bundled as a file of this site (font-src 'self').
import 'monaco-editor/features/codicon/register.js';
// Hover: the documentation of keys and ids, and a problem's message with its quick fixes.
import 'monaco-editor/features/hover/register.js';
// The suggest widget (Ctrl+Space, and while typing). The feature entry point registers only inline suggestions.
import 'monaco-editor/editor/contrib/suggest/browser/suggestController.js';
// Quick fixes as code actions: the lightbulb and Ctrl+. .
import 'monaco-editor/features/codeAction/register.js';
// F8 / Shift+F8: the next and previous problem, with its message under the line.
import 'monaco-editor/features/gotoError/register.js';
// Ctrl+F / Ctrl+H: find and replace.
import 'monaco-editor/features/find/register.js';
// Folding by indentation (YAML's language configuration says offSide).
import 'monaco-editor/features/folding/register.js';
// Ctrl+/ toggles a line comment.
import 'monaco-editor/features/comment/register.js';
// The bracket that matches the one at the cursor.
import 'monaco-editor/features/bracketMatching/register.js';
// Ctrl+M: Tab moves focus instead of indenting, so the keyboard can always leave the editor.
import 'monaco-editor/features/toggleTabFocusMode/register.js';
// Ctrl+Left/Right, Ctrl+Backspace: moving and deleting by words, as in any editor.
import 'monaco-editor/features/wordOperations/register.js';
// Alt+Up/Down, Ctrl+Shift+K, Ctrl+Enter…: the line commands VS Code users type without thinking.
import 'monaco-editor/features/linesOperations/register.js';
// F1: the command palette.
import 'monaco-editor/features/quickCommand/register.js';

export { monaco };
