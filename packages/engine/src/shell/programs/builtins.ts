// Shell builtins and the small programs that print what their words say: the ones that change the shell itself
// (cd, export, read, unset, source) and the literal producers whose output feeds a pipe (echo, printf, yes).
import { readerEffects } from '../file-effects.js';
import { echoOutput } from '../output.js';
import { printfOutput } from '../printf.js';
import type { ProgramDeclaration } from './declaration.js';

export const BUILTINS: readonly ProgramDeclaration[] = [
  {
    names: ['cd', 'pushd'],
    about: 'cd and pushd: move the shell (not across a pipe or out of a subshell)',
    options: {},
    shell: 'directory',
  },
  {
    names: ['let'],
    about: 'let: each word is an arithmetic expression; NAME=EXPR sets NAME to its value (expand.ts arithmeticAssign)',
    options: {},
    shell: 'arithmetic',
  },
  {
    names: ['export', 'declare', 'typeset', 'local', 'readonly'],
    about: 'declaration builtins: NAME=value words set values for the rest of the call (values.ts)',
    options: {},
    shell: 'assign',
  },
  {
    names: ['read'],
    about: 'read: sets its names from the first line of its stdin',
    options: { '*': ['-d', '-n', '-N', '-p', '-t', '-u', '-a'] },
    shell: 'read',
  },
  {
    names: ['mapfile', 'readarray'],
    about: 'mapfile and readarray: set an array (MAPFILE by default) from the lines of their stdin',
    options: { '*': ['-d', '-n', '-O', '-s', '-u', '-C', '-c'] },
    shell: 'mapfile',
  },
  { names: ['unset'], about: 'unset: forgets its names', options: {}, shell: 'unset' },
  {
    names: ['break', 'continue'],
    about: 'break and continue: a loop unrolled around one cannot know which turns ran to their end',
    options: {},
  },
  {
    names: ['source', '.'],
    about: 'source and .: run a file in this shell (opaque unless the file is known); the file is read',
    options: {},
    effects: { reads: [], effects: readerEffects },
    shell: 'source',
  },
  {
    names: ['echo'],
    about: 'echo: prints its words (-n without the newline)',
    options: {},
    output: (args, allStatic) => (allStatic ? echoOutput(args) : undefined),
  },
  {
    names: ['printf'],
    about: 'printf: prints its format with the arguments (printf.ts); `printf -v NAME` sets NAME to it instead',
    options: {},
    output: (args, allStatic) => (args[0] === '-v' ? '' : allStatic ? printfOutput(args) : undefined),
    shell: 'printf',
  },
  {
    names: ['trap'],
    about: 'trap: its first operand is a command line the shell runs on the signals named after it (-p/-l only print)',
    options: {},
    runs: [{ options: [], stringOperand: true, notWhen: ['-p', '-l', '-P'] }],
  },
  {
    names: ['set'],
    about: 'set: its options change the shell; words after them (or after --) become $1, $2, "$@"',
    options: {},
    shell: 'positional',
  },
  {
    names: ['history'],
    about: 'history: -s WORDS puts a line in the history list (fc -s runs it again), -c clears it (follow.ts history)',
    options: { '*': ['-d'] },
  },
  {
    names: ['fc'],
    about: 'fc: -s [old=new] (or -e -) runs the last line of the history list again; otherwise opens an editor',
    options: { '*': ['-e'] },
  },
  { names: ['shift'], about: 'shift [N]: drops the first N positional parameters', options: {}, shell: 'shift' },
  {
    names: ['yes'],
    about: 'yes: prints its words (y by default), line after line — one line stands for them all',
    options: {},
    output: (args, allStatic) => (allStatic ? `${args.length === 0 ? 'y' : args.join(' ')}\n` : undefined),
  },
];
