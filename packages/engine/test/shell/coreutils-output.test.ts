// Small printers the model computes, checked against coreutils itself on the same words and input: head/tail -c,
// tr with character classes, paste -sd '' and dirname. Where the model claims to know the output, it is what the real
// program prints.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { trOutput } from '../../src/shell/decoders.js';
import { foldOutput, headOutput, pasteOutput, tailOutput } from '../../src/shell/filter-output.js';
import { DIRNAME } from '../../src/shell/programs/printers.js';
import { runs } from './follow-helpers.js';

const noFile = (): undefined => undefined;
const real = (program: string, args: readonly string[], input = ''): string =>
  spawnSync(program, [...args], { input, encoding: 'utf8', env: { LC_ALL: 'C' } }).stdout;

const TEXT = 'mainline\nfeature/x\nMAIN Release 2\n';

describe('small printers, as coreutils prints them', () => {
  const heads: readonly (readonly string[])[] = [['-c', '4'], ['-c4'], ['--bytes=6'], ['-c', '-3'], ['-n', '2']];
  for (const args of heads)
    it(`head ${args.join(' ')}`, () => expect(headOutput(args, true, TEXT, noFile)).toBe(real('head', args, TEXT)));
  const tails: readonly (readonly string[])[] = [['-c', '4'], ['-c', '+3'], ['-c5'], ['-n', '1']];
  for (const args of tails)
    it(`tail ${args.join(' ')}`, () => expect(tailOutput(args, true, TEXT, noFile)).toBe(real('tail', args, TEXT)));

  const trs: readonly (readonly string[])[] = [
    ['[:upper:]', '[:lower:]'],
    ['[:lower:]', '[:upper:]'],
    ['-d', '[:digit:]'],
    ['-d', '[:space:]'],
    ['-d', '[:alpha:]/'],
    ['[:digit:]', 'x'],
    ['-d', '[:blank:]'],
  ];
  for (const args of trs)
    it(`tr ${args.join(' ')}`, () => expect(trOutput(args, true, TEXT)).toBe(real('tr', args, TEXT)));

  it("paste -sd '' joins with nothing", () => {
    expect(pasteOutput(['-sd', ''], true, TEXT, noFile)).toBe(real('paste', ['-sd', ''], TEXT));
    expect(pasteOutput(['-s', '-d', ''], true, TEXT, noFile)).toBe(real('paste', ['-s', '-d', ''], TEXT));
  });

  it('fold -w cuts each line to the width', () => {
    for (const args of [['-w', '4'], ['-w3'], ['--width=5'], ['-b', '-w', '2']])
      expect(foldOutput(args, true, TEXT, noFile)).toBe(real('fold', args, TEXT));
    expect(foldOutput(['-s', '-w', '4'], true, TEXT, noFile)).toBeUndefined();
    expect(foldOutput(['-w', '4'], true, 'a\tb\n', noFile)).toBeUndefined();
  });

  it('dirname of each path', () => {
    for (const args of [['refs/heads/main'], ['main'], ['/main'], ['a//b//'], ['/'], ['a/b', 'c']])
      expect(DIRNAME.output?.(args, true, undefined, noFile)).toBe(real('dirname', args));
  });

  it('says unknown for bytes of text that is not ASCII, and for tr classes it does not spell out', () => {
    expect(headOutput(['-c', '2'], true, 'été\n', noFile)).toBeUndefined();
    expect(trOutput(['[:punct:]', 'x'], true, TEXT)).toBeUndefined();
    expect(trOutput(['[=a=]', 'x'], true, TEXT)).toBeUndefined();
  });
});

describe('the branch these printers compute reaches the rule', () => {
  it('head -c, tr classes, paste -sd and dirname/basename in a value', () => {
    expect(runs('B=$(head -c 4 <<< mainline); git push -f origin $B')).toContain('git push -f origin main');
    expect(runs("B=$(echo MAIN | tr '[:upper:]' '[:lower:]'); git push -f origin $B")).toContain(
      'git push -f origin main',
    );
    expect(runs("B=$(echo main | paste -sd ''); git push -f origin $B")).toContain('git push -f origin main');
    expect(runs('B=$(basename $(dirname main/x)); git push -f origin $B')).toContain('git push -f origin main');
    expect(runs('B=$(echo main | fold -w 4 | head -1); git push -f origin $B')).toContain('git push -f origin main');
    expect(runs("B=$(echo MAIN | awk '{print tolower($0)}'); git push -f origin $B")).toContain(
      'git push -f origin main',
    );
    const awk = real('awk', ['-F-', '{print toupper($1), tolower($NF)}'], 'x-MAIN\n').trim();
    expect(runs(`B=$(echo x-MAIN | awk -F- '{print toupper($1), tolower($NF)}'); git push origin "$B"`)).toContain(
      `git push origin ${awk}`,
    );
  });
  it('look-alikes name what they compute', () => {
    expect(runs('B=$(head -c 4 <<< feature); git push -f origin $B')).toContain('git push -f origin feat');
    expect(runs("B=$(echo FEAT | tr '[:upper:]' '[:lower:]'); git push -f origin $B")).toContain(
      'git push -f origin feat',
    );
  });
});
