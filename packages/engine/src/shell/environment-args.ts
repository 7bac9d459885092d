// Options a program reads from its environment as if written on its command line (programs/*.ts `environmentArgs`):
// terraform's TF_CLI_ARGS and TF_CLI_ARGS_<subcommand>, git's GIT_CONFIG_COUNT/KEY_n/VALUE_n and GIT_CONFIG_PARAMETERS
// (each a `-c KEY=VALUE`, among its global options).
// The values come from the command's environment — its NAME=value prefix, or what the shell exported, an earlier
// call's export included — and are added to its flags as implied words, so `export TF_CLI_ARGS=-auto-approve;
// terraform apply` is read as `terraform apply -auto-approve`. A value that is not known adds nothing.
import { type Addition, withAdded } from './implied-words.js';
import type { Flag, SimpleCommand } from './types.js';
import type { EnvironmentArgs } from './programs/declaration.js';

/** The command with the options its environment gives it, when its declaration reads some and any is set. */
export function withEnvironmentArgs(
  command: SimpleCommand,
  read: EnvironmentArgs,
  get: (name: string) => string | undefined,
): SimpleCommand {
  const given = read(get, command.positionals);
  if (given.length === 0) return command;
  const globals: Flag[] = [];
  const additions: Addition[] = [];
  for (const g of given) {
    if (g.global === true) {
      // Read before the options written (`git -c` on the command line wins over the environment's).
      globals.push(g.flag);
      continue;
    }
    if (command.flags.some((f) => f.name === g.flag.name && f.value === g.flag.value)) continue;
    // An option written on the command line wins over the variable that stands for it (helm's HELM_KUBECONTEXT).
    if (g.yieldsTo !== undefined && command.flags.some((f) => g.yieldsTo?.includes(f.name))) continue;
    additions.push({ flag: g.flag, words: [g.flag.token], from: g.from });
  }
  const added = withAdded(command, additions);
  return globals.length > 0 ? { ...added, globals: [...globals, ...command.globals] } : added;
}

/** Words of a value as a program splits them (white space; one layer of quotes taken off each). */
export function splitArgs(value: string): string[] {
  return (value.match(/(?:[^\s"']+|"[^"]*"|'[^']*')+/g) ?? []).map((w) => w.replace(/^(['"])(.*)\1$/, '$2'));
}

/** A single-dash option word as a flag (`-auto-approve`, `-var=a=b`). */
export function optionFlag(word: string): Flag | undefined {
  if (!word.startsWith('-')) return undefined;
  const eq = word.indexOf('=');
  return { name: eq === -1 ? word : word.slice(0, eq), value: eq === -1 ? undefined : word.slice(eq + 1), token: word };
}
