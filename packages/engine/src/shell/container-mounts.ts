// Folders of this machine bound into a container (`docker run -v "$PWD":/local …`, `--mount type=bind,src=.,dst=/app`):
// what the container's command writes under the mount's target is written here, under its source. Without this a
// generator run in a container (`openapitools/openapi-generator-cli generate -o /local/src/api`, round 44) wrote only
// inside the container, as far as the rules could tell. Read-only mounts and named volumes are not this machine's
// folders to write; a source the model cannot know is left out (the effect stays in the container, as before).
import type { ParsedArgv } from './argv.js';
import { resolve } from './paths.js';

/** A folder of this machine (`source`, as the model's paths are: relative to where the call starts) seen in the
 * container at `target` (absolute). */
export interface BindMount {
  readonly source: string;
  readonly target: string;
}

/** The call's own folder as a shell spells it in a mount's source: `$PWD`, `${PWD}`, `$(pwd)`, `` `pwd` ``, `.`. */
const HERE = /^(?:\$PWD|\$\{PWD\}|\$\(pwd\)|`pwd`|\.)(?=\/|$)/;

/** A source on this machine as the model's path (relative to the call's start), or undefined for a named volume or
 * a source it cannot know. `here`: where the command starts, as the model's path. */
function hostSource(source: string, here: string | undefined): string | undefined {
  const local = HERE.exec(source);
  if (local !== null) return resolve(here, `.${source.slice(local[0].length)}`);
  if (source.startsWith('/') || source.startsWith('~/') || source === '~' || source.startsWith('./'))
    return source.includes('$') || source.includes('`') ? undefined : resolve(here, source);
  // A bare name is a named volume (docker's rule: a host path starts with / or .); a `..` path is a host path too.
  return source.startsWith('../') ? resolve(here, source) : undefined;
}

/** `-v SRC:DST[:OPTS]`: a bind mount unless read-only or a named volume. */
function volume(value: string, here: string | undefined): BindMount | undefined {
  const parts = value.split(':');
  if (parts.length < 2) return undefined;
  const [source, target, options] = parts as [string, string, string | undefined];
  if (!target.startsWith('/') || (options !== undefined && /(^|,)(ro|readonly)(,|$)/.test(options))) return undefined;
  const host = hostSource(source, here);
  return host === undefined ? undefined : { source: host, target: resolve(undefined, target) };
}

/** `--mount type=bind,source=S,target=T[,readonly]` (also src=, dst=, destination=). */
function mount(value: string, here: string | undefined): BindMount | undefined {
  const fields = new Map<string, string>();
  for (const field of value.split(',')) {
    const eq = field.indexOf('=');
    fields.set(eq === -1 ? field : field.slice(0, eq), eq === -1 ? 'true' : field.slice(eq + 1));
  }
  if ((fields.get('type') ?? 'volume') !== 'bind') return undefined;
  const ro = fields.get('readonly') ?? fields.get('ro');
  if (ro !== undefined && ro !== 'false' && ro !== '0') return undefined;
  const source = fields.get('source') ?? fields.get('src');
  const target = fields.get('target') ?? fields.get('dst') ?? fields.get('destination');
  if (source === undefined || target === undefined || !target.startsWith('/')) return undefined;
  const host = hostSource(source, here);
  return host === undefined ? undefined : { source: host, target: resolve(undefined, target) };
}

/** The bind mounts a `docker run`/`podman run` line gives, longest target first (the innermost mount wins). */
export function bindMounts(parsed: ParsedArgv, here: string | undefined): BindMount[] {
  const out: BindMount[] = [];
  for (const flag of parsed.flags) {
    if (flag.value === undefined) continue;
    const found =
      flag.name === '-v' || flag.name === '--volume'
        ? volume(flag.value, here)
        : flag.name === '--mount'
          ? mount(flag.value, here)
          : undefined;
    if (found !== undefined) out.push(found);
  }
  return out.sort((a, b) => b.target.length - a.target.length);
}

/** A container path as this machine's path when it lies under a bind mount's target; undefined when it does not. */
export function hostPathOf(path: string, mounts: readonly BindMount[]): string | undefined {
  for (const m of mounts) {
    if (m.target === '/') return resolve(m.source, `.${path}`);
    if (path === m.target) return m.source;
    if (path.startsWith(`${m.target}/`)) return resolve(m.source, path.slice(m.target.length + 1));
  }
  return undefined;
}
