// The `semantic-anchors` command: the engine's CLI (validate, explain, test, schema) plus `doctor`.
import { runCli } from '@semantic-anchors/engine/node';
import { doctor } from './doctor/index.js';

process.exitCode = await runCli(process.argv.slice(2), { commands: { doctor } });
