// Host lists of a `reaches` match → a predicate over URL facts. Entries are compared in the facts' canonical
// spelling, so an address written in a contract as 127.1 or ::ffff:127.0.0.1 means the same place as in a call.
import { canonicalHost, type UrlFact } from '../facts/url-hosts.js';

/** The keyword for every spelling of this machine's loopback (127.0.0.0/8, 0.0.0.0/8, ::1, localhost, …). */
export const LOOPBACK = 'loopback';

export interface HostMatcher {
  readonly sources: readonly string[];
  test(url: UrlFact): boolean;
}

export function compileHosts(hosts: readonly string[], ports: readonly number[] | undefined): HostMatcher {
  const exact = new Set<string>();
  const suffixes: string[] = [];
  let loopback = false;
  for (const entry of hosts) {
    const h = entry.trim().toLowerCase();
    if (h === LOOPBACK) loopback = true;
    else if (h.startsWith('*.')) suffixes.push(canonicalHost(h.slice(2)));
    else exact.add(canonicalHost(h));
  }
  const portSet = ports === undefined ? undefined : new Set(ports);
  return {
    sources: hosts,
    test(url) {
      if (portSet !== undefined && !portSet.has(url.port)) return false;
      if (loopback && url.loopback) return true;
      return exact.has(url.host) || suffixes.some((s) => url.host.endsWith(`.${s}`));
    },
  };
}
