// This machine's own addresses and names, for the engine's judgement of URLs (ProtectOptions.hostAddresses): a
// server that listens on every interface is reached through any of them. Read from the OS and /etc/hosts only —
// never from DNS: the plugin makes no network calls. A name only some DNS server maps to this machine is therefore
// not known here (residual risk, see the README); loopback in every spelling is the engine's own knowledge.
import { readFileSync } from 'node:fs';
import { hostname, networkInterfaces } from 'node:os';
import { canonicalHost, isLoopback } from '@semantic-anchors/engine/enforce';

/** Read at most this much of /etc/hosts: a huge file (an ad-blocking list) is cut, and the cut is said. */
const MAX_HOSTS_FILE = 512 * 1024;

export interface HostAddresses {
  readonly addresses: readonly string[];
  /** Problems reading the sources, for the log (the addresses found are still used). */
  readonly problems: readonly string[];
}

export function hostAddresses(hostsFile = '/etc/hosts'): HostAddresses {
  const problems: string[] = [];
  const own = new Set<string>();
  for (const list of Object.values(networkInterfaces())) {
    for (const info of list ?? []) own.add(canonicalHost(info.address.replace(/%.*$/, '')));
  }
  const names = new Set<string>();
  const name = hostname().toLowerCase();
  if (name) {
    names.add(name);
    names.add(name.split('.')[0]!);
  }
  for (const [address, aliases] of hostsEntries(hostsFile, problems)) {
    const host = canonicalHost(address);
    if (!isLoopback(host) && !own.has(host)) continue;
    for (const alias of aliases) names.add(canonicalHost(alias));
  }
  const addresses = [...own, ...names].filter((h) => h !== '' && !isLoopback(h));
  return { addresses: [...new Set(addresses)], problems };
}

/** The (address, names) lines of a hosts file; a missing file is an empty one. */
function hostsEntries(file: string, problems: string[]): [string, string[]][] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT') problems.push(`could not read ${file} (${code ?? String(error)}); its names are not known`);
    return [];
  }
  if (text.length > MAX_HOSTS_FILE) {
    problems.push(`${file} is over ${MAX_HOSTS_FILE} bytes; only its start was read`);
    text = text.slice(0, MAX_HOSTS_FILE);
  }
  const out: [string, string[]][] = [];
  for (const raw of text.split('\n')) {
    const [address, ...aliases] = raw.replace(/#.*$/, '').trim().split(/\s+/);
    if (address && aliases.length > 0) out.push([address, aliases]);
  }
  return out;
}
