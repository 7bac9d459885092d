// The startup files a shell started with a string reads by itself from the home folder before the string: an
// interactive bash's ~/.bashrc (`bash -ic '…'`), a login shell's ~/.bash_profile or ~/.profile, every zsh's ~/.zshenv.
// The model knows no home folder: HOME when the call set it, else the usual homes — `~` as written, /root, and any
// /home/* or /Users/* folder the session wrote such a file in. A file the session did not write is not read.
import type { StartingShell } from './wrappers.js';

/** Where a home folder may be, when HOME is not known: globbed among the files the session wrote. */
export const USUAL_HOMES: readonly string[] = ['~', '/root', '/home/*', '/Users/*'];

/** The names of the home folder's startup files `shell` reads, in the order it reads them. */
export function homeStartupNames(shell: StartingShell): string[] {
  const bash = /bash/.test(shell.name);
  const zsh = /zsh/.test(shell.name);
  const out: string[] = [];
  if (zsh) out.push('.zshenv');
  if (shell.login && !shell.noprofile)
    out.push(...(bash ? ['.bash_profile', '.bash_login', '.profile'] : zsh ? ['.zprofile', '.zlogin'] : ['.profile']));
  if (shell.interactive && shell.rcfile === undefined && !shell.norc) {
    if (bash) out.push('.bashrc');
    else if (zsh) out.push('.zshrc');
  }
  return out;
}
