// The simulator's host facts: what the plugin reads from the working tree at call time (the branch checked out, its
// upstream, the remotes' default branches, the project's .gitignore), set by the user above the event list and given
// to every tool event that carries none of its own — as `semantic-anchors explain --branch … --upstream …
// --default-branch … --ignore …` does. Parsed with the
// engine's schema at this boundary. With nothing given the branch is unknown, never "not main".
import { HostFacts, type Event } from '@semantic-anchors/engine';

export interface HostFields {
  readonly branch: HTMLInputElement;
  readonly detached: HTMLInputElement;
  readonly upstream: HTMLInputElement;
  /** `main` (origin's) or `remote=branch`, several separated by spaces or commas. */
  readonly defaultBranch: HTMLInputElement;
  readonly gitignore: HTMLTextAreaElement;
}

export type ReadHost = { readonly host: HostFacts | undefined } | { readonly error: string };

/** The facts the fields give (undefined: none given), or why they are not usable. */
export function readHostFacts(f: HostFields): ReadHost {
  const candidate: Record<string, unknown> = {};
  const branch = f.branch.value.trim();
  if (f.detached.checked) candidate.branch = null;
  else if (branch !== '') candidate.branch = branch;
  const upstream = f.upstream.value.trim();
  if (upstream !== '') candidate.upstream = upstream;
  const defaults = defaultBranches(f.defaultBranch.value);
  if (defaults === undefined)
    return { error: "The default branch is a branch (origin's) or remote=branch, e.g. main or upstream=develop." };
  if (Object.keys(defaults).length > 0) candidate.defaultBranches = defaults;
  const ignore = f.gitignore.value;
  if (ignore.trim() !== '') candidate.gitignore = { '.': ignore.endsWith('\n') ? ignore : `${ignore}\n` };
  if (Object.keys(candidate).length === 0) return { host: undefined };
  const parsed = HostFacts.safeParse(candidate);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      error: `The host facts are not usable: ${issue?.message ?? 'unknown problem'}${issue?.path.length ? ` at ${issue.path.join('.')}` : ''}.`,
    };
  }
  return { host: parsed.data };
}

/** Puts stored facts back into the fields. */
export function fillHostFields(f: HostFields, host: HostFacts | undefined): void {
  f.detached.checked = host?.branch === null;
  f.branch.value = typeof host?.branch === 'string' ? host.branch : '';
  f.branch.disabled = f.detached.checked;
  f.upstream.value = host?.upstream ?? '';
  f.defaultBranch.value = Object.entries(host?.defaultBranches ?? {})
    .map(([remote, branch]) => (remote === 'origin' ? branch : `${remote}=${branch}`))
    .join(' ');
  f.gitignore.value = host?.gitignore?.['.'] ?? '';
}

/** The remotes' default branches a field gives (`main` is origin's, `upstream=develop`); undefined when one is
 * malformed. */
function defaultBranches(text: string): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  for (const item of text.split(/[\s,]+/).filter((i) => i !== '')) {
    const eq = item.indexOf('=');
    const [remote, branch] = eq < 0 ? ['origin', item] : [item.slice(0, eq), item.slice(eq + 1)];
    if (remote === '' || branch === '') return undefined;
    out[remote] = branch;
  }
  return out;
}

/** Each tool event without facts of its own gets the host's (an event that names its own keeps them). */
export function withHost(events: readonly Event[], host: HostFacts | undefined): Event[] {
  if (host === undefined) return [...events];
  return events.map((e) => ('tool' in e && e.host === undefined ? { ...e, host } : e));
}
