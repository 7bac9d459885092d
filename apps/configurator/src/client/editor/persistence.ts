// Where the editor's work survives a navigation: this tab's history entry (so Back restores exactly what the tab
// showed), this tab's session storage (a reload), and local storage (the last draft of any tab, for the next visit).
// Nothing leaves the browser. A change that none of these — nor a download, copy or share — holds is "unsaved",
// and leaving the page then asks first.
import { Event } from '@semantic-anchors/engine';
import { storedHost, type SharedState } from './share.ts';

import { DRAFT_KEY, KEPT_DRAFT_KEY, TAB_KEY } from './storage-keys.ts';

/** Parses stored JSON back into editor state; anything malformed is ignored (a stale draft must not break the page). */
export function parseStored(json: string | null): SharedState | undefined {
  if (!json) return undefined;
  let o: unknown;
  try {
    o = JSON.parse(json);
  } catch (error) {
    // Malformed: treated as no draft, the default text shows.
    console.warn('editor: a stored draft is not JSON; the default text shows instead', error);
    return undefined;
  }
  if (typeof o !== 'object' || o === null) return undefined;
  const s = o as Record<string, unknown>;
  if (s.v !== 1 || typeof s.text !== 'string') return undefined;
  const events = Array.isArray(s.events)
    ? s.events.flatMap((e) => {
        const r = Event.safeParse(e);
        return r.success ? [r.data] : [];
      })
    : [];
  return {
    v: 1,
    text: s.text,
    events,
    ...(typeof s.role === 'string' ? { role: s.role } : {}),
    ...storedHost(s.host),
  };
}

function read(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch (error) {
    // Storage disabled (privacy mode): nothing stored.
    console.warn(`editor: storage cannot be read (${key}); no draft is restored from it`, error);
    return null;
  }
}

/** The state this history entry showed when the tab left it (Back/Forward, reload): it wins over the address. */
export function entryState(): SharedState | undefined {
  const entry = (history.state as { editor?: unknown } | null)?.editor;
  return typeof entry === 'string' ? parseStored(entry) : undefined;
}

/** This tab's last state, else the last draft saved by any tab of this site. */
export function draftState(): SharedState | undefined {
  return parseStored(read(() => sessionStorage, TAB_KEY)) ?? parseStored(read(() => localStorage, DRAFT_KEY));
}

/**
 * Sets the last draft aside before a role page's preset takes the editor, so editing the preset cannot overwrite it;
 * returns it (or the one set aside before), or undefined when there is none other than the text being opened.
 */
export function keepDraftAside(opening: string): SharedState | undefined {
  const draft = parseStored(read(() => localStorage, DRAFT_KEY));
  if (draft && draft.text !== opening) {
    try {
      localStorage.setItem(KEPT_DRAFT_KEY, JSON.stringify(draft));
    } catch (error) {
      // The draft itself stays in DRAFT_KEY until the preset is edited; the notice says how to get it back now.
      console.warn('editor: could not set the draft aside', error);
    }
    return draft;
  }
  // Opened again (a reload, a second preset): the draft set aside the first time is still the one to go back to.
  const kept = parseStored(read(() => localStorage, KEPT_DRAFT_KEY));
  return kept && kept.text !== opening ? kept : undefined;
}

export interface Keeper {
  /** Records the current state everywhere it can; returns false when the browser refused to store the draft. */
  save(state: SharedState): boolean;
  /** The text was downloaded, copied or shared: it exists outside this page now. */
  exported(text: string): void;
  /** Whether leaving now would lose the text (stored nowhere: not in the draft, not exported). */
  unsaved(text: string): boolean;
}

export function keeper(): Keeper {
  let exportedText: string | undefined;
  return {
    save(state) {
      const json = JSON.stringify(state);
      history.replaceState({ ...(history.state ?? {}), editor: json }, '');
      try {
        sessionStorage.setItem(TAB_KEY, json);
      } catch (error) {
        // The per-tab copy is a convenience; the draft below decides.
        console.warn("editor: this tab's copy of the draft could not be stored", error);
      }
      try {
        localStorage.setItem(DRAFT_KEY, json);
        return true;
      } catch (error) {
        // The caller tells the user the draft is not kept (save returns false).
        console.warn('editor: the draft could not be stored', error);
        return false;
      }
    },
    exported(text) {
      exportedText = text;
    },
    unsaved(text) {
      if (text === exportedText) return false;
      // Another tab may have saved its own draft since: then this tab's text is held nowhere else.
      return parseStored(read(() => localStorage, DRAFT_KEY))?.text !== text;
    },
  };
}
