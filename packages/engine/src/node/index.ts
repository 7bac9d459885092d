// Node-only entry: the CLI and file reading. The engine core (../index.ts) stays free of Node built-ins.
export { runCli, builtinCommands, type RunCliOptions } from './cli.js';
export type { CliCommand } from './command.js';
export { processIO, readText, readInput, type CliIO } from './io.js';
