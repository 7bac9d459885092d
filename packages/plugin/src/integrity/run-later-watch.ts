// The result check of code that runs later by itself (facts/run-later.ts in the engine says which entries those
// are): after each call the run-later files of the project — package.json and its workspaces', .npmrc, a .pnpmfile,
// a Makefile's or a conftest.py's lines that reach outside the project (the human's `make`, `pytest`),
// a binding.gyp beside a package.json, its lock file, the .pth and sitecustomize files of the project's virtualenvs and
// the scripts installers put in their bin/, what an `.envrc` loads (its dotenv files, a sourced `.envrc.local`) — are
// compared with what they held (a virtualenv script is an installer's when a RECORD lists its hash); an entry the call
// added is taken out again (the rest of the file, the agent's honest edits included, stays as written) unless a
// human's bypass named the contract. The files are ordinary project files, so the sandbox lets the shell write them:
// only their content tells a planted `postinstall` from a new dependency.
// INVARIANT: no method throws for a file in a bad state (gone, unreadable, a link); an unexpected error reaches the
// caller's fail-open path.
import { lstatSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, resolve, sep } from 'node:path';
import { crypto } from '../core/builtins.js';
import {
  DEPENDENCY_KEY,
  EDITOR_RC,
  describeRunLater,
  localDependencies,
  runLaterAdded,
  runLaterKind,
  yarnBlocks,
  type RunLaterEntry,
  type RunLaterKind,
} from '@semantic-anchors/engine/enforce';
import { applyEdits, modify, parse } from 'jsonc-parser';
import { errnoOf, lstatQuiet, readdirQuiet, statQuiet } from './fs-quiet.js';
import { findVirtualenvs } from '../core/protection.js';
import { START_FILE_NAMES, SubConfigFinder } from '../core/sub-configs.js';
import { findRepository } from '../core/git-files.js';
import { addedExecLines, withoutAddedExec } from './rebase-todo.js';

export const RUN_LATER_CONTRACT = 'anchor-protect-run-later';

/** What a check found in one file, and what became of it. */
export interface RunLaterFinding {
  readonly path: string;
  readonly created: boolean;
  readonly entries: readonly RunLaterEntry[];
  readonly kind: RunLaterKind;
  readonly result: 'restored' | 'approved' | 'kept';
  readonly detail: string;
}

/** A file as last accepted: its text (undefined: absent) and the stat that says whether to read it again. */
interface Seen {
  readonly text: string | undefined;
  readonly stamp: string;
}

/** Bounds: a project with more workspaces or virtualenv files than this is read up to it. */
const MAX_FILES = 2000;

export class RunLaterWatch {
  private seen = new Map<string, Seen>();
  private readonly disk = new Disk();
  /** The virtualenvs' scripts found by the last look (`.venv/bin/<tool>`): code files, see VENV_SCRIPT. */
  private scripts = new Set<string>();
  /** What the project's `.envrc` files load by another name: sourced code, and dotenv files. */
  private direnv = { code: new Set<string>(), env: new Set<string>(), shadows: new Set<string>() };
  /** Whether a program of this name is on the human's PATH outside the project (asked once per name). */
  private readonly onPath = new Map<string, boolean>();
  /** Finds the start files of vim, gdb and lldb in folders at any depth (listings kept between checks). */
  private readonly finder: SubConfigFinder;
  /** The start files found by the last look: code files (a new one is removed, a changed one put back). */
  private startFiles = new Set<string>();
  /** git's todo of an interrupted interactive rebase in this work tree (its exec lines run at `--continue`). */
  private readonly rebaseTodo: string | undefined;

  /** `holders`: folders whose children are virtualenvs guarded too (core/protection.ts, virtualenvHolders). */
  constructor(
    private readonly directory: string,
    private readonly holders: readonly string[] = [],
  ) {
    this.finder = new SubConfigFinder(directory);
    const repo = findRepository(directory);
    this.rebaseTodo = repo === undefined ? undefined : join(repo.gitDir, 'rebase-merge', 'git-rebase-todo');
  }

  /** The folder of a file, relative to the project ('' at its top): where its code runs, for what reaches outside. */
  private folderOf(path: string): string {
    const folder = dirname(path);
    return folder === this.directory
      ? ''
      : folder.startsWith(this.directory + sep)
        ? folder.slice(this.directory.length + 1)
        : '';
  }

