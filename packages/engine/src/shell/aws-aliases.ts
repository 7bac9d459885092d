// The AWS CLI's aliases (round 50: the manual's other spellings): `aws clean-exports` runs what the `[toplevel]` section
// of ~/.aws/cli/alias defines for clean-exports, an aws command (`s3 rm s3://b --recursive`) or, after `!`, a shell
// command line. An alias file the call or the session wrote is read; the human's own is not known (the command stays
// as written). The file is found by its place under any home (`.aws/cli/alias`): the engine does not know the home.
import { splitArgs } from './environment-args.js';
import type { GlobMatch, SimpleCommand } from './types.js';
import { runnableText } from './call-files.js';
import { iniPairs } from './ini-file.js';

/** What an alias stands for: aws's own words, or a shell command line (an alias starting with `!`). */
export type AwsAlias =
  | { readonly kind: 'aws'; readonly words: readonly string[] }
  | { readonly kind: 'shell'; readonly line: string };

/** The session's files a glob names. */
export interface AliasFiles {
  matching(pattern: string): GlobMatch[];
}

/** The `[toplevel]` aliases of an alias file's text, by name (a value may go on over indented lines). */
export function awsAliases(text: string): ReadonlyMap<string, string> {
  return new Map(iniPairs(text).flatMap((p) => (p.section === 'toplevel' ? [[p.key, p.value] as const] : [])));
}

/** The alias `command` (an aws command) calls, from an alias file the call or the session wrote; undefined when none. */
export function awsAlias(command: SimpleCommand, files: AliasFiles): AwsAlias | undefined {
  const name = command.argv[0];
  if (command.program !== 'aws' || name === undefined || name !== command.positionals[0] || !/^[\w.-]+$/.test(name))
    return undefined;
  const found = [...files.matching('**/.aws/cli/alias'), ...files.matching('/**/.aws/cli/alias')];
  for (const m of found) {
    const text = runnableText(m.file);
    const value = text === undefined ? undefined : awsAliases(text).get(name);
    if (value === undefined || value === '') continue;
    return value.startsWith('!') ? { kind: 'shell', line: value.slice(1) } : { kind: 'aws', words: splitArgs(value) };
  }
  return undefined;
}
