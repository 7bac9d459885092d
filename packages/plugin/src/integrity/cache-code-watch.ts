// Installed code in a cache the sandbox opens to the shell: npx's `_npx` folder under npm's cache holds whole
// installed package trees, and npx runs them again, in any project of the human's, without checking them. The cache
// must stay writable (an honest `npx tool` installs there, and rewrites the entry's lock files on every run), so the
// check is of the result: an entry whose installed files a call created or changed is removed after that call, and
// npx installs it again, from npm's content-checked store (`_cacache`), the next time it is asked for it. An honest
// npx run loses nothing but the reuse (the result check logs a new entry's removal and reports a changed one as a
// BLOCK). Takes the npx folder; reads the entries' file stats.
import { rmSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { lstatQuiet, readdirQuiet } from './fs-quiet.js';

export interface CacheFinding {
  /** The cache entry (a folder) that was removed or kept. */
  readonly path: string;
  readonly created: boolean;
  readonly result: 'restored' | 'approved' | 'kept';
  readonly detail: string;
}

/** Bounds: files stat'ed per check over all entries (a cache larger than this is compared up to it). */
const MAX_FILES = 20_000;

/** npm's cache folder as npm finds it: `npm_config_cache` (either spelling), else ~/.npm. */
export function npmCacheDir(home: string, env: Readonly<Record<string, string | undefined>>): string {
  const set = env.npm_config_cache ?? env.NPM_CONFIG_CACHE;
  return set && isAbsolute(set) ? set : join(home, '.npm');
}

export class CacheCodeWatch {
  private seen = new Map<string, string>();

  constructor(private readonly npxDir: string) {}

  /** Takes the cache as it is now as the truth (a load, or the human's own turn). */
  accept(): void {
    this.seen = this.scan();
  }

  /** Entries created or changed since the last check: removed, unless `approve` (the human's bypass) says keep. */
  check(approve: () => boolean): CacheFinding[] {
    const now = this.scan();
    const changed = [...now].filter(([entry, print]) => this.seen.get(entry) !== print);
    if (changed.length === 0) {
      this.seen = now;
      return [];
    }
    const approved = approve();
    const out = changed.map(([entry]): CacheFinding => {
      const created = !this.seen.has(entry);
      const what = `${created ? 'a new' : 'a changed'} npx cache entry (installed packages npx runs again without checking them)`;
      if (approved) return { path: entry, created, result: 'approved', detail: `${what}; kept by the human's bypass` };
      try {
        rmSync(entry, { recursive: true, force: true });
        now.delete(entry);
        return {
          path: entry,
          created,
          result: 'restored',
          detail: `${what}: removed; npx installs it again from npm's checked cache when it is next asked for it`,
        };
      } catch (error) {
        return { path: entry, created, result: 'kept', detail: `${what}; could not be removed: ${String(error)}` };
      }
    });
    this.seen = now;
    return out;
  }

  /** Each entry and a print of its installed files (path, size, mtime, inode), npm's own lock files left out. */
  private scan(): Map<string, string> {
    const out = new Map<string, string>();
    let budget = MAX_FILES;
    for (const name of readdirQuiet(this.npxDir)) {
      const entry = join(this.npxDir, name);
      const parts: string[] = [];
      const walk = (dir: string, rel: string) => {
        for (const child of readdirQuiet(dir).sort()) {
          // npm rewrites its hidden lock file on every run of an entry it reuses: not installed code.
          if (child === '.package-lock.json' || budget <= 0) continue;
          const path = join(dir, child);
          const st = lstatQuiet(path);
          if (st === 'absent' || 'code' in st) continue;
          budget--;
          parts.push(`${rel}${child}:${st.size}:${st.mtimeMs}:${st.ino}:${st.mode}`);
          if (st.isDirectory()) walk(path, `${rel}${child}/`);
        }
      };
      const modules = join(entry, 'node_modules');
      const st = lstatQuiet(modules);
      // An entry whose node_modules is a link, a file or unreadable is not npm's: printed as such, compared as such.
      if (st === 'absent') parts.push('no node_modules');
      else if ('code' in st || !st.isDirectory()) parts.push(`node_modules is not a folder`);
      else walk(modules, '');
      out.set(entry, parts.join('\n'));
    }
    return out;
  }
}
