// The editor page's entry. It decides the editor's form (form.ts), starts loading Monaco right after the page's own
// content is first painted — only where Monaco will be used — and meanwhile loads the page's logic and the engine
// (main.ts). The two downloads overlap, and the browser compiles each as it arrives.
import { editorForm } from './form.ts';

/** After the next paint: a frame's callbacks run before it is painted, a task queued from one runs after. */
const afterPaint = (): Promise<void> => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

export const monacoLoading: Promise<typeof import('./monaco/monaco-editor.ts')> | undefined =
  editorForm === 'monaco' ? afterPaint().then(() => import('./monaco/monaco-editor.ts')) : undefined;

import('./main.ts').catch((error: unknown) => {
  console.error('editor page: its script could not be loaded', error);
  const status = document.getElementById('editor-status');
  if (status) status.textContent = 'The editor could not start; reload the page.';
});
