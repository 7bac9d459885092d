// A kustomization rendered into a file (`kustomize build overlays/prod > /tmp/all.yaml`): the file's text is not known,
// what it holds is — the manifests of that folder. It is kept as one marked line, so that it travels as a text does
// (cp and mv carry it, the session's ledger keeps it) and kubectl applying the file applies the folder, as it does
// when the manifests arrive through a pipe (run.ts renderedInput).

import { unknownInText } from './unknown-text.js';

/** The text a file holds when a kustomization was rendered into it (marked as a text the engine does not know, as
 * unknown-text.ts marks one); `folder` as resolved where the renderer ran. */
export const renderedText = (folder: string): string => `${unknownInText(`kustomize build ${folder}`)}\n`;

/** What comes before and after the folder in that text: the format is renderedText's, written once. */
const [OPEN, CLOSE] = renderedText('\0').split('\0') as [string, string];

/** The folder whose manifests a file's text holds, when it is exactly such a rendering. */
export function renderedFolderIn(text: string | undefined): string | undefined {
  if (text === undefined || !text.startsWith(OPEN) || !text.endsWith(CLOSE)) return undefined;
  const folder = text.slice(OPEN.length, -CLOSE.length);
  return folder.length === 0 || folder.includes('\n') ? undefined : folder;
}