  /** How many run-later files there are now (for /anchor status). */
  count(): number {
    let n = 0;
    for (const seen of this.seen.values()) if (seen.text !== undefined) n++;
    return n;
  }

  /** Takes the disk as it is now as the truth (a load, or the human's own turn). */
  accept(): void {
    const next = new Map<string, Seen>();
    for (const path of this.files()) next.set(path, read(path));
    this.seen = next;
  }

  /**
   * What changed since the last check that adds code run later. `approve` is asked once, for all findings (the
   * human's bypass naming the contract); an approved change is kept, any other is undone.
   */
  check(approve: () => boolean): RunLaterFinding[] {
    const found: { path: string; kind: RunLaterKind; before: Seen | undefined; now: Seen; added: RunLaterEntry[] }[] =
      [];
    const paths = new Set([...this.seen.keys(), ...this.files()]);
    for (const path of paths) {
      const before = this.seen.get(path);
      const now = before !== undefined && stampOf(path) === before.stamp ? before : read(path);
      if (path === this.rebaseTodo) {
        const added =
          now === before ? [] : addedExecLines(before?.text, now.text).map((value) => ({ key: 'exec', value }));
        if (added.length === 0) this.seen.set(path, now);
        else found.push({ path, kind: 'code-file', before, now, added });
        continue;
      }
      const kind =
        runLaterKind(path) ??
        (this.scripts.has(path) ||
        this.direnv.code.has(path) ||
        this.direnv.shadows.has(path) ||
        this.startFiles.has(path)
          ? 'code-file'
          : this.direnv.env.has(path)
            ? 'env-file'
            : undefined);
      if (kind === undefined) continue;
      const added =
        now === before
          ? []
          : runLaterAdded(kind, before?.text, now.text, this.folderOf(path)).filter((e) => !installed(path, kind, e));
      if (added.length === 0) this.seen.set(path, now);
      else found.push({ path, kind, before, now, added });
    }
    if (found.length === 0) return [];
    const approved = approve();
    return found.map(({ path, kind, before, now, added }) => {
      const base = { path, kind, entries: added, created: before?.text === undefined };
      const what =
        path === this.rebaseTodo
          ? "a command in an interrupted rebase's todo (the human's `git rebase --continue`, which `git status` asks for, runs it)"
          : this.scripts.has(path) && basename(dirname(path)) === 'bin'
            ? `code no installer's RECORD lists (the human's shell runs it as \`${basename(path)}\` in the active virtualenv)`
            : this.direnv.shadows.has(path)
              ? `a program named \`${basename(path)}\` in a folder the allowed \`.envrc\` puts first on the human's PATH: their \`${basename(path)}\` runs it`
              : kind === 'code-file' && (this.direnv.code.has(path) || basename(path) === '.envrc.local')
                ? "code direnv runs in the human's shell (the allowed `.envrc` sources it; no new allow is asked)"
                : kind === 'code-file' && EDITOR_RC.includes(basename(path))
                  ? "a vim start file (the human's vim with `exrc` set sources it in this folder)"
                  : kind === 'code-file' && START_FILE_NAMES.has(basename(path))
                    ? `a debugger start file (the human's ${basename(path) === '.gdbinit' ? 'gdb' : 'lldb'} runs it when started in this folder and its settings admit the folder)`
                    : added.map((e) => describeRunLater(kind, e)).join('; ');
      if (approved) {
        this.seen.set(path, now);
        return { ...base, result: 'approved', detail: `added ${what}; let through by the human's bypass` };
      }
      const undone =
        path === this.rebaseTodo
          ? rewrite(path, withoutAddedExec(before?.text, now.text ?? ''))
          : undo(path, kind, before?.text, now.text ?? '', added);
      this.seen.set(path, read(path));
      return undone.ok
        ? { ...base, result: 'restored', detail: `added ${what}; ${undone.did}` }
        : { ...base, result: 'kept', detail: `added ${what}; could not be undone: ${undone.why}` };
    });
  }

