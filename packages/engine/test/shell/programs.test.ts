// Per-program knowledge is one declaration per program (src/shell/programs/*.ts). These checks enumerate the
// declarations and the code that names programs, so a program cannot be half-declared or named in code without a
// declaration: what would otherwise be silently ignored (a value option read as a file name) fails here.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DECLARATIONS, canonicalProgram, compiledProgram, declaredNames } from '../../src/shell/programs/registry.js';
import type { ProgramDeclaration } from '../../src/shell/programs/declaration.js';
import { knowsFamily } from '../../src/shell/one-liners.js';

const shellDir = join(dirname(fileURLToPath(import.meta.url)), '../../src/shell');

/** Every option of a declaration that takes a value (any subcommand, the globals). */
function valueOptions(d: ProgramDeclaration): Set<string> {
  return new Set([...Object.values(d.options).flat(), ...(d.globals?.value ?? []), ...(d.attached ?? [])]);
}

const label = (d: ProgramDeclaration): string => d.names.join('/');

describe('program declarations', () => {
  it('give every program a name that belongs to it alone, and say what it is', () => {
    const seen = new Map<string, string>();
    for (const d of DECLARATIONS) {
      expect(d.names.length, label(d)).toBeGreaterThan(0);
      expect(d.about.trim().length, `${label(d)}: about`).toBeGreaterThan(10);
      for (const name of d.names) {
        expect(seen.get(name), `${name} is declared by ${seen.get(name)} and ${label(d)}`).toBeUndefined();
        seen.set(name, label(d));
        expect(compiledProgram(name)?.declaration, name).toBe(d);
      }
    }
    expect(declaredNames().length).toBe(seen.size);
  });

  it('declare every value option an effects reader reads, so its value is never taken for a file', () => {
    for (const d of DECLARATIONS) {
      if (d.effects === undefined) continue;
      const values = valueOptions(d);
      for (const option of d.effects.reads)
        expect(values.has(option), `${label(d)}: effects read ${option}, which no options list declares`).toBe(true);
    }
  });

  it('declare every option a client reads a file or a statement from as taking a value', () => {
    for (const d of DECLARATIONS) {
      const input = d.input;
      if (input === undefined) continue;
      const values = valueOptions(d);
      const named = [...(input.files ?? []), ...(input.atFiles ?? []), ...(input.fieldFiles ?? [])];
      for (const option of [...named, ...(input.statements ?? [])])
        expect(values.has(option), `${label(d)}: input reads ${option}, which no options list declares`).toBe(true);
      if (input.subcommand !== undefined)
        expect(Object.hasOwn(d.options, input.subcommand) || Object.hasOwn(d.options, '*'), label(d)).toBe(true);
    }
  });

  it('declare the directory options among the options that take a value', () => {
    for (const d of DECLARATIONS) {
      for (const option of d.cwd ?? [])
        expect(d.globals?.value.includes(option), `${label(d)}: cwd ${option} is no global value option`).toBe(true);
      for (const runs of d.runs ?? [])
        for (const option of [...(runs.cwd ?? []), ...(runs.commandOption ?? [])])
          expect(
            runs.options.includes(option) || runs.commandOption?.includes(option),
            `${label(d)}: runner option ${option} takes a value but is not among its options`,
          ).toBe(true);
    }
  });

  it('give every interpreter a language the one-liner scan reads (shells are parsed as shell)', () => {
    for (const d of DECLARATIONS) {
      const family = d.interpreter?.family;
      if (family === undefined || family === 'sh') continue;
      expect(knowsFamily(family), `${label(d)}: no one-liner table for ${family}`).toBe(true);
    }
  });

  it('mark what runs elsewhere with the word that names where (a runner with remote skips it)', () => {
    for (const d of DECLARATIONS)
      for (const runs of d.runs ?? [])
        if (runs.remote) expect(runs.skip ?? 0, `${label(d)}: remote runner without its host/container`).toBe(1);
  });

  it('declare every program the shell code names', () => {
    const named = new Set<string>();
    const files = [
      ...readdirSync(shellDir).map((f) => join(shellDir, f)),
      ...readdirSync(join(shellDir, 'programs')).map((f) => join(shellDir, 'programs', f)),
    ].filter((f) => f.endsWith('.ts'));
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\bprogram === '([^']+)'/g)) named.add(m[1] as string);
    }
    expect(named.size).toBeGreaterThan(5);
    for (const name of named)
      expect(compiledProgram(name), `the code names ${name}, no declaration does`).toBeDefined();
  });

  it('resolve versioned and Windows spellings to the same declaration', () => {
    expect(compiledProgram('python3.12')?.declaration).toBe(compiledProgram('python')?.declaration);
    expect(compiledProgram('perl5.36')?.declaration).toBe(compiledProgram('perl')?.declaration);
    expect(compiledProgram('pip3.11')?.declaration).toBe(compiledProgram('pip')?.declaration);
    expect(compiledProgram('constructor')).toBeUndefined();
    expect(compiledProgram('__proto__')).toBeUndefined();
  });

  it("match PowerShell's commands whatever their case, under their declared spelling, and no other program", () => {
    expect(canonicalProgram('remove-item')).toBe('Remove-Item');
    expect(canonicalProgram('INVOKE-WEBREQUEST')).toBe('Invoke-WebRequest');
    expect(compiledProgram('IWR')?.declaration).toBe(compiledProgram('Invoke-WebRequest')?.declaration);
    // rm is not PowerShell's: `RM` stays an unknown program
    expect(canonicalProgram('RM')).toBe('RM');
    expect(compiledProgram('RM')).toBeUndefined();
  });

  it('read a version glued to a declared program as that program, and nothing else', () => {
    for (const [written, program] of [
      ['helm3', 'helm'],
      ['helm-3.14', 'helm'],
      ['kubectl-1.29', 'kubectl'],
      ['kubectl1.29', 'kubectl'],
      ['kubectl-v1.30.2', 'kubectl'],
      ['terraform1.5', 'terraform'],
      ['terraform_1.7.5', 'terraform'],
      ['oc4.14', 'oc'],
    ] as const) {
      expect(canonicalProgram(written), written).toBe(program);
      expect(compiledProgram(written)?.declaration, written).toBe(compiledProgram(program)?.declaration);
    }
    // a plugin, another program, an undeclared stem, a declared name and an interpreter's version stay as written
    for (const name of ['kubectl-neat', 'terraform-docs', 'helmfile', 'md5', 'base64', 'python3', 'python3.12', 'git'])
      expect(canonicalProgram(name), name).toBe(name);
    expect(compiledProgram('kubectl-neat')).toBeUndefined();
    expect(compiledProgram('md5')).toBeUndefined();
  });
});
