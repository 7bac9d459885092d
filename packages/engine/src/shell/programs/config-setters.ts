// Command-line editors that set one key of a configuration file to a value given on their command line: crudini (INI)
// and dasel (TOML, YAML, JSON). The file is written with that key's line known and the rest not (computed-piece.ts),
// as `yq -i` is, so a content rule sees `password = …` where the key was set (`crudini --set config/app.ini db
// password 'T9x…'`, blind round 28). Without them the file was not even known to be written.
import { COMPUTED_PIECE } from '../computed-piece.js';
import { flagValue, has } from '../file-effects.js';
import { documentText, jsonValue, type SetValue, selectorSteps } from '../json-updates.js';
import type { AddEffect, EffectInput, ProgramDeclaration } from './declaration.js';

export const CRUDINI: ProgramDeclaration = {
  names: ['crudini'],
  about:
    'crudini: --set FILE SECTION PARAM VALUE writes PARAM = VALUE there; --del and --merge write FILE; --get reads',
  options: { '*': ['--format', '--output'] },
  effects: { reads: [], effects: crudiniEffects },
};

/** dasel's options that take a value, in every command. */
const DASEL_OPTIONS = [
  '-f',
  '--file',
  '-t',
  '--type',
  '-v',
  '--value',
  '-r',
  '--read',
  '-w',
  '--write',
  '-o',
  '--out',
  '-p',
];

export const DASEL: ProgramDeclaration = {
  names: ['dasel'],
  about: 'dasel put: writes the file of -f (or -o) with the selector set to -v VALUE; dasel select reads',
  // -s names the selector of put (dasel v1); its other commands take none
  options: { '*': DASEL_OPTIONS, put: [...DASEL_OPTIONS, '-s'] },
  effects: { reads: ['-f', '--file', '-o', '--out'], effects: daselEffects },
};

/** The line a key set to a value takes in a file of this name's format. */
function keyLine(file: string, key: string, value: string): string {
  if (/\.json$/i.test(file)) return `${JSON.stringify(key)}: ${JSON.stringify(value)}`;
  if (/\.ya?ml$/i.test(file)) return `${key}: ${value}`;
  if (/\.toml$/i.test(file)) return `${key} = ${JSON.stringify(value)}`;
  return `${key} = ${value}`;
}

/** crudini's options that write the file, in the order its own help lists them. */
const CRUDINI_WRITES = ['--set', '--del', '--merge'] as const;

function crudiniEffects(input: EffectInput, add: AddEffect): void {
  const [file, section, param, value] = input.positionals;
  if (file === undefined || file === '-') return;
  if (has(input.flags, '--get')) {
    add('read', file, 'crudini --get');
    return;
  }
  const mode = CRUDINI_WRITES.find((m) => has(input.flags, m));
  if (mode === undefined) return;
  const known =
    mode === '--set' && section !== undefined && param !== undefined && value !== undefined
      ? `${COMPUTED_PIECE}\n[${section}]\n${keyLine(file, param, value)}\n`
      : undefined;
  add('write', file, `crudini ${mode}`, known);
}

/** dasel's value types (`-t`, or v1's word after `put`): what the value's text is read as. */
const DASEL_TYPES = /^(string|int|bool|float|json|object|document|yaml|toml)$/;

/** dasel's value as the type it is given says: a number or a boolean, a JSON document (`-t json`), else a string. */
function daselValue(type: string | undefined, text: string): SetValue {
  if ((type === 'int' || type === 'float') && /^-?\d+(?:\.\d+)?$/.test(text)) return Number(text);
  if (type === 'bool' && /^(true|false)$/.test(text)) return text === 'true';
  if (type === 'json') return jsonValue(text);
  return text;
}

function daselEffects(input: EffectInput, add: AddEffect): void {
  if (input.positionals[0] !== 'put') {
    const read = flagValue(input.flags, '-f', '--file');
    if (read !== undefined && read !== '-') add('read', read, 'dasel');
    return;
  }
  const file = flagValue(input.flags, '-o', '--out') ?? flagValue(input.flags, '-f', '--file');
  if (file === undefined || file === '-') return;
  // v1/v2: `dasel put -f F -t string -v VALUE SELECTOR`; v1 also `dasel put string -f F SELECTOR VALUE`.
  const type = flagValue(input.flags, '-t', '--type') ?? input.positionals.slice(1).find((p) => DASEL_TYPES.test(p));
  const rest = input.positionals.slice(1).filter((p) => !DASEL_TYPES.test(p));
  const value = flagValue(input.flags, '-v', '--value') ?? rest[1];
  const selector = flagValue(input.flags, '-s') ?? rest[0];
  const path = selector === undefined ? [] : selectorSteps(selector);
  // JSON and YAML: the value under its whole path, as yq -i writes it (json-updates.ts): a deno.json task the runner
  // then reads as it reads the whole file.
  const format = /\.json5?$|\.jsonc$/i.test(file) ? 'json' : /\.ya?ml$/i.test(file) ? 'yaml' : undefined;
  if (format !== undefined && value !== undefined && typeof path[0] === 'string') {
    const text = documentText([{ path, append: false, value: daselValue(type, value) }], format === 'json');
    add('write', file, 'dasel put', text);
    return;
  }
  const key = path.filter((k): k is string => typeof k === 'string').pop();
  const known =
    key !== undefined && value !== undefined ? `${COMPUTED_PIECE}\n${keyLine(file, key, value)}\n` : undefined;
  add('write', file, 'dasel put', known);
}

/** python-dotenv's CLI: `dotenv [-f FILE] set KEY VALUE` writes KEY=VALUE into FILE (.env by default); `unset` writes it
 * too, `get` and `list` read it. (dotenv-cli, the Node runner of the same name, has no such words.) */
export function dotenvSetEffects(input: EffectInput, add: AddEffect): void {
  const [verb, key, value] = input.positionals;
  const file = flagValue(input.flags, '-f', '--file') ?? '.env';
  if (verb === 'get' || verb === 'list') add('read', file, `dotenv ${verb}`);
  else if (verb === 'unset') add('write', file, 'dotenv unset');
  else if (verb === 'set' && key !== undefined)
    add('write', file, 'dotenv set', value === undefined ? undefined : `${COMPUTED_PIECE}\n${key}=${value}\n`);
}
