// URLs → the place they reach: a host in one canonical spelling and a port. The WHATWG URL parser (the `URL`
// global: pure, no I/O) already folds the IPv4 spellings (127.1, 0x7f.1, 0177.0.0.1, 2130706433) into dotted decimal
// and ports with leading zeros (:04096) into numbers; this module adds what it leaves open: IPv6 forms that carry an
// IPv4 address (::ffff:127.0.0.1, ::127.0.0.1, 64:ff9b::7f00:1), a trailing dot on a name (localhost.), and the
// names that mean this machine (localhost, *.localhost, the public wildcard-DNS names that answer 127.0.0.1 by
// design). A name that some DNS server resolves to loopback cannot be told here (that would be a network call);
// the host passes the names it knows from its own files (/etc/hosts) as addresses of this host.

/** A URL found in a call, with the place it reaches. */
export interface UrlFact {
  /** The URL as written in the call. */
  readonly text: string;
  /** The host in canonical form: dotted-decimal IPv4, bracketed compressed IPv6, or a lower-case name without a trailing dot. */
  readonly host: string;
  readonly port: number;
  /** The host is this machine's loopback in any spelling. */
  readonly loopback: boolean;
}

const DEFAULT_PORTS: Readonly<Record<string, number>> = {
  'http:': 80,
  'https:': 443,
  'ws:': 80,
  'wss:': 443,
  'ftp:': 21,
};

/** At most this many URLs are read from one call: a hostile argument cannot make the scan expensive. */
export const MAX_URLS = 64;

/** URLs written inside a longer text: a scheme that reaches a host, then everything up to a space or a quote. */
const URL_IN_TEXT = /\b(?:https?|wss?|ftp):\/\/[^\s'"`<>|;&(){}\\]+/gi;
/** A bare `host:port[/…]` (an MCP argument like "127.0.0.1:4096"), read as http. */
const HOST_PORT = /^(?:\[[0-9a-f:.]+\]|[a-z0-9._-]+):\d{1,6}(?:\/\S*)?$/i;

/** The URLs in one string: the whole string when it is one, else each URL written inside it. */
export function urlsIn(text: string, out: UrlFact[] = []): UrlFact[] {
  if (out.length >= MAX_URLS || text.length === 0) return out;
  const trimmed = text.trim();
  const whole =
    urlFact(trimmed, trimmed) ?? (HOST_PORT.test(trimmed) ? urlFact(`http://${trimmed}`, trimmed) : undefined);
  if (whole) {
    out.push(whole);
    return out;
  }
  if (!text.includes('://')) return out;
  for (const m of text.matchAll(URL_IN_TEXT)) {
    if (out.length >= MAX_URLS) break;
    // Trailing punctuation of a sentence or a shell word is not part of the URL.
    const found = urlFact(m[0].replace(/[.,:;!?)\]]+$/, ''), m[0]);
    if (found) out.push(found);
  }
  return out;
}

/** One URL's place; undefined when it does not parse or has no host a connection could reach. */
export function urlFact(url: string, text: string = url): UrlFact | undefined {
  // A pure function of the URL: the last answers are kept (an agent calls the same endpoints again and again, and each
  // answer costs two runs of the URL parser). A text with a blank is a command line tried as a whole, not kept.
  const memo = url.length <= MAX_PLACE_URL && !/\s/.test(url);
  let place = memo ? places.get(url) : undefined;
  if (place === undefined) {
    place = placeOf(url);
    if (memo) {
      if (places.size >= MAX_PLACES) places.delete(places.keys().next().value as string);
      places.set(url, place);
    }
  }
  return place === null ? undefined : { text, host: place.host, port: place.port, loopback: place.loopback };
}

/** Bounds of the memo of urlFact: entries, and the longest URL kept. */
const MAX_PLACES = 256;
const MAX_PLACE_URL = 2048;
// INVARIANT: bounded (oldest first out); each entry is placeOf(key), which depends on nothing else.
const places = new Map<string, Omit<UrlFact, 'text'> | null>();

function placeOf(url: string): Omit<UrlFact, 'text'> | null {
  if (!URL.canParse(url)) return null;
  const u = new URL(url);
  const fallback = DEFAULT_PORTS[u.protocol];
  if (u.hostname === '' || fallback === undefined) return null;
  const host = canonicalHost(u.hostname);
  return { host, port: u.port === '' ? fallback : Number(u.port), loopback: isLoopback(host) };
}

/**
 * A host (a name, an IPv4 address in any spelling the URL parser reads, an IPv6 address with or without brackets)
 * in the one spelling facts use. IPv6 addresses that carry an IPv4 address become that IPv4 address.
 */
