// The host's secret values never reach the model through a tool result: as they are, base64-encoded (alone, inside
// a longer base64 text, as opencode's Basic credentials), URL-encoded, JSON-escaped, in hex; and opencode's own
// credentials, read from its files (real files in a temp folder) and from OPENCODE_AUTH_CONTENT.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { credentialSource } from './opencode-credentials.js';
import { secretMask } from './secret-mask.js';

const PASSWORD = 'pw-4f9a/K+z=Q7';
const env = { OPENCODE_SERVER_PASSWORD: PASSWORD, TEAM_TOKEN: 'tok_1234567890', SHORT: 'abc' };
const mask = secretMask(['TEAM_TOKEN', 'SHORT', 'UNSET'], env);
const b64 = (s: string) => Buffer.from(s).toString('base64');

describe('masking secret values in tool results', () => {
  const spellings: [string, string][] = [
    ['as it is', `password=${PASSWORD}\n`],
    ['base64', b64(PASSWORD)],
    ['base64url', Buffer.from(PASSWORD).toString('base64url')],
    [
      'inside a longer base64 text, at every alignment',
      b64(`x${PASSWORD}yz`) + b64(`xy${PASSWORD}`) + b64(`${PASSWORD}!`),
    ],
    ["opencode's Basic credentials", `Authorization: Basic ${b64(`opencode:${PASSWORD}`)}`],
    ['URL-encoded', `?p=${encodeURIComponent(PASSWORD)}`],
    ['JSON-escaped', JSON.stringify({ p: PASSWORD })],
    ['hex', Buffer.from(PASSWORD).toString('hex')],
  ];
  for (const [what, text] of spellings) {
    it(`masks the password ${what}`, () => {
      const out = mask.apply(text);
      expect(out).toContain('[masked: OPENCODE_SERVER_PASSWORD]');
      expect(out).not.toContain(PASSWORD);
      expect(mask.finds(out)).toBe(false);
    });
  }
  it("masks the model provider's key opencode was given, though no option names it (route 14.06)", () => {
    const key = 'sk-ant-api03-abcdefghijklmnop';
    const provider = secretMask([], { ANTHROPIC_API_KEY: key });
    const out = provider.apply(`${key} ${b64(key)}`);
    expect(out.match(/\[masked: ANTHROPIC_API_KEY\]/g)).toHaveLength(2);
    expect(provider.finds(out)).toBe(false);
  });
  it('masks every string of a result in place: output, title, metadata', () => {
    const result = { title: `echo ${PASSWORD}`, output: `tok_1234567890\n`, metadata: { output: [PASSWORD], exit: 0 } };
    mask.apply(result);
    expect(JSON.stringify(result)).not.toContain(PASSWORD);
    expect(result.output).toBe('[masked: TEAM_TOKEN]\n');
    expect(result.metadata.exit).toBe(0);
  });
  it('leaves short values alone and names them, never their values', () => {
    expect(mask.tooShort).toEqual(['SHORT']);
    expect(mask.apply('abc abc')).toBe('abc abc');
  });
  it('changes nothing when no secret is set', () => {
    const none = secretMask([], {});
    const result = { output: 'hello' };
    expect(none.apply(result)).toBe(result);
  });
});

describe("opencode's own credentials in tool results", () => {
  const KEY = 'sk-ant-api03-Zq8xW2vN4pL7';
  const ACCESS = 'gho_16C7e42F292c6912E7710c838347Ae178B4a';
  const auth = {
    anthropic: { type: 'api', key: KEY },
    github: { type: 'oauth', refresh: 'ghr_refresh_7d1f0e2a', access: ACCESS, expires: 1_900_000_000_000 },
    gitlab: { type: 'wellknown', key: 'GITLAB_TOKEN', token: 'glpat-xY7zQ1wErT9u' },
  };
  const mcp = {
    linear: {
      tokens: { access_token: 'lin_oauth_8f2d9c1b7a', token_type: 'Bearer', refresh_token: 'lin_refresh_3e4f5a6b' },
      clientInfo: { client_id: 'public-client', client_secret: 'cs_9a8b7c6d5e4f' },
      serverUrl: 'https://mcp.linear.app/sse',
    },
  };
  function dataDir() {
    const dir = mkdtempSync(join(tmpdir(), 'sa-creds-'));
    writeFileSync(join(dir, 'auth.json'), JSON.stringify(auth, null, 2));
    writeFileSync(join(dir, 'mcp-auth.json'), JSON.stringify(mcp));
    return dir;
  }

  it('masks the keys and tokens of auth.json and mcp-auth.json, labelled by file and field, never by value', () => {
    const m = secretMask([], {}, credentialSource(dataDir()));
    const out = m.apply({ output: readFileSync(join(dataDir(), 'auth.json'), 'utf8') + JSON.stringify(mcp) });
    for (const v of [
      KEY,
      ACCESS,
      'ghr_refresh_7d1f0e2a',
      'glpat-xY7zQ1wErT9u',
      'lin_oauth_8f2d9c1b7a',
      'cs_9a8b7c6d5e4f',
    ])
      expect(out.output).not.toContain(v);
    expect(out.output).toContain('[masked: auth.json anthropic.key]');
    expect(out.output).toContain('[masked: mcp-auth.json linear.tokens.access_token]');
    // What is not a credential stays readable: a token's type, a server's address, a variable's name, a client id.
    for (const v of ['Bearer', 'https://mcp.linear.app/sse', 'GITLAB_TOKEN', 'public-client'])
      expect(out.output).toContain(v);
  });

  it('masks a key printed on its own, base64-encoded, in a curl header', () => {
    const m = secretMask([], {}, credentialSource(dataDir()));
    expect(m.apply(`x-api-key: ${KEY}`)).toBe('x-api-key: [masked: auth.json anthropic.key]');
    expect(m.apply(Buffer.from(KEY).toString('base64'))).not.toContain(Buffer.from(KEY).toString('base64'));
  });

  it('reads the files again when opencode refreshes a token (a new access token is masked at the next result)', () => {
    const dir = dataDir();
    const m = secretMask([], {}, credentialSource(dir));
    expect(m.apply('gho_refreshedTokenValue99')).toBe('gho_refreshedTokenValue99');
    const refreshed = { ...auth, github: { ...auth.github, access: 'gho_refreshedTokenValue99' } };
    writeFileSync(join(dir, 'auth.json'), JSON.stringify(refreshed, null, 2));
    expect(m.apply('gho_refreshedTokenValue99')).toBe('[masked: auth.json github.access]');
  });

  it('OPENCODE_AUTH_CONTENT (auth.json in the environment): the whole value and each credential in it', () => {
    const m = secretMask([], { OPENCODE_AUTH_CONTENT: JSON.stringify(auth) });
    expect(m.apply(`key=${KEY}`)).toBe('key=[masked: OPENCODE_AUTH_CONTENT anthropic.key]');
    expect(m.apply(JSON.stringify(auth))).toBe('[masked: OPENCODE_AUTH_CONTENT]');
  });

  it('no files, no masking: a missing data folder costs nothing and changes nothing', () => {
    const m = secretMask([], {}, credentialSource(join(tmpdir(), 'sa-no-such-folder')));
    const result = { output: 'hello' };
    expect(m.apply(result)).toBe(result);
  });
});
