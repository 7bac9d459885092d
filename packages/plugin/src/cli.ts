// The `semantic-anchors` command: the engine's CLI (validate, explain, test, schema) plus `doctor`.
import { runCli } from '@semantic-anchors/engine/node';

const code = await runCli(process.argv.slice(2));
process.exitCode = code;