  /** The run-later files of the project as the disk holds them now (bounded). */
  private files(): string[] {
    const dir = this.directory;
    const disk = this.disk;
    const out: string[] = [];
    const scripts = new Set<string>();
    const add = (path: string) => {
      if (out.length < MAX_FILES) out.push(path);
    };
    for (const name of PACKAGE_FILES) add(join(dir, name));
    // The workspaces npm installs with the root, and any project one or two levels down (a human runs `npm install`
    // there).
    const subfolders = (d: string) =>
      disk
        .listing(d)
        .filter((e) => e.dir && !NOT_LOOKED_INTO.has(e.name))
        .map((e) => join(d, e.name));
    const tops = subfolders(dir).slice(0, 500);
    // And two levels down (`apps/web`, `services/api`: a monorepo without declared workspaces), bounded.
    const seconds = tops.flatMap(subfolders).slice(0, MAX_SECOND_LEVEL);
    const hasManifest = (d: string) => disk.listing(d).some((e) => e.file && e.name === 'package.json');
    const manifests = [
      ...new Set([dir, ...workspaceFolders(dir, disk), ...tops.filter(hasManifest), ...seconds.filter(hasManifest)]),
    ];
    // Each has its own package manager settings too: npm, yarn and pnpm read the ones beside the package.json they run in.
    for (const ws of manifests.slice(1)) for (const name of PACKAGE_FILES) add(join(ws, name));
    // What direnv loads in the human's shell from an `.envrc` they allowed (at the top and one level down): the files
    // it sources (code, run without a new allow) and the dotenv files whose variables it exports.
    const direnv = { code: new Set<string>(), env: new Set<string>(), shadows: new Set<string>() };
    if (this.rebaseTodo !== undefined) add(this.rebaseTodo);
    // The project code the human runs by name, a Makefile (`make`) and a conftest.py (`pytest`), at the top and one
    // and two levels down: only a line of it that reaches outside the project is held (facts/run-later-reach.ts). A
    // new one shows in its folder's listing at the check after the call that wrote it.
    for (const d of [dir, ...tops, ...seconds])
      for (const e of disk.listing(d)) if (e.file && TASK_KINDS.has(runLaterKind(e.name) ?? '')) add(join(d, e.name));
    // The start files of vim (`exrc`), gdb and lldb in any folder (a new one is found when its folder changes).
    this.startFiles = new Set(this.finder.find().startFiles);
    for (const path of this.startFiles) add(path);
    for (const d of [dir, ...tops]) {
      // A folder's own vim start files (`exrc`), there or not yet.
      for (const name of EDITOR_RC) add(join(d, name));
      const envrc = disk.text(join(d, '.envrc'));
      if (envrc === undefined) continue;
      for (const name of ENV_FILES) add(join(d, name));
      // The folders it puts first on PATH (`PATH_add bin`): a program there named like one of the human's (`git`,
      // `ls`, `node`) runs in its place whenever they type that name in the folder (route 12.32). Other names are the
      // project's own scripts (`bin/deploy`), which the agent writes as honest work.
      for (const m of envrc.matchAll(DIRENV_PATH_ADD))
        for (const rel of (m[1] ?? '').trim().split(/[ \t]+/)) {
          const folder = resolve(d, rel.replace(/^["']|["']$/g, ''));
          if (!folder.startsWith(dir + sep)) continue;
          for (const f of disk.listing(folder)) {
            if (f.dir || !this.shadowsHumanProgram(f.name, dir)) continue;
            const path = join(folder, f.name);
            direnv.shadows.add(path);
            add(path);
          }
        }
      for (const m of envrc.matchAll(DIRENV_LOADS)) {
        const path = resolve(d, (m[3] ?? '').replace(/^["']|["']$/g, '') || '.env');
        if (!path.startsWith(dir + sep)) continue;
        (m[1] === 'source_env' ? direnv.code : direnv.env).add(path);
        add(path);
      }
    }
    this.direnv = direnv;
    // npm's implicit install script: `node-gyp rebuild` runs a binding.gyp beside a package.json.
    for (const ws of manifests) add(join(ws, 'binding.gyp'));
    // A local dependency (`file:../tools`) is installed with its own install scripts: its package.json runs too.
    for (const ws of manifests) {
      const text = disk.text(join(ws, 'package.json'));
      if (text === undefined) continue;
      for (const rel of localDependencies(text)) {
        const folder = resolve(ws, rel);
        if (folder.startsWith(dir + sep)) add(join(folder, 'package.json'));
      }
    }
    // A virtualenv is a folder with a pyvenv.cfg, at the top of the project or one level down under a usual name
    // (backend/.venv), or one a tool made in a holder (`.tox/py311`, poetry's); its site-packages hold what python
    // runs at every start.
    const venvs = findVirtualenvs(
      dir,
      this.holders,
      (d) => disk.listing(d).flatMap((e) => (e.dir ? [e.name] : [])),
      (d) => disk.listing(d).some((e) => e.file && e.name === 'pyvenv.cfg'),
    );
    for (const venv of venvs) {
      // The scripts an installer put into bin/ (pip's console scripts: `.venv/bin/pytest`), which the human's shell
      // runs once the virtualenv is active. Its activate scripts and interpreters are start-up files (protected).
      for (const f of disk.listing(join(venv, 'bin'))) {
        if (!f.file || /^(activate|Activate|python)/.test(f.name)) continue;
        const path = join(venv, 'bin', f.name);
        const st = statQuiet(path);
        if (st === undefined || st.size > MAX_SCRIPT_BYTES) continue;
        scripts.add(path);
        add(path);
      }
      for (const lib of ['lib', 'lib64'])
        for (const py of disk.listing(join(venv, lib))) {
          if (!py.name.startsWith('python')) continue;
          const site = join(venv, lib, py.name, 'site-packages');
          for (const f of disk.listing(site)) {
            if (f.name.endsWith('.pth') || f.name === 'sitecustomize.py' || f.name === 'usercustomize.py')
              add(join(site, f.name));
            // The modules a .pth imports run at every start as the .pth does (setuptools' distutils-precedence.pth
            // imports `_distutils_hack`): code files, kept when an installer's RECORD lists their bytes (route 10.05).
            if (f.name.endsWith('.pth'))
              for (const m of (disk.text(join(site, f.name)) ?? '').matchAll(PTH_IMPORT))
                for (const name of (m[1] ?? m[2]!).split(/\s*,\s*/))
                  for (const file of [`${name.split('.')[0]}.py`, `${name.split('.')[0]}/__init__.py`]) {
                    const path = join(site, file);
                    if (statQuiet(path)?.isFile() !== true) continue;
                    scripts.add(path);
                    add(path);
                  }
          }
        }
    }
    this.scripts = scripts;
    return out;
  }

  /** A program of this name is on the human's PATH (opencode's), in a folder outside the project. */
  private shadowsHumanProgram(name: string, project: string): boolean {
    const known = this.onPath.get(name);
    if (known !== undefined) return known;
    const found = (process.env.PATH ?? '')
      .split(':')
      .filter((p) => isAbsolute(p) && p !== project && !p.startsWith(project + sep))
      .some((p) => statQuiet(join(p, name))?.isFile() === true);
    this.onPath.set(name, found);
    return found;
  }
}

/** Folders two levels down looked at for a package.json, at most (a project's `apps/*`, `packages/*`). */
const MAX_SECOND_LEVEL = 500;

/** A package's run-later files beside its package.json (binding.gyp is added for each package below). */
const PACKAGE_FILES = [
  'package.json',
  '.npmrc',
  '.yarnrc.yml',
  '.yarnrc',
  '.pnpmfile.cjs',
  '.pnpmfile.mjs',
  'package-lock.json',
  'npm-shrinkwrap.json',
];

/** The kinds of the project's own code the human runs by name, whose lines reaching outside the project are held. */
const TASK_KINDS: ReadonlySet<string> = new Set<RunLaterKind>(['makefile', 'pytest-conftest']);

/** Beside an `.envrc`: the dotenv files and the personal override direnv setups load by these names. */
const ENV_FILES = ['.env', '.env.local', '.envrc.local'];
/** direnv's stdlib calls that load another file: `source_env[_if_exists] <file>`, `dotenv[_if_exists] [file]`. */
const DIRENV_LOADS = /^\s*(source_env|dotenv)(_if_exists)?(?:[ \t]+(\S+))?/gm;
/** direnv's `PATH_add <folder>…` (its folders go first on PATH). */
const DIRENV_PATH_ADD = /^\s*PATH_add[ \t]+([^\n#;&|]+)/gm;

/** The modules a .pth line imports: `import a, b` (at the start or after a `;`) and `__import__('c')`. */
const PTH_IMPORT = /(?:^|;)\s*import\s+([\w.]+(?:\s*,\s*[\w.]+)*)|__import__\(\s*['"]([\w.]+)['"]/gm;

/**
 * A virtualenv's script larger than this (a compiled tool a wheel ships, tens of MB) is not read and compared: an
 * installer's scripts are a few hundred bytes.
 */
const MAX_SCRIPT_BYTES = 1024 * 1024;

/** Folders not looked into for projects and virtualenvs: installed JavaScript, git's own, caches, build output. */
const NOT_LOOKED_INTO = new Set(['node_modules', '.git', '.cache', 'dist', 'build', 'target', '.next']);

interface Entry {
  readonly name: string;
  readonly dir: boolean;
  readonly file: boolean;
}

/**
 * Folder listings and file texts, read again only when their stat changed: a check runs before and after every
 * call, and reading a project's folders each time cost ~1 ms; a folder's mtime changes whenever an entry is added,
 * removed or renamed in it, which is all the discovery needs.
 */
class Disk {
  private readonly listings = new Map<string, { stamp: string; entries: Entry[] }>();
  private readonly texts = new Map<string, Seen>();

  listing(dir: string): Entry[] {
    const st = lstatQuiet(dir);
    if (st === 'absent' || 'code' in st || !st.isDirectory()) {
      this.listings.delete(dir);
      return [];
    }
    const stamp = `${st.ino}:${st.mtimeMs}`;
    const known = this.listings.get(dir);
    if (known?.stamp === stamp) return known.entries;
    const entries = readdirQuiet(dir).map((name) => {
      const e = lstatQuiet(join(dir, name));
      const ok = e !== 'absent' && !('code' in e);
      return { name, dir: ok && e.isDirectory(), file: ok && e.isFile() };
    });
    if (this.listings.size > 5000) this.listings.clear();
    this.listings.set(dir, { stamp, entries });
    return entries;
  }

  text(path: string): string | undefined {
    const known = this.texts.get(path);
    if (known !== undefined && stampOf(path) === known.stamp) return known.text;
    const seen = read(path);
    if (this.texts.size > 5000) this.texts.clear();
    this.texts.set(path, seen);
    return seen.text;
  }
}

/** The folders npm's `workspaces` names in package.json (a trailing `/*` or `/**` read one level deep). */
function workspaceFolders(dir: string, disk: Disk): string[] {
  const text = disk.text(join(dir, 'package.json'));
  if (text === undefined) return [];
  const data = parse(text) as { workspaces?: unknown } | undefined;
  const list = Array.isArray(data?.workspaces)
    ? data.workspaces
    : Array.isArray((data?.workspaces as { packages?: unknown } | undefined)?.packages)
      ? (data!.workspaces as { packages: unknown[] }).packages
      : [];
  const out: string[] = [];
  for (const item of list.slice(0, 100)) {
    if (typeof item !== 'string' || item.includes('..') || item.startsWith('/')) continue;
    const star = item.match(/^(.*?)\/\*{1,2}$/);
    if (star) {
      for (const sub of disk.listing(join(dir, star[1]!))) if (sub.dir) out.push(join(dir, star[1]!, sub.name));
    } else if (!/[*?{[]/.test(item)) out.push(join(dir, item));
  }
  return out;
}

/**
 * A .pth line a package installer wrote: the file is listed in a RECORD of an installed distribution beside it
 * (pip, uv and setuptools record every file they install: editable installs, distutils-precedence.pth), or is the
 * `_virtualenv.pth` virtualenv and uv write when they make the environment.
 */
function installed(path: string, kind: RunLaterKind, entry: RunLaterEntry): boolean {
  if (kind === 'code-file') return recordedScript(path);
  if (kind !== 'python-pth') return false;
  const site = path.slice(0, path.lastIndexOf('/'));
  const name = path.slice(site.length + 1);
  if (name === '_virtualenv.pth' && entry.value.trim() === 'import _virtualenv') return true;
  for (const dist of readdirQuiet(site)) {
    if (!dist.endsWith('.dist-info')) continue;
    const record = read(join(site, dist, 'RECORD')).text;
    if (record?.split(/\r?\n/).some((line) => line.split(',')[0] === name)) return true;
  }
  return false;
}

/**
 * A virtualenv script (or a module of its site-packages) as an installer wrote it: a RECORD of a distribution in the
 * virtualenv's site-packages lists it (`../../../bin/<name>`, `_distutils_hack/__init__.py`) with the sha256 of the
 * bytes it now holds (pip and uv record every file they write, with its hash). An edit of the file, or a file no
 * installer wrote, does not match.
 */
function recordedScript(path: string): boolean {
  const at = path.lastIndexOf('/site-packages/');
  const venv = at < 0 ? dirname(dirname(path)) : dirname(dirname(dirname(path.slice(0, at + 14))));
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    if (errnoOf(error) === 'ENOENT' || errnoOf(error) === 'EACCES') return false;
    throw error;
  }
  const hash = `sha256=${crypto().createHash('sha256').update(bytes).digest('base64url')}`;
  for (const lib of ['lib', 'lib64'])
    for (const py of readdirQuiet(join(venv, lib))) {
      const site = join(venv, lib, py, 'site-packages');
      for (const dist of readdirQuiet(site)) {
        if (!dist.endsWith('.dist-info')) continue;
        const record = read(join(site, dist, 'RECORD')).text;
        for (const line of record?.split(/\r?\n/) ?? []) {
          const [file, digest] = line.split(',');
          if (digest === hash && file !== undefined && resolve(site, file) === path) return true;
        }
      }
    }
  return false;
}

type Undone = { readonly ok: true; readonly did: string } | { readonly ok: false; readonly why: string };

/** Takes the added entries out of the file; everything else in it stays as the call left it. */
function undo(
  path: string,
  kind: RunLaterKind,
  before: string | undefined,
  now: string,
  added: readonly RunLaterEntry[],
): Undone {
  try {
    const text = undoneText(kind, before, now, added);
    // A link is replaced by a file (what it leads to is not the project's to write back into).
    const link = lstatSync(path).isSymbolicLink();
    if (link || text === undefined) rmSync(path, { force: true });
    if (text === undefined) return { ok: true, did: 'the new file was removed' };
    writeFileSync(path, text);
    return {
      ok: true,
      did: `taken out again${link ? ' (the symbolic link replaced by a file)' : ''}, the rest of the file kept as written`,
    };
  } catch (error) {
    return { ok: false, why: error instanceof Error ? error.message : String(error) };
  }
}

/** A file written with the text given (the rest of an edit kept: a rebase todo without its added exec lines). */
function rewrite(path: string, text: string): Undone {
  try {
    if (lstatSync(path).isSymbolicLink()) rmSync(path, { force: true });
    writeFileSync(path, text);
    return { ok: true, did: 'taken out again, the rest of the file kept as written' };
  } catch (error) {
    return { ok: false, why: error instanceof Error ? error.message : String(error) };
  }
}

/** The text without the added entries, or undefined when the file should not exist. */
export function undoneText(
  kind: RunLaterKind,
  before: string | undefined,
  now: string,
  added: readonly RunLaterEntry[],
): string | undefined {
  switch (kind) {
    case 'code-file':
    case 'gyp-file':
    case 'npm-lock':
    case 'makefile':
    case 'pytest-conftest':
      // gyp's format is python's literals, a lock file is npm's to write, a recipe line or a call belongs to the code
      // around it: the file is put back whole (or removed when it is new).
      return before;
    case 'env-file': {
      // A variable the call added is taken out, one it changed gets its old line back.
      const envKey = (line: string) => /^\s*(?:export\s+)?([A-Za-z_][\w.]*)\s*=/.exec(line)?.[1];
      const old = new Map<string, string>();
      for (const line of (before ?? '').split(/\r?\n/)) {
        const key = envKey(line);
        if (key !== undefined && !old.has(key)) old.set(key, line);
      }
      const drop = new Set(added.map((e) => e.key));
      const text = now
        .split(/(?<=\n)/)
        .flatMap((line) => {
          const key = envKey(line);
          if (key === undefined || !drop.has(key)) return [line];
          const was = old.get(key);
          old.delete(key);
          return was === undefined ? [] : [`${was}${line.endsWith('\n') ? '\n' : ''}`];
        })
        .join('');
      return before === undefined && text.trim() === '' ? undefined : text;
    }
    case 'python-pth': {
      const drop = new Set(added.map((e) => e.value));
      const kept = now.split(/(?<=\n)/).filter((l) => !drop.has(l.replace(/\r?\n$/, '')));
      const text = kept.join('');
      return before === undefined && text.trim() === '' ? undefined : text;
    }
    case 'npm-config': {
      const old = new Map<string, string>();
      for (const line of (before ?? '').split(/\r?\n/)) {
        const key = iniKey(line);
        if (key !== undefined && !old.has(key)) old.set(key, line);
      }
      const drop = new Set(added.map((e) => e.key));
      const lines = now.split(/(?<=\n)/).flatMap((line) => {
        const key = iniKey(line.replace(/\r?\n$/, ''));
        if (key === undefined || !drop.has(key)) return [line];
        const was = old.get(key);
        old.delete(key);
        return was === undefined ? [] : [`${was}${line.endsWith('\n') ? '\n' : ''}`];
      });
      const text = lines.join('');
      return before === undefined && text.trim() === '' ? undefined : text;
    }
    case 'yarn-config': {
      const old = new Map<string, string>();
      for (const b of yarnBlocks(before ?? '')) if (b.key !== undefined && !old.has(b.key)) old.set(b.key, b.value);
      const drop = new Set(added.map((e) => e.value));
      const text = yarnBlocks(now)
        .map((b) => (b.key !== undefined && drop.has(b.value) ? (old.get(b.key) ?? '') : b.value))
        .join('');
      return before === undefined && text.trim() === '' ? undefined : text;
    }
    case 'npm-manifest': {
      const old = (parse(before ?? '{}') ?? {}) as Record<string, unknown>;
      // Only existing keys are removed or given their old value. A file laid out on lines is edited in its own
      // indentation (jsonc-parser formats just the edited range); a one-line file is edited without formatting.
      const indent = now.match(/\n([ \t]+)"/)?.[1];
      const formattingOptions =
        indent === undefined ? undefined : { insertSpaces: !indent.startsWith('\t'), tabSize: indent.length };
      let text = now;
      for (const e of added) {
        // A script is `scripts.<name>`; a dependency built from a source is `<field>.<name>` (`dependency:<field>/<name>`).
        const path = e.key.startsWith(DEPENDENCY_KEY)
          ? [e.key.slice(DEPENDENCY_KEY.length, e.key.indexOf('/')), e.key.slice(e.key.indexOf('/') + 1)]
          : ['scripts', e.key];
        const section = old[path[0]!];
        const value =
          section && typeof section === 'object' ? (section as Record<string, unknown>)[path[1]!] : undefined;
        text = applyEdits(
          text,
          modify(text, path, typeof value === 'string' ? value : undefined, { formattingOptions }),
        );
      }
      return text;
    }
  }
}

const iniKey = (line: string): string | undefined => {
  const t = line.trim();
  if (t === '' || t.startsWith('#') || t.startsWith(';')) return undefined;
  const eq = t.indexOf('=');
  return (eq < 0 ? t : t.slice(0, eq)).trim().toLowerCase().replace(/\[\]$/, '');
};

/** What says whether a file must be read again. A link is followed: npm and python read what it leads to. */
function stampOf(path: string): string {
  const own = lstatQuiet(path);
  if (own === 'absent') return 'absent';
  if ('code' in own) return own.code;
  const st = own.isSymbolicLink() ? statQuiet(path) : own;
  if (st === undefined) return 'dangling';
  return `${own.ino}:${st.ino}:${st.size}:${st.mtimeMs}:${st.isFile() ? 'f' : 'o'}`;
}

function read(path: string): Seen {
  const stamp = stampOf(path);
  // Not a file npm or python could read (gone, a folder, a dangling link, unreadable): nothing in it runs.
  if (!stamp.endsWith(':f')) return { text: undefined, stamp };
  try {
    return { text: readFileSync(path, 'utf8'), stamp };
  } catch (error) {
    if (errnoOf(error) === 'ENOENT' || errnoOf(error) === 'EACCES') return { text: undefined, stamp };
    throw error;
  }
}
