// Import: an existing opencode-semantic-anchors.yaml opened by the file picker or dropped on the editor. The text
// replaces the editor's as one undoable edit; the usual checks then validate it and the applies panel shows what it
// enforces per role. Nothing is uploaded: the file is read in the page.
export const MAX_IMPORT_BYTES = 1024 * 1024;

export type Imported =
  | { readonly ok: true; readonly name: string; readonly text: string }
  | { readonly ok: false; readonly reason: string };

export async function readImport(file: File): Promise<Imported> {
  if (file.size > MAX_IMPORT_BYTES)
    return {
      ok: false,
      reason: `${file.name} is ${file.size} bytes; a contract file is at most 1 MiB — open the right file`,
    };
  if (!/\.(ya?ml|txt)$/i.test(file.name) && file.type !== '' && !/yaml|text/.test(file.type)) {
    return {
      ok: false,
      reason: `${file.name} is not a YAML file (${file.type}) — choose opencode-semantic-anchors.yaml`,
    };
  }
  const text = await file.text();
  if (text.includes('\u0000'))
    return { ok: false, reason: `${file.name} is binary, not YAML — choose opencode-semantic-anchors.yaml` };
  return { ok: true, name: file.name, text };
}

/** Wires the picker and the drop zone; `open` receives each readable file, `fail` the reason one could not be read. */
export function wireImport(
  input: HTMLInputElement,
  zone: HTMLElement,
  open: (name: string, text: string) => void,
  fail: (reason: string) => void,
): void {
  const take = async (file: File | undefined) => {
    if (!file) return;
    const r = await readImport(file);
    if (r.ok) open(r.name, r.text);
    else fail(r.reason);
  };
  input.addEventListener('change', () => {
    void take(input.files?.[0]).finally(() => {
      input.value = '';
    });
  });
  const hasFiles = (e: DragEvent) => [...(e.dataTransfer?.types ?? [])].includes('Files');
  zone.addEventListener(
    'dragover',
    (e) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      zone.classList.add('dropping');
    },
    { capture: true },
  );
  zone.addEventListener('dragleave', () => zone.classList.remove('dropping'));
  zone.addEventListener(
    'drop',
    (e) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      e.stopPropagation(); // the editor would otherwise insert the file's text at the drop point
      zone.classList.remove('dropping');
      void take(e.dataTransfer?.files[0]);
    },
    { capture: true },
  );
}
