// Formatters and fixers that rewrite the files they are given (prettier --write, eslint --fix, black, ruff format,
// gofmt -w, rustfmt, clang-format -i, rubocop -a, …). Without them, `black src/app.py` changed a source file with no
// effect a rule could see. Only the files named one by one are written: a folder or a glob rewrites files whose names
// the engine does not know, and a rule on new names (an ADR's numbering) must not count a reformat of existing files.
import { linterRuns } from './build-tools.js';
import { has } from '../file-effects.js';
import { hasGlob } from '../glob-match.js';
import type { AddEffect, EffectInput, ProgramDeclaration } from './declaration.js';

interface InPlace {
  /** It writes only with one of these options (prettier's --write); absent: unless one of `unless` is given. */
  readonly needs?: readonly string[];
  /** Options under which it only checks or prints (black --check, gofmt -l). */
  readonly unless?: readonly string[];
  /** The subcommands that rewrite (ruff format, php-cs-fixer fix); the first positional is then one of them. */
  readonly subcommands?: readonly string[];
}

/** A file named by itself: an extension in its last part, no glob, not an option's leftover. */
const namedFile = (p: string): boolean =>
  !p.startsWith('-') && !hasGlob(p) && /\.[A-Za-z0-9]+$/.test(p.slice(p.lastIndexOf('/') + 1));

function inPlace(rule: InPlace): (input: EffectInput, add: AddEffect) => void {
  return (input, add) => {
    let operands = input.positionals;
    if (rule.subcommands !== undefined) {
      const [sub, ...rest] = operands;
      // `ruff check --fix`: the subcommand may need a flag of its own (`needs`), checked below.
      if (sub === undefined || !rule.subcommands.includes(sub)) return;
      operands = rest;
    }
    if (rule.needs !== undefined && !has(input.flags, ...rule.needs)) return;
    if (rule.unless !== undefined && has(input.flags, ...rule.unless)) return;
    for (const p of operands) if (namedFile(p)) add('write', p, `${input.program} (rewrites in place)`);
  };
}

export const PRETTIER: ProgramDeclaration = {
  names: ['prettier'],
  about: 'prettier: --write/-w rewrites the files named',
  options: {
    '*': [
      ...['--config', '--ignore-path', '--plugin', '--parser', '--print-width', '--tab-width', '--trailing-comma'],
      ...['--end-of-line', '--log-level', '--cache-location', '--stdin-filepath', '--arrow-parens', '--prose-wrap'],
    ],
  },
  effects: { reads: [], effects: inPlace({ needs: ['--write', '-w'] }) },
  // its config file is a module it runs as it starts (prettier.config.js, .prettierrc.cjs: build-tools.ts)
  folderRuns: linterRuns,
};

export const ESLINT: ProgramDeclaration = {
  names: ['eslint', 'stylelint'],
  about: 'eslint/stylelint: --fix rewrites the files named',
  options: {
    '*': [
      ...['-c', '--config', '--ext', '--ignore-path', '--ignore-pattern', '--rulesdir', '--parser', '-f', '--format'],
      ...['-o', '--output-file', '--max-warnings', '--cache-location', '--rule', '--plugin', '--env', '--global'],
      ...['--fix-type', '--resolve-plugins-relative-to', '--custom-syntax', '--stdin-filename'],
    ],
  },
  effects: { reads: [], effects: inPlace({ needs: ['--fix'], unless: ['--fix-dry-run'] }) },
  // its config file is a module it runs as it starts (eslint.config.js, .eslintrc.js: build-tools.ts)
  folderRuns: linterRuns,
};

