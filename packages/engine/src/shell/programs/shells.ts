// Shells: `-c STRING` is parsed again as a command line; with no script they read it from stdin (a heredoc, a literal
// pipe, a file the session wrote). fish/csh/pwsh/cmd strings are read as bash (their simple commands are the same); so
// are those of nushell, elvish and xonsh, whose `-c` runs a program the same way.
import type { ProgramDeclaration } from './declaration.js';

export const SH: ProgramDeclaration = {
  names: [
    ...[
      'sh',
      'bash',
      'zsh',
      'dash',
      'ksh',
      'mksh',
      'ash',
      'busybox-sh',
      'fish',
      'tcsh',
      'csh',
      'rbash',
      'yash',
      'posh',
    ],
    ...['oksh', 'loksh', 'osh', 'ysh', 'elvish', 'xonsh', 'nu'],
  ],
  about: 'POSIX and other shells: -c STRING runs a command line; -s or no script reads it from stdin',
  options: { '*': ['-o', '+o', '-O', '+O', '--rcfile', '--init-file'] },
  interpreter: { family: 'sh', inline: [], stdinOptions: ['-s'] },
  runs: [{ options: ['-o', '+o', '-O', '+O', '--rcfile', '--init-file'], special: 'shell' }],
};

export const PWSH: ProgramDeclaration = {
  names: ['pwsh', 'powershell'],
  about: 'PowerShell: -Command/-c STRING runs a command line (read as bash: a simple command is spelled the same)',
  options: { '*': ['-Command', '-command', '-c', '-File', '-file', '-f', '-ExecutionPolicy', '-WorkingDirectory'] },
  // -NoProfile, -NonInteractive: one option each, not -N -o … -c clustered (round 13)
  singleDashOptions: true,
  runs: [
    {
      options: ['-ExecutionPolicy', '-WorkingDirectory'],
      commandOption: ['-Command', '-command', '-c'],
      readsAsWritten: true,
      // `-Command -` is no command line: the commands come on stdin (the interpreter below)
      commandPrefix: /^(?!-$)/,
      rest: false,
    },
  ],
  // `pwsh -Command - <<EOF` (and `-c -`) reads its commands from stdin (round 13); `-File F` runs the file.
  interpreter: { family: 'sh', inline: [], scriptOptions: ['-File', '-file', '-f'], operandScript: false },
};

export const CMD: ProgramDeclaration = {
  names: ['cmd'],
  about: 'cmd.exe: the words after /c or /k are the command line it runs',
  options: {},
  runs: [{ options: [], special: 'shell' }],
};

export const EVAL: ProgramDeclaration = {
  names: ['eval'],
  about: 'eval: its words, joined, are parsed again (opaque when any of them is computed)',
  options: {},
  runs: [{ options: [], special: 'eval' }],
};

// Schedulers: what they run later is a shell script, judged now as if it ran now.
export const AT: ProgramDeclaration = {
  names: ['at', 'batch'],
  about:
    'at and batch: run a shell script later, read from stdin or -f FILE (the time is not a script); -l/-r/-c run none',
  options: { '*': ['-f', '-q', '-t'] },
  interpreter: {
    family: 'sh',
    inline: [],
    scriptOptions: ['-f'],
    operandScript: false,
    noScript: ['-l', '-r', '-d', '-c', '-V'],
  },
};

export const CRONTAB: ProgramDeclaration = {
  names: ['crontab'],
  about:
    'crontab: installs FILE (or stdin with - or none) whose entries run shell commands on a schedule; -l/-r/-e run none',
  options: { '*': ['-u'] },
  interpreter: { family: 'sh', inline: [], lines: 'crontab', noScript: ['-l', '-r', '-e', '-i', '-T'] },
};
