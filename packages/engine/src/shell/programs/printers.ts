// Programs met as printers between a literal and a shell (`cut -c4- <<< … | sh`, `jq -rn '"…"' | sh`, `base32 -d |
// sh`): what they print when their input is known (print-output.ts, decoders.ts). They write no file, but yq -i.
import { baseNOutput } from '../decoders.js';
import { cutOutput, envsubstOutput, jqOutput, yqOutput } from '../print-output.js';
import { grepOutput } from '../grep-output.js';
import { exprOutput } from '../filter-output.js';
import { jqSetOutput, YQ_VALUE_OPTION_NAMES, yqEffects, yqSetOutput } from '../json-updates.js';
import type { ProgramDeclaration } from './declaration.js';

export const CUT: ProgramDeclaration = {
  names: ['cut', 'gcut'],
  about: 'cut: prints the characters (-c/-b) or fields (-f, -d) of each line it reads',
  options: { '*': ['-b', '--bytes', '-c', '--characters', '-f', '--fields', '-d', '--delimiter'] },
  output: cutOutput,
};

export const GREP: ProgramDeclaration = {
  names: ['grep', 'ggrep'],
  about:
    'grep: prints the lines it selects, or with -o the parts that match (computed from a known text; -w, -P and context are not)',
  options: {
    '*': [
      ...['-e', '--regexp', '-f', '--file', '-m', '--max-count', '-A', '--after-context', '-B', '--before-context'],
      ...['-C', '--context', '--include', '--exclude', '--exclude-dir', '--color', '--colour', '--label', '-d'],
      ...['--directories', '-D', '--devices', '--binary-files'],
    ],
  },
  output: grepOutput,
};

export const JQ: ProgramDeclaration = {
  names: ['jq', 'gojq', 'jaq'],
  about: 'jq: with -r, prints a string literal filter (-n) or a string field of the JSON it reads',
  options: { '*': ['--arg', '--argjson', '--slurpfile', '--rawfile', '-f', '--from-file', '--indent', '-L'] },
  output: jqOutput,
  piecedOutput: jqSetOutput,
};

export const YQ: ProgramDeclaration = {
  names: ['yq'],
  about:
    'yq (mikefarah): -i writes its files back with the keys its expression sets; without -i it prints them, and a plain path prints its scalar',
  options: { '*': YQ_VALUE_OPTION_NAMES },
  effects: { reads: [], effects: yqEffects },
  output: yqOutput,
  piecedOutput: yqSetOutput,
};

export const ENVSUBST: ProgramDeclaration = {
  names: ['envsubst'],
  about: 'envsubst: prints its stdin with $NAME replaced from the environment (a text without $ unchanged)',
  options: {},
  output: envsubstOutput,
};

export const BASE32: ProgramDeclaration = {
  names: ['base32'],
  about: 'base32: with -d/--decode, prints the decoded text when it knows the input',
  options: { '*': ['-w', '--wrap'] },
  output: baseNOutput('base32'),
};

export const BASENC: ProgramDeclaration = {
  names: ['basenc'],
  about: 'basenc --base32|--base64|--base64url -d: prints the decoded text when it knows the input',
  options: { '*': ['-w', '--wrap'] },
  output: baseNOutput(undefined),
};

/** `$PWD`, `${HOME}`: a folder variable the model keeps as written (values.ts AS_WRITTEN), whose own parts it does not
 * know: `dirname "$PWD"` is its parent (`$PWD/..`), not `.` as for a one-part name. */
const FOLDER_VARIABLE = /^\$(\{(PWD|HOME)\}|PWD|HOME)$/;

/** basename of one path the call knows: what it prints (`basename "$(git symbolic-ref HEAD)"` → main). */
export const BASENAME: ProgramDeclaration = {
  names: ['basename'],
  about: 'basename: prints the last part of a path',
  options: { '*': ['-s', '--suffix'] },
  output: (args, allStatic) => {
    const path = args[0]?.replace(/(.)\/+$/, '$1');
    if (!allStatic || args.length !== 1 || path === undefined || path.startsWith('-')) return undefined;
    const last = path.slice(path.lastIndexOf('/') + 1) || path;
    // `basename "$PWD"`: the folder's own name, which the model does not know (the variable is kept as written).
    return FOLDER_VARIABLE.test(last) ? undefined : `${last}\n`;
  },
};

/** dirname of literal paths: what it prints, one line each (`dirname refs/heads/main` → refs/heads). */
export const DIRNAME: ProgramDeclaration = {
  names: ['dirname'],
  about: 'dirname: prints each path without its last part',
  options: {},
  output: (words, allStatic) => {
    // `dirname -- "$0"`: the end of options, then the paths.
    const args = words[0] === '--' ? words.slice(1) : words;
    if (!allStatic || args.length === 0 || args.some((a) => a.startsWith('-'))) return undefined;
    return args
      .map((a) => {
        // As coreutils: trailing slashes go, then the last part, then the slashes before it; none left: `.` or `/`.
        const trimmed = a.replace(/(.)\/+$/, '$1');
        if (FOLDER_VARIABLE.test(trimmed)) return `${trimmed}/..\n`;
        const at = trimmed.lastIndexOf('/');
        if (at === -1) return '.\n';
        const dir = trimmed.slice(0, at).replace(/(.)\/+$/, '$1');
        return `${dir === '' ? '/' : dir}\n`;
      })
      .join('');
  },
};

export const EXPR: ProgramDeclaration = {
  names: ['expr'],
  about: 'expr: prints `substr S POS LEN`, `length S` and `S : REGEX` of literal words (round 13)',
  options: {},
  output: exprOutput,
};
