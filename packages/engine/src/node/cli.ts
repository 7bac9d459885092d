// The `semantic-anchors` command line: dispatches to the commands, prints --help for each, maps usage errors to 2.
import type { CliCommand } from './command.js';
import { UsageError } from './args.js';
import { processIO, type CliIO } from './io.js';
import { validateCommand } from './commands/validate.js';
import { explainCommand } from './commands/explain.js';
import { testCommand } from './commands/test.js';
import { schemaCommand } from './commands/schema.js';
import { replayCommand } from './commands/replay.js';

export const builtinCommands: Readonly<Record<string, CliCommand>> = {
  validate: validateCommand,
  explain: explainCommand,
  test: testCommand,
  schema: schemaCommand,
  replay: replayCommand,
};

export interface RunCliOptions {
  /** Commands a host adds (the plugin package adds `doctor`). */
  readonly commands?: Readonly<Record<string, CliCommand>>;
  readonly io?: CliIO;
}

export async function runCli(argv: readonly string[], options: RunCliOptions = {}): Promise<number> {
  const io = options.io ?? processIO();
  const commands = { ...builtinCommands, ...options.commands };
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.out(overview(commands));
    return name === undefined ? 2 : 0;
  }
  if (name === '--version' || name === '-v') {
    io.out('semantic-anchors (schema version 1)');
    return 0;
  }
  const command = commands[name];
  if (!command) {
    io.err(`semantic-anchors: unknown command "${name}"\n\n${overview(commands)}`);
    return 2;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.out(command.usage);
    return 0;
  }
  try {
    return await command.run([...rest], io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`semantic-anchors ${name}: ${error.message}\nRun "semantic-anchors ${name} --help" for usage.`);
      return 2;
    }
    io.err(`semantic-anchors ${name}: internal error: ${(error as Error).stack ?? String(error)}`);
    return 3;
  }
}

function overview(commands: Readonly<Record<string, CliCommand>>): string {
  const width = Math.max(...Object.keys(commands).map((n) => n.length));
  return [
    'semantic-anchors — check and try the contracts opencode-semantic-anchors enforces',
    '',
    'Usage: semantic-anchors <command> [options]',
    '',
    'Commands:',
    ...Object.entries(commands).map(([n, c]) => `  ${n.padEnd(width)}  ${c.summary}`),
    '',
    'Run "semantic-anchors <command> --help" for a command\'s options.',
  ].join('\n');
}
