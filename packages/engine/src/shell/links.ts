// Symbolic links a call makes (`ln -s ../src/pricing docs/pricing-src`): a path through the link reaches its target,
// so a write to docs/pricing-src/discount.ts in this call or a later one is a write to src/pricing/discount.ts too
// (blind round 24). The engine does no I/O: these are the links the session is known to have made; the plugin hands
// the engine what links on disk lead to for the file tools (ToolEvent.realPaths).
import { normalise, resolve } from './paths.js';
import type { SimpleCommand } from './types.js';

const HOME = /^\$(?:HOME|\{HOME\})(?=\/|$)/;

/** At most this many links are kept from one call (and, by the session, from all its calls). */
export const MAX_LINKS = 32;

/**
 * The symbolic links the commands make, link → target, both as the model's paths (resolved against each command's
 * directory; a relative target is read from the link's own folder, as the kernel reads it). A link whose words are not
 * known, or `ln -s` into a folder (`-t DIR`, several targets), is left out: its names are not known.
 */
export function symbolicLinks(commands: readonly SimpleCommand[]): Record<string, string> | undefined {
  let out: Record<string, string> | undefined;
  for (const c of commands) {
    if (c.program !== 'ln' || c.remote !== undefined) continue;
    if (!c.flags.some((f) => f.name === '-s' || f.name === '--symbolic')) continue;
    if (c.flags.some((f) => f.name === '-t' || f.name === '--target-directory')) continue;
    if (c.positionals.length !== 2) continue;
    const [written, name] = c.positionals as [string, string];
    // The home folder is a known place (`ln -s "$HOME" h`): `~`, as the rules name it.
    const target = written.replace(HOME, '~');
    if (c.unknown.some((u) => u.value !== written || target === written)) continue;
    if (target === '' || name === '' || name.endsWith('/')) continue;
    const link = resolve(c.cwd, name);
    const folder = link.includes('/') ? link.slice(0, link.lastIndexOf('/')) : '.';
    const to = target.startsWith('/') || target.startsWith('~') ? normalise(target) : resolve(folder, target);
    if (to === link) continue;
    out ??= {};
    if (Object.keys(out).length < MAX_LINKS) out[link] = to;
  }
  return out;
}

/**
 * The path as it reaches through the links: the longest link that is the path or a folder above it replaced by its
 * target (once: a link to a link is followed by a second lookup, at most four); undefined when no link is on the way.
 */
export function throughLinks(path: string, links: Readonly<Record<string, string>>): string | undefined {
  let current = path;
  let changed = false;
  for (let hops = 0; hops < 4; hops++) {
    let best: string | undefined;
    for (const link of Object.keys(links))
      if ((current === link || current.startsWith(`${link}/`)) && (best === undefined || link.length > best.length))
        best = link;
    if (best === undefined) break;
    current = normalise(`${links[best]}${current.slice(best.length)}`);
    changed = true;
  }
  return changed && current !== path ? current : undefined;
}

/**
 * The links a command's program word may go through (`ln -sf "$(command -v docker)" bin/ctr`, then `./bin/ctr push`
 * runs docker): those earlier calls of the session made (ShellContext.links, as the model's paths) and those the call
 * made before the command. Only a word that names a path (has a `/`) goes through a link: a bare name is looked up on
 * $PATH, which the engine does not read.
 */
export class ProgramLinks {
  private session: Readonly<Record<string, string>> | undefined;

  start(links: Readonly<Record<string, string>> | undefined): void {
    this.session = links;
  }

  /** The program's path as it reaches through the links, or undefined when none is on the way. */
  reached(word: string, cwd: string | undefined, made: readonly SimpleCommand[]): string | undefined {
    if (!word.includes('/')) return undefined;
    const own = made.some((c) => c.program === 'ln') ? symbolicLinks(made) : undefined;
    if (own === undefined && this.session === undefined) return undefined;
    return throughLinks(resolve(cwd, word), own === undefined ? (this.session ?? {}) : { ...this.session, ...own });
  }
}
