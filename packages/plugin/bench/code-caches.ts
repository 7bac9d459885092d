// What the result check pays after a shell call (and after a file-tool write into a cache or a sub-folder's
// configuration) for the code caches the sandbox opens and for opencode configuration in the project's sub-folders:
// one check of the caches with nothing changed, at a few sizes (npx's own cache on the test machine held 2,832
// files), and one search of a project's folders. Builds the trees in a temp folder; reads only file stats.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SubConfigFinder } from '../src/core/sub-configs.js';
import { CacheCodeWatch } from '../src/integrity/cache-code-watch.js';
import { codeCaches } from '../src/integrity/code-caches.js';

export interface CodeCacheFigures {
  /** Files in the caches → one quiet check, median and p99 in ms. */
  readonly caches: { files: number; medianMs: number; p99Ms: number }[];
  /** Folders in the project (node_modules beside them not searched) → one search, median and p99 in ms. */
  readonly subConfigs: { folders: number; medianMs: number; p99Ms: number }[];
}

/**
 * A home whose caches hold `files` files: corepack (2 versions), a Gradle distribution, npx entries (30%), Go modules
 * (30%: folders of 40 files, each with its download's zip, ziphash, mod, info and lock), Maven version folders (10%: a
 * jar and a pom each), crates (the rest).
 */
function homeWith(files: number): string {
  const home = mkdtempSync(join(tmpdir(), 'sa-bench-caches-'));
  const put = (dir: string, n: number) => {
    mkdirSync(dir, { recursive: true });
    for (let i = 0; i < n; i++) writeFileSync(join(dir, `f${i}.js`), '');
  };
  put(join(home, '.cache/node/corepack/v1/pnpm/9.15.0/dist'), 40);
  put(join(home, '.cache/node/corepack/v1/yarn/4.5.0'), 5);
  put(join(home, '.gradle/wrapper/dists/gradle-8.5-bin/abc/gradle-8.5/lib'), 300);
  let left = files - 345;
  // npx entries of 50 packages × 20 files, then crates of 60 files: the rest.
  for (let e = 0; left > 0 && e < Math.ceil((files * 0.3) / 1000); e++)
    for (let p = 0; p < 50 && left > 0; p++, left -= 20) put(join(home, `.npm/_npx/e${e}/node_modules/p${p}`), 20);
  for (let m = 0, go = Math.floor(files * 0.3); left > 0 && go > 0; m++, left -= 45, go -= 45) {
    put(join(home, `go/pkg/mod/github.com/owner${m % 7}/mod${m}@v1.0.0`), 40);
    const dl = join(home, `go/pkg/mod/cache/download/github.com/owner${m % 7}/mod${m}/@v`);
    mkdirSync(dl, { recursive: true });
    for (const ext of ['zip', 'ziphash', 'mod', 'info', 'lock']) writeFileSync(join(dl, `v1.0.0.${ext}`), '');
  }
  // Maven: version folders of a jar and a pom (10%), with the metadata Maven writes beside them (not compared).
  for (let v = 0, mvn = Math.floor(files * 0.1); left > 0 && mvn > 0; v++, left -= 2, mvn -= 2) {
    const dir = join(home, `.m2/repository/org/example/lib${v % 40}/1.${v}`);
    mkdirSync(dir, { recursive: true });
    for (const f of [`lib-1.${v}.jar`, `lib-1.${v}.pom`, '_remote.repositories']) writeFileSync(join(dir, f), '');
  }
  for (let c = 0; left > 0; c++, left -= 60)
    put(join(home, `.cargo/registry/src/index.crates.io-6f17d22bba15001f/crate${c}-1.0.0/src`), 60);
  return home;
}

/** A project of `folders` folders (10 wide at each level), and a node_modules of as many beside them. */
function projectWith(folders: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'sa-bench-project-'));
  let made = 0;
  const grow = (at: string, depth: number) => {
    for (let i = 0; i < 10 && made < folders; i++) {
      const sub = join(at, `d${i}`);
      mkdirSync(sub, { recursive: true });
      writeFileSync(join(sub, 'index.ts'), '');
      made++;
      if (depth < 4) grow(sub, depth + 1);
    }
  };
  grow(join(dir, 'packages'), 0);
  for (let i = 0; i < folders; i++) mkdirSync(join(dir, 'node_modules', `p${i}`, 'lib'), { recursive: true });
  return dir;
}

const stats = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
  return { medianMs: at(0.5), p99Ms: at(0.99) };
};

export function measureCodeCaches(runs = 30): CodeCacheFigures {
  const caches = [1000, 2832, 10_000].map((files) => {
    const home = homeWith(files);
    const watch = new CacheCodeWatch(codeCaches(home, {}));
    watch.accept();
    const ms: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      if (watch.check(() => false).length > 0) throw new Error('bench: a quiet cache check found a change');
      ms.push(performance.now() - t);
    }
    rmSync(home, { recursive: true, force: true });
    return { files, ...stats(ms) };
  });
  const subConfigs = [500, 2000, 5000].map((folders) => {
    const project = projectWith(folders);
    const finder = new SubConfigFinder(project);
    finder.find();
    const ms: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      finder.find();
      ms.push(performance.now() - t);
    }
    rmSync(project, { recursive: true, force: true });
    return { folders, ...stats(ms) };
  });
  return { caches, subConfigs };
}
