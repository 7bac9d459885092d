// Where a package manager runs what it runs inside one workspace package (round 47): `pnpm --filter @shop/release exec
// bash scripts/sync.sh`, `npm exec -w packages/api -- ./deploy.sh` and `yarn workspace @shop/web run ship` run in the
// selected package's folder, so `scripts/sync.sh` there is packages/release/scripts/sync.sh. The folder comes from the
// manager's words (a path selector) or from a package.json the call or the session wrote whose "name" is the one
// selected; a package whose package.json the session never saw is placed where the session wrote files in a folder of
// that name (packages/release for @shop/release: the layout pnpm, npm and yarn workspaces are written in), only when
// one such folder exists. Otherwise nothing moves: the command runs where the manager stands, as before.
import { packageName } from './package-folders.js';
import { programName, resolve } from './paths.js';
import type { GlobMatch } from './types.js';
import { runnableText } from './call-files.js';

/** One package the manager's own words select: by folder, or by name. */
type Selection = { readonly folder: string } | { readonly name: string };

/** The value of an option in `words` (`--filter x`, `--filter=x`, `-Fx` is not pnpm's spelling), every occurrence. */
function optionValues(words: readonly string[], names: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as string;
    const eq = w.indexOf('=');
    if (eq > 0 && names.includes(w.slice(0, eq))) out.push(w.slice(eq + 1));
    else if (names.includes(w) && i + 1 < words.length) out.push(words[++i] as string);
  }
  return out;
}

/** A pnpm filter that names one package: a path (`./packages/ui`, `{packages/ui}`) or an exact name. */
function pnpmSelection(filter: string): Selection | undefined {
  if (/[*?!^[\]]|\.\.\./.test(filter)) return undefined;
  const braced = /^\{(.+)\}$/.exec(filter)?.[1];
  if (braced !== undefined) return { folder: braced };
  if (filter === '.' || /^(\.{1,2})?\//.test(filter)) return { folder: filter };
  return { name: filter };
}

/**
 * The package the manager's words (its program word first, up to the command it runs) select, when they select
 * exactly one: pnpm's `--filter`/`-F`, npm's `-w`/`--workspace` (a folder, or a scoped name), `yarn workspace NAME`.
 */
export function managerSelection(wrapper: readonly string[]): Selection | undefined {
  const manager = wrapper[0] === undefined ? undefined : programName(wrapper[0]);
  let picked: Selection[] = [];
  if (manager === 'pnpm')
    picked = optionValues(wrapper, ['--filter', '-F', '--filter-prod']).flatMap((f) => pnpmSelection(f) ?? []);
  else if (manager === 'npm')
    picked = optionValues(wrapper, ['-w', '--workspace']).map((w) =>
      w.startsWith('@') ? { name: w } : { folder: w.replace(/\/+$/, '') },
    );
  else if (manager === 'yarn') {
    // `yarn workspace NAME …`, after yarn's own flags only (`yarn --cwd workspace exec x` names a folder).
    const at = wrapper.indexOf('workspace');
    const own =
      at > 0 && wrapper.slice(1, at).every((w, i, all) => w.startsWith('-') && all[i - 1] !== '--cwd' && w !== '--cwd');
    const name = own ? wrapper[at + 1] : undefined;
    if (name !== undefined && !name.startsWith('-')) picked = [{ name }];
  }
  const [only, ...more] = picked;
  return only !== undefined && more.length === 0 ? only : undefined;
}

/** The session's files a glob names (the walk's view: the call's own, then the session's). */
export interface WorkspaceFiles {
  matching(pattern: string): GlobMatch[];
}

const bareName = (name: string): string => name.replace(/^@[^/]+\//, '');

/** The folder of the package named `name` under `root`: its package.json's "name" (pnpm also takes a scoped package
 * by its bare name), else the one folder named like it that holds files the session wrote. */
export function packageFolderByName(name: string, root: string | undefined, files: WorkspaceFiles): string | undefined {
  const bare = bareName(name);
  for (const m of files.matching(resolve(root, '**/package.json'))) {
    if (m.path.includes('node_modules/')) continue;
    const text = runnableText(m.file);
    const found = text === undefined ? undefined : packageName(text);
    if (found === name || (name === bare && found !== undefined && bareName(found) === bare))
      return resolve(m.path, '..');
  }
  if (!/^[\w.-]+$/.test(bare)) return undefined;
  const folders = new Set<string>();
  for (const m of files.matching(resolve(root, `**/${bare}/**`))) {
    if (m.path.includes('node_modules/')) continue;
    const at = m.path.indexOf(`/${bare}/`);
    const start = m.path.startsWith(`${bare}/`) ? bare : at === -1 ? undefined : m.path.slice(0, at + bare.length + 1);
    if (start !== undefined) folders.add(start);
  }
  const [only, ...more] = folders;
  return only !== undefined && more.length === 0 ? only : undefined;
}

/** The folder the manager runs its command in, from where it stands (`cwd`); undefined when it selects none or an
 * unknown one. */
export function workspaceFolder(
  wrapper: readonly string[],
  cwd: string | undefined,
  files: WorkspaceFiles,
): string | undefined {
  const s = managerSelection(wrapper);
  if (s === undefined) return undefined;
  return 'folder' in s ? resolve(cwd, s.folder) : packageFolderByName(s.name, cwd, files);
}
