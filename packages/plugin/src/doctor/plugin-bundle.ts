// Which file is this package's plugin bundle? Found by what it is (its first line), never by a bare file name: a
// project with an index.js of its own beside a downloaded CLI must not have that file loaded as the plugin.
import { closeSync, openSync, readSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The mark of dist/index.js (and of the site's drop-in download, which is the same file), after the pragma below. */
export const PLUGIN_BUNDLE_MARK = '/*! opencode-semantic-anchors: the opencode plugin bundle */';

/**
 * The first line of every file the plugin loads: Bun's mark for a file already written for it, so opencode's Bun hands
 * it to its engine as it is instead of transpiling it first. The bundles are plain ES2022 modules, which need nothing
 * of Bun's transpiler; without it a start with an empty transpiler cache (the first after an install or an upgrade)
 * spent ~90 ms re-printing the megabyte of minified code, and every later start read a 1.9 MB copy from the cache.
 * Node and browsers read it as a comment.
 */
export const BUN_PRAGMA = '// @bun\n';

/**
 * True when the file starts with the bundle's mark (after Bun's pragma, or on the first line as bundles before it had
 * it); false for any other file or one that cannot be read.
 */
export function isPluginBundle(path: string): boolean {
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    const head = Buffer.alloc(BUN_PRAGMA.length + PLUGIN_BUNDLE_MARK.length);
    const text = head.subarray(0, readSync(fd, head, 0, head.length, 0)).toString('utf8');
    return (text.startsWith(BUN_PRAGMA) ? text.slice(BUN_PRAGMA.length) : text).startsWith(PLUGIN_BUNDLE_MARK);
  } catch (error) {
    // Missing or unreadable: not the bundle. Anything else is a real fault the caller should see.
    if (error instanceof Error && 'code' in error && typeof error.code === 'string') return false;
    throw error;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** The bundle beside the CLI (dist/cli.js → dist/index.js), or the package's dist when run from source. */
export function defaultPluginBundle(): string | undefined {
  return ['./index.js', '../../dist/index.js']
    .map((rel) => fileURLToPath(new URL(rel, import.meta.url)))
    .find(isPluginBundle);
}
