// The caches the sandbox opens for honest installs that hold CODE a tool of the human's runs later without checking
// it again: each with where it lives (as the tool finds it: its variable, XDG_CACHE_HOME, the home folder), what one
// entry is, what an honest run rewrites there that is not code, and why removing an entry is safe (the tool fetches
// or unpacks it again, checked, the next time it is asked for it). Pure: takes the home folder and the environment.
// Each claim was checked against the tool's own source (see the README's residual-risk section for each route).
import { isAbsolute, join } from 'node:path';

export interface CodeCache {
  /** Short name for the log and status (`npx`, `corepack`, …). */
  readonly id: string;
  /** The folder whose entries are watched (absent: nothing to watch until it appears). */
  readonly root: string;
  /** An entry is a child of `root` (1) or a grandchild (2: `<name>/<version>`). */
  readonly depth: 1 | 2;
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
 * The code caches of this home and environment (a tool that is not installed has no folder: nothing is read), in the
 * order the bound on files walked serves them: the few large-impact entries first (every pnpm, every ./gradlew),
 * cargo's crate sources, the largest, last.
 */
export function codeCaches(home: string, env: Env): CodeCache[] {
  const xdgCache = abs(env.XDG_CACHE_HOME) ?? join(home, '.cache');
  const gradleHome = abs(env.GRADLE_USER_HOME) ?? join(home, '.gradle');
  const cargoHome = abs(env.CARGO_HOME) ?? join(home, '.cargo');
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
  ];
}
