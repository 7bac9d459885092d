// Words a command is read with that were not written on its line: a flag or a positional a setting, a config file or
// the environment stands for (TF_CLI_ARGS, curl's -K file, ansible.cfg's inventory, git's remote.<r>.push and
// clean.requireForce). One place adds them, so each is an implied word `explain` can show with where it came from,
// and the argv, the flags and the positionals stay in step.
import type { Flag, ImpliedWord, SimpleCommand } from './types.js';

/** One addition: a flag with the words it is spelled with, or a positional word. */
export type Addition =
  | { readonly flag: Flag; readonly words: readonly string[]; readonly from: string }
  | { readonly positional: string; readonly from: string };

/** A flag with no value, added under its own name. */
export const bareFlag = (name: string, from: string): Addition => ({
  flag: { name, value: undefined, token: name },
  words: [name],
  from,
});

/** The command with the additions put after its written words, each marked implied; the command itself when none. */
export function withAdded(command: SimpleCommand, additions: readonly Addition[]): SimpleCommand {
  if (additions.length === 0) return command;
  const argv = [...command.argv];
  const flags: Flag[] = [...command.flags];
  const positionals: string[] = [...command.positionals];
  const implied: ImpliedWord[] = [...(command.implied ?? [])];
  for (const a of additions) {
    const words = 'flag' in a ? a.words : [a.positional];
    for (const value of words) {
      implied.push({ at: argv.length, value, written: undefined, from: a.from });
      argv.push(value);
    }
    if ('flag' in a) flags.push(a.flag);
    else positionals.push(a.positional);
  }
  return { ...command, argv, flags, positionals, implied };
}
