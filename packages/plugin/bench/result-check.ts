// The result check's cost per tool call, on a realistic protected set: a project with a contract file, opencode's
// configuration, a git repository (hooks and config), opencode's install of @opencode-ai/plugin in .opencode/
// (zod and all, as opencode puts it there), the user's config and git config, and the plugin installed as a package.
// Measures building the set (at load), one check when nothing changed (what nearly every call pays), and one check
// that finds, undoes and reports a change.
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { protectFacts } from '../src/core/protection.js';
import { restore } from '../src/integrity/restore.js';
import { WatchSet } from '../src/integrity/watch-set.js';
import { watchPatterns } from '../src/integrity/watch-list.js';

const repo = join(dirname(fileURLToPath(import.meta.url)), '../../..');

export interface ResultCheckFigures {
  readonly files: number;
  readonly folders: number;
  readonly buildMs: number;
  readonly quietCheckUs: { median: number; p99: number };
  readonly changeCheckUs: { median: number; p99: number };
  readonly checks: number;
}

export function measureResultCheck(checks = 2000): ResultCheckFigures {
  const home = mkdtempSync(join(tmpdir(), 'sa-rc-home-'));
  const project = join(home, 'work', 'shop');
  const put = (path: string, text: string) => {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
  };
  put(join(project, '.opencode/opencode-semantic-anchors.yaml'), 'version: 1\nextends: [software-developer]\n');
  put(join(project, 'opencode.json'), '{ "plugin": ["opencode-semantic-anchors@0.1.0"] }\n');
  put(join(project, '.opencode/package.json'), '{ "dependencies": { "@opencode-ai/plugin": "1.18.33" } }\n');
  // What opencode installs into every config folder: @opencode-ai/plugin and zod (the real zod package's files).
  cpSync(join(repo, 'node_modules/zod'), join(project, '.opencode/node_modules/zod'), { recursive: true });
  for (let i = 0; i < 20; i++)
    put(join(project, `.opencode/node_modules/@opencode-ai/plugin/dist/part${i}.js`), `export const p${i} = ${i};\n`);
  for (const hook of ['applypatch-msg', 'commit-msg', 'post-update', 'pre-commit', 'pre-push', 'pre-rebase']) {
    put(join(project, `.git/hooks/${hook}.sample`), `#!/bin/sh\n# ${hook}\n`.repeat(40));
  }
  put(join(project, '.git/config'), '[core]\n\trepositoryformatversion = 0\n\tbare = false\n');
  put(join(home, '.gitconfig'), '[user]\n\tname = Dev\n');
  put(join(home, '.config/opencode/opencode.json'), '{}\n');
  const pkg = join(
    home,
    '.cache/opencode/packages/opencode-semantic-anchors@0.1.0/node_modules/opencode-semantic-anchors',
  );
  for (const f of ['dist/index.js', 'dist/cli.js', 'dist/index.d.ts', 'package.json', 'README.md', 'schema/v1.json'])
    put(join(pkg, f), 'x'.repeat(2048));
  const env = { XDG_CONFIG_HOME: join(home, '.config'), XDG_CACHE_HOME: join(home, '.cache') };
  const protect = {
    ...protectFacts({ directory: project, worktree: project, home, env, pluginFile: join(pkg, 'dist/index.js') }, [
      join(project, '.opencode/opencode-semantic-anchors.yaml'),
    ]),
  };
  const patterns = watchPatterns(protect, { directory: project, worktree: project, home, env });

  let t = performance.now();
  const set = new WatchSet(patterns);
  const buildMs = performance.now() - t;
  const summary = set.summary();

  const quiet: number[] = [];
  for (let i = 0; i < checks; i++) {
    t = performance.now();
    if (set.changes().length > 0) throw new Error('bench: a quiet check found a change');
    quiet.push((performance.now() - t) * 1000);
  }
  const changed: number[] = [];
  const file = join(project, '.opencode/opencode-semantic-anchors.yaml');
  for (let i = 0; i < Math.min(200, checks); i++) {
    writeFileSync(file, `version: 1\ncontracts: [] # ${i}\n`);
    t = performance.now();
    const found = set.changes();
    for (const c of found) restore(c, set.recordOf(c.path)!);
    set.accept(found.map((c) => c.path));
    changed.push((performance.now() - t) * 1000);
    if (found.length !== 1) throw new Error(`bench: expected one change, found ${found.length}`);
  }
  return {
    files: summary.files,
    folders: summary.folders,
    buildMs,
    quietCheckUs: stats(quiet),
    changeCheckUs: stats(changed),
    checks,
  };
}

function stats(values: number[]): { median: number; p99: number } {
  const s = [...values].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
  return { median: at(0.5), p99: at(0.99) };
}
