// The shape of a CLI command; hosts (the plugin package) add their own, such as `doctor`.
import type { CliIO } from './io.js';

export interface CliCommand {
  /** One line for the command list. */
  readonly summary: string;
  /** The full --help text. */
  readonly usage: string;
  run(args: string[], io: CliIO): Promise<number>;
}
