// Where the editor page keeps its work in this browser (persistence.ts reads and writes them; opening-presets.ts only
// peeks, before the page's script has loaded). A module of its own so the page's entry can read them without the engine.
export const DRAFT_KEY = 'semantic-anchors:editor-draft';
export const TAB_KEY = 'semantic-anchors:editor-tab';
/** The draft set aside when a role page's "Open in the editor" opened a preset over it. */
export const KEPT_DRAFT_KEY = 'semantic-anchors:editor-kept-draft';
