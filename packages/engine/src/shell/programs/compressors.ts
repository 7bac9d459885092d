// Compressors: gzip, bzip2, xz, zstd and their decompressing and printing names. The model keeps what a file holds as
// text, so a compressed file whose input was known is known by the text it holds: `gzip f` (f written by the session)
// writes f.gz holding f's text, `gzip -dc f.gz` / `zcat f.gz` print it, `gunzip f.gz` writes f with it back. A shell
// fed by them runs that text (`zcat job.sh.gz | sh`), as it runs `cat job.sh`. A file whose text the session never knew
// (the team's data) is replaced all the same unless kept: its compressed twin is written with a text not known and it
// is deleted, so a rule on a folder's files holds wherever the call runs (`cd data/raw`, then `gzip x.csv`).
import { readerEffects } from '../file-effects.js';
import type { AddEffect, EffectInput, FileAccess, OutputReader, ProgramDeclaration } from './declaration.js';

interface Family {
  /** Names that compress (unless -d), that decompress, that decompress to stdout. */
  readonly compress: readonly string[];
  readonly decompress: readonly string[];
  readonly cat: readonly string[];
  /** The suffixes it adds and takes off (the first is the one it adds). */
  readonly suffixes: readonly string[];
  /** It keeps its input unless told otherwise (zstd); the others delete it unless -k. */
  readonly keeps: boolean;
  /** Its value-taking options. */
  readonly options: readonly string[];
}

const DECOMPRESS = ['-d', '--decompress', '--uncompress'];
const STDOUT = ['-c', '--stdout', '--to-stdout'];
const KEEP = ['-k', '--keep'];
/** Modes that neither write nor print the text: list, test. */
const NOTHING = ['-l', '--list', '-t', '--test'];

function mode(
  family: Family,
  program: string,
  flags: readonly string[],
): { decompress: boolean; stdout: boolean } | undefined {
  if (flags.some((f) => NOTHING.includes(f))) return undefined;
  const cat = family.cat.includes(program);
  return {
    decompress: cat || family.decompress.includes(program) || flags.some((f) => DECOMPRESS.includes(f)),
    stdout: cat || flags.some((f) => STDOUT.includes(f)),
  };
}

/** Short switches as separate letters (`-dc` is -d -c, `-kf` is -k -f); long ones and values as written. */
function switches(args: readonly string[], options: readonly string[]): { flags: string[]; operands: string[] } {
  const flags: string[] = [];
  const operands: string[] = [];
  let ended = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    if (ended || a === '-' || !a.startsWith('-')) operands.push(a);
    else if (a === '--') ended = true;
    else if (a.startsWith('--')) flags.push(a.split('=')[0] as string);
    else if (options.includes(a)) i++;
    else for (const c of a.slice(1)) if (/[a-zA-Z]/.test(c)) flags.push(`-${c}`);
  }
  return { flags, operands };
}

/** What it prints: the text of its one input (a file operand, or stdin) when it writes to stdout (-c, zcat, no files). */
function output(family: Family, program: string): OutputReader {
  return (args, _static, stdin, file) => {
    const { flags, operands } = switches(args, family.options);
    const m = mode(family, program, flags);
    if (m === undefined) return undefined;
    if (operands.length === 0 || (operands.length === 1 && operands[0] === '-')) return stdin;
    if (!m.stdout) return undefined;
    let out = '';
    for (const o of operands) {
      const t = file(o);
      if (t === undefined) return undefined;
      out += t;
    }
    return out;
  };
}

/** What it writes in place: FILE.gz holding FILE's text (or FILE back from FILE.gz), deleting its input unless kept. */
function effects(family: Family, program: string) {
  return (input: EffectInput, add: AddEffect, _stdin: string | undefined, files: FileAccess): void => {
    readerEffects(input, add);
    const { flags } = switches(input.argv, family.options);
    const m = mode(family, program, flags);
    if (m === undefined || m.stdout) return;
    const keep = family.keeps ? !flags.includes('--rm') : flags.some((f) => KEEP.includes(f));
    for (const p of input.positionals) {
      if (p === '-') continue;
      // A file whose text is not known is still replaced: FILE.gz written (its text unknown), FILE deleted; kept
      // (-k), it only gains a twin that holds nothing new, which is left alone as before.
      const text = files.text(p);
      if (text === undefined && keep) continue;
      const suffix = family.suffixes.find((s) => p.endsWith(s));
      if (m.decompress && suffix === undefined) continue;
      const named = input.flags.find((f) => f.name === '-o')?.value;
      const target =
        named !== undefined && input.positionals.length === 1
          ? named
          : m.decompress
            ? p.slice(0, -(suffix as string).length)
            : `${p}${family.suffixes[0]}`;
      add('write', target, program, text);
      if (!keep) add('delete', p, program);
    }
  };
}

function declarations(family: Family, about: string): ProgramDeclaration[] {
  const names = [...family.compress, ...family.decompress, ...family.cat];
  return names.map((name) => ({
    names: [name],
    about: `${name}: ${about}`,
    options: { '*': [...family.options] },
    effects: { reads: [], effects: effects(family, name) },
    output: output(family, name),
  }));
}

export const GZIP = declarations(
  {
    compress: ['gzip', 'pigz'],
    decompress: ['gunzip', 'unpigz'],
    cat: ['zcat', 'gzcat'],
    suffixes: ['.gz', '.tgz', '.z'],
    keeps: false,
    options: ['-S', '--suffix', '-p', '--processes', '-b', '--blocksize'],
  },
  'compresses (-d, gunzip: decompresses) a file in place or to stdout (-c, zcat); a known text stays known',
);
export const BZIP2 = declarations(
  {
    compress: ['bzip2'],
    decompress: ['bunzip2'],
    cat: ['bzcat'],
    suffixes: ['.bz2', '.bz'],
    keeps: false,
    options: [],
  },
  'compresses (-d, bunzip2: decompresses) a file in place or to stdout (-c, bzcat); a known text stays known',
);
export const XZ = declarations(
  {
    compress: ['xz', 'lzma'],
    decompress: ['unxz', 'unlzma'],
    cat: ['xzcat', 'lzcat'],
    suffixes: ['.xz', '.lzma', '.txz'],
    keeps: false,
    options: ['-T', '--threads', '-S', '--suffix', '-F', '--format', '-C', '--check', '-M', '--memlimit'],
  },
  'compresses (-d, unxz: decompresses) a file in place or to stdout (-c, xzcat); a known text stays known',
);
export const ZSTD = declarations(
  {
    compress: ['zstd'],
    decompress: ['unzstd'],
    cat: ['zstdcat'],
    suffixes: ['.zst'],
    keeps: true,
    options: ['-o', '-T', '--threads', '-D', '--format'],
  },
  'compresses (-d, unzstd: decompresses) a file, keeping it, or to stdout (-c, zstdcat); a known text stays known',
);
