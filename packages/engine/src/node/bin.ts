// The engine's own CLI entry (dist/cli.js); the published package adds `doctor` in its own bin.
import { runCli } from './cli.js';

// Piped into `head`, stdout closes early: that is the reader's choice, not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

process.exitCode = await runCli(process.argv.slice(2));
