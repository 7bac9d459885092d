// A kustomization rendered into a file (`kustomize build overlays/prod > /tmp/all.yaml`): the file's text is not known,
// what it holds is — the manifests of that folder. It is kept as one marked line, so that it travels as a text does
// (cp and mv carry it, the session's ledger keeps it) and kubectl applying the file applies the folder, as it does
// when the manifests arrive through a pipe (run.ts renderedInput).

const OPEN = '\u27e8kustomize build ';
const CLOSE = '\u27e9\n';

/** The text a file holds when a kustomization was rendered into it; `folder` as resolved where the renderer ran. */
export const renderedText = (folder: string): string => `${OPEN}${folder}${CLOSE}`;

/** The folder whose manifests a file's text holds, when it is exactly such a rendering. */
export function renderedFolderIn(text: string | undefined): string | undefined {
  if (text === undefined || !text.startsWith(OPEN) || !text.endsWith(CLOSE)) return undefined;
  const folder = text.slice(OPEN.length, -CLOSE.length);
  return folder.length === 0 || folder.includes('\n') ? undefined : folder;
}
