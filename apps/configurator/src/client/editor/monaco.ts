// Monaco with the YAML language server, bundled locally: no CDN, workers are same-origin files built by Vite.
// monaco-yaml gives completion, hover documentation and formatting from the generated JSON Schema; the markers
// come from the engine (see diagnostics.ts), which validates against the same zod schema the JSON Schema is
// generated from, plus everything a JSON Schema cannot say (unknown anchors, bad patterns, duplicate ids…).
import 'monaco-editor/esm/vs/editor/edcore.main.js';
import 'monaco-editor/esm/vs/basic-languages/yaml/yaml.contribution.js';
import * as monaco from 'monaco-editor/esm/vs/editor/editor.api.js';
import { configureMonacoYaml } from 'monaco-yaml';
import EditorWorker from 'monaco-editor/esm/vs/editor/editor.worker.js?worker';
import YamlWorker from './yaml.worker.ts?worker';
import { toJsonSchema } from '@semantic-anchors/engine';
import { installLegacyWebWorker } from './legacy-web-worker.ts';
import { registerValueHelp } from './completion.ts';

export { monaco };

export const MODEL_URI = 'file:///opencode-semantic-anchors.yaml';

declare global {
  interface Window {
    MonacoEnvironment?: { getWorker(workerId: string, label: string): Worker };
  }
}

export function createEditor(
  container: HTMLElement,
  text: string,
  schemaUrl: string,
): monaco.editor.IStandaloneCodeEditor {
  const workerFor = (label: string): Worker => (label === 'yaml' ? new YamlWorker() : new EditorWorker());
  window.MonacoEnvironment = { getWorker: (_id, label) => workerFor(label) };
  installLegacyWebWorker(monaco, workerFor);
  // The schema is handed over as an object: the language server never fetches anything (enableSchemaRequest: false),
  // and its uri is this site's own copy so hover links stay on the site.
  configureMonacoYaml(monaco, {
    enableSchemaRequest: false,
    validate: false,
    completion: true,
    hover: true,
    schemas: [
      {
        uri: schemaUrl,
        fileMatch: ['**/opencode-semantic-anchors.yaml'],
        schema: { ...toJsonSchema(), $id: schemaUrl },
      },
    ],
  });
  registerValueHelp(monaco); // anchor ids, preset ids and tool names; "did you mean" quick fixes (completion.ts)
  const model = monaco.editor.createModel(text, 'yaml', monaco.Uri.parse(MODEL_URI));
  return monaco.editor.create(container, {
    model,
    automaticLayout: true,
    minimap: { enabled: false },
    tabSize: 2,
    insertSpaces: true,
    scrollBeyondLastLine: false,
    fontSize: 14,
    wordWrap: 'on',
    quickSuggestions: { other: true, comments: false, strings: true },
    ariaLabel: 'Contract file editor (YAML). Press Alt+F1 for accessibility help.',
    accessibilitySupport: 'auto',
    fixedOverflowWidgets: true,
  });
}
