// Monaco runs no worker here: the engine validates in the page, and the editor's help is ours (../completion.ts,
// ../hover.ts). Monaco's own editor worker serves only features this page does not load or switches off (word-based
// suggestions, links, unicode highlighting, diffs). If one ever asks for it anyway, it must not fetch a script
// (a 404 and a CSP report) nor fall back silently: the factory says which feature asked, and Monaco then runs the
// worker's code in the page.
// INVARIANT: imported before Monaco's API, so the environment is in place before any editor service starts.

globalThis.MonacoEnvironment = {
  getWorker(_workerId: string, label: string): Promise<Worker> {
    return Promise.reject(
      new Error(
        `Monaco asked for a "${label}" worker; this page runs none (see src/client/editor/monaco/environment.ts)`,
      ),
    );
  },
};
