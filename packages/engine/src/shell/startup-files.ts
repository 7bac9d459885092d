// The startup files a shell started with a string reads by itself from the home folder before the string: an
// interactive bash's ~/.bashrc (`bash -ic '…'`), a login shell's ~/.bash_profile or ~/.profile, every zsh's ~/.zshenv.
// The model knows no home folder: HOME when the call set it, else the usual homes — `~` as written, /root, and any
// /home/* or /Users/* folder the session wrote such a file in. A file the session did not write is not read.
import type { GlobMatch, ShellFile } from './types.js';
import type { StartingShell } from './wrappers.js';

/** Where a home folder may be, when HOME is not known: globbed among the files the session wrote. */
export const USUAL_HOMES: readonly string[] = ['~', '/root', '/home/*', '/Users/*'];

/** The files the session wrote that may hold the files a path relative to a home folder names. */
export interface HomeFiles {
  file(path: string): ShellFile | undefined;
  matching(pattern: string): GlobMatch[];
}

/** `~/relative` as the files the session wrote: in HOME when it is known, else in each of the usual homes. */
export function inHome(files: HomeFiles, relative: string, home: string | undefined): GlobMatch[] {
  const out: GlobMatch[] = [];
  for (const folder of home !== undefined && home !== '' ? [home] : USUAL_HOMES) {
    const path = `${folder}/${relative}`;
    if (path.includes('*')) out.push(...files.matching(path));
    else {
      const file = files.file(path);
      if (file !== undefined) out.push({ path, file });
    }
  }
  return out;
}

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
