// The `semantic-anchors` (and `opencode-semantic-anchors`) command: the engine's CLI (validate, explain, test,
// schema) plus `doctor` and `log`; `--version` is this package's version.
import { loadShellModel } from '@semantic-anchors/engine/enforce';
import { runCli } from '@semantic-anchors/engine/node';
import pkg from '../package.json' with { type: 'json' };
import { doctor } from './doctor/index.js';
import { logCommand } from './log/index.js';

// Piped into `head`, stdout closes early: that is the reader's choice, not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

const argv = process.argv.slice(2);
if (argv[0] === '--version' || argv[0] === '-v') {
  process.stdout.write(`${pkg.name} ${pkg.version}\n`);
} else {
  // The package's build loads the engine's shell model after the start (scripts/deferred-shell.ts): a command that
  // judges a call needs it first.
  await loadShellModel();
  process.exitCode = await runCli(argv, { commands: { doctor, log: logCommand } });
}
