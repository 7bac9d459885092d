// A program file finds the project by its own place: `ROOT = Path(__file__).resolve().parents[1]`, `os.path.dirname(
// os.path.abspath(__file__))`, Node's `__dirname` and `path.dirname(fileURLToPath(import.meta.url))`. When the file
// run is known (a program the session wrote, run by path), those spellings are its folder, put in as a literal before
// the path folds read the code, so `ROOT / "services/…/ClaimStatus.java"` is that file (blind round 32: a Python tool
// under tools/ rewrote a Java source through such a root). Inline code has no file: nothing is put in.
import type { Language } from './one-liner-strings.js';

/** The folder `levels` above the file's (0: the file's own folder), as a path relative like the file's. */
function folderOf(script: string, levels: number): string {
  const parts = script.split('/').filter((p, i) => p !== '' || i === 0);
  parts.pop();
  for (let i = 0; i < levels; i++) {
    const last = parts.at(-1);
    if (last === undefined || last === '.' || last === '..') parts.push('..');
    else if (last === '' && parts.length === 1)
      break; // the root folder has no parent
    else parts.pop();
  }
  const dir = parts.join('/');
  return dir === '' ? (script.startsWith('/') ? '/' : '.') : dir;
}

const PY_FILE = String.raw`(?:pathlib\.)?Path\(\s*__file__\s*\)(?:\.(?:resolve|absolute)\(\s*\))?`;
const quoted = (path: string): string => `'${path.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** The code with its own folder's spellings replaced by the literal folder; the code itself when it has none. */
export function spellScriptFolder(code: string, language: Language, script: string | undefined): string {
  if (script === undefined || script.includes('$') || script.includes('\n')) return code;
  if (language === 'python') {
    if (!code.includes('__file__')) return code;
    return code
      .replace(
        new RegExp(`${PY_FILE}\\.parents\\[\\s*(\\d)\\s*\\]`, 'g'),
        (_all, n: string) => `Path(${quoted(folderOf(script, Number(n)))})`,
      )
      .replace(
        new RegExp(`${PY_FILE}((?:\\.parent)+)\\b`, 'g'),
        (_all, parents: string) => `Path(${quoted(folderOf(script, parents.split('.parent').length - 2))})`,
      )
      .replace(
        /\bos\.path\.dirname\(\s*(?:os\.path\.(?:abspath|realpath)\(\s*__file__\s*\)|__file__)\s*\)/g,
        quoted(folderOf(script, 0)),
      );
  }
  if (language === 'js') {
    if (!code.includes('__dirname') && !code.includes('import.meta')) return code;
    return code
      .replace(
        /\b(?:path\.)?dirname\(\s*(?:url\.)?fileURLToPath\(\s*import\.meta\.url\s*\)\s*\)|\bimport\.meta\.dirname\b/g,
        quoted(folderOf(script, 0)),
      )
      .replace(/(?<![\w$.])__dirname\b/g, quoted(folderOf(script, 0)));
  }
  return code;
}
