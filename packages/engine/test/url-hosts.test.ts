// URLs are judged by the place they reach, not by how they are spelled: every spelling of loopback (and of this
// host's own addresses) on opencode's port is opencode's server, whichever tool carries the URL; look-alikes that
// reach somewhere else are not. One row per spelling.
import { describe, expect, it } from 'vitest';
import { compile, loadConfig, startState, step, urlFact, type Event } from '@semantic-anchors/engine';

const protect = {
  servers: ['http://127.0.0.1:4096'],
  hostAddresses: ['10.1.2.3', 'devbox', '2001:db8::5'],
};
const policy = compile(loadConfig('version: 1\ncontracts: []\n', { file: 'x.yaml' }).config, {
  root: '/home/dev/shop',
  protect,
});
const verdict = (event: Event) => step(policy, startState(policy), event).verdict;
const webfetch = (url: string): Event => ({ tool: 'webfetch', args: { url, format: 'text' } });

const SAME_PLACE = [
  'http://127.0.0.1:4096/session',
  'http://127.0.0.1:04096/session',
  'http://127.0.0.1:000004096/session',
  'http://[::ffff:127.0.0.1]:4096/session',
  'http://[::ffff:7f00:1]:4096/session',
  'http://[0:0:0:0:0:ffff:127.0.0.1]:4096/',
  'http://[::127.0.0.1]:4096/',
  'http://[64:ff9b::127.0.0.1]:4096/',
  'http://0x7f.1:4096/',
  'http://0x7f000001:4096/',
  'http://2130706433:4096/',
  'http://0177.0.0.1:4096/',
  'http://0177.1:4096/',
  'http://127.1:4096/',
  'http://127.0.1:4096/',
  'http://127.0.0.2:4096/',
  'http://localhost.:4096/',
  'http://LocalHost:4096/',
  'http://app.localhost:4096/',
  'http://localhost.localdomain:4096/',
  'http://[::1]:4096/',
  'http://[0:0:0:0:0:0:0:1]:4096/',
  'http://[::]:4096/',
  'http://0.0.0.0:4096/',
  'http://0:4096/',
  'http://user:pw@127.0.0.1:4096/session',
  'https://127.0.0.1:4096/session',
  'ws://localhost:4096/event',
  'http://127.0.0.1.nip.io:4096/',
  'http://app.127-0-0-1.sslip.io:4096/',
  'http://7f000001.nip.io:4096/',
  'http://localtest.me:4096/',
  'http://sub.lvh.me:4096/',
  'http://10.1.2.3:4096/',
  'http://012.1.2.3:4096/',
  'http://devbox:4096/',
  'http://DEVBOX.:4096/',
  'http://[2001:db8::5]:4096/',
  'http://[2001:0db8:0:0:0:0:0:5]:4096/',
];

const ELSEWHERE = [
  'http://127.0.0.1.example.com:4096/',
  'http://localhost.example.com:4096/',
  'http://8.8.8.8:4096/',
  'http://93.184.216.34:4096/',
  'http://example.com/localhost:4096/session',
  'http://example.com/?next=http://127.0.0.1:4096/session',
  'http://example.com/#127.0.0.1:4096',
  'http://127.0.0.1:3000/health',
  'http://localhost:40960/',
  'http://[::2]:4096/',
  'http://devbox.example.com:4096/',
  'http://1.2.3.4.nip.io:4096/',
];

describe('a URL is the place it reaches', () => {
  for (const url of SAME_PLACE) {
    it(`webfetch ${url} reaches the server`, () => {
      const v = verdict(webfetch(url));
      expect(v.decision).toBe('BLOCK');
      expect(v.matches.map((m) => m.id)).toContain('anchor-protect-host-server');
    });
  }
  for (const url of ELSEWHERE) {
    it(`webfetch ${url} reaches somewhere else`, () => {
      expect(verdict(webfetch(url)).decision).toBe('ALLOW');
    });
  }
});

