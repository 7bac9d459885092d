// The Content-Security-Policy every page carries (as a meta tag: the site is static, there are no headers to set).
// Only the site's own origin. Why each exception exists:
// - img-src data: CodeMirror's lint theme draws the wavy underline under a problem and the gutter marks as small SVG
//   images in data: URLs (@codemirror/lint's baseTheme); without it the diagnostics would be invisible in the text.
// No 'unsafe-inline' for styles: CodeMirror injects its theme as constructable stylesheets (adoptedStyleSheets) and
// positions elements through the CSSOM (element.style), neither of which CSP treats as inline style.
// No worker-src beyond default-src: the editor runs no workers.
// frame-ancestors cannot be set from a meta tag; a host that serves the site may add it as a header.
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');
