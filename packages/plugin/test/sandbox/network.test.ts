// Where a sandboxed command may connect when no list decides: every spelling of this machine is refused with a
// reason the agent can read (opencode's port named as such), public hosts are allowed. The proxy canonicalises
// some spellings itself; these tests hold the decision to the raw text a client can send.
import { describe, expect, it } from 'vitest';
import { addressOf, decideDestination } from '../../src/sandbox/network.js';

const facts = { serverPorts: [4096], localAddresses: new Set(['192.0.2.7', 'fe80::1', '2001:db8::7']) };
const decide = (host: string, port = 4096) => decideDestination({ host, port }, facts);

describe('destinations no list decides', () => {
  it.each([
    '127.0.0.1',
    '127.1',
    '2130706433',
    '0x7f.1',
    '0177.0.0.1',
    '0',
    '0.0.0.0',
    '::1',
    '[::1]',
    '::ffff:127.0.0.1',
    '[::ffff:7f00:1]',
    '64:ff9b::7f00:1',
    '2002:7f00:1::',
    'localhost',
    'LOCALHOST.',
    'api.localhost',
    '192.0.2.7',
    '2001:db8::7',
  ])("%s on opencode's port is opencode's own server: refused", (host) => {
    const answer = decide(host);
    expect(answer).toMatchObject({ allow: false });
    expect(answer === true ? '' : answer.reason).toMatch(/opencode's own server/);
  });

  it('another port of this machine is refused, and the agent learns how a team opens one', () => {
    const answer = decide('127.0.0.1', 5432);
    expect(answer === true ? '' : answer.reason).toMatch(/this machine .*settings\.sandbox\.localPorts/);
  });

  it.each(['169.254.169.254', '2852039166', 'fe80::1', '100.100.100.200', '168.63.129.16'])(
    '%s (link-local or cloud metadata) is refused',
    (host) => {
      expect(decide(host, 80)).toMatchObject({ allow: false });
    },
  );

  it.each(['registry.npmjs.org', 'github.com', '140.82.112.3', '10.0.0.5', '[2606:4700::1111]'])(
    '%s (a public or LAN host; names are checked again after the lookup by the proxy) is allowed',
    (host) => {
      expect(decide(host, 443)).toBe(true);
    },
  );

  it('reads inet_aton shorthands as the address they are', () => {
    expect(addressOf('2130706433')).toEqual({ address: '127.0.0.1', family: 4 });
    expect(addressOf('0x7f.0.0.1')).toEqual({ address: '127.0.0.1', family: 4 });
    expect(addressOf('example.com')).toBeUndefined();
  });
});
