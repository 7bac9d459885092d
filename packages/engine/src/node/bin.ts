// The engine's own CLI entry (dist/cli.js); the published package adds `doctor` in its own bin.
import { runCli } from './cli.js';

process.exitCode = await runCli(process.argv.slice(2));
