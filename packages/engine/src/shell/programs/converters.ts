// Programs that turn one file into another and write it where an option or their last operand says: iconv -o,
// pandoc -o, 7-Zip's -oDIR, ImageMagick's output operand, xsv/qsv
// -o. Without these, `iconv … -o data/raw/x.csv` wrote a guarded file with no effect the rules could see.
import { flagValue, NOT_FILES, optionFiles } from '../file-effects.js';
import { treeOf } from '../paths.js';
import type { AddEffect, EffectInput, ProgramDeclaration } from './declaration.js';
import { singleInput } from '../filter-input.js';

export const ICONV: ProgramDeclaration = {
  names: ['iconv'],
  about: 'iconv: its operands are read; -o/--output FILE is written',
  options: { '*': ['-f', '--from-code', '-t', '--to-code', '-o', '--output'] },
  effects: { reads: ['-o', '--output'], effects: optionFiles(['-o', '--output']) },
  // Recoding a known text between UTF-8, ASCII and Latin-1 leaves plain ASCII as it is: printed unchanged.
  output: (args, _static, stdin, file) => {
    const operands: string[] = [];
    for (let i = 0; i < args.length; i++) {
      const a = args[i] as string;
      if (/^(-[ft]|--(from|to)-code)$/.test(a)) i++;
      else if (a.startsWith('-')) return undefined;
      else operands.push(a);
    }
    const text = singleInput(operands, stdin, file);
    return text !== undefined && !/[^\t\n\x20-\x7e]/.test(text) ? text : undefined;
  },
};

export const PANDOC: ProgramDeclaration = {
  names: ['pandoc'],
  about: 'pandoc: its operands are read; -o/--output FILE is written',
  options: {
    '*': [
      ...['-o', '--output', '-f', '--from', '-r', '--read', '-t', '--to', '-w', '--write', '--template', '-M'],
      ...['--metadata', '-V', '--variable', '--resource-path', '-L', '--lua-filter', '-F', '--filter', '-c', '--css'],
      ...['--reference-doc', '--data-dir', '-d', '--defaults', '--pdf-engine', '--pdf-engine-opt', '--toc-depth'],
      ...['--columns', '--wrap', '--extract-media', '--shift-heading-level-by', '--bibliography', '--csl'],
      ...['--highlight-style', '-H', '--include-in-header', '-B', '--include-before-body', '-A'],
      ...['--include-after-body', '--epub-cover-image', '--epub-metadata', '--metadata-file', '--number-offset'],
      ...['-T', '--title-prefix', '--tab-stop', '--dpi', '--eol', '--top-level-division', '--slide-level'],
      ...['--email-obfuscation', '--id-prefix', '--default-image-extension', '--log', '--request-header'],
      ...['--abbreviations', '--syntax-definition', '--ipynb-output', '--markdown-headings', '--track-changes'],
      ...['--reference-location', '--split-level', '--citation-abbreviations', '--epub-embed-font'],
    ],
  },
  effects: { reads: ['-o', '--output'], effects: optionFiles(['-o', '--output']) },
};

/** 7-Zip: `x`/`e` unpack into -oDIR (else the current folder), names unknown; `a`/`u`/`d` change the archive. */
function sevenZipEffects(input: EffectInput, add: AddEffect): void {
  const [command, archive, ...files] = input.positionals;
  if (command === undefined || archive === undefined) return;
  if (command === 'x' || command === 'e') {
    add('read', archive, `7z ${command}`);
    add('write', treeOf(flagValue(input.flags, '-o') ?? '.'), `7z ${command}`);
  } else if (['a', 'u', 'd', 'rn'].includes(command)) {
    add('write', archive, `7z ${command}`);
    for (const f of files) if (!NOT_FILES.test(f)) add('read', f, `7z ${command}`);
  }
}

export const SEVEN_ZIP: ProgramDeclaration = {
  names: ['7z', '7za', '7zr'],
  about: '7-Zip: x/e unpack into -oDIR (names unknown); a/u/d write the archive',
  options: { '*': ['-o', '-p', '-t', '-m', '-w', '-x', '-i', '-v', '-r'] },
  effects: { reads: ['-o'], effects: sevenZipEffects },
};

/** ImageMagick's `convert IN… OUT` and `magick IN… OUT`: the last operand is written (mogrify rewrites every one). */
function imageMagickEffects(input: EffectInput, add: AddEffect): void {
  const files = input.positionals.filter((p) => !NOT_FILES.test(p) && !/^[a-z0-9]+:-?$/i.test(p));
  if (input.program === 'mogrify') {
    for (const f of files) add('write', f, 'mogrify');
    return;
  }
  const out = files.at(-1);
  if (out === undefined || files.length < 2) return;
  for (const f of files.slice(0, -1)) add('read', f, input.program);
  add('write', out, input.program);
}

export const IMAGEMAGICK: ProgramDeclaration = {
  names: ['convert', 'magick', 'mogrify'],
  about: 'ImageMagick: convert/magick write their last operand; mogrify rewrites every file it is given',
  options: {
    '*': [
      ...['-resize', '-density', '-quality', '-crop', '-rotate', '-background', '-fill', '-font', '-pointsize'],
      ...['-gravity', '-extent', '-geometry', '-format', '-colorspace', '-depth', '-size', '-thumbnail', '-path'],
      ...['-type', '-alpha', '-annotate', '-draw', '-border', '-bordercolor', '-compose'],
    ],
  },
  singleDashOptions: true,
  effects: { reads: [], effects: imageMagickEffects },
};

export const XSV: ProgramDeclaration = {
  names: ['xsv', 'qsv'],
  about: 'xsv/qsv: the operands after the command are read; -o/--output FILE is written',
  options: {
    '*': ['-o', '--output', '-d', '--delimiter', '-s', '--select', '-j', '--jobs'],
  },
  effects: { reads: ['-o', '--output'], effects: optionFiles(['-o', '--output'], { skip: 1 }) },
};