export const BLACK: ProgramDeclaration = {
  names: ['black', 'isort', 'autopep8', 'yapf', 'autoflake', 'shfmt', 'gofmt', 'goimports', 'clang-format'],
  about:
    'black, isort: rewrite the files named unless --check/--diff; autopep8, yapf, autoflake, clang-format: with ' +
    '-i/--in-place; shfmt, gofmt, goimports: with -w',
  options: {
    '*': [
      ...['-l', '--line-length', '-t', '--target-version', '--config', '--include', '--exclude', '--extend-exclude'],
      ...['--force-exclude', '--profile', '--settings-path', '--style', '-style', '-r', '--rewrite', '--indent'],
      ...['--select', '--ignore', '--max-line-length', '--assume-filename'],
    ],
  },
  effects: {
    reads: [],
    effects: (input, add) => {
      const check = ['--check', '--diff', '-c', '--check-only', '--dry-run', '-l', '--list', '-d'];
      const write =
        input.program === 'black' || input.program === 'isort'
          ? !has(input.flags, ...check)
          : ['shfmt', 'gofmt', 'goimports'].includes(input.program)
            ? has(input.flags, '-w', '--write')
            : has(input.flags, '-i', '--in-place');
      if (write) inPlace({})(input, add);
    },
  },
};

export const RUFF: ProgramDeclaration = {
  names: ['ruff'],
  about: 'ruff: format rewrites the files named (not with --check/--diff); check --fix does too',
  options: {
    '*': [
      ...['--config', '--select', '--ignore', '--extend-select', '--target-version', '--line-length'],
      ...['--exclude', '--extend-exclude', '--output-format', '-o', '--output-file', '--cache-dir'],
    ],
  },
  effects: {
    reads: [],
    effects: (input, add) => {
      if (input.positionals[0] === 'format')
        inPlace({ subcommands: ['format'], unless: ['--check', '--diff'] })(input, add);
      else inPlace({ subcommands: ['check'], needs: ['--fix'], unless: ['--diff'] })(input, add);
    },
  },
};

export const RUBOCOP: ProgramDeclaration = {
  names: ['rubocop', 'standardrb'],
  about: 'rubocop: -a/-A (--autocorrect[-all], -x) rewrite the files named; standardrb: --fix',
  options: { '*': ['-c', '--config', '-f', '--format', '-o', '--out', '--only', '--except', '-r', '--require'] },
  effects: {
    reads: [],
    effects: inPlace({ needs: ['-a', '-A', '--autocorrect', '--autocorrect-all', '-x', '--fix-layout', '--fix'] }),
  },
};

export const RUSTFMT: ProgramDeclaration = {
  names: ['rustfmt'],
  about: 'rustfmt: rewrites the files named unless --check',
  options: { '*': ['--edition', '--config-path', '--config', '--emit', '--color'] },
  effects: { reads: [], effects: inPlace({ unless: ['--check'] }) },
};

export const PHP_CS_FIXER: ProgramDeclaration = {
  names: ['php-cs-fixer', 'phpcbf'],
  about: 'php-cs-fixer fix and phpcbf rewrite the files named (not with --dry-run)',
  options: { '*': ['--config', '--rules', '--standard', '--using-cache', '--cache-file', '--format'] },
  effects: {
    reads: [],
    effects: (input, add) => {
      if (input.program === 'phpcbf') inPlace({})(input, add);
      else inPlace({ subcommands: ['fix'], unless: ['--dry-run'] })(input, add);
    },
  },
};

/**
 * Miller: `mlr -I` (--in-place) writes each file it is given back with the verbs' result; without -I it prints. The
 * verbs and their own options come before the files, so only operands named like files are taken (`mlr -I --csv sort
 * -f store_id stores.csv` writes stores.csv, not `sort` or `store_id`).
 */
export const MILLER: ProgramDeclaration = {
  names: ['mlr'],
  about: 'mlr (Miller): -I/--in-place rewrites the files named after its verbs',
  options: { '*': ['--ifs', '--ofs', '--ips', '--ops', '--irs', '--ors', '--fs', '--ps', '--rs', '--from', '-n'] },
  effects: { reads: [], effects: inPlace({ needs: ['-I', '--in-place'] }) },
};
