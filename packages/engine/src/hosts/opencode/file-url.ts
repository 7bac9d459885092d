// file: URLs to paths without Node's url module (this runs in the browser too). Mirrors node:url fileURLToPath on
// POSIX for the URLs opencode writes (file:///abs/path, percent-encoded): a URL it would refuse gives undefined.

/** The path a file: URL names, or undefined when it is not one or names no local path. */
export function fileUrlPath(url: string): string | undefined {
  if (!url.startsWith('file:')) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch (error) {
    if (error instanceof TypeError) return undefined; // Not a URL at all: the caller falls back to the source path.
    throw error;
  }
  // A remote host (file://server/share) names no local file; "localhost" is the local machine.
  if (parsed.hostname !== '' && parsed.hostname !== 'localhost') return undefined;
  // Node refuses an encoded "/" in a file URL path: it would name a different file than the one shown.
  if (/%2f/i.test(parsed.pathname)) return undefined;
  try {
    const path = decodeURIComponent(parsed.pathname);
    // file:///C:/x on Windows names C:/x.
    return /^\/[A-Za-z]:\//.test(path) ? path.slice(1) : path;
  } catch (error) {
    if (error instanceof URIError) return undefined; // A malformed escape: no usable path.
    throw error;
  }
}

/** A file attachment's path: a file: URL's path, else the source path the host recorded; undefined for pasted data. */
export function attachmentPath(url: string | undefined, sourcePath: string | undefined): string | undefined {
  return (url !== undefined ? fileUrlPath(url.split('?')[0]!) : undefined) ?? sourcePath;
}
