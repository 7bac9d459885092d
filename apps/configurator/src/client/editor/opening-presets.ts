// Which bundled presets the editor page's opening text probably extends, read before the page's script has loaded, so
// that their data (a chunk per preset: scripts/browser-presets.mjs) loads beside that script instead of after it.
// It looks where main.ts's initialState() looks, in the same order — this tab's history entry, a role page's
// `#extends=`, this tab's or the last draft, else the default preset — but only with a pattern over the text, and not
// into a share link (compressed). A guess and nothing more: the check itself finds what the text extends and loads
// any preset missed (preset-loading.ts), so a wrong guess costs one chunk fetched early or late, never a wrong check.
import { DRAFT_KEY, TAB_KEY } from './storage-keys.ts';

/** The preset the editor opens with when nothing else is there (main.ts). */
const DEFAULT_PRESET = 'software-developer';
const FLOW = /^extends:[ \t]*\[([^\]\n]*)\]/m;
const BLOCK = /^extends:[ \t]*\n((?:[ \t]+-[ \t]*[^\n]*\n?)+)/m;

/** The ids listed under a top-level `extends` of a YAML text, flow or block style; quotes dropped. */
export function extendsInText(text: string): string[] {
  const flow = FLOW.exec(text);
  const items = flow
    ? flow[1]!.split(',')
    : (BLOCK.exec(text)?.[1] ?? '').split('\n').map((line) => line.replace(/^[ \t]+-/, ''));
  return items
    .map((item) =>
      item
        .replace(/#.*$/, '')
        .trim()
        .replace(/^["']|["']$/g, ''),
    )
    .filter(Boolean);
}

function storedText(json: string | null | undefined): string | undefined {
  if (!json) return undefined;
  try {
    const state = JSON.parse(json) as { text?: unknown };
    return typeof state?.text === 'string' ? state.text : undefined;
  } catch (error) {
    // persistence.ts ignores a malformed draft too; no guess from it.
    console.warn('editor: a stored draft is not JSON; no preset is loaded ahead for it', error);
    return undefined;
  }
}

function peek(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch (error) {
    console.warn('editor: storage cannot be read; no preset is loaded ahead for a draft', error);
    return null;
  }
}

/** The guess: ids only as written (the registry ignores an id that is no bundled preset). */
export function openingPresetsGuess(): string[] {
  const entry = (history.state as { editor?: unknown } | null)?.editor;
  const fromEntry = typeof entry === 'string' ? storedText(entry) : undefined;
  if (fromEntry !== undefined) return extendsInText(fromEntry);
  const params = new URLSearchParams(window.location.hash.slice(1));
  if (params.has('s')) return [];
  const wanted = (params.get('extends') ?? '').split(',').filter(Boolean);
  if (wanted.length > 0) return wanted;
  const draft = storedText(peek(() => sessionStorage, TAB_KEY)) ?? storedText(peek(() => localStorage, DRAFT_KEY));
  return draft !== undefined ? extendsInText(draft) : [DEFAULT_PRESET];
}
