// Writes the generated artefacts of the engine: schema/v1.json (the JSON Schema) and README.md (the hand-written
// GUIDE.md followed by the reference generated from the zod schema). `--check` fails when a committed file is stale.
import { readFileSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { languageReference, toJsonSchema } from '../src/index.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const check = process.argv.includes('--check');

const guide = readFileSync(join(root, 'GUIDE.md'), 'utf8')
  .replace(/^# The contract language — a guide\n/, '')
  .replace(/^This is the hand-written half[\s\S]*?\n\n/m, '');
const outputs: Record<string, string> = {
  'schema/v1.json': `${JSON.stringify(toJsonSchema(), null, 2)}\n`,
  'README.md': [
    '# @semantic-anchors/engine',
    '',
    'The one rule engine of opencode-semantic-anchors: the contract language (a zod schema), the loader and validator',
    '(YAML with positions; every problem as `file:line:col`), the compiler and the pure evaluator, plus the',
    '`semantic-anchors` CLI (`validate`, `explain`, `test`, `schema`, `replay`). The core does no I/O and imports no Node built-in,',
    'so the same code runs in opencode (Bun), in Node and in the browser.',
    '',
    '<!-- The guide below is GUIDE.md; the reference after it is generated. Edit GUIDE.md or the zod schema, then run',
    '`npm run gen -w @semantic-anchors/engine`. -->',
    '',
    '## Guide',
    guide.trimEnd().replace(/^## /gm, '### '),
    '',
    '## CLI',
    '',
    '```',
    'semantic-anchors validate <file…> [--json]        # exit 1 on any error; file:line:col: message',
    "semantic-anchors explain <file> --event '<json>'  # or --events events.jsonl|scenario.yaml; --json",
    'semantic-anchors test <file…> [--coverage]        # examples and scenario files',
    'semantic-anchors schema                           # the JSON Schema',
    'semantic-anchors replay [<export.json | folder | decisions.jsonl | ->] [--config <file>] [--role <id>] [--json]',
    "                                                  # real opencode sessions replayed; none given: the project's",
    '```',
    '',
    "`replay` and the site's simulator use the engine's opencode mapping, `@semantic-anchors/engine/opencode` (no Node",
    'built-in): `toolCallEvent`, `userMessageEvent`, `agentSighting`, `answerMeaning` (recorded `/anchor` answers),',
    '`ExportReader` (a streaming reader of `opencode export` files: only the fields replay needs are assembled,',
    'positioned errors) and `replayExports` (sources that stream bytes in, one `ReplayCall` record per call out). The',
    "plugin's opencode adapter builds its events with the same functions.",
    '',
    '## Reference',
    '',
    languageReference().trimEnd().replace(/^### /gm, '#### '),
    '',
  ].join('\n'),
};

let stale = 0;
for (const [file, content] of Object.entries(outputs)) {
  const path = join(root, file);
  if (check) {
    if (!existsSync(path) || readFileSync(path, 'utf8') !== content) {
      console.error(
        `packages/engine/${file} is out of date: run \`npm run gen -w @semantic-anchors/engine\` and commit it.`,
      );
      stale++;
    }
  } else {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, content);
    console.log(`wrote packages/engine/${file}`);
  }
}
if (check && stale === 0) console.log('packages/engine generated files are up to date');
process.exitCode = stale > 0 ? 1 : 0;