export function canonicalHost(host: string): string {
  let h = host.trim().toLowerCase();
  if (h.includes(':') && !h.startsWith('[')) h = `[${h}]`;
  if (URL.canParse(`http://${h}/`)) h = new URL(`http://${h}/`).hostname;
  if (h.startsWith('[')) return embeddedIPv4(h.slice(1, -1)) ?? h;
  return h.replace(/\.+$/, '');
}

/** Names every resolver answers with this machine: localhost and its subdomains (RFC 6761), and Debian's ip6 names. */
const LOOPBACK_NAMES: ReadonlySet<string> = new Set([
  'localhost',
  'localhost.localdomain',
  'ip6-localhost',
  'ip6-loopback',
]);
// Public wildcard-DNS names that answer 127.0.0.1 by design (developers use them for local TLS and virtual hosts);
// an agent would use them for the same reason. Names that embed an address (nip.io, sslip.io) are read below.
const LOOPBACK_DOMAINS = ['localhost', 'localtest.me', 'lvh.me', 'vcap.me', 'lacolhost.com', 'fuf.me', 'localho.st'];
const EMBEDDING_DOMAINS = ['nip.io', 'sslip.io', 'xip.io', 'traefik.me'];

/** Whether a canonical host is this machine's loopback: 127.0.0.0/8, 0.0.0.0, ::1, ::, or a loopback name. */
export function isLoopback(host: string): boolean {
  const v4 = ipv4Bytes(host);
  // A connection to 0.0.0.0 (or ::) reaches this machine on Linux and macOS.
  if (v4) return v4[0] === 127 || host === '0.0.0.0';
  if (host === '[::1]' || host === '[::]') return true;
  if (LOOPBACK_NAMES.has(host)) return true;
  if (LOOPBACK_DOMAINS.some((d) => host === d || host.endsWith(`.${d}`))) return true;
  const embedded = embeddedInName(host);
  return embedded !== undefined && isLoopback(embedded);
}

/** The IPv4 address a wildcard-DNS name carries: 127.0.0.1.nip.io, app.127-0-0-1.sslip.io, 7f000001.nip.io. */
function embeddedInName(host: string): string | undefined {
  const domain = EMBEDDING_DOMAINS.find((d) => host.endsWith(`.${d}`));
  if (domain === undefined) return undefined;
  const labels = host.slice(0, -domain.length - 1).split('.');
  // The address is the last four labels (dots), or one label with dashes or in hex.
  const dotted = labels.slice(-4).join('.');
  if (ipv4Bytes(dotted)) return dotted;
  const last = labels.at(-1) ?? '';
  const dashed = last.split('-').slice(-4).join('.');
  if (ipv4Bytes(dashed)) return dashed;
  if (/^[0-9a-f]{8}$/.test(last)) return hexToDotted(last);
  return undefined;
}

const hexToDotted = (hex: string): string =>
  [0, 2, 4, 6].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).join('.');

function ipv4Bytes(host: string): number[] | undefined {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (!m) return undefined;
  const bytes = m.slice(1).map(Number);
  return bytes.every((b) => b <= 255) ? bytes : undefined;
}

/** The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d) or NAT64 (64:ff9b::) IPv6. */
function embeddedIPv4(v6: string): string | undefined {
  const groups = ipv6Groups(v6);
  if (!groups) return undefined;
  const head = groups.slice(0, 6);
  const mapped = head.slice(0, 5).every((g) => g === 0) && head[5] === 0xffff;
  // ::a.b.c.d with a first octet of at least 1 (::1 and :: are IPv6's own loopback and unspecified addresses).
  const compatible = head.every((g) => g === 0) && groups[6]! >= 0x100;
  const nat64 = groups[0] === 0x64 && groups[1] === 0xff9b && head.slice(2).every((g) => g === 0);
  if (!mapped && !compatible && !nat64) return undefined;
  const [a, b] = [groups[6]!, groups[7]!];
  return [a >> 8, a & 0xff, b >> 8, b & 0xff].join('.');
}

/** The eight 16-bit groups of an IPv6 address in the parser's serialisation (hex groups, at most one "::"). */
function ipv6Groups(v6: string): number[] | undefined {
  const [left = '', right, extra] = v6.split('::');
  if (extra !== undefined) return undefined;
  const part = (s: string) => (s === '' ? [] : s.split(':').map((g) => Number.parseInt(g, 16)));
  const l = part(left);
  const r = right === undefined ? [] : part(right);
  const fill = 8 - l.length - r.length;
  if (right === undefined ? fill !== 0 : fill < 0) return undefined;
  const groups = [...l, ...new Array<number>(fill).fill(0), ...r];
  return groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : undefined;
}
