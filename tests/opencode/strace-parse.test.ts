// The connect()/sendto() trace reader the no-network suite relies on: it must see IPv4 and IPv6 internet connections
// (a resolver lookup included) and leave local sockets alone, or "no outgoing connection" would pass vacuously.
import { describe, expect, it } from 'vitest';
import { internetConnections } from './support/strace.js';

const TRACE = [
  '4711  connect(12, {sa_family=AF_INET, sin_port=htons(41234), sin_addr=inet_addr("127.0.0.1")}, 16) = -1 EINPROGRESS (Operation now in progress)',
  '4712  connect(13, {sa_family=AF_INET, sin_port=htons(53), sin_addr=inet_addr("10.0.0.2")}, 16) = 0',
  '4713  connect(14, {sa_family=AF_INET6, sin6_port=htons(443), sin6_flowinfo=htonl(0), inet_pton(AF_INET6, "2606:4700::1", &sin6_addr), sin6_scope_id=0}, 28) = -1 ENETUNREACH (Network is unreachable)',
  '4715  sendto(16, "\\x12\\x34", 30, MSG_NOSIGNAL, {sa_family=AF_INET, sin_port=htons(53), sin_addr=inet_addr("8.8.8.8")}, 16) = 30',
  '4716  sendto(17, "data", 4, 0, NULL, 0) = 4',
  '4714  connect(15, {sa_family=AF_UNIX, sun_path="/var/run/nscd/socket"}, 110) = -1 ENOENT (No such file or directory)',
].join('\n');

describe('reading strace connect() lines', () => {
  it('finds every internet connection with its address and port and ignores unix sockets', () => {
    expect(internetConnections(TRACE).map((c) => `${c.family} ${c.address}:${c.port}`)).toEqual([
      'AF_INET 127.0.0.1:41234',
      'AF_INET 10.0.0.2:53',
      'AF_INET6 2606:4700::1:443',
      'AF_INET 8.8.8.8:53',
    ]);
  });
});
