// The Content-Security-Policy every page carries (as a meta tag: the site is static, there are no headers to set).
// Only the site's own origin. Why each exception exists:
// - style-src 'unsafe-inline': Monaco writes <style> elements and style attributes at run time.
// - worker-src blob: is NOT needed — the editor's workers are separate files loaded through Vite's `?worker`.
// - img-src data: Monaco's CSS embeds small icons as data: URLs.
// frame-ancestors cannot be set from a meta tag; a host that serves the site may add it as a header.
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "worker-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');