describe('URLs in the arguments of MCP and plugin tools', () => {
  const cases: [string, Record<string, unknown>][] = [
    ['a URL argument', { endpoint: 'http://0x7f.1:4096/session' }],
    ['a bare host and port', { target: '127.0.0.1:04096' }],
    ['a URL inside prose', { body: 'please GET http://[::ffff:127.0.0.1]:4096/session/x/command now' }],
    ['a nested argument', { config: { servers: [{ url: 'http://2130706433:4096' }] } }],
  ];
  for (const [what, args] of cases) {
    it(`${what} reaches the server`, () => {
      const v = verdict({ tool: 'fetcher_get', args });
      expect(v.matches.map((m) => m.id)).toContain('anchor-protect-host-server');
      expect(v.decision).toBe('BLOCK');
    });
  }
  it('says in the trace which URL reached which place', () => {
    const v = verdict({ tool: 'fetcher_get', args: { endpoint: 'http://0x7f.1:04096/session' } });
    const held = v.matches.find((m) => m.id === 'anchor-protect-host-server')!.held.join('; ');
    expect(held).toContain('http://0x7f.1:04096/session reaches 127.0.0.1 port 4096 (this machine: loopback)');
  });
  it('an honest URL argument to another port or host is allowed', () => {
    expect(verdict({ tool: 'fetcher_get', args: { endpoint: 'https://api.example.com/v1' } }).decision).toBe('ALLOW');
    expect(verdict({ tool: 'fetcher_get', args: { endpoint: 'http://localhost:5173/' } }).decision).toBe('ALLOW');
  });
});

describe('URLs in a shell command', () => {
  it('a leading-zero port in curl reaches the server', () => {
    expect(verdict({ tool: 'bash', args: { command: 'curl -s http://127.0.0.1:04096/session' } }).decision).toBe(
      'BLOCK',
    );
  });
  it('curl to a dev server on another port is allowed', () => {
    expect(verdict({ tool: 'bash', args: { command: 'curl -s http://localhost:5173/' } }).decision).toBe('ALLOW');
  });
});

describe('a contract can name the places itself', () => {
  const own = compile(
    loadConfig(
      `version: 1
contracts:
  - id: no-local-database
    description: The agent talks to the staging database only.
    mode: BLOCK
    when: { tool: { reaches: { hosts: [loopback, db.internal], ports: 5432 } } }
    message: Use the staging database.
`,
      { file: 'x.yaml' },
    ).config,
  );
  const ask = (url: string) => step(own, startState(own), webfetch(url)).verdict.decision;
  it('holds for every spelling of its hosts on its port, and nowhere else', () => {
    expect(ask('http://127.1:5432/')).toBe('BLOCK');
    expect(ask('http://DB.internal.:5432/')).toBe('BLOCK');
    expect(ask('http://db.internal:5433/')).toBe('ALLOW');
    expect(ask('http://staging.db:5432/')).toBe('ALLOW');
  });
});

describe('urlFact', () => {
  it('gives the default port of the scheme and the canonical host', () => {
    expect(urlFact('https://[::FFFF:127.0.0.1]/x')).toMatchObject({ host: '127.0.0.1', port: 443, loopback: true });
    expect(urlFact('http://Example.COM./')).toMatchObject({ host: 'example.com', port: 80, loopback: false });
    expect(urlFact('file:///etc/passwd')).toBeUndefined();
    expect(urlFact('not a url')).toBeUndefined();
  });

  it('answers a URL seen before as the first time, with the text of this call', () => {
    const first = urlFact('http://0x7f.1:4096/session', 'first');
    const again = urlFact('http://0x7f.1:4096/session', 'again');
    expect(first).toEqual({ text: 'first', host: '127.0.0.1', port: 4096, loopback: true });
    expect(again).toEqual({ text: 'again', host: '127.0.0.1', port: 4096, loopback: true });
    expect(again).not.toBe(first);
    expect(urlFact('http://0x7f.1:4096/session ')).toMatchObject({ host: '127.0.0.1', port: 4096 });
    for (let i = 0; i < 600; i++) urlFact(`https://api${i}.example.com/v1`);
    expect(urlFact('http://0x7f.1:4096/session')).toMatchObject({ host: '127.0.0.1', loopback: true });
    expect(urlFact('ftp://[::ffff:127.0.0.1]/x')).toMatchObject({ host: '127.0.0.1', port: 21, loopback: true });
  });
});
