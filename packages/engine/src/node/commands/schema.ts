// `semantic-anchors schema`: prints the JSON Schema generated from the zod schema.
import { toJsonSchema } from '../../schema/index.js';
import type { CliCommand } from '../command.js';
import { parse } from '../args.js';

export const schemaCommand: CliCommand = {
  summary: 'print the JSON Schema of the configuration file',
  usage: `semantic-anchors schema

Prints the JSON Schema (draft-07) of opencode-semantic-anchors.yaml, generated from the
engine's zod schema. Editors use it for completion and validation:
  # yaml-language-server: $schema=<url or path of the schema>`,
  async run(args, io) {
    parse(args, {});
    io.out(JSON.stringify(toJsonSchema(), null, 2));
    return 0;
  },
};
