// Turns YAML text into the file a user saves: the `yaml-language-server` schema line first, pointing at the canonical
// JSON Schema (set by the build on <html data-schema-url>, see lib/site-base.ts), so VS Code and other editors
// validate the file too, wherever it is committed. Runs in the browser only.
export const DOWNLOAD_NAME = 'opencode-semantic-anchors.yaml';

/** The absolute URL of /schema/v1.json on the site serving this page (the editor's own completion and hover). */
export function schemaUrl(): string {
  return new URL(`${import.meta.env.BASE_URL.replace(/\/?$/, '/')}schema/v1.json`, window.location.origin).href;
}

/** The schema URL a saved file names: never the local address a preview happens to be served from. */
export function canonicalSchemaUrl(): string {
  return document.documentElement.dataset.schemaUrl || schemaUrl();
}

const SCHEMA_LINE = /^#\s*yaml-language-server:\s*\$schema=\S*[^\S\n]*\n?/;

/** The text with exactly one schema line, at the top, pointing at the canonical schema. */
export function withSchemaLine(text: string, url = canonicalSchemaUrl()): string {
  return `# yaml-language-server: $schema=${url}\n${text.replace(SCHEMA_LINE, '')}`;
}

/** Hands a file to the browser's download, as if the user had clicked a link to it. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoke later: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function downloadYaml(text: string, name = DOWNLOAD_NAME): void {
  saveFile(new Blob([withSchemaLine(text)], { type: 'application/yaml' }), name);
}

/** Every `<button data-download="yaml…">` downloads its YAML. */
export function wireDownloadButtons(root: ParentNode = document): void {
  root.querySelectorAll<HTMLButtonElement>('button[data-download]').forEach((button) => {
    button.addEventListener('click', () => downloadYaml(button.dataset.download ?? ''));
  });
}
