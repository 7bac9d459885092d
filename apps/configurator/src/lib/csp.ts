// The Content-Security-Policy every page carries (as a meta tag: the site is static, there are no headers to set).
// Only the site's own origin, and scripts only from files of the site ('self') on every page, the editor included.
// The editor page alone relaxes two things Monaco needs:
// - style-src 'unsafe-inline': Monaco writes <style> elements at run time (its theme's colours, the rules of each
//   decoration and widget) and positions its elements with style attributes;
// - img-src data: Monaco draws the wavy underline under a problem as an SVG image in a data: URL.
// Every other page has neither: no inline style, no data: image. No worker-src beyond default-src: the editor runs no
// workers (src/client/editor/monaco/environment.ts). frame-ancestors cannot be set from a meta tag; a host that serves
// the site may add it as a header.
const policy = (styles: string, images: string): string =>
  [
    "default-src 'self'",
    "script-src 'self'",
    `style-src ${styles}`,
    `img-src ${images}`,
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');

export const CONTENT_SECURITY_POLICY = policy("'self'", "'self'");

/** The editor page's policy: Monaco's inline styles and data: underlines, nothing more. */
export const EDITOR_CONTENT_SECURITY_POLICY = policy("'self' 'unsafe-inline'", "'self' data:");
