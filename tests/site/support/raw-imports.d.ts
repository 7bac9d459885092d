// The site's modules read some files as text through Vite's `?raw` imports (vitest runs them the same way); what
// such an import gives, for the type check of the suites that import those modules.
declare module '*?raw' {
  const text: string;
  export default text;
}
