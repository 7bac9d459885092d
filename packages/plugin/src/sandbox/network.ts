// Where a sandboxed command may connect when no list decides: any public host, never this machine. The sandbox's
// proxy asks here about a destination its lists leave open (only in the default "any public host" mode); names that
// resolve to this machine are refused by the proxy itself after resolving them (srt's resolved-address check), so
// this only has to judge what needs no lookup: address literals in every spelling, and the reserved loopback names.
import { net } from '../core/builtins.js';

export type LocalClass = 'loopback' | 'unspecified' | 'this machine' | 'link-local' | 'multicast' | 'metadata';

export interface Destination {
  readonly host: string;
  readonly port: number;
}

export interface NetworkFacts {
  /** opencode's own server ports. */
  readonly serverPorts: readonly number[];
  /** Addresses assigned to this machine's interfaces (any form node:os gives). */
  readonly localAddresses: ReadonlySet<string>;
}

export type NetworkAnswer = true | { readonly allow: false; readonly reason: string };

// The cloud metadata endpoints outside link-local space (srt denies the same after a lookup).
const METADATA = new Set(['100.100.100.200', '168.63.129.16', '192.0.0.192']);

/** The address a host spells, in canonical form (inet_aton shorthands like 127.1 or 2130706433 included). */
export function addressOf(host: string): { address: string; family: 4 | 6 } | undefined {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  if (net().isIP(bare) === 6) return { address: canonicalV6(bare), family: 6 };
  // The WHATWG URL parser reads every IPv4 spelling a resolver accepts (octal, hex, fewer parts, one number).
  let hostname: string;
  try {
    hostname = new URL(`http://${bare.includes(':') ? `[${bare}]` : bare}/`).hostname;
  } catch (error) {
    if (error instanceof TypeError) return undefined; // Not a host a URL can hold: no address to judge.
    throw error;
  }
  if (net().isIP(hostname) === 4) return { address: hostname, family: 4 };
  if (hostname.startsWith('[') && net().isIP(hostname.slice(1, -1)) === 6)
    return { address: canonicalV6(hostname.slice(1, -1)), family: 6 };
  return undefined;
}

/** The class of an address that belongs to this machine or its link, undefined for any other. */
export function classify(address: string, family: 4 | 6, local: ReadonlySet<string>): LocalClass | undefined {
  if (family === 6) {
    // An IPv4 address carried in IPv6 (mapped, compatible, NAT64, 6to4) is judged as the IPv4 address it is.
    const v4 = embeddedIPv4(address);
    if (v4 !== undefined) return classify(v4, 4, local);
    if (address === '::1') return 'loopback';
    if (address === '::') return 'unspecified';
    if (/^fe[89ab]/.test(address)) return 'link-local';
    if (address.startsWith('ff')) return 'multicast';
    if (/^fd00:ec2:/.test(address)) return 'metadata';
    return local.has(address) ? 'this machine' : undefined;
  }
  const [a = 0, b = 0] = address.split('.').map(Number);
  if (a === 127) return 'loopback';
  if (a === 0) return 'unspecified';
  if (a === 169 && b === 254) return 'link-local';
  if (a >= 224) return 'multicast';
  if (METADATA.has(address)) return 'metadata';
  return local.has(address) ? 'this machine' : undefined;
}

/** The answer for a destination no list decided: any public host yes, this machine and its link no, with why. */
export function decideDestination(d: Destination, facts: NetworkFacts): NetworkAnswer {
  const name = d.host.toLowerCase().replace(/\.$/, '');
  const addr = addressOf(name);
  const cls: LocalClass | undefined =
    name === 'localhost' || name.endsWith('.localhost')
      ? 'loopback'
      : addr
        ? classify(addr.address, addr.family, facts.localAddresses)
        : undefined;
  if (cls === undefined) return true;
  return { allow: false, reason: refusalReason(cls, d.port, facts.serverPorts) };
}

/** Why a connection to this machine was refused, in words the agent reads (and a model can act on). */
export function refusalReason(cls: LocalClass, port: number, serverPorts: readonly number[]): string {
  if (serverPorts.includes(port) && (cls === 'loopback' || cls === 'unspecified' || cls === 'this machine'))
    return "this is opencode's own server, which acts with the human's authority; the agent never reaches it";
  if (cls === 'link-local' || cls === 'metadata')
    return `a ${cls} address (cloud metadata and the local link are off limits)`;
  if (cls === 'multicast') return 'a multicast address';
  return `this machine (${cls}); its local services are off limits unless the contract file opens the port (settings.sandbox.localPorts)`;
}

/** The IPv4 address an IPv6 address embeds, if it is one of the forms that carry one. */
function embeddedIPv4(address: string): string | undefined {
  const h = hextets(address);
  if (h === undefined) return undefined;
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  const zeros = (from: number, to: number) => h.slice(from, to).every((x) => x === 0);
  if (zeros(0, 5) && (h[5] === 0xffff || (h[5] === 0 && (h[6]! > 0 || h[7]! > 1)))) return v4(h[6]!, h[7]!);
  if (h[0] === 0x64 && h[1] === 0xff9b && zeros(2, 6)) return v4(h[6]!, h[7]!);
  if (h[0] === 0x2002) return v4(h[1]!, h[2]!);
  return undefined;
}

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part read as two groups). */
function hextets(address: string): number[] | undefined {
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const fill = tail === undefined ? 0 : 8 - left.length - right.length;
  const groups = [...left, ...Array<string>(Math.max(fill, 0)).fill('0'), ...right].map((g) => Number.parseInt(g, 16));
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : undefined;
}

function canonicalV6(address: string): string {
  try {
    return new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch (error) {
    if (error instanceof TypeError) return address.toLowerCase();
    throw error;
  }
}
