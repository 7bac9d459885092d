// This machine's own addresses and names: its interfaces, its host name, and the names /etc/hosts gives to them or
// to loopback — never a DNS lookup.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hostAddresses } from './host-addresses.js';

describe("this machine's addresses", () => {
  it('lists the host name and the hosts-file names of loopback and of this machine, not of other machines', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'sa-hosts-')), 'hosts');
    writeFileSync(
      file,
      '127.0.0.1 localhost\n127.0.1.1 devbox.example devbox # debian\n::1 ip6-localhost\n10.9.8.7 db.internal\n0x7f.1 sneaky.local\n',
    );
    const { addresses, problems } = hostAddresses(file);
    expect(problems).toEqual([]);
    expect(addresses).toEqual(
      expect.arrayContaining([hostname().toLowerCase(), 'devbox.example', 'devbox', 'sneaky.local']),
    );
    expect(addresses).not.toContain('db.internal');
    expect(addresses).not.toContain('localhost');
    expect(addresses).not.toContain('127.0.0.1');
  });
  it('a missing hosts file is no problem; an unreadable one is said', () => {
    expect(hostAddresses('/nonexistent/hosts').problems).toEqual([]);
    expect(hostAddresses('/').problems[0]).toContain('could not read /');
  });
});
