// `docker buildx bake` builds the targets its bake file describes (docker-bake.hcl, docker-bake.json, or the files
// -f names), and a target whose output is the registry, or that sets push = true, pushes what it builds: as
// `--push` written on the command line does. When the call or the session wrote the file, what it says is read, and
// the command is read with `--push` implied (round 40: a bake file written with `output = ["type=registry"]`, then a
// plain `docker buildx bake web`). A file the session did not write is not guessed at.
import { resolve } from './paths.js';
import type { Flag, ImpliedWord, SimpleCommand } from './types.js';

/** The files bake reads when -f names none, in its order. */
const DEFAULT_FILES = ['docker-bake.json', 'docker-bake.override.json', 'docker-bake.hcl', 'docker-bake.override.hcl'];
/** A target pushing what it builds: an output of type registry, `push=true` in an output, or the push attribute. */
const PUSHES = /\btype\s*=\s*registry\b|\bpush\s*=\s*true\b|(?:^|[\s{,])"?push"?\s*[=:]\s*true\b/im;

const isBake = (c: SimpleCommand): boolean =>
  (c.program === 'docker' || c.program === 'podman') &&
  ((c.positionals[0] === 'buildx' && c.positionals[1] === 'bake') || c.positionals[0] === 'bake');

/** The command with `--push` implied when a bake file the session wrote pushes; the command itself otherwise. */
export function withBakeFilePush(command: SimpleCommand, text: (path: string) => string | undefined): SimpleCommand {
  if (!isBake(command) || command.flags.some((f) => f.name === '--push')) return command;
  const named = command.flags.filter((f) => (f.name === '-f' || f.name === '--file') && f.value !== undefined);
  const files = named.length > 0 ? named.map((f) => f.value as string) : DEFAULT_FILES;
  const pushing = files.find((f) => PUSHES.test(text(resolve(command.cwd, f)) ?? ''));
  if (pushing === undefined) return command;
  const flag: Flag = { name: '--push', value: undefined, token: '--push' };
  const implied: ImpliedWord = {
    at: command.argv.length,
    value: '--push',
    written: undefined,
    from: `${pushing} (a file the session wrote)`,
  };
  return {
    ...command,
    argv: [...command.argv, '--push'],
    flags: [...command.flags, flag],
    implied: [...(command.implied ?? []), implied],
  };
}
