// A file git was told to keep its credentials in (`git config credential.helper 'store --file=.course-creds'`):
// git-credential-store writes every password it is given there, and reads them back for every fetch and push, so the
// file is a credential store whatever its name (blind round 40). It is kept beside the session's symbolic links, as a
// link from that file to the store's usual name (`.git-credentials` in the project, `~/.git-credentials` for
// --global): a write to it, in this call or a later one, is judged on that name too, where the rules look for a
// token in a credential file.
import { normalise, resolve } from './paths.js';
import type { SimpleCommand } from './types.js';

/** `credential.helper` and `credential.<url>.helper`, as git reads keys (section and key case-blind). */
const HELPER_KEY = /^credential(?:\..+)?\.helper$/i;
/** The store helper's own file option, in the helper's value (`store --file=F`, `store --file F`, `!git credential-store --file F`). */
const STORE_FILE = /^\s*(?:!\s*git\s+credential-)?store\b.*?\s--file(?:=|\s+)(?:"([^"]+)"|'([^']+)'|(\S+))/;

/** The files the commands make git's credential store, file → the store's usual name (the model's paths). */
export function credentialStores(commands: readonly SimpleCommand[]): Record<string, string> | undefined {
  let out: Record<string, string> | undefined;
  for (const c of commands) {
    if (c.program !== 'git' || c.remote !== undefined || c.positionals[0] !== 'config') continue;
    // `git config KEY VALUE` and git 2.46's `git config set KEY VALUE`; --add and --replace-all are flags.
    const rest = c.positionals[1] === 'set' ? c.positionals.slice(2) : c.positionals.slice(1);
    const [key, value] = rest;
    if (key === undefined || value === undefined || !HELPER_KEY.test(key)) continue;
    if (c.unknown.some((u) => u.value === value)) continue;
    const m = STORE_FILE.exec(value);
    const file = m?.[1] ?? m?.[2] ?? m?.[3];
    if (file === undefined) continue;
    const global = c.flags.some((f) => f.name === '--global' || f.name === '--system');
    const store = resolve(c.cwd, file);
    const usual = global ? '~/.git-credentials' : '.git-credentials';
    if (normalise(store) === usual) continue;
    out ??= {};
    out[store] = usual;
  }
  return out;
}
