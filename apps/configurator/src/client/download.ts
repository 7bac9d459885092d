// Turns YAML text into the file a user saves: the `yaml-language-server` schema line first, pointing at this site's
// own copy of the JSON Schema, so VS Code and other editors validate the file too. Runs in the browser only.
export const DOWNLOAD_NAME = 'opencode-semantic-anchors.yaml';

/** The absolute URL of /schema/v1.json on the site serving this page. */
export function schemaUrl(): string {
  return new URL(`${import.meta.env.BASE_URL.replace(/\/?$/, '/')}schema/v1.json`, window.location.origin).href;
}

const SCHEMA_LINE = /^#\s*yaml-language-server:\s*\$schema=\S*[^\S\n]*\n?/;

/** The text with exactly one schema line, at the top, pointing at this site. */
export function withSchemaLine(text: string, url = schemaUrl()): string {
  return `# yaml-language-server: $schema=${url}\n${text.replace(SCHEMA_LINE, '')}`;
}

export function downloadYaml(text: string, name = DOWNLOAD_NAME): void {
  const blob = new Blob([withSchemaLine(text)], { type: 'application/yaml' });
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

/** Every `<button data-download="yaml…">` downloads its YAML. */
export function wireDownloadButtons(root: ParentNode = document): void {
  root.querySelectorAll<HTMLButtonElement>('button[data-download]').forEach((button) => {
    button.addEventListener('click', () => downloadYaml(button.dataset.download ?? ''));
  });
}
