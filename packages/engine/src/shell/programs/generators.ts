// Code generators that write generated sources where an option says: a file (openapi-typescript -o, quicktype -o,
// datamodel-codegen --output, oapi-codegen -o) or a folder whose file names they choose (openapi-generator and
// swagger-codegen `generate -o DIR`, @hey-api/openapi-ts and swagger-typescript-api -o DIR, protoc's --LANG_out=DIR).
// Without these, `npx openapi-typescript spec.yaml -o web/src/api/types.ts` wrote into the application's code with no
// effect a rule could see (blind round 32: a makefile the session wrote regenerated a web app's types so).
import { flagValue, NOT_FILES, optionFiles } from '../file-effects.js';
import { treeOf } from '../paths.js';
import type { AddEffect, EffectInput, ProgramDeclaration } from './declaration.js';

/** Writes into the folder `-o`/`--output` names (the generator picks the files); the spec `-i` is read. */
function folderOutput(...names: string[]) {
  return (input: EffectInput, add: AddEffect): void => {
    const out = flagValue(input.flags, ...names);
    if (out !== undefined && !NOT_FILES.test(out)) add('write', treeOf(out), `${input.program} ${names[0]}`);
    const spec = flagValue(input.flags, '-i', '--input', '--input-spec');
    if (spec !== undefined && !NOT_FILES.test(spec) && !/^https?:/.test(spec)) add('read', spec, input.program);
  };
}

export const OPENAPI_TYPESCRIPT: ProgramDeclaration = {
  names: ['openapi-typescript', 'quicktype', 'oapi-codegen'],
  about:
    'openapi-typescript, quicktype, oapi-codegen: the spec is read; -o/--output (quicktype: --out) FILE is written',
  options: {
    '*': [
      ...['-o', '--output', '--out', '-c', '--config', '--lang', '-l', '--src-lang', '-s', '--top-level', '-t'],
      ...['--package', '-package', '--generate', '-generate', '--redocly'],
    ],
  },
  effects: { reads: ['-o', '--output', '--out'], effects: optionFiles(['-o', '--output', '--out']) },
};

export const DATAMODEL_CODEGEN: ProgramDeclaration = {
  names: ['datamodel-codegen'],
  about: 'datamodel-codegen: --input is read, --output FILE is written',
  options: {
    '*': ['--input', '-i', '--output', '-o', '--input-file-type', '--output-model-type', '--target-python-version'],
  },
  effects: { reads: ['--output', '-o'], effects: optionFiles(['--output', '-o']) },
};

export const OPENAPI_GENERATOR: ProgramDeclaration = {
  names: [
    'openapi-generator',
    'openapi-generator-cli',
    'swagger-codegen',
    'swagger-codegen-cli',
    'openapi-ts',
    'swagger-typescript-api',
  ],
  about: 'OpenAPI client generators: -i SPEC is read, -o/--output DIR is written (the files they choose)',
  options: {
    '*': [
      ...['-i', '--input', '--input-spec', '-o', '--output', '-g', '--generator-name', '-c', '--config', '-t'],
      ...['--template-dir', '-n', '--name', '-p', '--additional-properties', '--client', '-l', '--lang'],
    ],
  },
  effects: { reads: ['-o', '--output', '-i', '--input', '--input-spec'], effects: folderOutput('-o', '--output') },
};

/** protoc: each `--LANG_out=[OPTIONS:]DIR` (and `--LANG_out DIR`) writes into DIR; the .proto operands are read. */
function protocEffects(input: EffectInput, add: AddEffect): void {
  for (const f of input.flags) {
    if (!/^--\w+_out$/.test(f.name) || f.value === undefined) continue;
    const dir = f.value.slice(f.value.lastIndexOf(':') + 1);
    if (dir !== '' && !NOT_FILES.test(dir)) add('write', treeOf(dir), `protoc ${f.name}`);
  }
  for (const p of input.positionals) if (!NOT_FILES.test(p)) add('read', p, 'protoc');
}

export const PROTOC: ProgramDeclaration = {
  names: ['protoc'],
  about: 'protoc: the .proto files are read; each --LANG_out=DIR writes generated code into DIR',
  options: { '*': ['-I', '--proto_path', '-o', '--descriptor_set_out', '--plugin'] },
  // (its --LANG_out options are read by their shape, not a list: a plugin's --foo_out counts as well)
  effects: { reads: [], effects: protocEffects },
};

/**
 * adr-tools: `adr init [DIR]` makes the decisions folder (doc/adr unless DIR is given, then written into .adr-dir,
 * which the other adr commands and scripts read back). A later `mv drafts/*.md "$(cat .adr-dir)"/` then names the
 * folder (round 40). The first record it writes, and the records `adr new` numbers itself, are new files named as
 * the contracts ask: not recorded (a write into the decisions folder would read as a rewrite of a record).
 */
export const ADR_TOOLS: ProgramDeclaration = {
  names: ['adr'],
  about: 'adr-tools: `adr init DIR` writes DIR into .adr-dir',
  options: { '*': ['-s', '-l'] },
  effects: {
    reads: [],
    effects: (input, add) => {
      const [sub, dir, extra] = input.positionals;
      if (sub !== 'init' || extra !== undefined) return;
      if (dir !== undefined) add('write', '.adr-dir', 'adr init', `${dir}\n`);
    },
  },
};
