// Which file is this package's plugin bundle? Found by what it is (its first line), never by a bare file name: a
// project with an index.js of its own beside a downloaded CLI must not have that file loaded as the plugin.
import { closeSync, openSync, readSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The first line of dist/index.js (and of the site's drop-in download, which is the same file). */
export const PLUGIN_BUNDLE_MARK = '/*! opencode-semantic-anchors: the opencode plugin bundle */';

/** True when the file starts with the bundle's mark; false for any other file or one that cannot be read. */
export function isPluginBundle(path: string): boolean {
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    const head = Buffer.alloc(PLUGIN_BUNDLE_MARK.length);
    const read = readSync(fd, head, 0, head.length, 0);
    return head.subarray(0, read).toString('utf8') === PLUGIN_BUNDLE_MARK;
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
