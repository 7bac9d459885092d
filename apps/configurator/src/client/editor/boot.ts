// The editor page's entry. It decides the editor's form (form.ts), starts loading Monaco right after the page's own
// content is first painted — only where Monaco will be used — and meanwhile loads the page's logic and the engine
// (main.ts) with the data of the presets its text probably extends (opening-presets.ts). The downloads overlap, and
// the browser compiles each as it arrives.
import { editorForm } from './form.ts';
import { openingPresetsGuess } from './opening-presets.ts';

/** After the next paint: a frame's callbacks run before it is painted, a task queued from one runs after. */
const afterPaint = (): Promise<void> => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

export const monacoLoading: Promise<typeof import('./monaco/monaco-editor.ts')> | undefined =
  editorForm === 'monaco' ? afterPaint().then(() => import('./monaco/monaco-editor.ts')) : undefined;

// The data of the presets the opening text probably extends, beside main.ts: its first check needs them.
import('virtual:semantic-anchors/presets')
  .then((registry) => registry.loadPresets(openingPresetsGuess()))
  .catch((error: unknown) => console.warn('editor page: the presets could not be loaded ahead of its script', error));

import('./main.ts').catch((error: unknown) => {
  console.error('editor page: its script could not be loaded', error);
  const status = document.getElementById('editor-status');
  if (status) status.textContent = 'The editor could not start; reload the page.';
});
