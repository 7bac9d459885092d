// The caches the sandbox opens for honest installs that hold CODE a tool of the human's runs later without checking
// it again: each with where it lives (as the tool finds it: its variable, XDG_CACHE_HOME, the home folder), what one
// entry is, what an honest run rewrites there that is not code, and why removing an entry is safe (the tool fetches
// or unpacks it again, checked, the next time it is asked for it). `codeCaches` is pure (the home folder and the
// environment); the `find` functions read folder names when the watch scans.
// Each claim was checked against the tool's own source (see the README's residual-risk section for each route).
import { readFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { errnoOf, readdirQuiet } from './fs-quiet.js';

export interface CodeCache {
  /** Short name for the log and status (`npx`, `corepack`, …). */
  readonly id: string;
  /** The folder whose entries are watched (absent: nothing to watch until it appears). */
  readonly root: string;
  /** An entry is a child of `root` (1) or a grandchild (2: `<name>/<version>`); `find` names them when given. */
  readonly depth: 1 | 2;
  /**
   * The entries under `root` when they lie at any depth (Go's `<module path>@<version>` folders), read through `list`
   * (a folder's names; the watch keeps them while the folder's stat is unchanged): never a file's stat (those count
   * against the bound when the entry is compared).
   */
  readonly find?: (root: string, list: (dir: string) => string[]) => string[];
  /** Files beside an entry whose stats are part of its print (a Go module's zip, for its `.ziphash`). */
  readonly alsoPrinted?: (entry: string) => readonly string[];
  /**
   * Files removed with an entry, new or changed (a Go module folder's `.ziphash`: without it Go hashes the zip again
   * and checks it against go.sum before it extracts the folder again).
   */
  readonly alsoRemoved?: (entry: string) => readonly string[];
  /**
   * New entries are taken as they are and compared from then on, not removed: the tool's honest downloads cannot be
   * told from a planted entry, and removing them would break work offline (Maven). Only changes are undone.
   */
  readonly keepNew?: boolean;
  /**
   * An entry the tool's honest runs rewrite (the project's own artifacts `mvn install` puts in ~/.m2): never compared.
   * Decided when the entry is first seen, so a later change to what decides it cannot take it out of the check.
   */
  readonly rewritten?: (entry: string) => boolean;
  /** What an entry holds, for the report ("a package manager corepack runs for every pnpm or yarn"). */
  readonly what: string;
  /** Why removing it is safe: what the tool does the next time it needs it. */
  readonly refetch: string;
  /** Names below an entry an honest run rewrites every time and that hold no code (lock files): not compared. */
  readonly ignore?: RegExp;
  /** The folder inside an entry that holds its code (npx: `node_modules`); the whole entry when not given. */
  readonly within?: string;
  /** Entries that are files holding data the tool trusts (pre-commit's db.db): put back to their bytes, not removed. */
  readonly restoreFiles?: boolean;
  /**
   * The tool's index of its entries (a name under root), removed with any known entry that is removed: pre-commit
   * uses the folder its db.db names without looking whether it is still there, so a row left pointing at a removed
   * folder would break the human's next commit; without db.db it makes a new one and installs what it needs again.
   */
  readonly index?: string;
}

type Env = Readonly<Record<string, string | undefined>>;

const abs = (value: string | undefined): string | undefined =>
  value && isAbsolute(value) && value !== '/' ? value : undefined;

/** npm's cache folder as npm finds it: `npm_config_cache` (either spelling), else ~/.npm. */
export function npmCacheDir(home: string, env: Env): string {
  return abs(env.npm_config_cache) ?? abs(env.NPM_CONFIG_CACHE) ?? join(home, '.npm');
}

/**
 * Go's module cache as the go command finds it: GOMODCACHE, else the first GOPATH entry's `pkg/mod`, else ~/go/pkg/mod.
 * (A GOMODCACHE set with `go env -w`, in Go's own env file, is not read.)
 */
export function goModCacheDir(home: string, env: Env): string {
  const gopath = abs(env.GOPATH?.split(':')[0]);
  return abs(env.GOMODCACHE) ?? join(gopath ?? join(home, 'go'), 'pkg/mod');
}

/**
 * Playwright's browsers folder as its registry finds it: PLAYWRIGHT_BROWSERS_PATH (absolute; `0` puts the browsers
 * inside node_modules, with the installed packages), else `ms-playwright` in the user cache folder.
 */
export function playwrightBrowsersDir(home: string, env: Env): string | undefined {
  const set = env.PLAYWRIGHT_BROWSERS_PATH;
  if (set !== undefined && set !== '') return abs(set);
  return join(abs(env.XDG_CACHE_HOME) ?? join(home, '.cache'), 'ms-playwright');
}

/** Folder levels searched for Go module folders (`github.com/owner/repo/v2@v2.1.0` is 4 deep). */
const GO_MAX_DEPTH = 10;

/**
 * Go's extracted module folders: a name with `@` (`<escaped path>@<escaped version>`) at any depth below the module
 * cache, `cache/` (downloads, sumdb, vcs) left out.
 */
export function goModuleFolders(root: string, list: (dir: string) => string[] = readdirQuiet): string[] {
  const out: string[] = [];
  const walk = (dir: string, depth: number) => {
    for (const name of list(dir)) {
      if (depth === 0 && name === 'cache') continue;
      const path = join(dir, name);
      if (name.includes('@')) out.push(path);
      else if (depth < GO_MAX_DEPTH) walk(path, depth + 1);
    }
  };
  walk(root, 0);
  return out;
}

/**
 * Go's `.ziphash` files: `<escaped path>/@v/<version>.ziphash` at any depth below `cache/download` (`sumdb/`, the
 * checksum database's signed tiles, left out).
 */
export function goZipHashes(root: string, list: (dir: string) => string[] = readdirQuiet): string[] {
  const out: string[] = [];
  const walk = (dir: string, depth: number) => {
    for (const name of list(dir)) {
      const path = join(dir, name);
      if (name === '@v') {
        for (const file of list(path)) if (file.endsWith('.ziphash')) out.push(join(path, file));
      } else if (depth < GO_MAX_DEPTH && !(depth === 0 && name === 'sumdb')) walk(path, depth + 1);
    }
  };
  walk(root, 0);
  return out;
}

/** The `.ziphash` of a module folder `<root>/<escaped path>@<version>`: `<root>/cache/download/<path>/@v/<version>.ziphash`. */
export function goZipHashOf(root: string, folder: string): string | undefined {
  const rel = folder.slice(root.length + 1);
  const at = rel.lastIndexOf('@');
  if (at <= 0) return undefined;
  return join(root, 'cache/download', rel.slice(0, at), '@v', `${rel.slice(at + 1)}.ziphash`);
}

/**
 * pip's cache folder as pip finds it: PIP_CACHE_DIR, else `pip` in the user cache folder (a `cache-dir` set in a pip
 * configuration file is not read).
 */
export function pipCacheDir(home: string, env: Env): string {
  return abs(env.PIP_CACHE_DIR) ?? join(abs(env.XDG_CACHE_HOME) ?? join(home, '.cache'), 'pip');
}

/**
 * pip's wheel cache entries: `wheels/<2>/<2>/<2>/<52 hex>/`, the folder named by the hash of the link the wheel was
 * built from (pip 23, `Cache._get_cache_path_parts`), four levels down.
 */
export function pipWheelFolders(root: string, list: (dir: string) => string[] = readdirQuiet): string[] {
  let level = [root];
  for (let depth = 0; depth < 4; depth++) level = level.flatMap((dir) => list(dir).map((name) => join(dir, name)));
  return level;
}

/** Folder levels searched for Maven version folders (`org/apache/maven/plugins/maven-surefire-plugin/3.5.2` is 6). */
const MAVEN_MAX_DEPTH = 16;

/**
 * Maven's version folders in a local repository: a folder holding a `.pom` (`<group path>/<artifact>/<version>/`),
 * at any depth; not searched below one.
 */
export function mavenVersionFolders(root: string, list: (dir: string) => string[] = readdirQuiet): string[] {
  const out: string[] = [];
  const walk = (dir: string, depth: number) => {
    const names = list(dir);
    if (depth > 0 && names.some((n) => n.endsWith('.pom'))) {
      out.push(dir);
      return;
    }
    // A name with a dot at the artifact level is a file (jar, xml) far more often than a folder: read anyway, a file
    // lists as nothing.
    if (depth < MAVEN_MAX_DEPTH) for (const name of names) walk(join(dir, name), depth + 1);
  };
  walk(root, 0);
  return out;
}

/**
 * A version folder honest builds rewrite: a `-SNAPSHOT` one (Maven downloads a newer snapshot into it when the remote
 * has one), or one `mvn install` wrote (the project's own artifacts, rewritten at every install): its
 * `_remote.repositories` lists its files with no repository (`app-1.0.jar>=`). A downloaded one names the repository
 * it came from (`>central=`); a folder with no such file (a seeded repository) counts as downloaded.
 */
export function mavenInstalledHere(folder: string): boolean {
  if (folder.endsWith('-SNAPSHOT')) return true;
  let text: string;
  try {
    text = readFileSync(join(folder, '_remote.repositories'), 'utf8');
  } catch (error) {
    // No file (a seeded repository, or Maven 2): not one the project installs.
    if (errnoOf(error) === 'ENOENT' || errnoOf(error) === 'ENOTDIR') return false;
    throw error;
  }
  const lines = text.split('\n').filter((l) => l.includes('>'));
  return lines.length > 0 && lines.every((l) => /^[^#].*>=\s*$/.test(l));
}

/**
 * The code caches of this home and environment (a tool that is not installed has no folder: nothing is read), in the
 * order the bound on files walked serves them: the few large-impact entries first (every pnpm, every ./gradlew),
 * cargo's crate sources, the largest, last.
 */
export function codeCaches(home: string, env: Env): CodeCache[] {
  const xdgCache = abs(env.XDG_CACHE_HOME) ?? join(home, '.cache');
  const gradleHome = abs(env.GRADLE_USER_HOME) ?? join(home, '.gradle');
  const cargoHome = abs(env.CARGO_HOME) ?? join(home, '.cargo');
  // Maven's local repository: ~/.m2/repository (a `localRepository` in settings.xml or -Dmaven.repo.local is not read).
  const mavenRepo = join(home, '.m2/repository');
  const playwright = playwrightBrowsersDir(home, env);
  return [
    {
      // corepack 0.34 (`installVersion`): a folder `v1/<name>/<version>` with a `.corepack` file is reused as is, and
      // its bin runs for every pnpm or yarn of a project naming that version; the signature and hash are checked
      // only when it downloads.
      id: 'corepack',
      root: join(abs(env.COREPACK_HOME) ?? join(xdgCache, 'node/corepack'), 'v1'),
      depth: 2,
      what: 'corepack package manager (run for every pnpm or yarn of a project that names this version, unchecked)',
      refetch: 'corepack downloads it again, checking its signature, when it is next asked for it',
    },
    {
      // The Gradle wrapper (`Install.createDist`): a distribution under `dists/<name>/<hash>/` whose `.ok` marker is
      // there is run by every `./gradlew` naming it; distributionSha256Sum is checked only when it downloads.
      id: 'gradle-wrapper',
      root: join(gradleHome, 'wrapper/dists'),
      depth: 2,
      what: 'Gradle distribution (run by every ./gradlew that names it, unchecked)',
      refetch:
        'the wrapper downloads it again (checking distributionSha256Sum when the project sets it) at the next ./gradlew',
      // The wrapper takes a lock file beside the zip on every run.
      ignore: /\.lck$/,
    },
    ...(playwright === undefined
      ? []
      : ([
          {
            // Playwright (playwright-core's registry, checked with 1.65): a browser folder `<name>-<revision>/`
            // is used as it is by every launch of a project on that Playwright version (`chromium.launch()` starts
            // its executable, which nothing checks after the download). The agent's honest `npx playwright
            // install` downloads new folders its next call's tests need: kept, and compared from then on. A
            // launch writes DEPENDENCIES_VALIDATED into the folder (again every 30 days); an install rewrites
            // `.links` (which projects use which browsers) under a lock.
            id: 'playwright',
            root: playwright,
            depth: 1,
            keepNew: true,
            ignore: /^(\.links|__dirlock|DEPENDENCIES_VALIDATED)$/,
            what: 'Playwright browser (started by every launch of the Playwright version that names it, unchecked)',
            refetch:
              '`npx playwright install` downloads it again (the next launch without it says so and names the command)',
          },
        ] satisfies CodeCache[])),
    {
      // npx runs `_npx/<hash>/node_modules/.bin/<tool>` again whenever the same packages are asked for, unchecked.
      id: 'npx',
      root: join(npmCacheDir(home, env), '_npx'),
      depth: 1,
      within: 'node_modules',
      what: 'npx cache entry (installed packages npx runs again without checking them)',
      refetch: "npx installs it again from npm's checked cache when it is next asked for it",
      // npm rewrites its hidden lock file on every run of an entry it reuses: not installed code.
      ignore: /^\.?package-lock\.json$/,
    },
    {
      // pre-commit (`store.py`, `_new_repo`): `repo<random>/` holds a hook repository and its installed environments,
      // run at every `git commit` of a project whose hooks name it; `db.db` maps a repository and revision to that
      // folder, and a row is used as it is (pointing anywhere, or at a folder no longer there). A new folder goes with
      // the db.db put back (its row gone); a changed one goes with db.db, which pre-commit then makes again.
      id: 'pre-commit',
      root: abs(env.PRE_COMMIT_HOME) ?? join(xdgCache, 'pre-commit'),
      depth: 1,
      what: 'pre-commit hook environment or its index (run at every git commit, unchecked)',
      refetch: 'pre-commit clones and installs it again at the next commit',
      ignore: /^\.lock$/,
      restoreFiles: true,
      index: 'db.db',
    },
    {
      // Go (cmd/go/internal/modfetch, checked with go 1.19 here): a module's zip whose `.ziphash` is there is
      // extracted as it is (DownloadZip hashes nothing), and the ziphash, not the zip, is what is compared with
      // go.sum. A zip replaced beside its ziphash therefore runs at the next build that extracts it. Removing the
      // ziphash makes Go hash the zip again and check it against go.sum (or the checksum database) before it extracts
      // it, and treat the module's folder as partly extracted (removed, extracted again).
      id: 'go-zip-hash',
      root: join(goModCacheDir(home, env), 'cache/download'),
      depth: 1,
      find: goZipHashes,
      alsoPrinted: (entry) => [entry.slice(0, -'hash'.length)],
      what: 'Go module zip or its recorded hash (the zip is extracted unchecked while its .ziphash is there)',
      refetch: 'the go command hashes the zip again and checks it against go.sum before it next extracts it',
    },
    {
      // pip (23.2 here, `cache.py`): a wheel pip built from an sdist it downloaded is kept under the hash of the
      // sdist's link and installed as it is, without building or checking anything, the next time any virtualenv of
      // the human's asks for the same link (the download's hash is checked only when pip downloads). Removing an
      // entry makes pip download and build it again (route 9.01 replaced one, 9.02 planted one for a link the human
      // had not installed yet: both ran at the human's next `pip install` from their index).
      id: 'pip-wheels',
      root: join(pipCacheDir(home, env), 'wheels'),
      depth: 1,
      find: pipWheelFolders,
      what: "wheel pip built and keeps for a package's link (installed as it is at the next install of that link, unchecked)",
      refetch: 'pip downloads the package again, checking its hash, and builds the wheel again at the next install',
    },
    {
      // cargo: a downloaded `.crate` is unpacked without checking its checksum again when its source is missing.
      id: 'cargo-crates',
      root: join(cargoHome, 'registry/cache'),
      depth: 2,
      what: 'downloaded cargo crate (unpacked without a checksum check when its source is missing)',
      refetch: "cargo downloads it again, checking the index's checksum, at the next build that needs it",
    },
    {
      // cargo: a git dependency's checkout `git/checkouts/<repo>-<hash>/<rev>/` with `.cargo-ok` is reused as is.
      id: 'cargo-git',
      root: join(cargoHome, 'git/checkouts'),
      depth: 2,
      what: 'cargo git dependency checkout (compiled by the next cargo build, unchecked)',
      refetch: 'cargo checks it out again from its git database at the next build that needs it',
    },
    {
      // cargo: `registry/src/<index>/<crate>-<version>/` with its `.cargo-ok` is compiled as it is by the next build
      // (build.rs and proc macros run at build time); it is unpacked again from `registry/cache` when missing.
      id: 'cargo-src',
      root: join(cargoHome, 'registry/src'),
      depth: 2,
      what: 'cargo crate source (compiled, build.rs run, by the next cargo build, unchecked)',
      refetch: "cargo unpacks it again from the downloaded .crate (or downloads it, checking the index's checksum)",
    },
    {
      // Maven runs plugin jars (compiler, surefire, …) and dependency jars from its local repository as they are:
      // checksums are checked only when it downloads. A downloaded version folder whose jar or pom changed is removed
      // (Maven downloads it again, online; offline the build stops and says the artifact is missing). New folders are
      // kept (an honest build downloads them; offline work needs them), and the project's own installed artifacts,
      // which `mvn install` rewrites at every build for a sibling module's later build, are not compared.
      id: 'maven',
      root: mavenRepo,
      depth: 1,
      find: mavenVersionFolders,
      keepNew: true,
      rewritten: mavenInstalledHere,
      ignore:
        /^(_remote\.repositories|resolver-status\.properties|maven-metadata.*\.xml|.*\.(lastUpdated|sha1|sha256|sha512|md5|asc|part|lock))$/,
      what: 'Maven artifact downloaded to the local repository (its jars run at the next build, unchecked)',
      refetch:
        'Maven downloads it again (online) at the next build that needs it; offline the build stops and names it',
    },
    {
      // Go: an extracted module folder `<path>@<version>` (files 0444, folders 0555) is compiled as it is by every
      // build that needs it: a folder is only looked at for being there with its .ziphash (`DownloadDir`); `go mod
      // verify` is the only check of its files. Removed with its .ziphash, Go extracts it again from the zip, which it
      // hashes and checks against go.sum first (offline: the zip is there). The largest cache: last in the bound.
      id: 'go-modules',
      root: goModCacheDir(home, env),
      depth: 1,
      find: goModuleFolders,
      alsoRemoved: (entry) => {
        const hash = goZipHashOf(goModCacheDir(home, env), entry);
        return hash === undefined ? [] : [hash];
      },
      what: 'Go module source (compiled by the next go build, unchecked)',
      refetch:
        'the go command extracts it again from its zip, which it hashes and checks against go.sum first, at the next build that needs it',
    },
  ];
}
