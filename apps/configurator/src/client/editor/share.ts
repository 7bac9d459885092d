// The editor's state in the URL fragment, compressed: `#s=<base64url(deflate-raw(JSON))>`. A fragment never
// reaches a server, so a shared link carries the contracts without them leaving the browser until the user shares it.
// fflate: small (the two functions used add ~8 KB), synchronous (restore happens before the editor is created),
// maintained, and raw DEFLATE compresses YAML far better than lz-string's LZW variant.
import { deflateSync, inflateSync, strFromU8, strToU8 } from 'fflate';
import { Event, HostFacts } from '@semantic-anchors/engine';

export interface SharedState {
  readonly v: 1;
  readonly text: string;
  readonly role?: string;
  readonly events: readonly Event[];
  /** The simulator's host facts (branch, upstream, default branches, .gitignore), given to each tool event without its own. */
  readonly host?: HostFacts;
}

/** The host facts of stored or shared state, parsed with the engine's schema; anything else is dropped. */
export function storedHost(value: unknown): { host?: HostFacts } {
  if (value === undefined) return {};
  const r = HostFacts.safeParse(value);
  return r.success ? { host: r.data } : {};
}

const toBase64Url = (bytes: Uint8Array): string => {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};
const fromBase64Url = (text: string): Uint8Array => {
  const s = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(s, (c) => c.charCodeAt(0));
};

export function encodeState(state: SharedState): string {
  return toBase64Url(deflateSync(strToU8(JSON.stringify(state)), { level: 9 }));
}

/** Parses a fragment payload back; anything malformed is an error with a reason, never a half-restored editor. */
export function decodeState(payload: string): { state: SharedState } | { error: string } {
  let json: unknown;
  try {
    json = JSON.parse(strFromU8(inflateSync(fromBase64Url(payload))));
  } catch (error) {
    return {
      error: `the share link is damaged (${error instanceof Error ? error.message : String(error)}); ask for it again`,
    };
  }
  if (typeof json !== 'object' || json === null) return { error: 'the share link holds no editor state' };
  const o = json as Record<string, unknown>;
  if (o.v !== 1 || typeof o.text !== 'string') return { error: 'the share link is from another version of this site' };
  // Events are parsed with the engine's own schema at this boundary; anything else in the link is dropped.
  const events = Array.isArray(o.events)
    ? o.events.flatMap((e) => {
        const r = Event.safeParse(e);
        return r.success ? [r.data] : [];
      })
    : [];
  return {
    state: {
      v: 1,
      text: o.text,
      events,
      ...(typeof o.role === 'string' ? { role: o.role } : {}),
      ...storedHost(o.host),
    },
  };
}

export function shareUrl(state: SharedState): string {
  const url = new URL(window.location.href);
  url.hash = `s=${encodeState(state)}`;
  return url.href;
}
