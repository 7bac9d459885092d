// monaco-editor 0.54 changed `editor.createWebWorker` to take a ready Worker; monaco-yaml 5.5 (through
// monaco-worker-manager) still calls the older `{ moduleId, label, createData }` form. Monaco's full entry
// (editor.main.js) restores that form with this same adapter, but it also bundles the CSS/HTML/JSON/TypeScript
// language services we do not use; we load the lighter edcore.main.js and install only the adapter.
import type * as Monaco from 'monaco-editor/esm/vs/editor/editor.api.js';

interface LegacyOptions {
  readonly moduleId?: string;
  readonly label?: string;
  readonly createData?: unknown;
  readonly host?: unknown;
  readonly keepIdleModels?: boolean;
  readonly worker?: Worker | Promise<Worker>;
}

export function installLegacyWebWorker(monaco: typeof Monaco, getWorker: (label: string) => Worker): void {
  const modern = monaco.editor.createWebWorker as (opts: LegacyOptions) => Monaco.editor.MonacoWebWorker<object>;
  (monaco.editor as { createWebWorker: unknown }).createWebWorker = (opts: LegacyOptions) => {
    if (opts.worker !== undefined) return modern(opts);
    const worker = Promise.resolve(getWorker(opts.label ?? 'monaco-editor-worker')).then((w) => {
      // The worker's bootstrap expects one throw-away message, then its create data (as in editor.main.js).
      w.postMessage('ignore');
      w.postMessage(opts.createData);
      return w;
    });
    return modern({ worker, host: opts.host, keepIdleModels: opts.keepIdleModels });
  };
}
